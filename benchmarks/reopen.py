"""Reopen time of a store at 10k and 100k nodes: cold, warm, after an unclean exit.

Builds each store once with the *hash* embedder (deterministic, no model: a 100k build then
takes minutes instead of an hour of MiniLM embedding; reopen does not embed anything, so the
embedder does not change what is measured here). Every measurement runs in a fresh Python
process and times only ``HybridMemory(path)``; the per-process fixed costs (importing
hybridmem and chromadb, loading the BPE tables) are paid before it and reported apart:

- cold:    the store's files were evicted from the OS page cache first
           (``posix_fadvise(DONTNEED)``, no root needed), then a new process opens it;
- warm:    a new process opens it again right after (files in the page cache);
- unclean: the previous process was SIGKILLed while holding the store open, so open also
           reaps the dead session and sweeps its deletes (the crash path);
- verify:  ``verify()`` on a store nothing changed since its last verify (ids and entry
           fingerprints compared, no entry re-read), then ``verify(full=True)`` (every
           entry's metadata and content hash re-read); the first verify after the build
           (every entry new to it) is reported apart;
- first retrieve: a task-scoped ``retrieve`` right after a warm open;
- bare:    the same Chroma directory opened by a bare ``chromadb.PersistentClient`` in a
           fresh process (client + collection, then one query, then every id): the baseline
           of the same run.

Run: ``python -m benchmarks.reopen [--sizes 10000 100000] [--out benchmarks/results]``.
Prints a table and writes ``reopen.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.perf_scope_bulk import timing_lock

CHILD = r"""
import json, os, signal, sys, time
t0 = time.perf_counter()
from hybridmem import HybridMemory
from hybridmem.tokens import default_counter
import chromadb  # imported lazily by the first open otherwise: a fixed per-process cost
imported = time.perf_counter() - t0
t0 = time.perf_counter()
default_counter()  # the BPE tables: a fixed per-process cost, reported on its own
tokenizer = time.perf_counter() - t0
path, mode = sys.argv[1], sys.argv[2]
t1 = time.perf_counter()
mem = HybridMemory(path, embedder="hash")
opened = time.perf_counter() - t1
if mode == "kill":
    os.kill(os.getpid(), signal.SIGKILL)
first = None
if mode == "open":
    t3 = time.perf_counter()
    mem.retrieve("task note step", user_id="user0", task_id="user0-t0", record_access=False)
    first = time.perf_counter() - t3
out = {"import_s": imported, "tokenizer_s": tokenizer, "open_s": opened,
       "first_retrieve_s": first,
       "load1": os.getloadavg()[0], "report": {
    k: getattr(mem.open_report, k) for k in ("finished_pending", "orphans_removed",
    "unclean_sessions", "full_reconcile", "seconds")}}
if mode == "verify":
    t2 = time.perf_counter()
    rep = mem.verify()
    out["verify_s"] = time.perf_counter() - t2
    out["clean"] = rep.clean
    out["nodes"] = rep.nodes
    out["entries_checked"] = rep.entries_checked
if mode == "verify-full":
    t2 = time.perf_counter()
    full = mem.verify(full=True)
    out["verify_full_s"] = time.perf_counter() - t2
    out["clean"] = full.clean
    out["nodes"] = full.nodes
mem.close()
print(json.dumps(out))
"""


BARE = r"""
import json, os, sys, time
import numpy as np
import chromadb
path = sys.argv[1]
t0 = time.perf_counter()
client = chromadb.PersistentClient(path=path)
coll = client.get_collection(client.list_collections()[0].name)
opened = time.perf_counter() - t0
dim = len(coll.get(limit=1, include=["embeddings"])["embeddings"][0])
t0 = time.perf_counter()
coll.query(query_embeddings=np.ones((1, dim), dtype=np.float32), n_results=10)
first = time.perf_counter() - t0
t0 = time.perf_counter()
ids = coll.get(include=[])["ids"]
every = time.perf_counter() - t0
print(json.dumps({"open_s": opened, "first_query_s": first, "all_ids_s": every,
                  "ids": len(ids), "load1": os.getloadavg()[0]}))
"""


def build(path: Path, n: int) -> float:
    """A tree of n nodes: users x tasks x notes, added in batches of 1000."""
    from hybridmem import HybridMemory

    start = time.perf_counter()
    with HybridMemory(path, embedder="hash") as mem:
        written = 0
        user = 0
        while written < n:
            user_id = f"user{user}"
            for t in range(10):
                if written >= n:
                    break
                items = [
                    {"content": f"{user_id} task {t}", "node_type": "task", "id": f"{user_id}-t{t}"}
                ]
                items += [
                    {
                        "content": f"{user_id} task {t} note {i}: step {i * 7 % 13}",
                        "parent_id": f"{user_id}-t{t}",
                    }
                    for i in range(min(999, n - written - 2))
                ]
                mem.add_many(items, user_id=user_id)
                written = mem.store.node_count()
            user += 1
    return time.perf_counter() - start


def evict(path: Path) -> None:
    """Drop the store's files from the OS page cache (best effort, no root needed)."""
    for file in path.rglob("*"):
        if file.is_file():
            fd = os.open(file, os.O_RDONLY)
            try:
                os.fsync(fd) if os.access(file, os.W_OK) else None
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def child(path: Path, mode: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    script, where = (BARE, path / "chroma") if mode == "bare" else (CHILD, path)
    proc = subprocess.run(
        [sys.executable, "-c", script, str(where), mode],
        capture_output=True,
        text=True,
        env=env,
        timeout=3600,
    )
    if mode == "kill":
        return {"killed": proc.returncode == -9}
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def measure(path: Path, repeat: int) -> dict[str, Any]:
    """Opens (cold, warm with a first retrieve, unclean), the bare client (cold, warm) and
    the verifies, alternating engine and bare inside each repeat."""
    load_before = os.getloadavg()[0]
    cold, warm, unclean, first = [], [], [], []
    bare_cold, bare_warm, bare_query, bare_ids = [], [], [], []
    reports = {}
    w: dict[str, Any] = {}
    for _ in range(repeat):
        evict(path)
        cold.append(child(path, "open")["open_s"])
        w = child(path, "open")
        warm.append(w["open_s"])
        first.append(w["first_retrieve_s"])
        reports["warm"] = w["report"]
        evict(path)
        bare_cold.append(child(path, "bare")["open_s"])
        b = child(path, "bare")
        bare_warm.append(b["open_s"])
        bare_query.append(b["first_query_s"])
        bare_ids.append(b["all_ids_s"])
        child(path, "kill")
        u = child(path, "open")
        unclean.append(u["open_s"])
        reports["unclean"] = u["report"]
    verifies = [child(path, "verify") for _ in range(repeat)]
    full = child(path, "verify-full")
    med = statistics.median
    return {
        "nodes": verifies[0]["nodes"],
        "import_s": w["import_s"],
        "tokenizer_s": w["tokenizer_s"],
        "load_before": load_before,
        "load_after": os.getloadavg()[0],
        "cold_open_s": med(cold),
        "warm_open_s": med(warm),
        "unclean_open_s": med(unclean),
        "first_retrieve_s": med(first),
        "cold_all": cold,
        "warm_all": warm,
        "unclean_all": unclean,
        "first_all": first,
        "bare_cold_open_s": med(bare_cold),
        "bare_warm_open_s": med(bare_warm),
        "bare_first_query_s": med(bare_query),
        "bare_all_ids_s": med(bare_ids),
        "bare_cold_all": bare_cold,
        "bare_warm_all": bare_warm,
        "verify_s": med(v["verify_s"] for v in verifies),
        "verify_all": [v["verify_s"] for v in verifies],
        "verify_entries_checked": [v["entries_checked"] for v in verifies],
        "verify_full_s": full["verify_full_s"],
        "verify_clean": all(v["clean"] for v in [*verifies, full]),
        "open_reports": reports,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 10_000, 100_000])
    parser.add_argument("--data", type=Path, default=Path("/tmp/hybridmem-reopen"))
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--lock", type=Path, default=None, help="a file to flock while timing (not while building)"
    )
    args = parser.parse_args()
    print("embedder: hash (deterministic fake; reopen embeds nothing, see module docstring)")
    rows = []
    for n in args.sizes:
        path = args.data / f"n{n}"
        if not (path / "memory.sqlite3").exists():
            print(f"building {n} nodes in {path} ...", flush=True)
            built = build(path, n)
            print(f"  built in {built:.1f}s", flush=True)
        else:
            built = float("nan")
        size = sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
        # Untimed: the first verify of a new store confirms every entry once (later ones
        # re-read only what changed); on an existing store it settles what changed since.
        settle = child(path, "verify")
        with timing_lock(args.lock):
            row = measure(path, args.repeat)
        row.update(
            {"store_mb": size / 1e6, "build_s": built, "settling_verify_s": settle["verify_s"]}
        )
        rows.append(row)
        print(
            json.dumps(
                {
                    k: row[k]
                    for k in ("nodes", "cold_open_s", "warm_open_s", "unclean_open_s", "verify_s")
                }
            ),
            flush=True,
        )
    print()
    print(
        f"{'nodes':>8} {'store MB':>9} {'cold s':>7} {'warm s':>7} {'1st ret s':>9} "
        f"{'unclean s':>9} {'verify s':>8} {'full s':>7} | {'bare cold':>9} {'bare warm':>9} "
        f"{'1st query':>9} {'all ids':>7} | load"
    )
    for r in rows:
        print(
            f"{r['nodes']:>8} {r['store_mb']:>9.1f} {r['cold_open_s']:>7.2f} "
            f"{r['warm_open_s']:>7.2f} {r['first_retrieve_s']:>9.2f} "
            f"{r['unclean_open_s']:>9.2f} {r['verify_s']:>8.2f} {r['verify_full_s']:>7.2f} | "
            f"{r['bare_cold_open_s']:>9.2f} {r['bare_warm_open_s']:>9.2f} "
            f"{r['bare_first_query_s']:>9.2f} {r['bare_all_ids_s']:>7.2f} | "
            f"{r['load_before']:.1f}->{r['load_after']:.1f}"
        )
    print(
        f"(median of {args.repeat} runs; open = HybridMemory(path) only: imports (chromadb "
        "included) and the BPE tables are loaded before it; bare = chromadb.PersistentClient + "
        "get_collection on the same directory, its first query and every id)"
    )
    args.out.mkdir(parents=True, exist_ok=True)
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "embedder": "hash",
        "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    (args.out / "reopen.json").write_text(json.dumps({"meta": meta, "rows": rows}, indent=2))
    print(f"wrote {args.out / 'reopen.json'}")


if __name__ == "__main__":
    main()
