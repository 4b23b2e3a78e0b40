"""Scope at scale: the same task retrieved while the rest of the store grows.

One store holds a target task of ``--task-nodes`` nodes (a third facts and preferences) and
filler tasks of 100 events each; bare Chroma gets the same texts with the same task metadata.
The store grows to each total in ``--totals`` (the two sides alternate batch by batch), and at
each total the suite measures, with the hash embedder:

- retrieve p50/p95 of queries scoped to the target task, engine and bare alternating over
  warmed rounds (median and spread over rounds, per-round ratios);
- reopen: ``HybridMemory(path)`` in a fresh process (imports paid before the clock starts);
- ``verify()`` of the whole store.

The question it answers: does a task-scoped retrieve cost what the task costs, whatever the
size of the store around it? Run:
``python -m benchmarks.perf_scale --totals 10000,100000 [--workdir DIR] [--out DIR]``.
Prints a table and writes ``perf_scale.json`` and ``scope_vs_size.png``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.report import ResultRow
from benchmarks.suite_perf import (
    BareSide,
    EngineSide,
    Workload,
    load,
    node_types,
    peak_rss_mb,
    plot_latency,
    query_round,
    synthetic_texts,
    typed_texts,
)
from hybridmem.embedding import embed_query, make_embedder

TARGET = "target"
FILLER_TASK = 100

_OPEN = r"""
import json, sys, time
from hybridmem import HybridMemory
from hybridmem.tokens import default_counter
import chromadb, chromadb.api.rust  # per-process import costs, paid before the clock
default_counter()
t0 = time.perf_counter()
mem = HybridMemory(sys.argv[1], embedder="hash")
opened = time.perf_counter() - t0
t1 = time.perf_counter()
mem.retrieve("first query after open", user_id="perf", task_id="target", top_k=10)
first = time.perf_counter() - t1
mem.close()
print(json.dumps({"open_s": opened, "first_query_s": first}))
"""


class Growth:
    """Both sides of one growing store and the texts written so far."""

    def __init__(self, workdir: Path, task_nodes: int, queries: int, seed: int = 5) -> None:
        self.embedder = make_embedder("hash")
        self.path = workdir / "hm"
        self.engine = EngineSide(self.path, self.embedder)
        self.bare = BareSide(workdir / "bare", self.embedder)
        self.size = 0
        self.seed = seed
        types = node_types(task_nodes, "mixed")
        texts = typed_texts(synthetic_texts(task_nodes, seed), types, seed)
        rng = np.random.default_rng(seed)
        words = [t.split(": ", 1)[-1].rstrip(".").split() for t in texts]
        qs = [" ".join(rng.choice(w, size=min(6, len(w)), replace=False)) for w in words]
        self.queries = qs[:queries]
        self.target = Workload(
            texts, types, [TARGET] * task_nodes, 1, self.queries, [TARGET] * len(self.queries)
        )

    def grow(self, total: int, batch: int = 1000) -> float:
        """Write until the store holds ``total`` nodes (target task first); seconds spent."""
        started = time.perf_counter()
        if self.size == 0:
            for side in (self.engine, self.bare):
                side.add_tasks([TARGET])
            self._load(self.target, batch)
        while self.size < total:
            n = min(batch * 10, total - self.size)
            start = self.size
            texts = synthetic_texts(n, self.seed + 1, start)
            tasks = [f"f{(start + i) // FILLER_TASK}" for i in range(n)]
            new = list(dict.fromkeys(tasks))
            for side in (self.engine, self.bare):
                side.add_tasks(new)
            self._load(Workload(texts, ["event"] * n, tasks, len(new), [], []), batch)
        return time.perf_counter() - started

    def _load(self, w: Workload, batch: int) -> None:
        self.bare.base = self.size
        for k, lo in enumerate(range(0, len(w.texts), batch)):
            hi = min(len(w.texts), lo + batch)
            sides = (self.engine, self.bare) if k % 2 == 0 else (self.bare, self.engine)
            for side in sides:
                side.add(w, lo, hi)
        self.size += len(w.texts)

    def close(self) -> None:
        self.engine.close()
        self.bare.close()


def measure(growth: Growth, rounds: int) -> dict[str, Any]:
    """Retrieve latency of the target task (both sides), reopen and verify times."""
    w = growth.target
    vectors = dict(zip(w.queries, embed_query(growth.embedder, w.queries), strict=True))
    growth.engine.cached.prime(w.queries)
    sides = (growth.engine, growth.bare)
    for side in sides:
        query_round(side, w, None)
        query_round(side, w, vectors)
    per: dict[str, dict[str, list[float]]] = {s.name: {"p50": [], "p95": []} for s in sides}
    ratios: list[float] = []
    for r in range(rounds):
        got = {}
        for side in sides if r % 2 == 0 else tuple(reversed(sides)):
            times = np.asarray(query_round(side, w, vectors)) * 1000.0
            got[side.name] = (float(np.percentile(times, 50)), float(np.percentile(times, 95)))
            per[side.name]["p50"].append(got[side.name][0])
            per[side.name]["p95"].append(got[side.name][1])
        ratios.append(got[growth.engine.name][0] / got[growth.bare.name][0])
    growth.engine.close()
    opens = [_reopen(growth.path) for _ in range(3)]
    from hybridmem import HybridMemory

    mem = HybridMemory(growth.path, embedder="hash")
    t0 = time.perf_counter()
    report = mem.verify()
    verify_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    again = mem.verify()
    verify_again_s = time.perf_counter() - t0
    mem.close()
    growth.engine = EngineSide(growth.path, growth.embedder)
    return {
        "per": per,
        "ratios": ratios,
        "opens": opens,
        "verify_s": verify_s,
        "verify_again_s": verify_again_s,
        "verify_clean": report.clean and again.clean,
    }


def _reopen(path: Path) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", _OPEN, str(path)], capture_output=True, text=True, check=True
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def run(
    totals: list[int], task_nodes: int, queries: int, rounds: int, workdir: Path
) -> tuple[list[ResultRow], dict[str, Any]]:
    growth = Growth(workdir, task_nodes, queries)
    rows: list[ResultRow] = []
    detail: dict[str, Any] = {}
    for total in totals:
        built = growth.grow(total)
        before = load()
        m = measure(growth, rounds)
        label = f"{total // 1000}k total" if total % 1000 == 0 else f"{total} total"
        for name, vals in m["per"].items():
            rows.append(
                ResultRow(
                    name,
                    label,
                    "target task",
                    {
                        "retrieve_p50_excl_ms": statistics.median(vals["p50"]),
                        "retrieve_p50_excl_ms_min": min(vals["p50"]),
                        "retrieve_p50_excl_ms_max": max(vals["p50"]),
                        "retrieve_p95_excl_ms": statistics.median(vals["p95"]),
                    },
                    total,
                )
            )
        opens = [o["open_s"] for o in m["opens"]]
        rows.append(
            ResultRow(
                "ratio hybridmem/bare",
                label,
                "target task",
                {
                    "retrieve_p50_excl": statistics.median(m["ratios"]),
                    "retrieve_p50_excl_min": min(m["ratios"]),
                    "retrieve_p50_excl_max": max(m["ratios"]),
                    "reopen_s_median": statistics.median(opens),
                    "reopen_s_max": max(opens),
                    "first_query_after_open_s": statistics.median(
                        o["first_query_s"] for o in m["opens"]
                    ),
                    "verify_s": m["verify_s"],
                    "verify_again_s": m["verify_again_s"],
                    "grow_s": built,
                    "load_before": before,
                    "load_after": load(),
                    "peak_rss_mb": peak_rss_mb(),
                },
                total,
            )
        )
        detail[label] = {"verify_clean": m["verify_clean"], "opens": m["opens"]}
        _print(rows[-3:])
    growth.close()
    return rows, detail


def _print(rows: list[ResultRow]) -> None:
    for r in rows:
        cells = ", ".join(f"{k}={v:.3g}" for k, v in r.metrics.items())
        print(f"{r.setting:>12} {r.method:<22} {cells}", flush=True)


def main(argv: list[str] | None = None) -> None:
    """Command line: ``--totals``, ``--task-nodes``, ``--queries``, ``--rounds``, ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--totals", default="10000,100000")
    parser.add_argument("--task-nodes", type=int, default=1000)
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--workdir",
        type=Path,
        default=None,
        help="keep the stores here (default: a temporary directory)",
    )
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = parser.parse_args(argv)
    totals = [int(x) for x in args.totals.split(",") if x.strip()]
    with tempfile.TemporaryDirectory(prefix="hm-scale-") as tmp:
        workdir = args.workdir or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        rows, detail = run(totals, args.task_nodes, args.queries, args.rounds, workdir)
    args.out.mkdir(parents=True, exist_ok=True)
    data = {
        "suite": "perf_scale",
        "settings": {
            "totals": totals,
            "task_nodes": args.task_nodes,
            "queries": args.queries,
            "rounds": args.rounds,
            "embedder": "hash",
            "filler_task": FILLER_TASK,
        },
        "notes": [
            "Same target task at every total; fillers are events under tasks of 100.",
            "Latency excludes the query embedding (precomputed on both sides).",
            "reopen_s: HybridMemory(path) in a fresh process, imports excluded; "
            "first_query_after_open_s: the first retrieve after it.",
            "verify_again_s: a second verify right after the first (incremental).",
        ],
        "rows": [
            {
                "method": r.method,
                "setting": r.setting,
                "group": r.group,
                "n": r.n,
                "metrics": dict(r.metrics),
            }
            for r in rows
        ],
        "detail": detail,
    }
    path = args.out / "perf_scale.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    plot_latency(
        args.out / "scope_vs_size.png",
        rows,
        "retrieve_p50_excl_ms",
        "target-task retrieve p50, ms (embedding excluded)",
    )
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
