"""``python -m benchmarks.backends_scale``: retrieval at 100k+ nodes on SQLite + embedded Chroma
vs PostgreSQL + Chroma server, in the same run, without paying for 100k engine writes.

``benchmarks/backends.py`` measures ingest through the engine (every write checked, logged,
evolved and indexed); at the rates it finds on a shared machine 100k nodes per configuration
would take most of an hour. Here the tree is bulk-loaded through the store's own batch methods
(``append_ops`` + ``insert_nodes``: op row, node row and lexical terms, every node ``pending``),
then ``HybridMemory`` is opened on it, which embeds and indexes every pending node through the
engine's own path (``IndexSync.finish_pending``, hash embedder) - the "index build" figure -
and then answers ``--queries`` retrievals scoped to a random task of a random user.

``--vectors store`` (the 1M path): the bulk loader also computes each node's hash-embedder
vector and keeps it beside the row (``TreeStore.store_vectors``, what ``IndexSync`` does after
indexing) and marks the rows indexed, without putting them into Chroma: re-indexing 1M nodes
through Chroma takes hours here. Task-scoped retrieval ranks a task's nodes from those stored
vectors (``core/vectors.py``, exact, scopes up to 5,000 nodes), so the vector search of a
scoped retrieval is the one the engine would run; an unscoped one would not see the bulk
nodes. Then, on top of the loaded store, ``--writers`` (1, 4, 8) writer processes of
``benchmarks/backends.py`` each add ``--ingest`` nodes through the engine (new users, every
write checked, logged, evolved, vector-indexed in Chroma): engine ingest at that size.

The synthetic tree is ``benchmarks/backend_plans.py``'s: 10k nodes per user, 100 tasks per
user (every 10th nested), events of 8-24 Zipf-distributed words. Writes JSON to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import ExitStack
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.backend_plans import T0, Tree, synthetic_rows
from benchmarks.backends import open_memory
from benchmarks.servers import chroma_server, postgres_cluster, stop_on_sigterm
from hybridmem import ChromaServer, HashEmbedder, HybridMemory, lexical
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
    vectors: str = "index"
    ingest_on_top: dict[int, float] = field(default_factory=dict)
    """Writers -> engine ingest nodes/s on top of the loaded store (until searchable)."""
    load_avg: list[float] = field(default_factory=list)


def bulk_load(store: Any, n: int, vectors: str = "index") -> tuple[Tree, float]:
    """``n`` nodes through the store's batch methods; (tree, seconds). With ``vectors ==
    "store"`` each batch's hash vectors are kept beside the rows and the rows marked indexed."""
    started = time.perf_counter()
    tree = Tree()
    pending: list[tuple[dict[str, Any], str]] = []
    embedder = HashEmbedder()

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
            nodes = store.insert_nodes(pending)
        if vectors == "store":
            store.store_vectors(nodes, embedder.embed([n.content for n in nodes]), embedder.name)
            store.mark_indexed(nodes)
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
            target: str | Path, vectors: str = "index") -> ScaleRun:  # fmt: skip
    tree, load_s = bulk_load(store, n, vectors)
    if hasattr(store, "analyze"):
        store.analyze()
    store.close()
    opened = time.perf_counter()
    with HybridMemory(target, embedder="hash", **open_kwargs) as mem:
        build = time.perf_counter() - opened
        stats = mem.stats()
        assert stats.nodes == n and stats.vectors == (n if vectors == "index" else 0), stats
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
                    times[int(0.95 * (len(times) - 1))], vectors)  # fmt: skip


def ingest_on_top(target: str | Path, chroma: str | None, collection: str, writers: int,
                  per_writer: int) -> float:  # fmt: skip
    """Engine ingest (nodes/s until searchable) of ``writers`` processes of
    ``benchmarks/backends.py``, each a new user adding ``per_writer`` nodes.

    The writers start writing together, once every one has opened the store: an open that
    finds another process's committed rows still waiting for their vectors indexes them and
    then compares the index with the store, and here the bulk rows are not in the index."""
    tag = uuid.uuid4().hex[:6]
    barrier = Path(tempfile.mkdtemp(prefix="bench-barrier-"))
    env = {**os.environ, "BENCH_BARRIER": str(barrier)}
    procs = [
        subprocess.Popen([sys.executable, "-m", "benchmarks.backends", "writer", str(target),
                          chroma or "-", collection, f"top{writers}-{tag}-{k}", str(per_writer),
                          str(k)], stdout=subprocess.PIPE, text=True, env=env)
        for k in range(writers)
    ]  # fmt: skip
    while len(list(barrier.glob("ready-*"))) < writers:
        if any(p.poll() is not None for p in procs):
            break  # a writer died before writing: reported below
        time.sleep(0.05)
    (barrier / "go").touch()
    windows = []
    for proc in procs:
        out, _ = proc.communicate()
        if proc.returncode != 0:
            raise RuntimeError(f"a writer on top of {target} failed ({proc.returncode})")
        line = next(x for x in out.splitlines() if x.startswith("WINDOW"))
        windows.append(tuple(float(v) for v in line.split()[1:3]))
    started = min(w[0] for w in windows)
    host_port = None if chroma is None else chroma
    with open_memory(str(target), host_port, collection):  # indexes others' pending rows
        settled = time.time()
    return writers * per_writer / (settled - started)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--vectors", choices=("index", "store"), default="index")
    parser.add_argument("--writers", default="", help="e.g. 1,4,8: engine ingest on top")
    parser.add_argument("--ingest", type=int, default=2000, help="nodes per writer on top")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/backends_scale.json"))
    args = parser.parse_args(argv)
    stop_on_sigterm()
    runs: list[ScaleRun] = []
    with tempfile.TemporaryDirectory() as tmpdir, ExitStack() as stack:
        tmp = Path(tmpdir)
        for backend in args.backends.split(","):
            chroma: str | None = None
            collection = f"scale-{uuid.uuid4().hex[:8]}"
            if backend == "sqlite":
                home = tmp / "sqlite"
                home.mkdir()
                target: str | Path = home
                if args.vectors == "store":
                    # The Chroma directory exists (empty) before the load, so the next open
                    # does not rebuild the index from every row: the bulk nodes stay out of it.
                    HybridMemory(home, embedder="hash").close()
                run = measure(backend, args.nodes, args.queries, {},
                              SQLiteStore(home / DB_FILE), home, args.vectors)  # fmt: skip
            else:
                from hybridmem.store.postgres import PostgresStore

                cluster = stack.enter_context(postgres_cluster())
                server: ChromaServer = stack.enter_context(chroma_server(tmp / "chroma-server"))
                target = url = stack.enter_context(cluster.database())
                chroma = f"{server.host}:{server.port}"
                kwargs = {"chroma": server, "collection": collection}
                if args.vectors == "store":  # the engine's bookkeeping exists before the load
                    HybridMemory(url, embedder="hash", **kwargs).close()
                run = measure(backend, args.nodes, args.queries, kwargs, PostgresStore(url), url,
                              args.vectors)  # fmt: skip
            for writers in (int(w) for w in args.writers.split(",") if w):
                if backend == "sqlite" and writers > 1 and args.vectors == "store":
                    # Other writers' rows wait for the Chroma owner; the open that indexes them
                    # also sees the bulk rows missing from Chroma and re-indexes all of them.
                    print(f"sqlite    {writers} writers on top: not measured with --vectors store")
                    continue
                rate = ingest_on_top(target, chroma, collection, writers, args.ingest)
                run.ingest_on_top[writers] = rate
                print(f"{backend:<9} on top of {args.nodes:,}: {writers} writers x "
                      f"{args.ingest:,} nodes through the engine: {rate:,.0f} nodes/s",
                      flush=True)  # fmt: skip
            run.load_avg = [round(x, 2) for x in os.getloadavg()]
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
