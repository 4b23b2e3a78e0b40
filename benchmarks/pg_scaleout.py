"""``python -m benchmarks.pg_scaleout``: N writer processes for N users (N = 1, 2, 4) on
PostgreSQL + the Chroma server, SQLite + embedded Chroma beside it: nodes/s, the time each write
spent taking its write lock, and retrieve p50/p95 under that write load.

Each writer is its own user and makes ``--adds`` single ``add`` calls (an agent's most common
write: one write unit each) under one task. *Lock wait* is the time a write spent in
``PgBase._begin`` (``BEGIN`` and the lock statement: one round trip when nobody holds the lock),
measured the same way on any version of the store, so ``--label main`` run on main's code
gives the global lock's figures (see docs/deployment.md). With one writer it is the round trip
alone; what it grows by with more writers is waiting for other users' writers. A reader
process retrieves (scoped to a random writer's user) from the writers' start to their end.

Starts a throwaway PostgreSQL cluster and a Chroma server (``benchmarks/servers.py``). Writes
JSON to ``--out``, keeping the runs of other labels found there (load averages included: the
machine is shared).
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
import threading
import time
import uuid
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from benchmarks.backends import open_memory, servers
from benchmarks.servers import stop_on_sigterm
from benchmarks.suite_perf import synthetic_texts
from hybridmem.errors import StoreBusyError

LOCK_WAIT = [0.0, 0]
"""Seconds spent in ``PgBase._begin`` and how many times, in this process."""
BY_KIND: dict[str, list[float]] = {}
"""With per-user locks: ``[seconds, count]`` of the lock statement by kind of transaction
(``user``, ``derived``, ``exclusive``) and of the audit tail lock (``tail``)."""


def _time_begin() -> None:
    """Count the time every write transaction of this process spends taking its lock."""
    from hybridmem.store.postgres import base

    begin = base.PgBase._begin

    def timed(self: Any, *args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return begin(self, *args, **kwargs)
        finally:
            LOCK_WAIT[0] += time.perf_counter() - started
            LOCK_WAIT[1] += 1

    base.PgBase._begin = timed  # type: ignore[method-assign]
    take = getattr(base.PgBase, "_take_write_lock", None)
    if take is None:
        piped = getattr(base.PgBase, "_lock_answer", None)
        if piped is not None:
            _time_pipelined_locks(base.PgBase)
        return  # else a store with one global lock: nothing more to tell apart

    def by_kind(self: Any, user_id: str | None, derived: bool) -> Any:
        kind = "derived" if derived else "exclusive" if user_id is None else "user"
        started = time.perf_counter()
        try:
            return take(self, user_id, derived)
        finally:
            seen = BY_KIND.setdefault(kind, [0.0, 0])
            seen[0] += time.perf_counter() - started
            seen[1] += 1

    def hold_tail(self: Any) -> None:
        before = self.tail_seconds
        hold(self)
        if self.tail_seconds != before:
            seen = BY_KIND.setdefault("tail", [0.0, 0])
            seen[0] += self.tail_seconds - before
            seen[1] += 1

    hold = base.PgBase._hold_tail
    base.PgBase._take_write_lock = by_kind  # type: ignore[method-assign]
    base.PgBase._hold_tail = hold_tail  # type: ignore[method-assign]


def _time_pipelined_locks(pg_base: Any) -> None:
    """A pipelined store (issue 36 merged) sends its locks with BEGIN and takes their answer
    with the transaction's first read, so no call of its own waits for them. Here (this
    benchmark only: one more round trip a write) the locks' statement is made to wait for
    its answer right after it is sent, so that ``LOCK_WAIT`` and ``BY_KIND`` time BEGIN and
    the locks as they time the unpipelined stores. The audit tail lock travels with the
    COMMIT and cannot be timed apart: the server-side sampler sees its waits."""
    after_begin = pg_base._after_begin

    def timed(self: Any) -> None:
        started = time.perf_counter()
        try:
            after_begin(self)
            self._lock_answer()
        finally:
            spent = time.perf_counter() - started
            LOCK_WAIT[0] += spent
            if self._mode != "derived":  # its one lock statement is not waited for here
                seen = BY_KIND.setdefault(self._mode, [0.0, 0])
                seen[0] += spent
                seen[1] += 1

    pg_base._after_begin = timed


def _wait_for(path: Path) -> None:
    while not path.exists():  # the processes start together once every one has opened
        time.sleep(0.02)


def writer(target: str, chroma: str | None, collection: str, user: str, adds: int,
           barrier: str) -> None:  # fmt: skip
    """One writer: ``adds`` single adds for ``user``; prints its window and lock wait."""
    _time_begin()
    notes = synthetic_texts(adds, sum(map(ord, user)))
    with open_memory(target, chroma, collection) as mem:
        task = mem.add(f"inbox of {user}", node_type="task", user_id=user)
        Path(barrier, f"ready-{user}").touch()
        _wait_for(Path(barrier, "go"))
        LOCK_WAIT[:] = [0.0, 0]
        BY_KIND.clear()
        began = time.time()
        busy = 0
        for note in notes:
            while True:
                try:
                    mem.add(note, parent_id=task.id, user_id=user)
                    break
                except StoreBusyError:  # SQLite: nothing written, try again
                    busy += 1
        print(f"WINDOW {began} {time.time()} {LOCK_WAIT[0]} {LOCK_WAIT[1]} {busy}", flush=True)
        print(f"KINDS {json.dumps(BY_KIND)}", flush=True)


def reader(target: str, chroma: str | None, collection: str, users: int, barrier: str) -> None:
    """Retrieve (scoped to a random writer's user) until the writers are done."""
    queries = synthetic_texts(200, 99)
    rng = random.Random(7)
    times: list[float] = []
    with open_memory(target, chroma, collection) as mem:
        Path(barrier, "ready-reader").touch()
        _wait_for(Path(barrier, "go"))
        while not Path(barrier, "stop").exists():
            query = " ".join(rng.choice(queries).split()[2:8])
            started = time.perf_counter()
            mem.retrieve(query, user_id=f"w{rng.randrange(users)}", top_k=10)
            times.append((time.perf_counter() - started) * 1000)
    print("TIMES " + " ".join(f"{t:.2f}" for t in times), flush=True)


_SAMPLE_S = 0.005


class _LockSampler:
    """Counts, every 5 ms or so, the sessions of the database waiting for an advisory lock
    (the server's own view: ``pg_stat_activity``), each count standing for the time since the
    last sample: an estimate of the time writers spent waiting for each other, whatever a
    round trip costs on a loaded machine."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.conn = psycopg.connect(url, autocommit=True)
        self.waiting = 0.0
        """Seconds of sessions waiting (each sample's count times the time it stands for)."""
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        last = time.perf_counter()
        while not self._done.wait(_SAMPLE_S):
            row = self.conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND wait_event = 'advisory' AND datname = current_database()"
            ).fetchone()
            now = time.perf_counter()  # a sample stands for the time since the last one
            self.waiting += (int(row[0]) if row else 0) * (now - last)
            last = now

    def stop(self) -> float:
        self._done.set()
        self._thread.join()
        self.conn.close()
        return self.waiting


def _spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "benchmarks.pg_scaleout", *args], stdout=subprocess.PIPE, text=True
    )


def measure(backend: str, target: str, chroma: str | None, writers: int, adds: int) -> dict:
    """One run: ``writers`` writer processes and a reader on a fresh store."""
    collection = f"scale-{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory() as barrier:
        common = [target, chroma or "-", collection]
        procs = [_spawn("writer", *common, f"w{k}", str(adds), barrier) for k in range(writers)]
        read = _spawn("reader", *common, str(writers), barrier)
        for name in [f"w{k}" for k in range(writers)] + ["reader"]:
            _wait_for(Path(barrier, f"ready-{name}"))
        load = os.getloadavg()[0]
        sampler = _LockSampler(target) if backend == "postgres" else None
        Path(barrier, "go").touch()
        windows = []
        kinds: dict[str, list[float]] = {}
        for proc in procs:
            out, _ = proc.communicate()
            if proc.returncode != 0:
                raise RuntimeError(f"a writer of {backend} failed ({proc.returncode})")
            line = next(x for x in out.splitlines() if x.startswith("WINDOW"))
            windows.append([float(v) for v in line.split()[1:]])
            for line in out.splitlines():
                for kind, (secs, count) in (
                    json.loads(line[6:]).items() if line.startswith("KINDS") else ()
                ):
                    total = kinds.setdefault(kind, [0.0, 0])
                    total[0], total[1] = total[0] + secs, total[1] + count
        waits = sampler.stop() if sampler else None
        Path(barrier, "stop").touch()
        out, _ = read.communicate()
        times = sorted(float(t) for t in out.split("TIMES", 1)[1].split())
    took = max(w[1] for w in windows) - min(w[0] for w in windows)
    begins = sum(w[3] for w in windows)
    return {
        "backend": backend,
        "writers": writers,
        "adds": writers * adds,
        "seconds": round(took, 2),
        "nodes_per_s": round(writers * adds / took, 1),
        "lock_wait_ms_per_write": (
            round(1000 * sum(w[2] for w in windows) / begins, 3) if begins else None
        ),
        "advisory_wait_ms_per_write": (
            round(waits * 1000 / (writers * adds), 3) if waits is not None else None
        ),
        "lock_ms_by_kind": {
            kind: {"count": int(count), "ms_each": round(1000 * secs / count, 3)}
            for kind, (secs, count) in sorted(kinds.items())
            if count
        },
        "busy_retries": int(sum(w[4] for w in windows)),
        "retrieves": len(times),
        "retrieve_p50_ms": round(statistics.median(times), 1) if times else None,
        "retrieve_p95_ms": round(times[int(0.95 * (len(times) - 1))], 1) if times else None,
        "load_avg_start": round(load, 2),
        "load_avg_end": round(os.getloadavg()[0], 2),
    }


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("writer", "reader"):
        target, chroma, collection = argv[1], None if argv[2] == "-" else argv[2], argv[3]
        if argv[0] == "writer":
            writer(target, chroma, collection, argv[4], int(argv[5]), argv[6])
        else:
            reader(target, chroma, collection, int(argv[4]), argv[5])
        return
    stop_on_sigterm()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writers", default="1,2,4")
    parser.add_argument("--adds", type=int, default=150, help="single adds per writer")
    parser.add_argument("--backends", default="postgres,sqlite")
    parser.add_argument("--label", default="per_user_lock", help="what code this run measures")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/pg_scaleout.json"))
    args = parser.parse_args(argv)
    runs = []
    with tempfile.TemporaryDirectory() as tmpdir, ExitStack() as stack:
        tmp = Path(tmpdir)
        cluster, chroma = stack.enter_context(servers(tmp))
        for writers in (int(w) for w in args.writers.split(",")):
            for backend in args.backends.split(","):
                with ExitStack() as db:
                    if backend == "sqlite":
                        target, server = str(tmp / f"sqlite-{writers}"), None
                    else:
                        target, server = db.enter_context(cluster.database()), chroma
                    run = measure(backend, target, server, writers, args.adds)
                runs.append(run)
                wait = run["lock_wait_ms_per_write"]
                held = run["advisory_wait_ms_per_write"]
                print(f"{args.label:<14}{backend:<9}{writers:>2} writers {run['nodes_per_s']:>7.1f}"
                      f" nodes/s  lock {'-' if wait is None else f'{wait:.2f} ms'}/write (waiting"
                      f" {'-' if held is None else f'{held:.2f} ms'})  "
                      f"retrieve p50 {run['retrieve_p50_ms']} ms p95 {run['retrieve_p95_ms']} ms"
                      f"  load {run['load_avg_start']} -> {run['load_avg_end']}",
                      flush=True)  # fmt: skip
    kept = json.loads(args.out.read_text()) if args.out.exists() else {}
    kept[args.label] = {"adds_per_writer": args.adds, "runs": runs}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(kept, indent=2))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
