"""Retrieval cost of an agent's read set (issue 33): a scope with grants vs no permissions.

One user, N memories (hash embedder: deterministic, no model) written by five agents (a0-a4,
each with one task holding half its memories) and the user itself (shared). Agent ``a0`` holds
three grants: every memory of ``a1`` (read), ``a2``'s task subtree (read) and the shared space
(write). For each query (four words of a random memory) both variants run back to back, so
load on the machine hits them alike:

- ``none``:     ``retrieve(q, user_id="u1")``, no agent: no permission in the query;
- ``3 grants``: ``retrieve(q, user_id="u1", agent_id="a0")``: the grants read from the store,
                the read set in SQL, in the Chroma ``where`` and the subtree ranked exactly.

Both in the user scope (the whole tree: Chroma's filtered search) and in a task scope (``a0``'s
task: exact ranking of the stored vectors). Reported: p50 / p95 (ms), the ratio of the p50s,
and the share of hits ``a0`` may read (must be 1.0). Run:
``python -m benchmarks.permissions [--sizes 10000] [--queries 60] [--out benchmarks/results]``;
prints a table and writes ``permissions.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks.filters import WORDS
from hybridmem import FakeClock, HybridMemory

AGENTS = ("a0", "a1", "a2", "a3", "a4")


def build(path: Path, n: int, rng: random.Random) -> tuple[HybridMemory, list[Any], dict[str, str]]:
    mem = HybridMemory(path, embedder="hash", clock=FakeClock(datetime(2024, 7, 1, tzinfo=UTC)))
    owners: list[str | None] = [*AGENTS, None]
    tasks = {
        a: mem.scoped(user_id="u1", agent_id=a).add(f"task of {a}", node_type="task").id
        for a in AGENTS
    }
    items = []
    for i in range(n):
        owner = owners[i % len(owners)]
        item: dict[str, Any] = {"content": " ".join(rng.choices(WORDS, k=8)) + f" #{i}"}
        if owner is not None:
            item["agent_id"] = owner
            if (i // len(owners)) % 2:  # half of each owner's memories in its task
                item["parent_id"] = tasks[owner]
        items.append(item)
    nodes: list[Any] = []
    for start in range(0, n, 1000):
        nodes += mem.add_many(items[start : start + 1000], user_id="u1")
    mem.grant(user_id="u1", to_agent="a0", from_agent="a1")
    mem.grant(user_id="u1", to_agent="a0", subtree=tasks["a2"])
    mem.grant(user_id="u1", to_agent="a0", shared=True, perms="write")
    return mem, nodes, tasks


def timed(mem: HybridMemory, text: str, **kwargs: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    result = mem.retrieve(text, user_id="u1", top_k=8, record_access=False, **kwargs)
    return (time.perf_counter() - t0) * 1000, result


def summary(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    return {
        "p50_ms": statistics.median(times),
        "p95_ms": times[min(len(times) - 1, int(0.95 * len(times)))],
    }


def run(sizes: list[int], n_queries: int, seed: int = 7) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for n in sizes:
        rng = random.Random(seed)
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.perf_counter()
            mem, nodes, tasks = build(Path(tmp) / "memory", n, rng)
            print(f"built {n} nodes in {time.perf_counter() - t0:.1f} s", flush=True)
            access = mem.access(user_id="u1", agent_id="a0")
            queries = [" ".join(p.content.split()[:4]) for p in rng.sample(nodes, n_queries)]
            for scope, extra in (("user", {"scope": "user"}), ("task", {"task_id": tasks["a0"]})):
                for q in queries[:5]:  # warm up caches and the index
                    timed(mem, q, **extra)
                    timed(mem, q, agent_id="a0", **extra)
                plain: list[float] = []
                granted: list[float] = []
                allowed: list[bool] = []
                for q in queries:
                    ms, _ = timed(mem, q, **extra)
                    plain.append(ms)
                    ms, result = timed(mem, q, agent_id="a0", **extra)
                    granted.append(ms)
                    allowed += [access.can_read(h.node) for h in result.hits]
                base, with_grants = summary(plain), summary(granted)
                rows.append(
                    {
                        "nodes": n,
                        "scope": scope,
                        "none": base,
                        "3 grants": with_grants,
                        "ratio_p50": with_grants["p50_ms"] / base["p50_ms"],
                        "hits_allowed": statistics.fmean(allowed) if allowed else 1.0,
                    }
                )
                print(rows[-1], flush=True)
            mem.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10000])
    parser.add_argument("--queries", type=int, default=60)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = parser.parse_args()
    rows = run(args.sizes, args.queries)
    print(
        f"{'nodes':>6} {'scope':<5} {'none p50':>9} {'none p95':>9} {'3gr p50':>8} "
        f"{'3gr p95':>8} {'ratio':>6} {'allowed':>8}"
    )
    for r in rows:
        print(
            f"{r['nodes']:>6} {r['scope']:<5} {r['none']['p50_ms']:>9.1f} "
            f"{r['none']['p95_ms']:>9.1f} {r['3 grants']['p50_ms']:>8.1f} "
            f"{r['3 grants']['p95_ms']:>8.1f} {r['ratio_p50']:>6.2f} {r['hits_allowed']:>8.2f}"
        )
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "permissions.json").write_text(
        json.dumps({"queries": args.queries, "load1": os.getloadavg()[0], "rows": rows}, indent=2)
        + "\n"
    )


if __name__ == "__main__":
    main()
