"""The op log's reads and payload rewrites, the audit log's reads, and the store's keyed
metadata, written once for both stores.

Appending to the logs stays with each backend: SQLite numbers op rows with ``AUTOINCREMENT``,
PostgreSQL with a counter row updated under the write lock (store/postgres/logs.py), and each
batches the audit rows its own way.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from hybridmem.clock import to_iso
from hybridmem.models import OpRecord
from hybridmem.store.records import (
    AUDIT_HEAD_KEY,
    AuditQuery,
    AuditRow,
    OpRow,
    SequenceReport,
    op_digest_of,
)
from hybridmem.store.sql.access import SqlAccess

OP_COLUMNS = "seq, op, node_id, user_id, payload, at, actor"
AUDIT_COLUMNS = "seq, at, actor, action, user_id, node_id, detail, op_seq, prev_hash, hash"
INSERT_OP = f"INSERT INTO oplog({OP_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"
"""An op row as logged (replay, batched appends)."""
INSERT_AUDIT = f"INSERT INTO audit_log({AUDIT_COLUMNS}) VALUES ({', '.join(['?'] * 10)})"
LAST_AUDIT = f"SELECT {AUDIT_COLUMNS} FROM audit_log ORDER BY seq DESC LIMIT 1"
"""The newest audit entry (the one a new entry chains to)."""
LAST_SEQ = "SELECT coalesce(max(seq), 0) FROM oplog"
"""The newest op's sequence (0 for an empty log): live stores, copies and checkpoints."""
OP_DIGEST = "SELECT seq, op, node_id, user_id, payload, at FROM oplog WHERE seq = ?"
"""The columns of an op that its digest covers (records.op_digest_of)."""
META_UPSERT = (
    "INSERT INTO meta(key, value) VALUES (?, ?) "
    "ON CONFLICT(key) DO UPDATE SET value = excluded.value"
)
"""Shared with the audit appends, which move the chain head with each entry."""
META_RANGE = "SELECT key, value FROM meta WHERE key >= ? AND key < ? ORDER BY key"
"""The keys of a prefix ``p`` (``p`` and ``p + '\\uffff'``), in key order."""


def audit_select(
    columns: str,
    query: AuditQuery,
    *,
    after_seq: int | None = None,
    limit: int | None = None,
) -> tuple[str, list[Any]]:
    """The audit-log query (``?`` placeholders) for the entries ``query`` matches (after
    ``after_seq``), oldest first, and its parameters."""
    clauses: list[str] = []
    params: list[Any] = []
    if after_seq is not None:
        clauses.append("seq > ?")
        params.append(after_seq)
    for column, value in (
        ("user_id", query.user_id),
        ("node_id", query.node_id),
        ("actor", query.actor),
        ("action", query.action),
    ):
        if value is not None:
            clauses.append(f"{column} = ?")
            params.append(value)
    if query.since is not None:
        clauses.append("at >= ?")
        params.append(to_iso(query.since))
    if query.until is not None:
        clauses.append("at < ?")
        params.append(to_iso(query.until))
    sql = f"SELECT {columns} FROM audit_log"
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    sql += " ORDER BY seq"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return sql, params


class OpLogQueries(SqlAccess):
    """The op log's reads, and the payload rewrites of erasure and key rotation."""

    def _unscrubbed(self) -> str:
        # Rows an erasure has not scrubbed; erasure rewrites them, except ``erase`` rows.
        return f"op != 'erase' AND {self.D.not_scrubbed}"

    def last_seq(self) -> int:
        """The sequence of the newest op (0 for an empty log)."""
        return int(self._tuples(LAST_SEQ)[0][0])

    def _op_select(self, since: int, until: int | None) -> tuple[str, list[Any]]:
        sql = f"SELECT {OP_COLUMNS} FROM oplog WHERE seq > ?"
        params: list[Any] = [since]
        if until is not None:
            sql += " AND seq <= ?"
            params.append(until)
        return sql, params

    def op_rows(self, *, since: int = 0, until: int | None = None) -> list[OpRow]:
        """Stored rows with ``since < seq <= until``, in sequence order (for replay)."""
        sql, params = self._op_select(since, until)
        return [OpRow(*r) for r in self._tuples(self.D.q(sql + " ORDER BY seq"), params)]

    def read_ops(
        self,
        *,
        since: int = 0,
        until: int | None = None,
        limit: int | None = None,
        ops: Sequence[str] | None = None,
    ) -> list[OpRecord]:
        """Ops with ``since < seq <= until`` (only of kinds ``ops``), oldest first."""
        sql, params = self._op_select(since, until)
        sql = self.D.q(sql)
        if ops is not None:
            among, among_params = self.D.among("op", ops)
            sql += f" AND {among}"
            params.extend(among_params)
        sql += " ORDER BY seq"
        if limit is not None:
            sql += self.D.q(" LIMIT ?")
            params.append(limit)
        return [OpRow(*r).record() for r in self._tuples(sql, params)]

    def node_ops(self, node_id: str) -> list[OpRecord]:
        """Ops recorded under ``node_id`` itself, oldest first."""
        sql = self.D.q(f"SELECT {OP_COLUMNS} FROM oplog WHERE node_id = ? ORDER BY seq")
        return [OpRow(*r).record() for r in self._tuples(sql, (node_id,))]

    def ops_mentioning(self, node_id: str, ops: Sequence[str]) -> list[OpRecord]:
        """Ops of kinds ``ops`` recorded under another node (or none) whose payload text
        contains ``node_id`` as a JSON string: candidates the caller checks exactly."""
        among, among_params = self.D.among("op", ops)
        sql = self.D.q(
            f"SELECT {OP_COLUMNS} FROM oplog WHERE {among} "
            f"AND (node_id IS NULL OR node_id != ?) AND {self.D.contains.format('payload')} "
            "ORDER BY seq"
        )
        # The text search pre-filters cheaply; the caller's check of the decoded payload is
        # exact.
        rows = self._tuples(sql, (*among_params, node_id, json.dumps(node_id)))
        return [OpRow(*r).record() for r in rows]

    def sequence_gaps(self, *, max_report: int = 100) -> SequenceReport:
        """First and last sequence of the log and the numbers missing in between (at most
        ``max_report``)."""
        with self.reading():
            first, last, count = self._tuples(
                "SELECT coalesce(min(seq), 0), coalesce(max(seq), 0), count(*) FROM oplog"
            )[0]
            if count == 0 or last - first + 1 == count:
                return SequenceReport(int(first), int(last), ())
            missing = self._missing_seqs(int(first), int(last), max_report)
        return SequenceReport(int(first), int(last), tuple(missing))

    def _missing_seqs(self, first: int, last: int, max_report: int) -> list[int]:
        """The numbers in ``[first, last]`` no op row carries, at most ``max_report``."""
        raise NotImplementedError

    def op_digest(self, seq: int) -> str:
        """A digest of the op at ``seq`` ("" when there is none): identifies a point in
        history (a snapshot's manifest records it; restore compares)."""
        rows = self._tuples(self.D.q(OP_DIGEST), (seq,))
        return op_digest_of(rows[0]) if rows else ""

    def has_unerased_ops(self, user_id: str) -> bool:
        """True if some op of the user (an ``erase`` op included) has a payload erasure did
        not scrub."""
        sql = f"SELECT 1 AS x FROM oplog WHERE user_id = ? AND {self.D.not_scrubbed} LIMIT 1"
        return bool(self._tuples(self.D.q(sql), [user_id]))

    def count_erasable_ops(self, user_id: str, node_ids: Sequence[str], whole_user: bool) -> int:
        """How many payloads :meth:`scrub_op_payloads` would rewrite now (with ``whole_user``
        the user's ops: the ops of the user's nodes carry the user's id)."""
        if whole_user:
            sql = f"SELECT count(*) AS c FROM oplog WHERE user_id = ? AND {self._unscrubbed()}"
            return int(self._tuples(self.D.q(sql), [user_id])[0][0])
        total = 0
        for chunk in self.D.chunks(node_ids):
            among, params = self.D.among("node_id", chunk)
            sql = f"SELECT count(*) AS c FROM oplog WHERE {among} AND {self._unscrubbed()}"
            total += int(self._tuples(sql, params)[0][0])
        return total

    def ops_with_payload_key(self, key: str) -> list[OpRecord]:
        """Ops whose payload has a top-level ``key`` (key rotation finds sealed content): a
        text pre-filter, then the decoded payload decides."""
        sql = self.D.q(f"SELECT {OP_COLUMNS} FROM oplog WHERE payload LIKE ? ORDER BY seq")
        rows = self._tuples(sql, (f"%{json.dumps(key)}%",))
        return [rec for rec in (OpRow(*r).record() for r in rows) if key in rec.payload]

    def set_op_payload(self, seq: int, payload: dict[str, Any]) -> None:
        """Rewrite the payload of the op at ``seq`` (inside the caller's transaction)."""
        with self._refused(f"cannot rewrite op #{seq}"):
            self._exec(
                self.D.q("UPDATE oplog SET payload = ? WHERE seq = ?"),
                (json.dumps(payload, ensure_ascii=False), seq),
            )


class AuditQueries(SqlAccess):
    """The audit log's reads (a hash chain; its rules are the privacy layer's)."""

    def _last_audit_row(self) -> AuditRow | None:
        rows = self._tuples(LAST_AUDIT)
        return AuditRow(*rows[0]) if rows else None

    def audit_head(self) -> str | None:
        """The head ``seq:hash`` recorded with the newest entry, or None."""
        rows = self._tuples(self.D.q("SELECT value FROM meta WHERE key = ?"), [AUDIT_HEAD_KEY])
        return str(rows[0][0]) if rows else None

    def audit_entries(
        self,
        query: AuditQuery | None = None,
        *,
        after_seq: int | None = None,
        limit: int | None = None,
    ) -> list[AuditRow]:
        """Entries (after ``after_seq``, when given) that ``query`` matches (all when None),
        oldest first, at most ``limit``."""
        sql, params = audit_select(
            AUDIT_COLUMNS, query or AuditQuery(), after_seq=after_seq, limit=limit
        )
        return [AuditRow(*r) for r in self._tuples(self.D.q(sql), params)]


class MetaQueries(SqlAccess):
    """Keyed metadata of the store (embedder, layout, key fingerprint, lineage, session
    markers, pending erasures, the audit chain's head)."""

    def get_meta(self, key: str) -> str | None:
        """The value stored under ``key``, or None."""
        rows = self._tuples(self.D.q("SELECT value FROM meta WHERE key = ?"), [key])
        return rows[0][0] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        """Store ``value`` under ``key`` (its own transaction, or part of the caller's)."""
        with self.transaction():
            self._exec(self.D.q(META_UPSERT), (key, value))

    def delete_meta(self, *keys: str) -> None:
        """Remove these keys (missing ones are ignored)."""
        with self.transaction():
            self._exec_many(self.D.q("DELETE FROM meta WHERE key = ?"), [(k,) for k in keys])

    def meta_items(self, prefix: str) -> dict[str, str]:
        """Every key starting with ``prefix`` and its value, in key order (a range on the
        primary key, not LIKE: exact for any prefix, '_' and '%' included)."""
        return dict(self._tuples(self.D.q(META_RANGE), [prefix, prefix + "\uffff"]))

    def watch_meta(self, prefix: str) -> None:
        """Nothing to prepare: a read here costs no round trip (see the PostgreSQL store)."""

    def delete_meta_prefix(self, prefix: str) -> None:
        """Remove every key starting with ``prefix``."""
        with self.transaction():
            self._exec(
                self.D.q("DELETE FROM meta WHERE key >= ? AND key < ?"), (prefix, prefix + "\uffff")
            )
