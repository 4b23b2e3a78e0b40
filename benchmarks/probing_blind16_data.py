"""Probing questions over companion chat histories (issue 38): the sixteenth blind set's generator.

``python -m benchmarks.probing_blind16_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind16_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind16.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind16.json`` runs it.

Written and committed before any engine change of the session that added it (day25): one user
a language over seven to eight weeks (a bike mechanic in Belfast: a brother's wedding with her
reading, a wisdom tooth out, a driving test passed, a car bought after a change of mind, a
promotion, a lease signed with her partner, a bearded dragon off his food; a bank teller in
Nanjing: a year-end party dance, IELTS missed by half a band, a cousin's wedding as bridesmaid, a
cat spayed, the Spring Festival at home in Yancheng, a move to the wealth-management desk).
Twenty questions a language: ten name a day or a range, most anchored on the user's own events
("the night before Declan's wedding", "the day I had my wisdom tooth out", "the day before my
driving test", "the week after the wedding", "since I passed my test"; 雅思考试前一天, 年会那天,
表姐结婚前一天, 婚礼第二天, 年糕做完绝育那个周末) or vague ("the other day", "over the weekend",
"the first week of November"; 前几天, 春节期间, 一月份, 上周末); the other ten are ordinary recall.
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind16"
ABOUT = (
    "A sixteenth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind16_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
