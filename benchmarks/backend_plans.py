"""``python -m benchmarks.backend_plans``: do the stores' scope queries use indexes at scale?
Loads a synthetic tree (users x tasks x events, nested tasks, Zipf-like words) through the
store's batch methods, then runs the store's own read methods capturing the plan of every
statement they execute, and prints, per query, its p50/p95 time and the scans its plans used
(a full scan of ``nodes`` is the failure this checks for).

PostgreSQL: ``auto_explain`` captures the executed plans (the table is ``ANALYZE``d after the
load, as a server's autovacuum would). SQLite (``--backends sqlite``): every statement the
store executes is traced (bound values expanded) and ``EXPLAIN QUERY PLAN`` run on it; the
file is not ``ANALYZE``d, as the engine never does (its queries are written for the planner
without statistics). Starts a throwaway PostgreSQL cluster itself (``benchmarks/servers.py``),
or uses ``--pg-url`` (a superuser's: ``LOAD 'auto_explain'`` needs it). Writes JSON to
``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from hybridmem import lexical
from hybridmem.clock import to_iso
from hybridmem.models import MemoryNode
from hybridmem.store import Scope, SQLiteStore, TreeStore, encode_path
from hybridmem.store.postgres import PostgresStore

T0 = datetime(2024, 1, 1, tzinfo=UTC)


@dataclass
class Tree:
    """What the loader built: enough to aim queries at real nodes."""

    users: list[str] = field(default_factory=list)
    tasks: list[tuple[str, str, str]] = field(default_factory=list)  # (user, task id, path)
    events: list[str] = field(default_factory=list)


def words(rng: random.Random, vocab: list[str], cum: list[float], k: int) -> str:
    return " ".join(rng.choices(vocab, cum_weights=cum, k=k))


def synthetic_rows(n: int, tree: Tree, seed: int = 1) -> Iterator[dict[str, Any]]:
    """``n`` node rows (without ``seq``) in tree order: a root per user, 100 tasks per user
    (every 10th nested under the previous task), events spread over the tasks."""
    rng = random.Random(seed)
    vocab = [f"w{i}" for i in range(5000)]
    cum: list[float] = []
    total = 0.0
    for i in range(len(vocab)):
        total += 1 / (i + 1)
        cum.append(total)
    users = max(1, n // 10_000)
    per_user = n // users
    made = 0
    for u in range(users):
        user = f"user{u:04d}"
        tree.users.append(user)
        root = f"{user}-root"
        yield make_row(root, user, None, [], root, "root", "root", 0)
        made += 1
        tasks: list[tuple[str, list[str]]] = []
        for t in range(100):
            tid = f"{user}-t{t:03d}"
            parent, above = (tasks[-1][0], tasks[-1][1]) if t % 10 == 9 else (root, [])
            ancestors = [root] if parent == root else [*above, parent]
            tasks.append((tid, ancestors))
            tree.tasks.append((user, tid, encode_path([*ancestors, tid])))
            text = "task " + words(rng, vocab, cum, 4)
            yield make_row(tid, user, parent, ancestors, tid, "task", text, made)
            made += 1
        for e in range(per_user - 101):
            tid, ancestors = tasks[e % 100]
            eid = f"{user}-e{e:06d}"
            text = words(rng, vocab, cum, rng.randrange(8, 24))
            tree.events.append(eid)
            yield make_row(eid, user, tid, [*ancestors, tid], tid, "event", text, made)
            made += 1


def make_row(
    node_id: str, user: str, parent: str | None, ancestors: list[str], task: str,
    node_type: str, text: str, k: int,
) -> dict[str, Any]:  # fmt: skip
    """A node row as the engine writes it (``seq`` to be filled in from the op log)."""
    at = to_iso(T0 + timedelta(seconds=k))
    return {
        "id": node_id, "user_id": user, "agent_id": None, "session_id": None,
        "parent_id": parent, "path": encode_path(ancestors), "depth": len(ancestors),
        "task_id": task, "content": text, "content_hash": "h", "node_type": node_type,
        "importance": 0.5, "confidence": 0.8, "activity": 0.0, "created_at": at,
        "updated_at": at, "last_accessed_at": None, "access_count": 0, "seq": 0,
        "version": 1, "status": "active", "index_state": "pending", "source_id": None,
        "metadata": "{}", "lifecycle": None, "tier": None, "conflict_group": None,
        "sensitive": 0,
    }  # fmt: skip


def load(store: TreeStore, n: int, batch: int = 2000) -> tuple[Tree, float]:
    """Insert ``n`` nodes (op row + node row each) in transactions of ``batch``; seconds."""
    started = time.perf_counter()
    tree = Tree()
    pending: list[tuple[dict[str, Any], str]] = []

    def flush() -> None:
        with store.transaction():
            seqs = store.append_ops(
                [
                    {"op": "add", "node_id": r["id"], "user_id": r["user_id"], "at": T0}
                    for r, _ in pending
                ]
            )
            for (row, _), seq in zip(pending, seqs, strict=True):
                row["seq"] = seq
            store.insert_nodes(pending)
        pending.clear()

    for row in synthetic_rows(n, tree):
        pending.append((row, lexical.document_terms(row["content"])))
        if len(pending) >= batch:
            flush()
    if pending:
        flush()
    if isinstance(store, PostgresStore):
        store.analyze()
    return tree, time.perf_counter() - started


@contextmanager
def captured_plans(store: PostgresStore) -> Iterator[list[dict[str, Any]]]:
    """Every plan the store's connection executes, as auto_explain's JSON, while inside."""
    plans: list[dict[str, Any]] = []

    def on_notice(diag: Any) -> None:
        text = diag.message_primary or ""
        if "plan:" in text:
            plans.append(json.loads(text.split("plan:", 1)[1]))

    conn = store.conn
    conn.execute("LOAD 'auto_explain'")
    for setting in ("log_min_duration = 0", "log_format = json", "log_level = notice"):
        conn.execute(f"SET auto_explain.{setting}")
    conn.add_notice_handler(on_notice)
    try:
        yield plans
    finally:
        conn.remove_notice_handler(on_notice)
        conn.execute("SET auto_explain.log_min_duration = -1")


@contextmanager
def captured_sqlite_plans(store: SQLiteStore) -> Iterator[list[dict[str, Any]]]:
    """``{"detail": [...]}`` per SELECT the store's connection runs while inside: the rows of
    ``EXPLAIN QUERY PLAN`` of the statement as executed (run after the block, off the clock)."""
    statements: list[str] = []

    def on_statement(sql: str) -> None:
        if sql.lstrip().upper().startswith(("SELECT", "WITH")):
            statements.append(sql)

    plans: list[dict[str, Any]] = []
    store.conn.set_trace_callback(on_statement)
    try:
        yield plans
    finally:
        store.conn.set_trace_callback(None)
    for sql in dict.fromkeys(statements):
        rows = store.conn.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall()
        plans.append({"sqlite": [str(r[3]) for r in rows]})


def scans(plan: dict[str, Any]) -> set[str]:
    """``Index Scan using idx on nodes``-style names of the scans in a plan tree."""
    found: set[str] = set()
    if "sqlite" in plan:  # SCAN nodes / SEARCH nodes USING INDEX idx (...)
        return {d for d in plan["sqlite"] if d.startswith(("SCAN", "SEARCH"))}
    stack = [plan.get("Plan", plan)]
    while stack:
        node = stack.pop()
        kind = node.get("Node Type", "")
        if ("Scan" in kind and node.get("Relation Name")) or node.get("Index Name"):
            name = f"{kind} on {node['Relation Name']}" if node.get("Relation Name") else kind
            if node.get("Index Name"):
                name += f" using {node['Index Name']}"
            found.add(name)
        stack.extend(node.get("Plans", []))
    return found


def queries(store: TreeStore, tree: Tree, rng: random.Random) -> dict[str, Callable[[], Any]]:
    """The store's scope reads, each aimed at a random real target per call."""
    statuses = ["active"]

    def task() -> tuple[str, str, str]:
        return rng.choice(tree.tasks)

    def node(node_id: str) -> MemoryNode:
        found = store.get(node_id)
        assert found is not None
        return found

    def in_task() -> Scope:
        user, task_id, _ = task()
        return Scope(user, task_ids=(task_id,))

    def lexical_query() -> str:
        return lexical.match_expression(f"w{rng.randrange(50, 2000)} w{rng.randrange(2000)}") or ""

    return {
        "get": lambda: store.get(rng.choice(tree.events)),
        "children(task)": lambda: store.children(task()[1], statuses=statuses),
        "recent_children(task, 8)": lambda: store.recent_children(task()[1], 8, statuses),
        "subtree(task)": lambda: store.subtree(node(task()[1])),
        "descendant_scope_ids(root)": lambda: store.descendant_scope_ids(
            node(f"{rng.choice(tree.users)}-root"), ["task"]
        ),
        "user_root": lambda: store.user_root(rng.choice(tree.users)),
        "lexical(task scope)": lambda: store.lexical_search(
            lexical_query(), in_task(), statuses, 50
        ),
        "lexical(user scope)": lambda: store.lexical_search(
            lexical_query(), Scope(rng.choice(tree.users)), statuses, 50
        ),
        "pending batch": lambda: store.ids_by_index_state("pending", 256),
    }


def full_scan_of_nodes(scan: str) -> bool:
    """A plan step reading all of ``nodes`` (PostgreSQL's Seq Scan, SQLite's bare SCAN)."""
    return scan.startswith("Seq Scan on nodes") or scan in ("SCAN nodes", "SCAN n")


def run(url: str, n: int, repeats: int) -> dict[str, Any]:
    store: SQLiteStore | PostgresStore = (
        PostgresStore(url) if url.startswith("postgres") else SQLiteStore(Path(url))
    )
    tree, seconds = load(store, n)
    rng = random.Random(3)
    out: dict[str, Any] = {
        "backend": "sqlite" if isinstance(store, SQLiteStore) else "postgres",
        "nodes": n,
        "load_seconds": seconds,
        "load_nodes_per_s": n / seconds,
        "load_avg_start": os.getloadavg()[0],
    }
    results: dict[str, Any] = {}
    for name, call in queries(store, tree, rng).items():
        times = []
        capture = (
            captured_sqlite_plans(store)
            if isinstance(store, SQLiteStore)
            else captured_plans(store)
        )
        with capture as plans:
            for _ in range(repeats):
                t = time.perf_counter()
                call()
                times.append((time.perf_counter() - t) * 1000)
        used = sorted(set().union(*(scans(p) for p in plans)))
        results[name] = {
            "p50_ms": statistics.median(times),
            "p95_ms": sorted(times)[int(0.95 * (len(times) - 1))],
            "scans": used,
            "seq_scan_on_nodes": any(full_scan_of_nodes(s) for s in used),
        }
    store.close()
    out["load_avg_end"] = os.getloadavg()[0]
    out["queries"] = results
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", default="100000", help="comma-separated sizes")
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--pg-url", help="a superuser URL (default: start a cluster)")
    parser.add_argument("--backends", default="postgres", help="postgres,sqlite")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/backend_plans.json"))
    args = parser.parse_args(argv)
    from benchmarks.servers import postgres_cluster, stop_on_sigterm

    stop_on_sigterm()

    runs = []
    backends = args.backends.split(",")
    with ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        cluster = (
            None
            if args.pg_url or "postgres" not in backends
            else stack.enter_context(postgres_cluster())
        )
        for n, backend in ((int(x), b) for x in args.nodes.split(",") for b in backends):
            with ExitStack() as db:
                if backend == "sqlite":
                    url = str(tmp / f"plans-{n}.db")
                else:
                    url = args.pg_url if cluster is None else db.enter_context(cluster.database())
                result = run(url, n, args.repeats)
            runs.append(result)
            print(
                f"\n{backend} {n:,} nodes: loaded in {result['load_seconds']:.1f}s "
                f"({result['load_nodes_per_s']:,.0f} nodes/s, op row + node row + terms); "
                f"load average {result['load_avg_start']:.1f} -> "
                f"{result['load_avg_end']:.1f}"
            )
            print(f"{'query':<30}{'p50 ms':>9}{'p95 ms':>9}  scans")
            for name, r in result["queries"].items():
                flag = "  <-- SEQ SCAN" if r["seq_scan_on_nodes"] else ""
                print(f"{name:<30}{r['p50_ms']:>9.2f}{r['p95_ms']:>9.2f}  "
                      f"{'; '.join(r['scans'])}{flag}")  # fmt: skip
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"runs": runs}, indent=2))
    print(f"\nwrote {args.out}")


if __name__ == "__main__":
    main()
