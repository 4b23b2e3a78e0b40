"""Probing questions over companion chat histories (issue 38): the twelfth blind set's generator.

``python -m benchmarks.probing_blind12_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind12_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind12.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind12.json`` runs it.

Written and committed before any engine change of the session that added it (probing19): one
user a language over about eight weeks (a self-employed hairdresser in Swansea who rents a chair
in a salon, a retired fitter in Shenyang who minds his grandson). The assistant's turns are long
and repeat the user's subjects in the user's words, and the user often names a subject in one
turn and says the news in the next without naming it again ("Kayleigh came round last night" /
"only gone and asked me to be maid of honour!!"). Twenty-six questions in English and
twenty-five in Chinese: eight a language ask about a day or a range ("on the 15th of October",
"last weekend", "yesterday", "the week before last", "on Monday", 10月份, 上周, 两周前, 周二); the
rest are ordinary recall, people asked about by name, kin word or nickname ("my nan", "my little
brother", 老伴儿, 老刘, 豆豆), values changed with and without a change word (a chair rent, a
savings plan, Christmas leave, 屋里多少度, 血压, 胰岛素), filler words ("like", "so", "again",
来着, 那个, 咋, 啥).
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind12"
ABOUT = (
    "A twelfth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind12_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
