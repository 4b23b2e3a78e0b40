"""``python -m benchmarks.pg_roundtrips``: what one write costs in statements and round trips on
PostgreSQL, beside SQLite's nodes/s in the same run.

Each backend writes the same notes under one task with ``add_many`` (batches of ``--batch``),
then makes single calls: ``add`` (one write unit per node), ``update`` (a note's content) and
``set_active`` (switching between two tasks), with the in-memory vector index (the tree store
is measured, not Chroma). On PostgreSQL every call psycopg makes is counted (:func:`counted`):
*statements* sent (BEGIN and COMMIT included), and *round trips*, the times the client waits
for the server (a statement outside a pipeline, one ``executemany`` outside one, each pipeline
sync and each result read inside one). One call of each single kind is traced: its round trips
in order, each named by the store call that waited and the engine calls above it
(``postgres.breakdown``). Starts a throwaway PostgreSQL cluster (``benchmarks/servers.py``).
Writes JSON to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest.mock import patch

import psycopg
from psycopg._pipeline_base import BasePipeline

from benchmarks.servers import postgres_cluster, stop_on_sigterm
from benchmarks.suite_perf import synthetic_texts
from hybridmem import HybridMemory
from hybridmem.index import InMemoryIndex


@dataclass
class Tally:
    """What psycopg sent and waited for while :func:`counted` ran."""

    statements: int = 0
    round_trips: int = 0
    trace: list[str] = field(default_factory=list)
    """With ``trace=True``: each round trip, named by the hybridmem calls that waited."""
    tracing: bool = False

    def wait(self, what: str) -> None:
        self.round_trips += 1
        if self.tracing:
            self.trace.append(f"{what}: {_caller()}")


def _caller() -> str:
    """The innermost store call and the engine call above it (``store/... < core/...``)."""
    frames = [
        f
        for f in traceback.extract_stack()
        if "/hybridmem/" in f.filename and "/store/postgres/piped.py" not in f.filename
        and "/store/postgres/base.py" not in f.filename
    ]  # fmt: skip
    names = [f"{f.filename.split('/hybridmem/')[-1]}:{f.name}" for f in reversed(frames[-3:])]
    return " < ".join(names)


@contextmanager
def counted(*, trace: bool = False) -> Iterator[Tally]:
    """Count psycopg's statements and round trips while the block runs.

    A round trip is a time the client waits for the server: a statement outside a pipeline
    (BEGIN, COMMIT and SAVEPOINT of psycopg's own transactions included), one ``executemany``
    outside a pipeline, and inside one each sync (its end, ``sync()``) and each result read
    before the end (``fetchone`` on a queued statement flushes and waits)."""
    seen = Tally(tracing=trace)
    execute, executemany = psycopg.Cursor.execute, psycopg.Cursor.executemany
    command = psycopg.Connection._exec_command
    enqueue_sync, exit_gen, fetch_gen = (
        BasePipeline._enqueue_sync,
        BasePipeline._exit_gen,
        BasePipeline._fetch_gen,
    )
    exiting: set[int] = set()

    def one(cur: Any, query: Any, params: Any = None, **kw: Any) -> Any:
        seen.statements += 1
        if cur.connection._pipeline is None:
            seen.wait("statement")
        return execute(cur, query, params, **kw)

    def many(cur: Any, query: Any, params: Any, **kw: Any) -> Any:
        params = list(params)
        seen.statements += len(params)
        if cur.connection._pipeline is None:
            seen.wait("executemany")
        return executemany(cur, query, params, **kw)

    def internal(conn: Any, cmd: Any, *args: Any, **kw: Any) -> Any:
        seen.statements += 1
        if conn._pipeline is None:
            seen.wait(f"{bytes(cmd)[:12].decode(errors='replace')}")
        return command(conn, cmd, *args, **kw)

    def sync(pipe: Any) -> None:
        if id(pipe) not in exiting:
            seen.wait("pipeline sync")
        enqueue_sync(pipe)

    def exit_(pipe: Any) -> Any:
        seen.wait("pipeline end")
        exiting.add(id(pipe))
        try:
            return (yield from exit_gen(pipe))
        finally:
            exiting.discard(id(pipe))

    def fetch(pipe: Any, *, flush: bool) -> Any:
        if flush and pipe.result_queue and id(pipe) not in exiting:
            seen.wait("result read")
        return (yield from fetch_gen(pipe, flush=flush))

    with (
        patch.object(psycopg.Cursor, "execute", one),
        patch.object(psycopg.Cursor, "executemany", many),
        patch.object(psycopg.Connection, "_exec_command", internal),
        patch.object(BasePipeline, "_enqueue_sync", sync),
        patch.object(BasePipeline, "_exit_gen", exit_),
        patch.object(BasePipeline, "_fetch_gen", fetch),
    ):
        yield seen


SINGLE = ("add", "update", "set_active")
"""The single-node calls whose round trips are counted one call at a time."""


def single_call(mem: HybridMemory, mode: str, k: int, task_ids: list[str], notes: list[str],
                written: list[str]) -> None:  # fmt: skip
    """The ``k``-th call of ``mode``: add a note, change a note's content, switch the active
    task (between two, so every call changes it)."""
    if mode == "add":
        written.append(mem.add(notes[k], parent_id=task_ids[0], user_id="u").id)
    elif mode == "update":
        mem.update(written[k % len(written)], content=f"{notes[k]} (revised)", user_id="u")
    else:
        mem.set_active(task_ids[k % 2], user_id="u")


def measure(target: str | Path, nodes: int, batch: int, trace: bool) -> dict[str, Any]:
    """Per node (per call for update and set_active): calls/s, statements, round trips; with
    ``trace`` each round trip of one call of each single-node mode, named by its caller."""
    out: dict[str, Any] = {}
    with HybridMemory(target, embedder="hash", index=InMemoryIndex()) as mem:
        tasks = [mem.add(f"Inbox {k}", node_type="task", user_id="u").id for k in (0, 1)]
        written: list[str] = []
        for mode in ("add_many", *SINGLE):
            count = nodes if mode == "add_many" else max(1, nodes // 5)
            notes = synthetic_texts(count, 1 if mode == "add_many" else 2)
            with counted() as seen:
                began = time.perf_counter()
                if mode == "add_many":
                    for lo in range(0, count, batch):
                        mem.add_many(
                            [{"content": n, "parent_id": tasks[0]} for n in notes[lo : lo + batch]],
                            user_id="u",
                        )
                else:
                    for k in range(count):
                        single_call(mem, mode, k, tasks, notes, written)
                took = time.perf_counter() - began
            out[mode] = {
                "nodes": count,
                "nodes_per_s": round(count / took, 1),
                "statements_per_node": round(seen.statements / count, 2),
                "round_trips_per_node": round(seen.round_trips / count, 2),
            }
        if trace:
            out["breakdown"] = {}
            for mode in SINGLE:
                with counted(trace=True) as seen:
                    single_call(mem, mode, count + 1, tasks, notes + notes, written)
                out["breakdown"][mode] = seen.trace
    return out


def main(argv: list[str] | None = None) -> None:
    stop_on_sigterm()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/pg_roundtrips.json"))
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    load = os.getloadavg()
    results: dict[str, Any] = {"load_avg": [round(x, 2) for x in load]}
    with tempfile.TemporaryDirectory() as tmp, postgres_cluster() as cluster:
        results["sqlite"] = measure(Path(tmp) / "sqlite", args.nodes, args.batch, False)
        with cluster.database() as url:
            results["postgres"] = measure(url, args.nodes, args.batch, True)
    results["load_avg_after"] = [round(x, 2) for x in os.getloadavg()]
    for backend in ("sqlite", "postgres"):
        for mode, r in results[backend].items():
            if mode == "breakdown":
                continue
            extra = (
                f"  {r['statements_per_node']:>6.2f} statements/node"
                f"  {r['round_trips_per_node']:>6.2f} round trips/node"
                if backend == "postgres"
                else ""
            )
            print(f"{backend:<9}{mode:<11}{r['nodes_per_s']:>8,.0f} calls/s{extra}")
    for mode, trips in results["postgres"]["breakdown"].items():
        print(f"one {mode}: {len(trips)} round trips")
        for trip in trips:
            print(f"    {trip}")
    print(f"load average {results['load_avg']} -> {results['load_avg_after']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
