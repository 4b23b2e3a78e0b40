"""Probing questions over companion chat histories (issue 38): the tenth blind set's generator.

``python -m benchmarks.probing_blind10_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind10_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind10.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind10.json`` runs it.

Written and committed before any engine change of the session that added it (probing16): one
user a language over about seven weeks (a sous chef in Glasgow, a postgraduate student in
Wuhan). The assistant's turns are long and repeat the user's subjects in the user's words, so
"what did I tell you about X?" has to find the user's turns among the replies. Twenty-four
questions a language: ten ask about a day or a range of days ("on the 18th of October, what did
I tell you about my dad?", "last weekend", "on Tuesday", "between the 1st and the 20th of
October", 10月8号那天, 上周, 两周前); the rest are ordinary recall. People are asked about by
kin word ("my sister", "my dad", 我姐, 我妈), values change with and without a change word
("Biscuit it is", 定了龙华的一套, 家教不做了), and several questions carry filler words ("like",
"so", "again", 来着, 那个, 后来).
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind10"
ABOUT = (
    "A tenth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind10_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
