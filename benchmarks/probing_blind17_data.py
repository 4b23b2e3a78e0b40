"""Probing questions over companion chat histories (issue 38): the seventeenth blind set's maker.

``python -m benchmarks.probing_blind17_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind17_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind17.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind17.json`` runs it.

Written and committed before any engine change of the session that added it (day26): one user
a language over about eleven weeks (a sous-chef in Cardiff who moves flat, turns thirty, runs a
half marathon, cuts his thumb, gets a new job after a trial shift, and whose mum moves into
sheltered housing; a back-end developer in Hangzhou who passes a driving test, moves flat, whose
dad has a polyp removed, who changes jobs and whose mum moves in with his sister). Other
people's events are told in the same words as the user's own (Mum's move, 小雨's birthday, 我妈搬去
我姐家), and days are named by a holiday or a number (Halloween, 国庆, 双11). Twenty questions a
language: ten name a day or a range, most anchored on an event ("the day I moved", "the day
before the half marathon", "the week after my birthday", "the evening before Mum's move", "since
I got the job at Heron"; 我搬家那天, 考科目二前一天, 我爸做手术那天, 面试完那一周, 搬完家第二天)
or on a holiday, a number or a vague form (on Halloween, "the other day", "over the weekend";
双11那天, 国庆期间, 前几天, 上个周末); the other ten are ordinary recall.
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind17"
ABOUT = (
    "A seventeenth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind17_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
