"""A candidate tried and not shipped: the pair model's decision as a margin (issue 38).

:func:`hybridmem.retrieval.newer_values._successor` lets the newer statement take the older
one's place only when the shipped pair model gives the pair a majority of its probability
(one attribute > 0.5). For changes that share no word the model reads 0.19-0.46, so it vetoes
them. The candidate here keeps every other condition (same person, not two groups, a shared
naming word or the question's two answers) and decides relatively: the pair is linked when the
model's majority holds *or* when it reads the two as one attribute more than it reads either
of them with any other settled fact or preference among the hits (no constant).

This module patches the rule in for one run (the engine is unchanged) and reports the stale
misses of the colloquial development sets (evolution variant, :mod:`benchmarks.stale_causes`)
and the first-day newcomers' hit@1 and new-above-old::

    python -m benchmarks.newer_margin --json benchmarks/results/issue38_stale5/margin.json \\
        benchmarks/data/colloquial_dev.json ... benchmarks/data/colloquial_blind4.json

``--off`` runs the same with the shipped rule (the "before" of the same machine and run).
"""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import hybridmem.retrieval.retriever as retriever
from benchmarks import first_day as fd
from benchmarks.stale_causes import diagnose
from hybridmem.evolution.slots.pairs import PairModel, read
from hybridmem.models import Hit
from hybridmem.retrieval import newer_values as nv
from hybridmem.store import EvolutionReads


def _p(model: PairModel, vectors: Mapping[str, np.ndarray], a: Hit, b: Hit) -> float:
    r = read(model, vectors[a.node.id], a.node.content, vectors[b.node.id], b.node.content)
    return r.same_value + r.same_attribute


def margin_successor(
    old: Hit,
    after: Sequence[Hit],
    scale: nv.Scale,
    kinds: Sequence[str],
    model: PairModel,
    vectors: Mapping[str, np.ndarray],
    cosine: Mapping[str, float],
    nearest: Mapping[str, str],
    store: EvolutionReads | None = None,
) -> Hit | None:
    """:func:`~hybridmem.retrieval.newer_values._successor` with the relative decision
    (``nearest`` is taken for the engine's signature; the change-statement path is left out)."""
    vec = vectors.get(old.node.id)
    if vec is None:
        return None
    newer = [
        h
        for h in nv.newer_candidates(old, after, kinds, vectors, store)
        if nv.one_attribute(h.node.content, old.node.content)
        or nv.answers_alike(old.node, h.node, scale, cosine)
    ]
    if not newer:
        return None
    best = max(newer, key=lambda h: float(vectors[h.node.id] @ vec))
    pair = _p(model, vectors, best, old)
    if pair > 0.5:
        return best
    # The other settled statements among the hits (``vectors`` holds exactly those).
    others = [
        h for h in _HITS if h.node.id in vectors and h.node.id not in (old.node.id, best.node.id)
    ]
    rivals = [_p(model, vectors, x, y) for x in (old, best) for y in others]
    return best if pair > max(rivals, default=0.0) else None


_HITS: list[Hit] = []
"""The hits of the query being arranged (the rivals of a pair)."""


@contextlib.contextmanager
def patched(on: bool) -> Iterator[None]:
    original, arranged = nv._successor, nv.newer_first

    def stash(hits: list[Hit], *args: Any) -> list[Hit]:
        _HITS[:] = hits
        return arranged(hits, *args)

    if on:
        nv._successor = margin_successor
        nv.newer_first = stash
        retriever.newer_first = stash
    try:
        yield
    finally:
        nv._successor = original
        nv.newer_first = arranged
        retriever.newer_first = arranged


def first_day_rows() -> list[dict[str, Any]]:
    from benchmarks.first_day_blind import BLIND
    from benchmarks.first_day_fifth import FIFTH
    from benchmarks.first_day_fourth import FOURTH
    from benchmarks.first_day_third import THIRD

    rows: list[dict[str, Any]] = []
    for name, personas in (
        ("dev", fd.PERSONAS),
        ("blind", BLIND),
        ("third", THIRD),
        ("fourth", FOURTH),
        ("fifth", FIFTH),
    ):
        for row in fd.run(None, personas)["users"]:  # type: ignore[attr-defined]
            keep = ("lang", "hit_at_1", "questions", "new_above_old", "sensitive_leaks")
            rows.append({"set": name, **{k: row[k] for k in keep}, "misses": row["misses"]})
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.newer_margin")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--json", type=Path, required=True)
    parser.add_argument("--off", action="store_true", help="the shipped rule (no patch)")
    args = parser.parse_args(argv)
    with patched(not args.off):
        misses = diagnose(args.files)
        first = first_day_rows()
    for m in misses:
        print("stale:", m["id"], m["cause"])
    print(f"stale misses: {len(misses)}")
    for r in first:
        print(
            f"first day {r['set']} {r['lang']}: hit@1 {r['hit_at_1']:.3f} of {r['questions']}, "
            f"new above old {r['new_above_old']}, leaks {r['sensitive_leaks']}"
        )
    args.json.parent.mkdir(parents=True, exist_ok=True)
    payload = {"margin": not args.off, "stale_misses": misses, "first_day": first}
    args.json.write_text(json.dumps(payload, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
