"""``python -m benchmarks.backends``: SQLite + embedded Chroma vs PostgreSQL + Chroma server, in
the same run: ingest throughput with 1, 4 and 8 writer processes and retrieve p50/p95, at 10k
and 100k nodes (``--sizes``), hash embedder (the store and index are measured, not a model).

Ingest: W writer processes (``python -m benchmarks.backends writer ...``), each its own user
with one task per 100 nodes, ``add_many`` in batches of 500. The clock stops when every node
is *searchable*: for the embedded backend only one process owns the Chroma directory, the
others' rows stay pending, so the time to open the store once more and index them is included.
Retrieve: one process, ``--queries`` retrievals scoped to a random task of a random writer.

Starts a throwaway PostgreSQL cluster and a Chroma server itself (``benchmarks/servers.py``)
(a fresh database and a fresh collection per run). Writes JSON to ``--out``.
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
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

from benchmarks.servers import (
    PostgresCluster,
    chroma_server,
    postgres_cluster,
    stop_on_sigterm,
)
from benchmarks.suite_perf import synthetic_texts
from hybridmem import ChromaServer, HybridMemory
from hybridmem.errors import StoreBusyError

TASK_SIZE = 100
BATCH = 500


@dataclass
class Run:
    backend: str
    nodes: int
    writers: int
    ingest_s: float
    settle_s: float
    ingest_nodes_per_s: float
    retrieve_p50_ms: float
    retrieve_p95_ms: float
    load_avg_start: float = 0.0
    """The 1-minute load average when the run started and ended (a shared machine)."""
    load_avg_end: float = 0.0
    busy_retries: int = 0
    """Batches a writer sent again after ``StoreBusyError`` (SQLite's lock taken too long)."""


def open_memory(target: str, chroma: str | None, collection: str) -> HybridMemory:
    """The store a writer or reader opens: a path (embedded) or a URL with a Chroma server."""
    if chroma is None:
        return HybridMemory(Path(target), embedder="hash")
    host, port = chroma.rsplit(":", 1)
    server = ChromaServer(host=host, port=int(port))
    return HybridMemory(target, embedder="hash", chroma=server, collection=collection)


def writer(target: str, chroma: str | None, collection: str, user: str, n: int, seed: int) -> None:
    """One writer process: ``n`` nodes for ``user`` under tasks of TASK_SIZE.

    Prints the wall-clock start (store open) and end of its writes: interpreter start-up and
    imports are not part of what is measured."""
    notes = synthetic_texts(n, seed)
    with open_memory(target, chroma, collection) as mem:
        barrier = os.environ.get("BENCH_BARRIER")
        if barrier:  # start writing when every writer has opened (see backends_scale.py)
            Path(barrier, f"ready-{user}").touch()
            while not Path(barrier, "go").exists():
                time.sleep(0.05)
        began = time.time()
        tasks = mem.add_many(
            [{"content": f"task {t} of {user}", "node_type": "task"}
             for t in range(max(1, n // TASK_SIZE))],
            user_id=user,
        )  # fmt: skip
        busy = 0
        for lo in range(0, n, BATCH):
            batch = [{"content": notes[i], "parent_id": tasks[i // TASK_SIZE % len(tasks)].id}
                     for i in range(lo, min(n, lo + BATCH))]  # fmt: skip
            while True:
                try:
                    mem.add_many(batch, user_id=user)
                    break
                except StoreBusyError:  # nothing written; what the error tells a caller to do
                    busy += 1
        print(f"WINDOW {began} {time.time()} {busy}", flush=True)


def measure(backend: str, target: str, chroma: str | None, nodes: int, writers: int,
            queries: int) -> Run:  # fmt: skip
    collection = f"bench-{uuid.uuid4().hex[:8]}"
    load_start = os.getloadavg()[0]
    share = nodes // writers
    args = [target, chroma or "-", collection]
    procs = [
        subprocess.Popen([sys.executable, "-m", "benchmarks.backends", "writer", *args,
                          f"w{k}", str(share), str(k)], stdout=subprocess.PIPE, text=True)
        for k in range(writers)
    ]  # fmt: skip
    windows = []
    retries = 0
    for proc in procs:
        out, _ = proc.communicate()
        if proc.returncode != 0:
            raise RuntimeError(f"a writer of {backend} failed ({proc.returncode})")
        line = next(x for x in out.splitlines() if x.startswith("WINDOW"))
        windows.append(tuple(float(v) for v in line.split()[1:3]))
        retries += int(line.split()[3])
    started = min(w[0] for w in windows)
    written = max(w[1] for w in windows)
    with open_memory(target, chroma, collection) as mem:  # opening finishes pending vectors
        settled = time.time()
        stats = mem.stats()
        assert stats.nodes == writers * (share + max(1, share // TASK_SIZE) + 1), stats
        rng = random.Random(5)
        queries_from = synthetic_texts(1000, 99)
        times = []
        for _ in range(queries):
            user = f"w{rng.randrange(writers)}"
            task = rng.choice(mem.children(mem.root(user_id=user).id))
            query = " ".join(rng.choice(queries_from).split()[2:8])
            t = time.perf_counter()
            mem.retrieve(query, user_id=user, task_id=task.id, top_k=10)
            times.append((time.perf_counter() - t) * 1000)
    total = settled - started  # the last writer's end to the store being fully indexed
    return Run(
        backend,
        nodes,
        writers,
        written - started,
        settled - written,
        nodes / total,
        statistics.median(times),
        sorted(times)[int(0.95 * (len(times) - 1))],
        round(load_start, 2),
        round(os.getloadavg()[0], 2),
        retries,
    )


@contextmanager
def servers(tmp: Path) -> Iterator[tuple[PostgresCluster, str]]:
    with postgres_cluster() as cluster, chroma_server(tmp / "chroma-server") as server:
        yield cluster, f"{server.host}:{server.port}"


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "writer":
        target, chroma, collection, user, n, seed = argv[1:7]
        writer(target, None if chroma == "-" else chroma, collection, user, int(n), int(seed))
        return
    stop_on_sigterm()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--writers", default="1,4,8")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/backends.json"))
    args = parser.parse_args(argv)
    runs: list[Run] = []
    with tempfile.TemporaryDirectory() as tmpdir, ExitStack() as stack:
        tmp = Path(tmpdir)
        cluster, chroma = stack.enter_context(servers(tmp))
        for size in (int(s) for s in args.sizes.split(",")):
            for writers in (int(w) for w in args.writers.split(",")):
                for backend in args.backends.split(","):
                    with ExitStack() as db:
                        if backend == "sqlite":
                            target, server = str(tmp / f"sqlite-{size}-{writers}"), None
                        else:
                            target, server = db.enter_context(cluster.database()), chroma
                        run = measure(backend, target, server, size, writers, args.queries)
                    runs.append(run)
                    print(f"{backend:<9}{size:>8,}{writers:>3} writers  "
                          f"{run.ingest_nodes_per_s:>8,.0f} nodes/s (write {run.ingest_s:.1f}s "
                          f"+ settle {run.settle_s:.1f}s)  retrieve p50 {run.retrieve_p50_ms:.1f}"
                          f" ms p95 {run.retrieve_p95_ms:.1f} ms  load {run.load_avg_start}"
                          f" -> {run.load_avg_end}  busy retries {run.busy_retries}",
                          flush=True)  # fmt: skip
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"runs": [asdict(r) for r in runs]}, indent=2))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
