"""What the session reach's fade costs per LoCoMo question: the engine's scan against the same
fade as one array per session (issue 38, helper locomo13; measured slower, not shipped).

``python -m benchmarks.session_reach_cost [--embedder default] [--rounds 3] [--json OUT]``
retrieves every LoCoMo question of categories 1-4 of the dev conversations once (as
:mod:`benchmarks.budget_use` does), keeps what `session_reach.session_lift` is given,
then times it (locomo12's per-turn scan) and :func:`array_lift` on the same inputs, best of
``--rounds`` per question, and checks that both give the same floats. Prints p50 / p95 /
max per form, over all calls and over those with at least :data:`MANY` candidate turns
(questions naming a time bring up to 500).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks import fusion_paired, tuning
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig
from hybridmem.models import MemoryNode
from hybridmem.retrieval import retriever
from hybridmem.retrieval.expansion import parent_feature
from hybridmem.retrieval.session_reach import session_lift

Call = tuple[dict[str, float], dict[str, MemoryNode], float]
"""One call's relevance, turns and reach."""
MANY = 200
"""Calls with at least this many candidate turns are reported apart (the p95's)."""


def array_lift(
    relevance: Mapping[str, float], turns: Mapping[str, MemoryNode], reach: float
) -> dict[str, float]:
    """The fade as one turn-by-match array per session (the same quotient as the engine's
    scan, so the same floats); measured slower, not shipped."""
    sessions: dict[str | None, list[str]] = defaultdict(list)
    for node_id, node in turns.items():
        sessions[node.parent_id].append(node_id)
    out: dict[str, float] = {}
    for ids in sessions.values():
        seq = np.array([turns[i].seq for i in ids], dtype=np.float64)
        rel = np.array([relevance.get(i, 0.0) for i in ids], dtype=np.float64)
        steps = np.diff(np.unique(seq))
        span = reach * (float(steps.min()) if steps.size else 1.0)
        live = rel > 0.0  # a match with no relevance lifts nothing
        if not live.any():
            out.update(dict.fromkeys(ids, 0.0))
            continue
        faded = rel[live] / (1.0 + np.abs(seq[:, None] - seq[live][None, :]) / span)
        out.update(zip(ids, (float(v) for v in faded.max(axis=1)), strict=True))
    return out


def record(spec: str, data: Path) -> list[Call]:
    """The inputs of every ``session_lift`` call the LoCoMo questions make."""
    embedder = fusion_paired._embedder(spec)
    bench, questions = tuning.locomo_bench(embedder, data)
    questions = [q for q in questions if q.category != 5]
    embedder.warm([q.question for q in questions])
    calls: list[Call] = []
    original = retriever.session_lift

    def spy(relevance: Any, turns: Any, reach: Any, whole: Any = parent_feature) -> Any:
        if reach is not None:
            calls.append((dict(relevance), dict(turns), float(reach)))
        return original(relevance, turns, reach, whole)

    mem, clock = tuning.open_engine(bench, embedder, MemoryConfig())
    retriever.session_lift = spy
    try:
        for q in questions:
            tuning.ask_locomo(mem, clock, bench, q, 1000)
    finally:
        retriever.session_lift = original
        mem.close()
    return calls


def best_of(rounds: int, fn: Any, *args: Any) -> float:
    """The fastest of ``rounds`` calls, in milliseconds."""
    out = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn(*args)
        out.append((time.perf_counter() - t) * 1000)
    return min(out)


def quantiles(values: Sequence[float]) -> dict[str, float]:
    v = sorted(values)
    at = lambda p: v[min(len(v) - 1, int(p * len(v)))]  # noqa: E731
    return {"p50": round(at(0.5), 3), "p95": round(at(0.95), 3), "max": round(v[-1], 3)}


def run(spec: str, data: Path, rounds: int) -> dict[str, Any]:
    calls = record(spec, data)
    rows: dict[str, dict[str, list[float]]] = {"all": defaultdict(list), "many": defaultdict(list)}
    for relevance, turns, reach in calls:
        assert session_lift(relevance, turns, reach) == array_lift(relevance, turns, reach)
        scan = best_of(rounds, session_lift, relevance, turns, reach)
        array = best_of(rounds, array_lift, relevance, turns, reach)
        for key in ("all", "many") if len(turns) >= MANY else ("all",):
            rows[key]["scan"].append(scan)
            rows[key]["array"].append(array)
            rows[key]["turns"].append(float(len(turns)))
    out: dict[str, Any] = {"embedder": spec, "calls": len(calls), "identical": True}
    for key, cols in rows.items():
        out[key] = {name: quantiles(vals) for name, vals in cols.items()}
        out[key]["calls"] = len(cols["scan"])
        out[key]["mean_turns"] = round(statistics.fmean(cols["turns"]), 1)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedder", default="default")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    out = run(args.embedder, args.data or default_data_dir(), args.rounds)
    print(json.dumps(out, indent=1))
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
