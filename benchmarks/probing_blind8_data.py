"""Probing questions over companion chat histories (issue 38): the eighth blind set's generator.

``python -m benchmarks.probing_blind8_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind8_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind8.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind8.json`` runs it.

Written and committed before any engine change of the session that added it (probing14): one
user a language over about six weeks (a joiner in Leeds, an interior designer in Nanjing).
Thirty questions a language: twelve ask about a day or a range of days ("on April 23rd, what
did I tell you about Dave?", "what did we talk about last weekend?", "between the 6th and the
30th of April", "on Thursday", 4月27日那天, 4月份, 上周三); the rest are ordinary recall. Person
questions carry topic words besides the name ("how did Dave hurt himself at work?",
老陈对我的初稿说了啥？), several answers drop their subject ("done his ankle in", 让我当伴娘),
several names carry a prefix (老陈, 小刘, 阿强), several ask for a value decided without a change
word ("we ended up going with the Transit", 车定了，最后买的海豚), and several carry filler words
("again", "these days", "erm", 来着, 后来).
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind8"
ABOUT = (
    "An eighth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind8_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
