"""Probing questions over companion chat histories (issue 38): the fourteenth blind set's generator.

``python -m benchmarks.probing_blind14_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind14_source.txt`` (the format of the third set's source) and writes
``benchmarks/data/probing_blind14.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind14.json`` runs it.

Written and committed before any engine change of the session that added it (probing23): one
user a language over about two months (a paramedic on night shifts in Glasgow: a dad's failing
memory and his car keys, a tenement flat bought with his partner after a bad survey, a spaniel
that eats a sock, a best man's speech, a critical care post; a woman who runs a noodle shop in
Chengdu with her husband: a mother-in-law who comes to help, a short-sighted daughter, a younger
brother's bride price, a rent rise, driving lessons at thirty-two). The companion's turns are
long and repeat the user's subjects in the user's words, and the user often names a subject in
one turn and gives the news in the next without naming it ("Biscuit ate a sock" / "vet x-rayed
her and it's stuck in her gut"; 今天跟婆婆吵了一架 / 她偷偷给朵朵吃辣条). Twenty-six questions a
language, as in the thirteenth set: eight ask about a day or a range ("on 3 November", "last
weekend", "the day before yesterday", "between the 12th of October and the 10th of November",
"last week", "two weeks ago", "on Monday"; 10月19日那天, 上个周末, 前天, 11月8号,
10月10号到11月20号, 上礼拜, 上上周, 周一); the rest are ordinary recall of people by name or
kin word, values changed with and without a change word, filler words ("so", "again",
"like", 来着, 那个, 咋, 啥).
"""

from __future__ import annotations

from benchmarks import probing_blind3_data

NAME = "probing_blind14"
ABOUT = (
    "A fourteenth blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind14_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)


def main() -> None:
    probing_blind3_data.write_named(NAME, ABOUT)


if __name__ == "__main__":
    main()
