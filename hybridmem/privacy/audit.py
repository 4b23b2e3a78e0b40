"""The audit log: who did what to which memory, and when, in a tamper-evident hash chain.

Every op-log row (create, update, archive, move, delete, activate, erase...) is mirrored into
``audit_log`` inside the same transaction, through the store's ``on_op`` hook,
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
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from hybridmem.clock import from_iso, to_iso
from hybridmem.models import OpRecord
from hybridmem.store import AuditLog, AuditQuery, AuditRow, iso_stamp, json_encoder

GENESIS = "0" * 64
_VERIFY_PAGE = 5000

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
        # grant/revoke ops (core/grants.py): agent names and permissions, never content
        "grant_id",
        "to_agent",
        "from_agent",
        "by_agent",
        "perms",
        "shared",
    }
)
_SAFE_ORDER = tuple(sorted(_SAFE_VALUES))
_PLAIN = (str, int, float, bool, list)
_ACTIONS = {"add": "create", "set_active": "activate"}

# The two encodings of an entry (``json.dumps`` with these arguments).
_DETAIL_JSON = json_encoder(ensure_ascii=False, sort_keys=True, default=str)
_HASHED_JSON = json_encoder(ensure_ascii=False, separators=(",", ":"))


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
    record = _HASHED_JSON([seq, at, actor, action, user_id, node_id, detail, op_seq, prev_hash])
    return hashlib.sha256(record.encode("utf-8")).hexdigest()


def content_free_detail(op: str, payload: dict[str, Any]) -> dict[str, Any]:
    """Reduce an op-log payload to what the audit log may keep."""
    detail: dict[str, Any] = {}
    fields = sorted(k for k in payload if k not in _SAFE_VALUES)
    for key in _SAFE_ORDER:
        if key in payload:
            value = payload[key]
            plain = value is None or isinstance(value, _PLAIN)
            detail[key] = value if plain else str(value)
    if op == "update" and "status" in payload:
        detail["archived"] = payload["status"] == "archived"
    if fields:
        detail["fields"] = fields
    return detail


def append(
    store: AuditLog,
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
    last = store.last_audit_entry()
    seq, prev = (last.seq + 1, last.hash) if last else (1, GENESIS)
    stamp = to_iso(at)
    body = _DETAIL_JSON(detail)
    digest = _entry_hash(seq, stamp, actor, action, user_id, node_id, body, op_seq, prev)
    store.append_audit(
        AuditRow(seq, stamp, actor, action, user_id, node_id, body, op_seq, prev, digest)
    )
    return seq


def _op_action(record: OpRecord) -> str:
    action = _ACTIONS.get(record.op, record.op)
    if record.op == "update" and record.payload.get("status") == "archived":
        action = "archive"
    return action


def record_op(store: AuditLog, record: OpRecord) -> None:
    """The op-log hook: mirror one op-log row as a content-free audit entry."""
    append(
        store,
        action=_op_action(record),
        at=record.at,
        actor=record.actor,
        user_id=record.user_id,
        node_id=record.node_id,
        detail=content_free_detail(record.op, record.payload),
        op_seq=record.seq,
    )


def record_ops(store: AuditLog, records: Sequence[OpRecord]) -> None:
    """The batched op-log hook: the same entries :func:`record_op` would write for each row
    in turn, chained in memory and written with one statement."""
    last = store.last_audit_entry()
    seq, prev = (last.seq + 1, last.hash) if last else (1, GENESIS)
    rows: list[AuditRow] = []
    for record in records:
        stamp = iso_stamp(record.at)
        body = _DETAIL_JSON(content_free_detail(record.op, record.payload))
        action = _op_action(record)
        # The hashed fields in AuditRow's order, its hash last.
        fields = (seq, stamp, record.actor, action, record.user_id, record.node_id, body)
        digest = _entry_hash(*fields, record.seq, prev)
        rows.append(AuditRow(*fields, record.seq, prev, digest))
        seq, prev = seq + 1, digest
    store.append_audits(rows)


def query(store: AuditLog, wanted: AuditQuery, *, limit: int | None = None) -> list[AuditEntry]:
    """Entries ``wanted`` matches, oldest first, at most ``limit``."""
    return [_entry(row) for row in store.audit_entries(wanted, limit=limit)]


def _entry(row: AuditRow) -> AuditEntry:
    return AuditEntry(
        seq=row.seq,
        at=from_iso(row.at),
        actor=row.actor,
        action=row.action,
        user_id=row.user_id,
        node_id=row.node_id,
        detail=json.loads(row.detail),
        op_seq=row.op_seq,
        prev_hash=row.prev_hash,
        hash=row.hash,
    )


def verify(store: AuditLog) -> AuditVerification:
    """Recompute the whole chain; report the first entry that does not match."""
    prev = GENESIS
    count = 0
    # One read under the store's lock, page by page: memory stays flat on a long log and no
    # writer of this process appends between the last page and the head.
    after: int | None = None
    with store.reading():
        while page := store.audit_entries(after_seq=after, limit=_VERIFY_PAGE):
            after = page[-1].seq
            for row in page:
                count += 1
                if row.seq != count:
                    missing = f"entry {count} is missing"
                    return AuditVerification(False, count, prev, row.seq, missing)
                if row.prev_hash != prev:
                    return AuditVerification(
                        False, count, prev, row.seq, "prev_hash does not match the previous entry"
                    )
                expected = _entry_hash(
                    row.seq,
                    row.at,
                    row.actor,
                    row.action,
                    row.user_id,
                    row.node_id,
                    row.detail,
                    row.op_seq,
                    row.prev_hash,
                )
                if expected != row.hash:
                    return AuditVerification(
                        False, count, prev, row.seq, "entry was altered (hash mismatch)"
                    )
                prev = row.hash
        recorded = store.audit_head()
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
