"""Probing questions over companion chat histories (issue 38): the sixth blind set's generator.

``python -m benchmarks.probing_blind6_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind6_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind6.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind6.json`` runs it.

Written and committed before any engine change of the session that added it (probing12): one
user a language over about seven weeks (a maths teacher in Leeds, a merchandiser at a trading
firm in Guangzhou), a value that changes twice (how the user gets to work) and changes of
exercise. Thirty questions a language: twelve ask about a day or a range of days ("on May 4th,
what did I tell you about my dad?", "what did we talk about last weekend?", "on Tuesday",
"between the 1st and the 12th of May", "two weeks ago", 4月27日那天, 五一那天, 5月份, 这周二);
the rest are ordinary recall. Most person questions name the person and use no pronoun ("what's
Nadia's new job?", 阿珍的婚礼在哪办？), and several carry filler words ("again", "these days",
"remind me", 来着, 最近).
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind6"
ABOUT = (
    "A sixth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind6_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
