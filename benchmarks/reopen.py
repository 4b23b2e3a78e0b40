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
- verify:  a full ``verify()`` (every id and document compared) for scale.

Run: ``python -m benchmarks.reopen [--sizes 10000 100000] [--out benchmarks/results]``.
Prints a table and writes ``reopen.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

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
out = {"import_s": imported, "tokenizer_s": tokenizer, "open_s": opened,
       "load1": os.getloadavg()[0], "report": {
    k: getattr(mem.open_report, k) for k in ("finished_pending", "orphans_removed",
    "unclean_sessions", "full_reconcile", "seconds")}}
if mode == "verify":
    t2 = time.perf_counter()
    rep = mem.verify()
    out["verify_s"] = time.perf_counter() - t2
    out["clean"] = rep.clean
    out["nodes"] = rep.nodes
mem.close()
print(json.dumps(out))
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


def child(path: Path, mode: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), mode],
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 10_000, 100_000])
    parser.add_argument("--data", type=Path, default=Path("/tmp/hybridmem-reopen"))
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    parser.add_argument("--repeat", type=int, default=3)
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
        cold, warm, unclean = [], [], []
        reports = {}
        for _ in range(args.repeat):
            evict(path)
            c = child(path, "open")
            cold.append(c["open_s"])
            w = child(path, "open")
            warm.append(w["open_s"])
            reports["warm"] = w["report"]
            child(path, "kill")
            u = child(path, "open")
            unclean.append(u["open_s"])
            reports["unclean"] = u["report"]
        v = child(path, "verify")
        row = {
            "nodes": v["nodes"],
            "store_mb": size / 1e6,
            "build_s": built,
            "import_s": w["import_s"],
            "tokenizer_s": w["tokenizer_s"],
            "load_avg_1min": [c["load1"], w["load1"], u["load1"]],
            "cold_open_s": min(cold),
            "warm_open_s": min(warm),
            "unclean_open_s": min(unclean),
            "cold_all": cold,
            "warm_all": warm,
            "unclean_all": unclean,
            "verify_s": v["verify_s"],
            "verify_clean": v["clean"],
            "open_reports": reports,
        }
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
        f"{'nodes':>8} {'store MB':>9} {'cold s':>8} {'warm s':>8} {'unclean s':>10} "
        f"{'verify s':>9} {'import s':>9} {'bpe s':>6}"
    )
    for r in rows:
        print(
            f"{r['nodes']:>8} {r['store_mb']:>9.1f} {r['cold_open_s']:>8.2f} "
            f"{r['warm_open_s']:>8.2f} {r['unclean_open_s']:>10.2f} {r['verify_s']:>9.2f} "
            f"{r['import_s']:>9.2f} {r['tokenizer_s']:>6.2f}"
        )
    print(
        f"(min of {args.repeat} runs; open = HybridMemory(path) only: imports (chromadb "
        "included) and the BPE tables are loaded before it and shown apart; machine "
        "load averages in the JSON)"
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
