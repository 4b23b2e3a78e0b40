"""A session's lift kept near the turns that match (issue 38, helper locomo12; an experiment
over the records of :mod:`benchmarks.budget_use`, nothing in the engine).

The ``parent`` part gives every turn of a session the session's best relevance, so a session
with one strong match packs its small talk from the other end of the session ("Joanna:
Awww! How long have you had them?") before another session's answer. A LoCoMo session runs
20-30 turns over several topics; the turns next to the matching one are its context. Here the
part a turn gets is ``max over the session's candidates t of relevance(t) * g(d)``, ``d`` the
turns between the two (sequence numbers), scaled so the best turn's own part is unchanged:
``g(d) = 1 / (1 + d / tau)`` (``hyperbolic``) or ``(1 + 1 / (1 + d / tau)) / 2`` (``half``,
never below half the session's lift). ``tau`` is chosen by two-fold cross-validation
(:func:`benchmarks.session_share.cross_validate`); the infinite ``tau`` is the engine's
parent. The relevance of a turn is read off its breakdown as the engine computes it
(:func:`hybridmem.retrieval.fusion.relevance`: the weighted mean of the fused similarity
and lexical features).

``python -m benchmarks.session_window --cache DIR [--embedders default,minilm] [--json OUT]``
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from benchmarks import budget_use, session_share
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig
from hybridmem.config import RetrievalConfig
from hybridmem.models import Hit

TAUS = (1.0, 2.0, 4.0, 8.0, 16.0, 32.0)
SHAPES = ("hyperbolic", "half")
INF = float("inf")


def _own(hit: Hit) -> float:
    f, w = hit.breakdown.features, hit.breakdown.weights
    total = w.get("similarity", 0.0) + w.get("lexical", 0.0)
    if total <= 0:
        return 0.0
    return (
        w.get("similarity", 0.0) * f.get("similarity", 0.0)
        + w.get("lexical", 0.0) * f.get("lexical", 0.0)
    ) / total


def _g(d: float, tau: float, shape: str) -> float:
    near = 1.0 / (1.0 + d / tau)
    return near if shape == "hyperbolic" else (1.0 + near) / 2.0


def windowed(hits: Sequence[Hit], tau: float, shape: str) -> list[Hit]:
    """``hits`` re-scored with each session turn's ``parent`` part localised, in the new
    score order (ties keep their rank)."""
    sessions: dict[str | None, list[Hit]] = defaultdict(list)
    for h in hits:
        if h.breakdown.parts.get("parent", 0.0) > 0:
            sessions[h.node.parent_id].append(h)
    new: dict[str, float] = {}
    for turns in sessions.values():
        rel = [(t.node.seq, _own(t)) for t in turns]
        best = max(r for _, r in rel)
        if best <= 0:
            continue
        for h in turns:
            local = max(r * _g(abs(h.node.seq - s), tau, shape) for s, r in rel)
            part = h.breakdown.parts["parent"]
            new[h.node.id] = h.score - part + part * local / best
    order = sorted(range(len(hits)), key=lambda i: (-new.get(hits[i].node.id, hits[i].score), i))
    return [replace(hits[i], score=new.get(hits[i].node.id, hits[i].score)) for i in order]


def run(specs: Sequence[str], data: Path, cache: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in specs:
        recs = budget_use.cached(spec, data, cache)
        # The engine arranges its scored hits after scoring (an answer after its question,
        # ...), so the baseline here is the same re-sort with the parent part unchanged.
        base = session_share.ordered_items(recs, lambda r: windowed(r.ranked, INF, "half"))
        engine = session_share.ordered_items(recs, lambda r: list(r.ranked))
        res: dict[str, Any] = {
            "engine": session_share.summary(recs, engine, engine),
            "re-sorted by score": session_share.summary(recs, engine, base),
        }
        print(spec, json.dumps(res), flush=True)
        for shape in SHAPES:
            grid: dict[str, dict[str, Any]] = {}
            for tau in TAUS:
                name = f"{shape} tau={tau:g}"
                got = session_share.ordered_items(
                    recs, lambda r, t=tau, s=shape: windowed(r.ranked, t, s)
                )
                grid[name] = session_share.summary(recs, base, got)
                print(spec, name, json.dumps(grid[name]), flush=True)
            res[shape] = {"grid": grid, "cross_validated": session_share.cross_validate(grid)}
            print(spec, shape, json.dumps(res[shape]["cross_validated"]), flush=True)
        out[spec] = res
    return out


REACHES = (16.0, 32.0)


def engine_run(specs: Sequence[str], data: Path, cache: Path) -> dict[str, Any]:
    """The engine's own ``RetrievalConfig.session_reach`` (every arrangement after scoring
    kept), each reach of :data:`REACHES` recorded once (``cache``/reach-R/), paired question by
    question with the default records (``cache``/), and cross-validated."""
    out: dict[str, Any] = {}
    for spec in specs:
        recs = budget_use.cached(spec, data, cache)
        base = session_share.ordered_items(recs, lambda r: list(r.ranked))
        grid: dict[str, dict[str, Any]] = {}
        for reach in REACHES:
            config = MemoryConfig(retrieval=RetrievalConfig(session_reach=reach))
            other = budget_use.cached(spec, data, cache / f"reach-{reach:g}", config)
            assert [r.question for r in other] == [r.question for r in recs]
            got = session_share.ordered_items(other, lambda r: list(r.ranked))
            grid[f"reach={reach:g}"] = session_share.summary(recs, base, got)
            print(spec, f"reach={reach:g}", json.dumps(grid[f"reach={reach:g}"]), flush=True)
        out[spec] = {
            "default": session_share.summary(recs, base, base),
            "grid": grid,
            "cross_validated": session_share.cross_validate(grid),
        }
        print(spec, json.dumps(out[spec]["cross_validated"]), flush=True)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--cache", type=Path, required=True)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument(
        "--engine", action="store_true", help="the engine's session_reach, not the offline re-sort"
    )
    args = parser.parse_args(argv)
    runner = engine_run if args.engine else run
    out = runner(args.embedders.split(","), args.data or default_data_dir(), args.cache)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
