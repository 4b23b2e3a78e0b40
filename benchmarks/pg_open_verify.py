"""``python -m benchmarks.pg_open_verify``: reopen and ``verify()`` of a PostgreSQL + Chroma
server memory at 100k nodes, each in a fresh process, medians of ``--repeat``.

The store is built as ``benchmarks/backends_scale.py`` builds it (the tree bulk-loaded through
the store's batch methods, then indexed by the engine's own path on the first open, hash
embedder), in a throwaway cluster and Chroma server (``benchmarks/servers.py``); or, with
``--url``, ``--chroma`` and ``--collection``, an existing one is measured. Every measurement
is a new Python process that first imports hybridmem, chromadb and psycopg (fixed per-process
costs, reported apart as ``import_s``) and then times:

- ``open_s``: ``HybridMemory(url, chroma=..., collection=...)`` (schema check, session marker,
  index ownership, the Chroma client and collection);
- ``verify_s``: ``verify()`` right after (nothing changed since the last verify: ids compared
  both ways, no entry re-read; the row hashes of rows written since the last clean check
  recomputed by the server, or of every node and op with ``--full``: ``verify(full=True)``).

Each with the process's CPU time (``*_cpu_s``; the servers' work is not in it) and the load
average. ``--code DIR`` measures the hybridmem checkout in ``DIR`` instead of this one (a
before/after in the same run). Writes JSON to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from benchmarks.servers import chroma_server, postgres_cluster, stop_on_sigterm

CHILD = r"""
import json, os, sys, time
t0 = time.perf_counter()
from hybridmem import ChromaServer, HybridMemory
import chromadb, chromadb.api.fastapi, psycopg
import hybridmem.store.postgres
imported = time.perf_counter() - t0
url, host, port, collection, mode = sys.argv[1:6]
c0, t1 = time.process_time(), time.perf_counter()
mem = HybridMemory(url, embedder="hash", chroma=ChromaServer(host, int(port)),
                   collection=collection)
out = {"import_s": imported, "open_s": time.perf_counter() - t1,
       "open_cpu_s": time.process_time() - c0}
c0, t2 = time.process_time(), time.perf_counter()
report = mem.verify(full=mode == "full")
out.update(verify_s=time.perf_counter() - t2, verify_cpu_s=time.process_time() - c0,
           clean=report.clean, nodes=report.nodes, entries_checked=report.entries_checked,
           load1=os.getloadavg()[0])
mem.close()
print(json.dumps(out))
"""


def measure_once(
    url: str, chroma: str, collection: str, code: Path, full: bool = False
) -> dict[str, Any]:
    """One fresh process: imports, open, verify (``full``: every row rehashed)."""
    host, port = chroma.rsplit(":", 1)
    env = {**os.environ, "PYTHONPATH": str(code)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, url, host, port, collection, "full" if full else "since"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the measuring process failed:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def medians(runs: list[dict[str, Any]]) -> dict[str, float]:
    """The median of every timed figure over ``runs``."""
    keys = [k for k in runs[0] if k.endswith("_s") or k == "load1"]
    return {k: round(statistics.median(r[k] for r in runs), 3) for k in keys}


def build(nodes: int, stack: ExitStack, tmp: Path) -> tuple[str, str, str]:
    """A throwaway cluster and Chroma server holding ``nodes`` indexed nodes."""
    from benchmarks.backends_scale import bulk_load
    from hybridmem import HybridMemory
    from hybridmem.store.postgres import PostgresStore

    cluster = stack.enter_context(postgres_cluster())
    server = stack.enter_context(chroma_server(tmp / "chroma-server"))
    url = stack.enter_context(cluster.database())
    collection = f"ov-{uuid.uuid4().hex[:8]}"
    kwargs: dict[str, Any] = {"chroma": server, "collection": collection}
    HybridMemory(url, embedder="hash", **kwargs).close()  # the engine's bookkeeping first
    store = PostgresStore(url)
    bulk_load(store, nodes)
    store.analyze()
    store.close()
    with HybridMemory(url, embedder="hash", **kwargs) as mem:  # indexes every node
        mem.verify()  # the first verify re-reads every entry; the measured ones do not
    return url, f"{server.host}:{server.port}", collection


def main(argv: list[str] | None = None) -> None:
    stop_on_sigterm()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--url", help="measure this store instead of building one")
    parser.add_argument("--chroma", help="host:port of its Chroma server")
    parser.add_argument("--collection", help="its collection")
    parser.add_argument("--full", action="store_true", help="time verify(full=True)")
    parser.add_argument("--code", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/pg_open_verify.json"))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmpdir, ExitStack() as stack:
        if args.url:
            url, chroma, collection = args.url, args.chroma, args.collection
        else:
            began = time.perf_counter()
            url, chroma, collection = build(args.nodes, stack, Path(tmpdir))
            print(f"built {args.nodes} nodes in {time.perf_counter() - began:.0f} s")
        runs = [
            measure_once(url, chroma, collection, args.code, args.full) for _ in range(args.repeat)
        ]
    result = {"code": str(args.code), "full": args.full, "runs": runs, "median": medians(runs)}
    for key, value in result["median"].items():
        print(f"{key:<14}{value:>8.3f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
