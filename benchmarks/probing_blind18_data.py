"""Probing questions over companion chat histories (issue 38): the eighteenth blind set's maker.

``python -m benchmarks.probing_blind18_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind18_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind18.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind18.json`` runs it.

Written and committed before any engine change of the session that added it (day27): one user
a language over about ten weeks (a bike mechanic in Bristol who sits her driving theory test,
goes climbing, becomes an aunt, has an interview and buys a van; a UI designer in Shenzhen who
goes to a roommate's wedding, has a wisdom tooth out, whose mother visits for a week and who
dances at the company's annual party). Days are told as weekdays in plans said ahead
("my theory test on Thursday", "Dad's 60th is on Saturday"; 周四要去拔智齿,
礼拜六我妈要来, 下周三公司年会) and in the past told later ("I went climbing with Jo on
Sunday"; 周六去喝了喜酒), as holidays (Bonfire Night, Thanksgiving; 中秋, 双11, 万圣节),
by events, and vaguely ("the other day", "a few days ago", "the weekend before last";
前几天, 前两天, 上上个周末). Sixteen English and fourteen Chinese questions name a day or a
range; six a language are ordinary recall.
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind18"
ABOUT = (
    "An eighteenth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind18_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
