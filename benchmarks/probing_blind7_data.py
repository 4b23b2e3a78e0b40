"""Probing questions over companion chat histories (issue 38): the seventh blind set's generator.

``python -m benchmarks.probing_blind7_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind7_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind7.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind7.json`` runs it.

Written and committed before any engine change of the session that added it (probing13): one
user a language over about seven weeks (a paramedic in Bristol, a live-stream operator at an
online shop in Hangzhou). Thirty questions a language: twelve ask about a day or a range of
days ("on June 1st, what did I tell you about my brother?", "what did we talk about last
weekend?", "between the 1st and the 21st of June", "two weeks ago", 6月6日那天, 6月份, 这周二);
the rest are ordinary recall. Person questions carry topic words besides the name ("what did
Owen plant on the allotment?", 小敏辞职去大理干嘛了？), several names carry a prefix (小敏, 老周,
阿凯), several ask for a value that changed (home, diet, exercise, the partner's work), and
several carry filler words ("again", "these days", "remind me", 来着, 最近).
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind7"
ABOUT = (
    "A seventh blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind7_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
