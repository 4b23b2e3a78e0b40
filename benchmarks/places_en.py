"""Readings of a word a question shares with a sealed memory for the focus test (issue 38,
helper sensitive23): two shipped (:mod:`hybridmem.retrieval.places_en`,
:mod:`hybridmem.retrieval.relatives_en`) and two measured negatives. Judged on every question /
sealed-memory pair of the privacy checks, text alone (``python -m benchmarks.places_en
[--base NAME] [--variant NAME] [--json F]``), and on every recorded call of the rule (``python
-m benchmarks.sealed_calls compare --variant NAME --base NAME``). The variants:

- ``engine``: the engine's rule (:func:`hybridmem.retrieval.sensitive._focus_unheld`), the two
  readings in; ``places_off``: without both (``only_where`` and ``said_of_another`` answering
  False), the before of this branch; ``place_off`` and ``rel_off``: without one.
- ``modifier_off``: the engine without the Chinese reading of helper sealzh24
  (:func:`hybridmem.retrieval.modifiers_zh.only_modifies` answering False), its before:
  ``--base modifier_off --variant engine`` lists the pairs it reads differently.
- ``impersonal`` (negative): the engine, or an English question naming no first person (I, me,
  my, we, us, our) and no word either text writes with a capital past a sentence's first word
  (a name: "Declan", "Vik") asks about a kind of thing in general ("Which genetic tests do they
  offer pregnant women at the hospital?" of "A genetic test showed I carry the BRCA1
  mutation..."). It withheld that leak and lost "What did the NMC do after that delivery went
  wrong?"; "What did the genetic test find?" reads the same.
- ``negated_off``: the engine without the Chinese reading of helper sensitive25
  (:func:`hybridmem.retrieval.negated_zh.only_negated` answering False), its before.
- ``modal_zh`` (not shipped): the engine, or a Chinese question whose shared verb stands after a
  modal (最多*能*转) of a memory stating it done (转*了*). It reads only the pair it was written on
  (微信转账一天最多能转多少？ of a sealed transfer): no evidence beyond its one example.
- ``zh_wh_head`` (negative): the engine, or a Chinese question whose wh-phrase's head (the thing
  asked for, after 什么, 多少, 哪: 生二胎有什么*补贴*？) the memory holds no word or character of,
  the kind's own words aside, asks for another thing ("二胎" of a sealed "…一直怀不上二胎…"). It
  withheld that leak and lost ten "多少钱" finds (钱 is the measure; the memory says 八万块) and
  我乳腺检查出了什么问题？.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path

from hybridmem.lexical import light_stem, pos_tags, stemmed_terms, terms
from hybridmem.retrieval import sensitive
from hybridmem.retrieval.asked_en import tokens
from hybridmem.retrieval.private_kinds import kind_spans
from hybridmem.retrieval.shared_words import (
    _is_kind_word,
    _shares_morpheme,
    _wh_split,
)

Focus = Callable[[str, frozenset[str], str], bool]

_FIRST_PERSON = frozenset(["i", "me", "my", "mine", "we", "us", "our", "ours", "myself"])
_NAMED = re.compile(r"(?<=[a-z,] )([A-Z][a-z]+)")  # a capital past a sentence's first word


def _impersonal(query: str, words: frozenset[str], memory: str) -> bool:
    if not (query.isascii() and memory.isascii()):
        return False
    if _FIRST_PERSON.intersection(tokens(query)):
        return False
    names = {light_stem(m.lower()) for t in (memory, query) for m in _NAMED.findall(t)}
    return not (stemmed_terms(query) & words & names)


def _zh_wh_head(query: str, words: frozenset[str], memory: str) -> bool:
    if query.isascii():
        return False
    _, wh = _wh_split(query)
    spans = kind_spans(query)
    head = [t for t in terms(wh) if not _is_kind_word(t, spans)]
    held = list(words)
    return bool(head) and not any(t in words or _shares_morpheme(t, held) for t in head)


_MODALS_ZH = frozenset(["能", "可以", "能够", "可", "会"])


def _modal_zh(query: str, words: frozenset[str], memory: str) -> bool:
    """A Chinese question asking whether or how much a thing *can* be done (a modal before the
    shared verb, adverbs between) of a memory stating it done (the verb followed by 了 / 过)."""
    if query.isascii() or memory.isascii():
        return False
    asked = stemmed_terms(query)
    shared = asked & words
    if not shared or not sensitive.asks_else(query, asked, words, sensitive._CLOSED):
        return False
    q, m = pos_tags(query), pos_tags(memory)

    def modal(k: int) -> bool:
        j = k - 1
        while j >= 0 and q[j][1] == "d":
            j -= 1
        return j >= 0 and q[j][0] in _MODALS_ZH

    in_q = [k for k, (w, _) in enumerate(q) if w in shared]
    in_m = [k for k, (w, _) in enumerate(m) if any(t in w for t in shared)]
    done = all(
        m[k][1].startswith("v") and k + 1 < len(m) and m[k + 1][1] in ("ul", "ug") for k in in_m
    )
    return bool(in_q and in_m) and done and all(q[k][1].startswith("v") and modal(k) for k in in_q)


def _v(*readings: Focus) -> Focus:
    def focus(query: str, words: frozenset[str], memory: str = "") -> bool:
        return engine(query, words, memory) or any(r(query, words, memory) for r in readings)

    return focus


engine: Focus = sensitive._focus_unheld


def _off(*names: str) -> Focus:
    """The engine's reading with the readings ``names`` of :mod:`~hybridmem.retrieval.sensitive`
    (``only_where``, ``said_of_another``) answering False: the base of ``compare --base NAME
    --variant engine``."""

    def focus(query: str, words: frozenset[str], memory: str = "") -> bool:
        saved = {n: getattr(sensitive, n) for n in names}
        for n in names:
            setattr(sensitive, n, lambda *_: False)
        try:
            return engine(query, words, memory)
        finally:
            for n, f in saved.items():
                setattr(sensitive, n, f)

    return focus


VARIANTS: dict[str, Focus] = {
    "engine": engine,
    "place_off": _off("only_where"),
    "rel_off": _off("said_of_another"),
    "places_off": _off("only_where", "said_of_another"),
    "modifier_off": _off("only_modifies"),
    "negated_off": _off("only_negated"),
    "zh_wh_head": _v(_zh_wh_head),
    "modal_zh": _v(_modal_zh),
    "impersonal": _v(_impersonal),
}


def main() -> None:
    """``python -m benchmarks.places_en [--variant NAME] [--json F]``: every question / sealed
    memory pair of the privacy checks (:func:`benchmarks.asked_modifier._asked_pairs`; no
    embedder, the readings are text alone) that ``--variant`` reads differently from the
    engine. A retrieval moves only where a pair does; ``sealed_calls compare`` judges the
    recorded calls."""
    from benchmarks.asked_modifier import read_differently

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--variant", default="engine", choices=sorted(VARIANTS))
    parser.add_argument("--base", default="places_off", choices=sorted(VARIANTS))
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    read_differently(VARIANTS[args.base], VARIANTS[args.variant], args.json)


if __name__ == "__main__":
    main()
