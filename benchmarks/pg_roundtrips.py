"""``python -m benchmarks.pg_roundtrips``: what one write costs in statements and round trips on
PostgreSQL, beside SQLite's nodes/s in the same run.

Each backend writes the same notes under one task, once with ``add_many`` (batches of
``--batch``) and once with ``add`` (one write unit per node), with the in-memory vector index
(the tree store is measured, not Chroma). On PostgreSQL every call psycopg makes is counted:
*statements* sent, and *round trips*, the times the client waits for the server (a statement
outside a pipeline, one ``executemany``, one pipeline block). Starts a throwaway PostgreSQL
cluster (``benchmarks/servers.py``). Writes JSON to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest.mock import patch

import psycopg

from benchmarks.servers import postgres_cluster, stop_on_sigterm
from benchmarks.suite_perf import synthetic_texts
from hybridmem import HybridMemory
from hybridmem.index import InMemoryIndex


@contextmanager
def counted() -> Iterator[Counter[str]]:
    """Count psycopg's statements and round trips while the block runs."""
    seen: Counter[str] = Counter()
    execute, executemany, pipeline = (
        psycopg.Cursor.execute,
        psycopg.Cursor.executemany,
        psycopg.Connection.pipeline,
    )

    def one(cur: Any, query: Any, params: Any = None, **kw: Any) -> Any:
        seen["statements"] += 1
        seen["round_trips"] += cur.connection._pipeline is None
        return execute(cur, query, params, **kw)

    def many(cur: Any, query: Any, params: Any, **kw: Any) -> Any:
        params = list(params)
        seen["statements"] += len(params)
        seen["round_trips"] += cur.connection._pipeline is None
        return executemany(cur, query, params, **kw)

    @contextmanager
    def piped(conn: Any) -> Iterator[Any]:
        outer = conn._pipeline is None
        with pipeline(conn) as p:
            yield p
        seen["round_trips"] += outer

    with (
        patch.object(psycopg.Cursor, "execute", one),
        patch.object(psycopg.Cursor, "executemany", many),
        patch.object(psycopg.Connection, "pipeline", piped),
    ):
        yield seen


def measure(target: str | Path, nodes: int, batch: int) -> dict[str, Any]:
    """nodes/s, statements and round trips per node for add_many and for add."""
    out: dict[str, Any] = {}
    with HybridMemory(target, embedder="hash", index=InMemoryIndex()) as mem:
        task = mem.add("Inbox", node_type="task", user_id="u")
        for mode in ("add_many", "add"):
            count = nodes if mode == "add_many" else max(1, nodes // 5)
            notes = synthetic_texts(count, 1 if mode == "add_many" else 2)
            with counted() as seen:
                began = time.perf_counter()
                if mode == "add_many":
                    for lo in range(0, count, batch):
                        mem.add_many(
                            [{"content": n, "parent_id": task.id} for n in notes[lo : lo + batch]],
                            user_id="u",
                        )
                else:
                    for note in notes:
                        mem.add(note, parent_id=task.id, user_id="u")
                took = time.perf_counter() - began
            out[mode] = {
                "nodes": count,
                "nodes_per_s": round(count / took, 1),
                "statements_per_node": round(seen["statements"] / count, 2),
                "round_trips_per_node": round(seen["round_trips"] / count, 2),
            }
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
        results["sqlite"] = measure(Path(tmp) / "sqlite", args.nodes, args.batch)
        with cluster.database() as url:
            results["postgres"] = measure(url, args.nodes, args.batch)
    results["load_avg_after"] = [round(x, 2) for x in os.getloadavg()]
    for backend in ("sqlite", "postgres"):
        for mode, r in results[backend].items():
            extra = (
                f"  {r['statements_per_node']:>6.2f} statements/node"
                f"  {r['round_trips_per_node']:>6.2f} round trips/node"
                if backend == "postgres"
                else ""
            )
            print(f"{backend:<9}{mode:<9}{r['nodes_per_s']:>8,.0f} nodes/s{extra}")
    print(f"load average {results['load_avg']} -> {results['load_avg_after']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
