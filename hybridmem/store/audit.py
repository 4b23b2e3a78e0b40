"""The audit log's appends in SQLite: append-only entries of a hash chain, and its head in
``meta``; its reads are :mod:`hybridmem.store.sql.logs`'.

The chain's rules (what is hashed, what an entry may hold) belong to the privacy layer
(:mod:`hybridmem.privacy.audit`); the store keeps the rows exactly as hashed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple

from hybridmem.store.base import SQLiteBase, refused
from hybridmem.store.records import AUDIT_HEAD_KEY, AuditRow
from hybridmem.store.sql.logs import INSERT_AUDIT, META_UPSERT, AuditQueries


class AuditTable(AuditQueries, SQLiteBase):
    """Rows of the audit log."""

    def last_audit_entry(self) -> AuditRow | None:
        """The newest entry (the one a new entry chains to), or None."""
        return self._last_audit_row()

    def append_audit(self, row: AuditRow) -> None:
        """Insert an entry and record it as the chain's head ``seq:hash`` (inside the caller's
        transaction)."""
        with refused(f"cannot append audit entry {row.seq}"):
            self.conn.execute(INSERT_AUDIT, astuple(row))
            self.conn.execute(META_UPSERT, (AUDIT_HEAD_KEY, f"{row.seq}:{row.hash}"))

    def append_audits(self, rows: Sequence[AuditRow]) -> None:
        """Insert consecutive entries with one statement and record the last as the chain's
        head (inside the caller's transaction)."""
        if not rows:
            return
        with refused(f"cannot append audit entries {rows[0].seq}..{rows[-1].seq}"):
            self.conn.executemany(
                INSERT_AUDIT,
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
