"""Which unit a Chinese question shares with a sealed memory says it is about the memory (issue
38, helper sensitive22); readings judged offline on every recorded call of the rule (``python -m
benchmarks.shared_units_zh calls --calls DIR/*.pkl [--base B] --variant V``, calls recorded by
:mod:`benchmarks.sealed_calls`) and on every question / sealed-memory pair of the privacy checks
that shares a word, no embedder (``python -m benchmarks.shared_units_zh pairs --variant V``).

The rule (:mod:`hybridmem.retrieval.shared_words`) reads a Chinese word as held by a memory when
the memory holds it as a term, inside a term or around one (``shares_word``), and, in the focus
reading, when the two share any one character (``_shares_morpheme``: 号码 of 身份证号, 付款 of
支付宝). The variants (``+`` joins several):

- ``engine``: the rule as it is; ``before``: without the two readings of
  :mod:`hybridmem.retrieval.compounds_zh` (a noun compound's head qualified by a modifier the
  memory lacks, 二手房*过户*; a 哪-phrase's head the memory holds alone, 哪个*学校*);
  ``no_runs`` and ``no_which``: without one of them.
- ``whole``: no morpheme: a Chinese word is held only as a term, inside one or around one.
- ``head``: a shared character counts only when it ends one of the two words (the head of a
  head-final compound: 号 of 身份证号, 付 of 支付, 房 of 二手房).
- ``aspect``: a term of the focus reading that is a verb fused with its aspect particle by
  jieba's dictionary (做过, 出过, 打过) is read as the verb (做 is no content word).
"""

from __future__ import annotations

import argparse
import json
import pickle
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from hybridmem.lexical import light_stem, pos_tags, stemmed_terms, terms
from hybridmem.retrieval import sensitive, shared_words

Patch = Callable[[], Any]  # a context manager factory

_ASPECT = frozenset("过了着")


@contextmanager
def _setting(module: Any, name: str, value: Any) -> Iterator[None]:
    saved = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, saved)


def _head_morpheme(word: str, held: Iterable[str]) -> bool:
    if word.isascii():
        return False
    return any(
        c in term and (word.endswith(c) or term.endswith(c))
        for term in held
        if not term.isascii()
        for c in word
    )


def _aspect_terms(text: str) -> list[str]:
    out: list[str] = []
    for term in terms(text):
        verb = term[:-1]
        if len(term) > 1 and term[-1] in _ASPECT and not term.isascii():
            cut = pos_tags(verb)
            if len(cut) == 1 and cut[0][1].startswith("v"):
                out.extend(terms(verb))
                continue
        out.append(term)
    return out


def _patches(name: str) -> list[Patch]:
    no_runs: Patch = lambda: _setting(shared_words, "noun_runs", lambda *_: [])  # noqa: E731
    no_which: Patch = lambda: _setting(shared_words, "unanswered_which", lambda *_: None)  # noqa: E731
    table: dict[str, list[Patch]] = {
        "engine": [],
        "before": [no_runs, no_which],
        "no_runs": [no_runs],
        "no_which": [no_which],
        "whole": [lambda: _setting(shared_words, "_shares_morpheme", lambda *_: False)],
        "head": [lambda: _setting(shared_words, "_shares_morpheme", _head_morpheme)],
        "aspect": [lambda: _setting(shared_words, "terms", _aspect_terms)],
    }
    return [p for part in name.split("+") for p in table[part]]


@contextmanager
def reading(name: str) -> Iterator[None]:
    """The rule with the variant ``name``'s patches in place."""
    with ExitStack() as stack:
        for patch in _patches(name):
            stack.enter_context(patch())
        yield


def _calls(paths: Sequence[Path], base: str, variant: str) -> list[dict[str, Any]]:
    import sys

    from benchmarks.sealed_calls import Recorded

    # ``sealed_calls record`` runs as __main__, so its rows are pickled under that name.
    sys.modules["__main__"].Recorded = Recorded  # type: ignore[attr-defined]
    rows = [r for path in paths for r in pickle.loads(path.read_bytes())]
    moved: list[dict[str, Any]] = []
    for row in rows:
        call = row.call
        with reading(base):
            before = call.run()
        with reading(variant):
            after = call.run()
        if before == after:
            continue
        asked = {
            i
            for i, n in call.nodes.items()
            if n.sensitive and any(m in n.content for m in row.markers)
        }
        moved.append(
            {
                "suite": row.suite,
                "question": call.query,
                "about": bool(row.markers),
                "now_withheld": sorted(call.nodes[i].content for i in after - before),
                "now_admitted": sorted(call.nodes[i].content for i in before - after),
                "lost_find": bool(asked & (after - before)),
                "new_leak": any(i not in asked for i in before - after),
                "leak_gone": any(i not in asked for i in after - before),
                "find_gained": bool(asked & (before - after)),
            }
        )
    print(f"{len(rows)} calls")
    return moved


def _pairs(base: str, variant: str) -> list[dict[str, Any]]:
    """Every question / sealed memory pair of the privacy checks whose two readings differ: the
    words it qualifies otherwise (``qualified_otherwise``) or its focus (``_focus_unheld``),
    the parts the variants change. Both read the question and the memory alone (no embedder,
    no ordinary candidate), so a call on a pair not listed cannot move, whatever the embedder."""
    from benchmarks.asked_modifier import _asked_pairs

    pairs = sorted(set(_asked_pairs()))
    moved = []
    for suite, q, s in pairs:
        asked, words = stemmed_terms(q), stemmed_terms(s)
        if (q.isascii() and s.isascii()) or not asked & words:
            continue
        with reading(base):
            before = _read(q, s, asked, words)
        with reading(variant):
            after = _read(q, s, asked, words)
        if before != after:
            moved.append({"suite": suite, "question": q, "memory": s, "readings": [before, after]})
    print(f"{len(pairs)} pairs")
    return moved


def _read(q: str, s: str, asked: frozenset[str], words: frozenset[str]) -> list[Any]:
    shared = asked & words
    qualified = sensitive.qualified_otherwise(q, shared, words, light_stem, sensitive._CLOSED, s)
    return [sorted(qualified), sensitive._focus_unheld(q, words, s)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("what", choices=["calls", "pairs"])
    parser.add_argument("--calls", type=Path, nargs="*", default=[])
    parser.add_argument("--variant", required=True)
    parser.add_argument("--base", default="engine")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.what == "calls":
        moved = _calls(args.calls, args.base, args.variant)
    else:
        moved = _pairs(args.base, args.variant)
    for m in moved:
        print(json.dumps(m, ensure_ascii=False))
    keys = ("new_leak", "lost_find", "leak_gone", "find_gained")
    counts = {k: sum(bool(m.get(k)) for m in moved) for k in keys}
    print(f"{len(moved)} moved: {counts}")
    if args.json:
        args.json.write_text(
            json.dumps({"moved": moved, "counts": counts}, ensure_ascii=False, indent=1),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
