"""Filtered retrieval: what the pre-filter step (``Retriever.narrow``) buys, and what it costs.

One user, N memories (hash embedder: deterministic, no model) with metadata ``shard`` (100
values: a 1% filter) and ``kind`` (2 values: a 50% filter). For each query (a few words of a
random memory that passes the filter) and each variant, ``retrieve(top_k=8)`` is timed and its
hits counted:

- ``none``:            no filter (the unfiltered baseline latency);
- ``selective-pre``:   ``where={"shard": s}``, the shipped path: SQL ids -> vector search
                       restricted to them, candidates filtered;
- ``selective-post``:  the same filter as a post-filter only (``MAX_FILTER_IDS = 0``): the
                       ablation a Chroma-style ``where`` over an unfiltered top-N would give;
- ``broad``:           ``where={"kind": k}`` (half the store: above ``MAX_FILTER_IDS``, so
                       post-filtered by design).

Reported per variant: p50 / p95 latency (ms), mean hits returned (of 8), and how often the
memory the query was cut from is the first hit. Run:
``python -m benchmarks.filters [--sizes 2000 10000] [--queries 40] [--out benchmarks/results]``;
prints a table and writes ``filters.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from hybridmem import FakeClock, HybridMemory
from hybridmem.retrieval import retriever as retriever_module

WORDS = tuple(
    [
        "invoice",
        "claim",
        "travel",
        "hotel",
        "flight",
        "train",
        "budget",
        "receipt",
        "meeting",
        "report",
        "draft",
        "review",
        "client",
        "vendor",
        "contract",
        "deadline",
        "payment",
        "refund",
        "ticket",
        "seat",
        "window",
        "aisle",
        "museum",
        "dinner",
        "lunch",
        "coffee",
        "tea",
        "berlin",
        "lisbon",
        "hamburg",
        "porto",
        "madrid",
        "office",
        "remote",
        "laptop",
        "badge",
        "visa",
        "passport",
        "insurance",
        "doctor",
        "dentist",
        "gym",
        "yoga",
        "piano",
        "guitar",
        "garden",
        "bicycle",
        "car",
        "parking",
    ]
)


def build(path: Path, n: int, rng: random.Random) -> tuple[HybridMemory, list[Any]]:
    from datetime import UTC, datetime

    mem = HybridMemory(path, embedder="hash", clock=FakeClock(datetime(2024, 7, 1, tzinfo=UTC)))
    items = [
        {
            "content": " ".join(rng.choices(WORDS, k=8)) + f" #{i}",
            "metadata": {"shard": i % 100, "kind": "a" if i % 2 else "b"},
        }
        for i in range(n)
    ]
    nodes: list[Any] = []
    for start in range(0, n, 1000):
        nodes += mem.add_many(items[start : start + 1000], user_id="u1")
    return mem, nodes


def run_variant(
    mem: HybridMemory, queries: list[tuple[str, str, dict[str, Any] | None]], post_only: bool
) -> dict[str, float]:
    saved = retriever_module.MAX_FILTER_IDS
    if post_only:
        retriever_module.MAX_FILTER_IDS = 0
    times: list[float] = []
    hits: list[int] = []
    first: list[bool] = []
    try:
        for text, source, where in queries:
            t0 = time.perf_counter()
            result = mem.retrieve(text, user_id="u1", top_k=8, where=where, record_access=False)
            times.append((time.perf_counter() - t0) * 1000)
            hits.append(len(result.hits))
            first.append(bool(result.hits) and result.hits[0].node.id == source)
    finally:
        retriever_module.MAX_FILTER_IDS = saved
    times.sort()
    return {
        "p50_ms": statistics.median(times),
        "p95_ms": times[min(len(times) - 1, int(0.95 * len(times)))],
        "mean_hits": statistics.fmean(hits),
        "source_first": statistics.fmean(first),
    }


def run(sizes: list[int], n_queries: int, seed: int = 7) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for n in sizes:
        rng = random.Random(seed)
        with tempfile.TemporaryDirectory() as tmp:
            mem, nodes = build(Path(tmp) / "memory", n, rng)
            picks = rng.sample(nodes, n_queries)

            def cut(node: Any) -> str:
                return " ".join(node.content.split()[:4])  # a partial query: many compete

            variants = {
                "none": ([(cut(p), p.id, None) for p in picks], False),
                "selective-pre": (
                    [(cut(p), p.id, {"shard": p.metadata["shard"]}) for p in picks],
                    False,
                ),
                "selective-post": (
                    [(cut(p), p.id, {"shard": p.metadata["shard"]}) for p in picks],
                    True,
                ),
                "broad": ([(cut(p), p.id, {"kind": p.metadata["kind"]}) for p in picks], False),
            }
            run_variant(mem, variants["none"][0][:5], False)  # warm up caches
            for name, (queries, post_only) in variants.items():
                rows.append({"nodes": n, "variant": name, **run_variant(mem, queries, post_only)})
                print(rows[-1], flush=True)
            mem.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 10000])
    parser.add_argument("--queries", type=int, default=40)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = parser.parse_args()
    rows = run(args.sizes, args.queries)
    print(f"{'nodes':>6} {'variant':<15} {'p50 ms':>8} {'p95 ms':>8} {'hits/8':>7} {'src@1':>6}")
    for r in rows:
        print(
            f"{r['nodes']:>6} {r['variant']:<15} {r['p50_ms']:>8.1f} {r['p95_ms']:>8.1f} "
            f"{r['mean_hits']:>7.2f} {r['source_first']:>6.2f}"
        )
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "filters.json").write_text(
        json.dumps({"queries": args.queries, "load1": os.getloadavg()[0], "rows": rows}, indent=2)
        + "\n"
    )


if __name__ == "__main__":
    main()
