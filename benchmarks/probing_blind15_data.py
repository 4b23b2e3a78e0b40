"""Probing questions over companion chat histories (issue 38): the fifteenth blind set's generator.

``python -m benchmarks.probing_blind15_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind15_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind15.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind15.json`` runs it.

Written and committed before any engine change of the session that added it (probing24): one
user a language over seven to eight weeks (a music teacher in Leeds: a first flat moved into one
weekend, a head-of-music interview she does not get, a gran in a care home, a half marathon, an
MOT, a broken boiler, a cat and the fireworks; a UI designer in Hangzhou: the National Day week
at home in Anqing, a blind date, a dad's blood pressure, a games company's interview and offer, a
move over a rent rise, swimming lessons, a corgi that eats chocolate). Twenty-six questions a
language, as in the fourteenth set, but thirteen name a day or a range in many forms: absolute
dates ("on 29 September", "October 3rd", "14/10", "the 26th of last month", "Oct 31", "between
19 and 26 October"; 10月5号那天, 10.15, 9月27日, 十月二十四号, 9月14号到10月10号之间), relative
ones ("the day before yesterday", "last Saturday", "two weeks ago", "at the start of this
month", "last week"; 前天, 大前天, 上上周, 上周二, 月初), a holiday (国庆那几天) and days anchored
on the user's own events ("the day before my interview", "the weekend I moved"; 面试前一天,
搬家那个周末); the other thirteen are ordinary recall.
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind15"
ABOUT = (
    "A fifteenth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind15_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
