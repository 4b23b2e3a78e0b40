"""Probing questions over companion chat histories (issue 38): the thirteenth blind set's generator.

``python -m benchmarks.probing_blind13_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind13_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind13.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind13.json`` runs it.

Written and committed before any engine change of the session that added it (probing20): one
user a language over about two months (a chemistry teacher in Leicester: a mum's hip
replacement, a wife's pottery, an old cat with kidney disease, a brother-in-law's loan, a head of
department interview; an e-commerce operations worker in Hangzhou: a shared flat and its rent, the
civil service exam, a boyfriend offered a job in Ningbo, a father's lung nodule). The assistant's
turns are long and repeat the user's subjects in the user's words, and the user often names a
subject in one turn and says the news in the next without naming it, the assistant asking in
between ("took Pickle to the vet today" / "bloods came back, early kidney disease"; 我爸单位组织
体检 / 肺上有个结节). Twenty-six questions a language: eight ask about a day or a range ("on the
20th of October", "last weekend", "yesterday", "from the 9th of October to the 25th of
November", "the week before last", "on Tuesday", 11月份, 上周, 两周前, 周三); the rest are
ordinary recall, people asked about by name or kin word ("Mum", "Imran", "Dev", 我妈, 阿杰, 琳琳,
小雨), values changed with and without a change word (a half marathon dropped, a rent, a cat's
food, a job offer turned down), filler words ("so", "again", "like", 来着, 那个, 咋, 啥).
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind13"
ABOUT = (
    "A thirteenth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind13_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
