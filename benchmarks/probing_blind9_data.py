"""Probing questions over companion chat histories (issue 38): the ninth blind set's generator.

``python -m benchmarks.probing_blind9_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind9_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind9.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind9.json`` runs it.

Written and committed before any engine change of the session that added it (probing15): one
user a language over about six weeks (a primary teacher in Bristol, an e-commerce operator in
Hangzhou). Thirty questions a language: twelve ask about a day or a range of days ("on June
10th, what did I tell you about Sam?", "what did we talk about last weekend?", "between the 1st
and the 20th of June", "on Thursday", 6月14日那天, 6月份, 上周三); the rest are ordinary recall.
Person questions carry topic words besides the name ("what's Sam selling to pay for the
flat?", 老孙为什么表扬我？), a person is asked about by relation ("my brother", 我弟), several
values are decided without a change word ("we're going with Totterdown", 猫就定布偶了), and
several questions carry filler words ("erm", "these days", "again", 来着, 后来).
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind9"
ABOUT = (
    "An ninth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind9_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
