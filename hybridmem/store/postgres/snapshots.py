"""Checkpoints of a PostgreSQL tree store, kept in the database itself.

A snapshot is a copy of every state table into its ``snap_<table>`` twin (the same columns plus
``snap``, the snapshot's name), made by ``INSERT ... SELECT`` in one ``REPEATABLE READ``
transaction: one consistent state even while other agents write, and no writer is blocked.
Kept in the database rather than in files on one host, a checkpoint taken by an agent on one
machine can be restored by an agent on another, and erasure scrubs snapshots with the same
SQL it runs on the live tables.

Restoring replaces the live tables' rows with a snapshot's inside the caller's write
transaction (``TRUNCATE`` is transactional in PostgreSQL): other sessions see the old state or
the new one, never a mix, and a failed restore leaves the old state in place. The recovery
layer then replays the live op log after the snapshot's sequence, as on SQLite.

This protects against mistakes (a bad import, an agent gone wrong), not against losing the
database: for that, back PostgreSQL up (``pg_dump``, WAL archiving; docs/deployment.md).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import psycopg

from hybridmem.errors import SnapshotNotFoundError

# Every table that holds state (snapshotted and restored together).
TABLES = ("nodes", "lex_df", "counters", "active_nodes", "oplog", "meta", "audit_log")


@dataclass(frozen=True, slots=True)
class StoredSnapshot:
    """One snapshot row: its name, the last op sequence it holds, and the caller's manifest."""

    name: str
    seq: int
    manifest: dict[str, Any]


def create(conn: psycopg.Connection[Any], name: str, manifest: dict[str, Any]) -> StoredSnapshot:
    """Copy every table under ``name`` (outside any transaction of ``conn``)."""
    with conn.transaction():
        conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        row = conn.execute("SELECT coalesce(max(seq), 0) FROM oplog").fetchone()
        seq = int(row[0]) if row else 0
        conn.execute(
            "INSERT INTO snapshots(name, seq, manifest) VALUES (%s, %s, %s)",
            (name, seq, json.dumps(manifest, ensure_ascii=False)),
        )
        for table in TABLES:
            conn.execute(f"INSERT INTO snap_{table} SELECT %s, * FROM {table}", (name,))
    return StoredSnapshot(name, seq, manifest)


def listing(conn: psycopg.Connection[Any]) -> list[StoredSnapshot]:
    """Every snapshot, oldest first."""
    rows = conn.execute("SELECT name, seq, manifest FROM snapshots ORDER BY seq, name").fetchall()
    return [StoredSnapshot(r[0], int(r[1]), json.loads(r[2])) for r in rows]


def drop(conn: psycopg.Connection[Any], name: str) -> None:
    """Delete a snapshot's rows (inside the caller's transaction)."""
    for table in TABLES:
        conn.execute(f"DELETE FROM snap_{table} WHERE snap = %s", (name,))
    conn.execute("DELETE FROM snapshots WHERE name = %s", (name,))


def load(conn: psycopg.Connection[Any], name: str) -> StoredSnapshot:
    """Replace every live table's rows with snapshot ``name``'s (inside a transaction)."""
    row = conn.execute("SELECT name, seq, manifest FROM snapshots WHERE name = %s", (name,))
    found = row.fetchone()
    if found is None:
        raise SnapshotNotFoundError(f"no snapshot named {name!r} in this database")
    conn.execute(f"TRUNCATE {', '.join(TABLES)}")
    for table in TABLES:
        cols = _columns(conn, table)
        override = "OVERRIDING SYSTEM VALUE " if table == "nodes" else ""
        conn.execute(
            f"INSERT INTO {table}({cols}) {override}SELECT {cols} FROM snap_{table} "
            "WHERE snap = %s",
            (name,),
        )
    # The identity generator continues after the restored rows.
    conn.execute(
        "SELECT setval(pg_get_serial_sequence('nodes', 'rid'), "
        "coalesce((SELECT max(rid) FROM nodes), 0) + 1, false)"
    )
    return StoredSnapshot(found[0], int(found[1]), json.loads(found[2]))


def scrub(
    conn: psycopg.Connection[Any], user_id: str, ids: Sequence[str], whole_user: bool,
    erased_payload: str,
) -> int:  # fmt: skip
    """Remove erased nodes from every snapshot (inside the caller's transaction): their rows,
    active-node rows, op payloads, and the term statistics recounted without them.
    Returns how many snapshots held any of it."""
    node_filter = "user_id = %s" if whole_user else "id = ANY(%s)"
    key: Any = user_id if whole_user else list(ids)
    touched = {
        r[0]
        for r in conn.execute(f"SELECT DISTINCT snap FROM snap_nodes WHERE {node_filter}", (key,))
    }
    conn.execute(f"DELETE FROM snap_nodes WHERE {node_filter}", (key,))
    if whole_user:
        conn.execute("DELETE FROM snap_active_nodes WHERE user_id = %s", (user_id,))
        cur = conn.execute(
            "UPDATE snap_oplog SET payload = %s WHERE user_id = %s AND op != 'erase' "
            "AND payload != %s RETURNING snap",
            (erased_payload, user_id, erased_payload),
        )
    else:
        conn.execute("DELETE FROM snap_active_nodes WHERE node_id = ANY(%s)", (list(ids),))
        cur = conn.execute(
            "UPDATE snap_oplog SET payload = %s WHERE node_id = ANY(%s) AND op != 'erase' "
            "AND payload != %s RETURNING snap",
            (erased_payload, list(ids), erased_payload),
        )
    touched |= {r[0] for r in cur.fetchall()}
    for snap in sorted(touched):
        _recount_terms(conn, snap)
    return len(touched)


def _recount_terms(conn: psycopg.Connection[Any], snap: str) -> None:
    conn.execute("DELETE FROM snap_lex_df WHERE snap = %s", (snap,))
    conn.execute(
        "INSERT INTO snap_lex_df(snap, term, df) SELECT %s, u.lexeme, count(*) "
        "FROM snap_nodes n, unnest(n.lex) u WHERE n.snap = %s GROUP BY u.lexeme",
        (snap, snap),
    )
    conn.execute(
        "UPDATE snap_counters c SET value = CASE c.name WHEN 'lex_docs' THEN s.docs "
        "ELSE s.terms END FROM (SELECT count(*) AS docs, coalesce(sum(lex_len), 0) AS terms "
        "FROM snap_nodes WHERE snap = %s) s "
        "WHERE c.snap = %s AND c.name IN ('lex_docs', 'lex_terms')",
        (snap, snap),
    )


def _columns(conn: psycopg.Connection[Any], table: str) -> str:
    rows = conn.execute(
        "SELECT column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = %s ORDER BY ordinal_position",
        (table,),
    ).fetchall()
    return ", ".join(r[0] for r in rows)
