"""The order of a value's parts: 日/月/年 is not 年月日, 3月5日 is not 5月3日.

A value said in parts (joined by a symbol: 日/月/年, year-month-day, 1-2-3-4, 10:30; or value
words with nothing between that hold two numbers: 3月5日) is another value when its parts come
in another order. The word checks of :mod:`hybridmem.evolution.write.paraphrase` see each part
named by the older statement and let the pair through; this reads the order. A restatement
moves the sentence around the value (5月3日搬家公司会来 for 搬家公司5月3日来), not the value's
own parts. Only parts that can trade places make an order: two numbers, or parts a symbol
joins; a count and its thing (一辆捷达, where a restatement may put 旧的 between) do not.
"""

from __future__ import annotations

import re

from hybridmem import lexical
from hybridmem.evolution.slots import pairs as pair_embed

_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_CJK = re.compile(r"[\u3400-\u9fff]")
# Symbols that join the parts of one value said without spaces (日/月/年, 1-2-3-4, 10:30,
# year-month-day); a list's commas and 、 join items whose order says nothing.
_JOINERS = frozenset("/-\u2013\u2014.:\u00b7~_>|\\")
_PIECES = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+|\s+|.", re.S)
_WORDS = re.compile(r"[^\W\d_]+")


def _pieces(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into pieces (casefolded), each with whether it is a value (a number or,
    in Chinese, a value word): jieba's words in Chinese, runs of letters, digits, spaces and
    single symbols otherwise."""
    if _CJK.search(text):
        values = frozenset(w for w, value in pair_embed.words(text) if value)
        cut = [w.strip().casefold() or w for w, _ in lexical.pos_tags(text)]
        return [(w, w in values or bool(_NUMBER.fullmatch(w))) for w in cut]
    return [(t.casefold(), bool(_NUMBER.fullmatch(t))) for t in _PIECES.findall(text)]


def value_runs(text: str) -> list[tuple[str, ...]]:
    """The values ``text`` says in two or more parts, each part in the text's order: parts
    joined by one symbol of :data:`_JOINERS` (日/月/年, year-month-day, 1-2-3-4), or value
    words with nothing between that hold two numbers (3月5日: 3, 月, 5, 日). Only parts that
    can trade places make an order: two numbers, or parts a symbol joins; a count and its
    thing (一辆捷达, 旧的 may come between in a restatement) do not."""
    runs: list[tuple[str, ...]] = []
    run: list[str] = []
    joined = symbol = last_value = False

    def close() -> None:
        numbers = sum(bool(_NUMBER.fullmatch(p)) for p in run)
        if len(run) > 1 and (symbol or numbers > 1):
            runs.append(tuple(run))

    for piece, value in [*_pieces(text), (" ", False)]:
        if _WORDS.search(piece) or _NUMBER.fullmatch(piece):
            if run and (joined or (value and last_value)):
                run.append(piece)
                symbol = symbol or joined
            else:
                close()
                run, symbol = [piece], False
            joined, last_value = False, value
        elif piece in _JOINERS and run and not joined:
            joined = True
        else:
            close()
            run, joined, symbol, last_value = [], False, False, False
    close()
    return runs


def in_order(new_text: str, old_text: str) -> bool:
    """Whether every value the newcomer says in parts (:func:`value_runs`) whose parts the
    node names all is said in the node too, its parts in that order with nothing or only
    joining symbols between: the same parts in another order are another value
    (day/month/year after year-month-day, 3月5日 after 5月3日)."""
    folded = old_text.casefold()
    squeezed = "".join(c for c in folded if not c.isspace() and c not in _JOINERS)
    numbers = {n.replace(",", "") for n in _NUMBER.findall(folded)}
    words = set(_WORDS.findall(_CJK.sub(" ", folded)))

    def named(part: str) -> bool:
        if _NUMBER.fullmatch(part):
            return part.replace(",", "") in numbers
        return part in folded if _CJK.search(part) else part in words

    return all("".join(run) in squeezed for run in value_runs(new_text) if all(map(named, run)))
