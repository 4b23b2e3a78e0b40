"""``python -m benchmarks.backends_scale``: retrieval at 100k+ nodes on SQLite + embedded Chroma
vs PostgreSQL + Chroma server, in the same run, without paying for 100k engine writes.

``benchmarks/backends.py`` measures ingest through the engine (every write checked, logged,
evolved and indexed); at the rates it finds on a shared machine 100k nodes per configuration
would take most of an hour. Here the tree is bulk-loaded through the store's own batch methods
(``append_ops`` + ``insert_nodes``: op row, node row and lexical terms, every node ``pending``),
then ``HybridMemory`` is opened on it, which embeds and indexes every pending node through the
engine's own path (``IndexSync.finish_pending``, hash embedder) - the "index build" figure -
and then answers ``--queries`` retrievals scoped to a random task of a random user.

The synthetic tree is ``benchmarks/backend_plans.py``'s: 10k nodes per user, 100 tasks per
user (every 10th nested), events of 8-24 Zipf-distributed words. Writes JSON to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
import uuid
from contextlib import ExitStack
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from benchmarks.backend_plans import T0, Tree, synthetic_rows
from benchmarks.servers import chroma_server, postgres_cluster, stop_on_sigterm
from hybridmem import ChromaServer, HybridMemory, lexical
from hybridmem.core import content_hash
from hybridmem.store import DB_FILE, SQLiteStore

BATCH = 2000


@dataclass
class ScaleRun:
    backend: str
    nodes: int
    load_nodes_per_s: float
    index_build_s: float
    retrieve_p50_ms: float
    retrieve_p95_ms: float


def bulk_load(store: Any, n: int) -> tuple[Tree, float]:
    """``n`` nodes through the store's batch methods; (tree, seconds)."""
    started = time.perf_counter()
    tree = Tree()
    pending: list[tuple[dict[str, Any], str]] = []

    def flush() -> None:
        with store.transaction():
            seqs = store.append_ops(
                [
                    {"op": "add", "node_id": r["id"], "user_id": r["user_id"], "at": T0,
                     "payload": {"content": r["content"], "parent_id": r["parent_id"],
                                 "node_type": r["node_type"]}}
                    for r, _ in pending
                ]
            )  # fmt: skip
            for (row, _), seq in zip(pending, seqs, strict=True):
                row["seq"] = seq
            store.insert_nodes(pending)
        pending.clear()

    for row in synthetic_rows(n, tree):
        row["content_hash"] = content_hash(row["content"])
        pending.append((row, lexical.document_terms(row["content"])))
        if len(pending) >= BATCH:
            flush()
    if pending:
        flush()
    return tree, time.perf_counter() - started


def measure(backend: str, n: int, queries: int, open_kwargs: dict[str, Any], store: Any,
            target: str | Path) -> ScaleRun:  # fmt: skip
    tree, load_s = bulk_load(store, n)
    if hasattr(store, "analyze"):
        store.analyze()
    store.close()
    opened = time.perf_counter()
    with HybridMemory(target, embedder="hash", **open_kwargs) as mem:
        build = time.perf_counter() - opened
        stats = mem.stats()
        assert stats.nodes == n and stats.vectors == n, stats
        rng = random.Random(5)
        times = []
        for _ in range(queries):
            user, task, _path = rng.choice(tree.tasks)
            query = mem.get(rng.choice(tree.events)).content.split()[:6]
            t = time.perf_counter()
            mem.retrieve(" ".join(query), user_id=user, task_id=task, top_k=10)
            times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return ScaleRun(backend, n, n / load_s, build, statistics.median(times),
                    times[int(0.95 * (len(times) - 1))])  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/backends_scale.json"))
    args = parser.parse_args(argv)
    stop_on_sigterm()
    runs: list[ScaleRun] = []
    with tempfile.TemporaryDirectory() as tmpdir, ExitStack() as stack:
        tmp = Path(tmpdir)
        for backend in args.backends.split(","):
            if backend == "sqlite":
                home = tmp / "sqlite"
                home.mkdir()
                run = measure(backend, args.nodes, args.queries, {},
                              SQLiteStore(home / DB_FILE), home)  # fmt: skip
            else:
                from hybridmem.store.postgres import PostgresStore

                cluster = stack.enter_context(postgres_cluster())
                server: ChromaServer = stack.enter_context(chroma_server(tmp / "chroma-server"))
                url = stack.enter_context(cluster.database())
                kwargs = {"chroma": server, "collection": f"scale-{uuid.uuid4().hex[:8]}"}
                run = measure(backend, args.nodes, args.queries, kwargs, PostgresStore(url), url)
            runs.append(run)
            print(f"{run.backend:<9}{run.nodes:>9,} nodes  load {run.load_nodes_per_s:>7,.0f} "
                  f"nodes/s  index build {run.index_build_s:>6.1f} s  retrieve p50 "
                  f"{run.retrieve_p50_ms:.1f} ms p95 {run.retrieve_p95_ms:.1f} ms",
                  flush=True)  # fmt: skip
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"runs": [asdict(r) for r in runs]}, indent=2))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
