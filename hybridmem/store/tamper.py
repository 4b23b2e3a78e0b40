"""Tamper evidence for node rows and op-log rows: a hash per row, kept by triggers.

Every ``nodes`` and ``oplog`` row carries ``mac``: a SHA-256 of its meaningful columns
(for nodes: everything but the derived and volatile ``index_state``, ``access_count``,
``last_accessed_at`` and the row id). Triggers recompute it on every insert and on every
update of those columns, by calling ``hm_row_mac``, a function only hybridmem's connections
register. So:

- hybridmem's own writes (live, replay, erasure scrubs, key rotation) keep every ``mac``
  right without any write path having to remember it;
- an edit made with any other SQLite client (``sqlite3`` shell, a script) fails with "no
  such function: hm_row_mac", inserts and deletes included (a guard trigger calls it too);
- an edit made after dropping the triggers (or by re-implementing the function) leaves rows
  whose ``mac`` no longer matches, which :func:`tampered_rows` (run by ``verify()``) lists,
  together with any missing trigger.

This is evidence, not a seal: the formula is public and the file holds no secret, so an
attacker who can write the file *and* re-implements the hash can forge it. A keyed MAC would
need a key kept outside the file (see docs/durability.md).
"""

from __future__ import annotations

import hashlib
import sqlite3

from hybridmem.store.encoding import json_encoder

FUNCTION = "hm_row_mac"

NODE_COLUMNS = (
    "id, user_id, agent_id, session_id, parent_id, path, depth, task_id, content, "
    "content_hash, node_type, importance, confidence, activity, created_at, updated_at, seq, "
    "version, status, source_id, metadata, lifecycle, tier, conflict_group, sensitive"
)
OP_COLUMNS = "seq, op, node_id, user_id, payload, at, actor"

TRIGGERS = (
    "nodes_mac_insert",
    "nodes_mac_update",
    "nodes_guard_delete",
    "oplog_mac_insert",
    "oplog_mac_update",
    "oplog_guard_delete",
)


_ROW_JSON = json_encoder(ensure_ascii=False, separators=(",", ":"), default=str)


def row_mac(*values: object) -> str:
    """The hash of one row's columns (the SQL function ``hm_row_mac``)."""
    text = _ROW_JSON(values)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def register(conn: sqlite3.Connection) -> None:
    """Make ``hm_row_mac`` available on ``conn`` (every hybridmem connection to a store)."""
    conn.create_function(FUNCTION, -1, row_mac, deterministic=True)


def _new(columns: str) -> str:
    return ", ".join(f"NEW.{c.strip()}" for c in columns.split(","))


def install_sql() -> list[str]:
    """The schema of the row hashes: columns, triggers, and the hashes of existing rows."""
    return [
        "ALTER TABLE nodes ADD COLUMN mac TEXT",
        "ALTER TABLE oplog ADD COLUMN mac TEXT",
        f"UPDATE nodes SET mac = {FUNCTION}({NODE_COLUMNS})",
        f"UPDATE oplog SET mac = {FUNCTION}({OP_COLUMNS})",
        f"""CREATE TRIGGER nodes_mac_insert AFTER INSERT ON nodes BEGIN
            UPDATE nodes SET mac = {FUNCTION}({_new(NODE_COLUMNS)}) WHERE rid = NEW.rid;
        END""",
        f"""CREATE TRIGGER nodes_mac_update AFTER UPDATE OF {NODE_COLUMNS} ON nodes BEGIN
            UPDATE nodes SET mac = {FUNCTION}({_new(NODE_COLUMNS)}) WHERE rid = NEW.rid;
        END""",
        f"""CREATE TRIGGER nodes_guard_delete BEFORE DELETE ON nodes BEGIN
            SELECT {FUNCTION}(OLD.id);
        END""",
        f"""CREATE TRIGGER oplog_mac_insert AFTER INSERT ON oplog BEGIN
            UPDATE oplog SET mac = {FUNCTION}({_new(OP_COLUMNS)}) WHERE seq = NEW.seq;
        END""",
        f"""CREATE TRIGGER oplog_mac_update AFTER UPDATE OF {OP_COLUMNS} ON oplog BEGIN
            UPDATE oplog SET mac = {FUNCTION}({_new(OP_COLUMNS)}) WHERE seq = NEW.seq;
        END""",
        f"""CREATE TRIGGER oplog_guard_delete BEFORE DELETE ON oplog BEGIN
            SELECT {FUNCTION}(OLD.seq);
        END""",
    ]


def tampered_rows(conn: sqlite3.Connection, *, limit: int = 100) -> list[str]:
    """Rows whose hash does not match their columns, and missing triggers (at most
    ``limit`` rows of each table): ``"node <id>"``, ``"op #<seq>"``, ``"trigger <name>"``."""
    found = [
        f"trigger {name} is missing (the schema was edited)"
        for name in TRIGGERS
        if conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?", (name,)
        ).fetchone()
        is None
    ]
    nodes = conn.execute(
        f"SELECT id FROM nodes WHERE mac IS NOT {FUNCTION}({NODE_COLUMNS}) LIMIT ?", (limit,)
    ).fetchall()
    ops = conn.execute(
        f"SELECT seq FROM oplog WHERE mac IS NOT {FUNCTION}({OP_COLUMNS}) LIMIT ?", (limit,)
    ).fetchall()
    found += [f"node {r[0]}" for r in nodes] + [f"op #{r[0]}" for r in ops]
    return found


__all__ = ["FUNCTION", "install_sql", "register", "row_mac", "tampered_rows"]
