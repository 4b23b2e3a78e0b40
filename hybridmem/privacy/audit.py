"""The audit log: who did what to which memory, and when, in a tamper-evident hash chain.

Every op-log row (create, update, archive, move, delete, activate, erase...) is mirrored into
``audit_log`` inside the same SQLite transaction, through :meth:`SQLiteStore.append_op`'s hook,
so a write and its audit entry commit or vanish together. Reads are recorded too when
``PrivacyConfig.audit_reads`` is set.

Entries hold **no memory content**: only ids, node types, changed field names, counts and the
caller's actor string. That is what lets erasure leave the audit log untouched: its tombstone
says that something was erased, never what.

Each entry's ``hash`` is SHA-256 over its fields and the previous entry's hash; the head
(``seq:hash``) is also kept in ``meta``. :func:`verify` recomputes the chain: an edited,
inserted or deleted entry (including a truncated tail) breaks it. Someone able to rewrite the
whole file can rebuild a consistent chain, so keep the printed head hash
(``hybridmem audit verify``) somewhere else if that matters.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from hybridmem.clock import from_iso, to_iso
from hybridmem.store import SQLiteStore

GENESIS = "0" * 64
HEAD_META = "audit.head"

# Op-log payload keys whose *values* are content-free and worth keeping in the audit entry.
# Everything else (content, metadata, source ids...) is reduced to its key name.
_SAFE_VALUES = frozenset(
    {
        "parent_id",
        "node_type",
        "status",
        "from",
        "to",
        "ids",
        "subtree",
        "sensitive",
        "count",
        "user",
        "by",
    }
)
_ACTIONS = {"add": "create", "set_active": "activate"}


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One audit record. ``detail`` never holds memory content."""

    seq: int
    at: datetime
    actor: str | None
    action: str
    user_id: str | None
    node_id: str | None
    detail: dict[str, Any]
    op_seq: int | None
    prev_hash: str
    hash: str


@dataclass(frozen=True, slots=True)
class AuditVerification:
    """Result of :func:`verify`: ``ok`` or the first bad entry and why."""

    ok: bool
    entries: int
    head: str
    first_bad_seq: int | None = None
    reason: str | None = None


def _entry_hash(
    seq: int,
    at: str,
    actor: str | None,
    action: str,
    user_id: str | None,
    node_id: str | None,
    detail: str,
    op_seq: int | None,
    prev_hash: str,
) -> str:
    record = json.dumps(
        [seq, at, actor, action, user_id, node_id, detail, op_seq, prev_hash],
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return hashlib.sha256(record.encode("utf-8")).hexdigest()


def content_free_detail(op: str, payload: dict[str, Any]) -> dict[str, Any]:
    """Reduce an op-log payload to what the audit log may keep."""
    detail: dict[str, Any] = {}
    fields = sorted(k for k in payload if k not in _SAFE_VALUES)
    for key in sorted(_SAFE_VALUES & payload.keys()):
        value = payload[key]
        plain = value is None or isinstance(value, str | int | float | bool | list)
        detail[key] = value if plain else str(value)
    if op == "update" and "status" in payload:
        detail["archived"] = payload["status"] == "archived"
    if fields:
        detail["fields"] = fields
    return detail


def append(
    conn: sqlite3.Connection,
    *,
    action: str,
    at: datetime,
    actor: str | None,
    user_id: str | None,
    node_id: str | None,
    detail: dict[str, Any],
    op_seq: int | None = None,
) -> int:
    """Append one chained entry. Call inside the caller's write transaction."""
    last = conn.execute("SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1").fetchone()
    seq, prev = (int(last[0]) + 1, str(last[1])) if last else (1, GENESIS)
    stamp = to_iso(at)
    body = json.dumps(detail, ensure_ascii=False, sort_keys=True, default=str)
    digest = _entry_hash(seq, stamp, actor, action, user_id, node_id, body, op_seq, prev)
    conn.execute(
        "INSERT INTO audit_log(seq, at, actor, action, user_id, node_id, detail, op_seq, "
        "prev_hash, hash) VALUES (?,?,?,?,?,?,?,?,?,?)",
        (seq, stamp, actor, action, user_id, node_id, body, op_seq, prev, digest),
    )
    conn.execute(
        "INSERT INTO meta(key, value) VALUES (?, ?) "
        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (HEAD_META, f"{seq}:{digest}"),
    )
    return seq


def record_op(
    conn: sqlite3.Connection,
    op: str,
    node_id: str | None,
    user_id: str | None,
    payload: dict[str, Any],
    at: datetime,
    actor: str | None,
    op_seq: int,
) -> None:
    """The op-log hook: mirror one op-log row as a content-free audit entry."""
    action = _ACTIONS.get(op, op)
    if op == "update" and payload.get("status") == "archived":
        action = "archive"
    append(
        conn,
        action=action,
        at=at,
        actor=actor,
        user_id=user_id,
        node_id=node_id,
        detail=content_free_detail(op, payload),
        op_seq=op_seq,
    )


def query(
    store: SQLiteStore,
    *,
    user_id: str | None = None,
    node_id: str | None = None,
    actor: str | None = None,
    action: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    limit: int | None = None,
) -> list[AuditEntry]:
    """Entries matching every given filter, oldest first."""
    clauses: list[str] = []
    params: list[Any] = []
    for column, value in (
        ("user_id", user_id),
        ("node_id", node_id),
        ("actor", actor),
        ("action", action),
    ):
        if value is not None:
            clauses.append(f"{column} = ?")
            params.append(value)
    if since is not None:
        clauses.append("at >= ?")
        params.append(to_iso(since))
    if until is not None:
        clauses.append("at < ?")
        params.append(to_iso(until))
    sql = "SELECT * FROM audit_log"
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    sql += " ORDER BY seq"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    with store.reading() as conn:
        rows = conn.execute(sql, params).fetchall()
        names = [d[0] for d in conn.execute("SELECT * FROM audit_log LIMIT 0").description]
    return [_entry(dict(zip(names, row, strict=True))) for row in rows]


def _entry(row: dict[str, Any]) -> AuditEntry:
    return AuditEntry(
        seq=int(row["seq"]),
        at=from_iso(row["at"]),
        actor=row["actor"],
        action=row["action"],
        user_id=row["user_id"],
        node_id=row["node_id"],
        detail=json.loads(row["detail"]),
        op_seq=row["op_seq"],
        prev_hash=row["prev_hash"],
        hash=row["hash"],
    )


def verify(store: SQLiteStore) -> AuditVerification:
    """Recompute the whole chain; report the first entry that does not match."""
    prev = GENESIS
    count = 0
    with store.reading() as conn:
        cursor = conn.execute(
            "SELECT seq, at, actor, action, user_id, node_id, detail, op_seq, prev_hash, hash "
            "FROM audit_log ORDER BY seq"
        )
        for seq, at, actor, action, user_id, node_id, detail, op_seq, prev_hash, digest in cursor:
            count += 1
            if seq != count:
                return AuditVerification(False, count, prev, seq, f"entry {count} is missing")
            if prev_hash != prev:
                return AuditVerification(
                    False, count, prev, seq, "prev_hash does not match the previous entry"
                )
            expected = _entry_hash(
                seq, at, actor, action, user_id, node_id, detail, op_seq, prev_hash
            )
            if expected != digest:
                return AuditVerification(
                    False, count, prev, seq, "entry was altered (hash mismatch)"
                )
            prev = digest
        head = conn.execute("SELECT value FROM meta WHERE key = ?", (HEAD_META,)).fetchone()
    recorded = head[0] if head else None
    actual = f"{count}:{prev}" if count else None
    if recorded != actual:
        return AuditVerification(
            False,
            count,
            prev,
            count + 1,
            f"head is {recorded}, chain ends at {actual}: entries were removed from the end",
        )
    return AuditVerification(True, count, prev)
