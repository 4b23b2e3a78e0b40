"""Probing questions over companion chat histories (issue 38): the fifth blind set's generator.

``python -m benchmarks.probing_blind5_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind5_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind5.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind5.json`` runs it.

Written and committed before any engine change of the session that added it (probing11): one
user a language over six weeks (a veterinary nurse in Glasgow, a kindergarten teacher in
Chengdu), changes of mind and a value that changes twice (how the user gets to work). Thirty
questions a language: twelve ask about a day or a range of days ("at Easter", "on April 14th",
"on Monday", "between the 20th and the 30th of April", "last week", "two weeks ago", 清明那天,
五一那天, 这周一, 上周三, 两周前); the rest are ordinary recall. Many name a person and ask about
them by pronoun ("my brother Callum, when does he fly out?", 小美，她婚礼在哪办？), with evidence
turns that say "he" or 她 rather than the name.
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind5"
ABOUT = (
    "A fifth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind5_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
