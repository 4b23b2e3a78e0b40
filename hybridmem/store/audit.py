"""The audit log's table: append-only entries of a hash chain, and its head in ``meta``.

The chain's rules (what is hashed, what an entry may hold) belong to the privacy layer
(:mod:`hybridmem.privacy.audit`); the store keeps the rows exactly as hashed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple

from hybridmem.store.base import SQLiteBase, refused
from hybridmem.store.meta import META_UPSERT
from hybridmem.store.queries import audit_select
from hybridmem.store.records import AUDIT_HEAD_KEY, AuditQuery, AuditRow

_COLUMNS = "seq, at, actor, action, user_id, node_id, detail, op_seq, prev_hash, hash"


class AuditTable(SQLiteBase):
    """Rows of the audit log."""

    def last_audit_entry(self) -> AuditRow | None:
        """The newest entry (the one a new entry chains to), or None."""
        with self.reading():
            row = self.conn.execute(
                f"SELECT {_COLUMNS} FROM audit_log ORDER BY seq DESC LIMIT 1"
            ).fetchone()
        return AuditRow(*row) if row else None

    def append_audit(self, row: AuditRow) -> None:
        """Insert an entry and record it as the chain's head ``seq:hash`` (inside the caller's
        transaction)."""
        with refused(f"cannot append audit entry {row.seq}"):
            self.conn.execute(
                f"INSERT INTO audit_log({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?)", astuple(row)
            )
            self.conn.execute(META_UPSERT, (AUDIT_HEAD_KEY, f"{row.seq}:{row.hash}"))

    def append_audits(self, rows: Sequence[AuditRow]) -> None:
        """Insert consecutive entries with one statement and record the last as the chain's
        head (inside the caller's transaction)."""
        if not rows:
            return
        with refused(f"cannot append audit entries {rows[0].seq}..{rows[-1].seq}"):
            self.conn.executemany(
                f"INSERT INTO audit_log({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?)",
                # Field by field: astuple() deep-copies, a visible cost on bulk writes.
                [
                    (
                        r.seq,
                        r.at,
                        r.actor,
                        r.action,
                        r.user_id,
                        r.node_id,
                        r.detail,
                        r.op_seq,
                        r.prev_hash,
                        r.hash,
                    )
                    for r in rows
                ],
            )
            self.conn.execute(META_UPSERT, (AUDIT_HEAD_KEY, f"{rows[-1].seq}:{rows[-1].hash}"))

    def audit_head(self) -> str | None:
        """The head ``seq:hash`` recorded with the newest entry, or None."""
        rows = self._rows("SELECT value FROM meta WHERE key = ?", [AUDIT_HEAD_KEY])
        return rows[0]["value"] if rows else None

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
            _COLUMNS, "?", query or AuditQuery(), after_seq=after_seq, limit=limit
        )
        with self.reading():
            return [AuditRow(*r) for r in self.conn.execute(sql, params)]
