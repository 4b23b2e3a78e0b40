"""Probing questions over companion chat histories (issue 38): the fourth blind set's generator.

``python -m benchmarks.probing_blind4_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind4_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind4.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind4.json`` runs it.

Written and committed before any engine change of the session that added it (probing10): one
user a language over seven weeks (a sous chef in Bristol, a graphic designer in Hangzhou),
several sessions on some days, changes of mind and choices. Thirty questions a language:
fourteen ask about a day or a range of days ("on Valentine's Day", "on March 3rd", "last
Saturday", "between the 1st and the 4th of March", "earlier this week", "the weekend before
last", "at the end of last month", 大年初一那天, 上上个周末, 两个礼拜前, 上个月底, 上周日); the
rest are ordinary recall. Several name a person and ask about them by pronoun, with evidence
turns that say "she" or 他 rather than the name.
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind4"
ABOUT = (
    "A fourth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind4_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
