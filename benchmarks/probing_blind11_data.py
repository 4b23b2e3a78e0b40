"""Probing questions over companion chat histories (issue 38): the eleventh blind set's generator.

``python -m benchmarks.probing_blind11_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind11_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind11.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind11.json`` runs it.

Written and committed before any engine change of the session that added it (probing17): one
user a language over about seven weeks (a PE teacher in Newcastle with an allotment, a woman who
runs a rice-noodle shop in Changsha). The assistant's turns are long and repeat the user's
subjects in the user's words. Twenty-three questions in English and twenty-two in Chinese: eight
a language ask about a day or a range of days ("on the 13th of October", "last weekend", "the
week before last", "on Monday", 10月14号那天, 上周, 两周前, 周二); the rest are ordinary recall,
"what did I tell you about the allotment?" among them. People are asked about by kin word or
nickname ("our lad", "me mam", "the other half", "Big Al", 我家那口子, 老大, 老二, 婆婆, 胖姐),
values change with and without a change word (a car, a training night, 肉丝粉现在十三块一碗, 房租
谈下来了五千), and several questions carry filler words ("like", "so", "again", 来着, 那个).
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind11"
ABOUT = (
    "A eleventh blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind11_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
