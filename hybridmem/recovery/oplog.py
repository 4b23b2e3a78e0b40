"""Reading the op log: a node's history, everything since a sequence number, gap checks.

The op log is append-only and written in the same transaction as the change it records, so
it is exactly as durable as the state. Sequence numbers come from ``AUTOINCREMENT``: the
counter lives in ``sqlite_sequence`` inside the same transaction, so a rolled-back or
never-committed write (a crash mid-transaction) leaves no gap, and no number is ever reused.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from typing import Any

from hybridmem.clock import from_iso
from hybridmem.recovery.models import OpRecord
from hybridmem.store import SQLiteStore

_COLUMNS = "seq, op, node_id, user_id, payload, at, actor"

# Ops whose payload lists other node ids they changed (a subtree delete names every id).
_MULTI_NODE_OPS = ("delete", "bump")


def _record(row: sqlite3.Row | tuple[Any, ...]) -> OpRecord:
    seq, op, node_id, user_id, payload, at, actor = row
    return OpRecord(
        seq=int(seq),
        op=op,
        node_id=node_id,
        user_id=user_id,
        payload=json.loads(payload) if payload else {},
        at=from_iso(at),
        actor=actor,
    )


def read_ops(
    conn: sqlite3.Connection, *, since: int = 0, until: int | None = None, limit: int | None = None
) -> list[OpRecord]:
    """Ops with ``since < seq <= until`` in sequence order."""
    sql = f"SELECT {_COLUMNS} FROM oplog WHERE seq > ?"
    params: list[Any] = [since]
    if until is not None:
        sql += " AND seq <= ?"
        params.append(until)
    sql += " ORDER BY seq"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return [_record(r) for r in conn.execute(sql, params)]


def oplog(
    store: SQLiteStore, *, since: int = 0, until: int | None = None, limit: int | None = None
) -> list[OpRecord]:
    """Ops after ``since`` (up to ``until``), oldest first."""
    with store.reading() as conn:
        return read_ops(conn, since=since, until=until, limit=limit)


def history(store: SQLiteStore, node_id: str) -> list[OpRecord]:
    """Every op that changed ``node_id``, oldest first.

    Includes ops recorded under the node itself (add, update, move, set_active, its delete)
    and ops that name it in their payload (the delete of an ancestor's subtree, the activity
    bump written when a descendant was added).
    """
    with store.reading() as conn:
        own = conn.execute(
            f"SELECT {_COLUMNS} FROM oplog WHERE node_id = ? ORDER BY seq", (node_id,)
        ).fetchall()
        marks = ",".join("?" * len(_MULTI_NODE_OPS))
        # instr() pre-filters cheaply; the JSON check below makes it exact.
        named = conn.execute(
            f"SELECT {_COLUMNS} FROM oplog WHERE op IN ({marks}) "
            "AND (node_id IS NULL OR node_id != ?) AND instr(payload, ?) > 0 ORDER BY seq",
            (*_MULTI_NODE_OPS, node_id, json.dumps(node_id)),
        ).fetchall()
    records = [_record(r) for r in own]
    records += [r for r in map(_record, named) if node_id in r.payload.get("ids", ())]
    return sorted(records, key=lambda r: r.seq)


def sequence_gaps(conn: sqlite3.Connection, *, max_report: int = 100) -> tuple[int, int, list[int]]:
    """``(first, last, gaps)`` of the op log; ``gaps`` lists missing numbers (at most some)."""
    first, last, count = conn.execute(
        "SELECT coalesce(min(seq), 0), coalesce(max(seq), 0), count(*) FROM oplog"
    ).fetchone()
    if count == 0 or last - first + 1 == count:
        return int(first), int(last), []
    missing: list[int] = []
    expected = first
    for (seq,) in conn.execute("SELECT seq FROM oplog ORDER BY seq"):
        while expected < seq and len(missing) < max_report:
            missing.append(expected)
            expected += 1
        expected = seq + 1
        if len(missing) >= max_report:
            break
    return int(first), int(last), missing


def op_digest(conn: sqlite3.Connection, seq: int) -> str:
    """A digest of the op at ``seq`` ("" when there is none): identifies a point in history."""
    row = conn.execute(
        "SELECT seq, op, node_id, user_id, payload, at FROM oplog WHERE seq = ?", (seq,)
    ).fetchone()
    if row is None:
        return ""
    return hashlib.sha256(json.dumps(list(row), ensure_ascii=False).encode()).hexdigest()[:32]
