"""The op log in SQLite: appending rows and scrubbing payloads (live and in snapshot copies);
its reads are :mod:`hybridmem.store.sql.logs`'.

Sequence numbers come from ``AUTOINCREMENT``: the counter lives in ``sqlite_sequence`` inside
the same transaction, so a rolled-back or never-committed write (a crash mid-transaction)
leaves no gap, and no number is ever reused.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from hybridmem.clock import to_iso
from hybridmem.models import OpRecord
from hybridmem.store.base import SQLiteBase, chunks, insert_many, marks, refused
from hybridmem.store.records import (
    OpRow,
    PayloadScrubber,
    notify_ops,
    numbered_ops,
    op_digest_of,
    op_row_values,
    payload_json,
)
from hybridmem.store.sql.dialect import SQLITE
from hybridmem.store.sql.logs import INSERT_OP, OP_DIGEST, OpLogQueries

# Rows an erasure has not scrubbed; erasure rewrites them, except ``erase`` rows themselves.
_UNSCRUBBED = f"op != 'erase' AND {SQLITE.not_scrubbed}"


def op_digest_on(conn: sqlite3.Connection, seq: int) -> str:
    """A digest of the op at ``seq`` ("" when there is none) on ``conn``: identifies a point in
    history. Shared by the live store and snapshot copies, so their digests compare."""
    row = conn.execute(OP_DIGEST, (seq,)).fetchone()
    return "" if row is None else op_digest_of(row)


def scrub_payloads_on(
    conn: sqlite3.Connection,
    user_id: str,
    node_ids: Sequence[str],
    whole_user: bool,
    scrub: PayloadScrubber,
) -> int:
    """Rewrite with ``scrub`` every payload that may hold erased content and is not scrubbed
    yet, on ``conn``; return how many rows changed. Shared by the live store and snapshot
    copies."""
    rows: list[tuple[int, str]] = []
    if whole_user:
        rows += conn.execute(
            f"SELECT seq, payload FROM oplog WHERE user_id = ? AND {_UNSCRUBBED}", (user_id,)
        ).fetchall()
    for chunk in chunks(node_ids):
        rows += conn.execute(
            f"SELECT seq, payload FROM oplog WHERE node_id IN ({marks(chunk)}) AND {_UNSCRUBBED}",
            chunk,
        ).fetchall()
    fresh = {
        seq: json.dumps(scrub(json.loads(payload) if payload else {}), ensure_ascii=False)
        for seq, payload in rows
    }
    conn.executemany(
        "UPDATE oplog SET payload = ? WHERE seq = ?", [(p, s) for s, p in fresh.items()]
    )
    return len(fresh)


class OpLogTable(OpLogQueries, SQLiteBase):
    """The append-only op log (payload rewrites are erasure's and key rotation's only): its
    appends here, its reads in :class:`OpLogQueries`."""

    def _missing_seqs(self, first: int, last: int, max_report: int) -> list[int]:
        missing: list[int] = []
        expected = first
        for (seq,) in self.conn.execute("SELECT seq FROM oplog ORDER BY seq"):
            while expected < seq and len(missing) < max_report:
                missing.append(expected)
                expected += 1
            expected = seq + 1
            if len(missing) >= max_report:
                break
        return missing

    def append_op(
        self,
        op: str,
        *,
        node_id: str | None,
        user_id: str | None,
        payload: dict[str, Any],
        at: datetime,
        actor: str | None = None,
    ) -> int:
        """Append an op-log row (inside the caller's transaction) and return its sequence;
        the ``on_op`` hook sees the row in the same transaction."""
        with refused(f"cannot log op {op!r}"):
            cur = self.conn.execute(
                "INSERT INTO oplog(op, node_id, user_id, payload, at, actor) VALUES (?,?,?,?,?,?)",
                (
                    op,
                    node_id,
                    user_id,
                    payload_json(payload),
                    to_iso(at),
                    actor,
                ),
            )
        seq = int(cur.lastrowid or 0)
        if self.on_op is not None:
            record = OpRecord(
                seq=seq,
                op=op,
                node_id=node_id,
                user_id=user_id,
                payload=payload,
                at=at,
                actor=actor,
            )
            self.on_op(record)
        return seq

    def append_ops(self, ops: Sequence[dict[str, Any]]) -> list[int]:
        """Append many op rows with one statement (inside the caller's transaction); their
        sequences, in order. Each item has :meth:`append_op`'s keyword arguments.

        The hooks see the rows in the same transaction: ``on_ops`` once with all of them, or
        else ``on_op`` once per row.
        """
        if not ops:
            return []
        with refused("cannot log ops"):
            # The caller holds the write transaction, so the numbers after the counter are
            # ours; an explicit seq moves AUTOINCREMENT's counter past it as usual.
            row = self.conn.execute(
                "SELECT seq FROM sqlite_sequence WHERE name = 'oplog'"
            ).fetchone()
            first = int(row[0]) + 1 if row else 1
            records = numbered_ops(ops, first)
            insert_many(
                self.conn,
                "oplog",
                ("seq", "op", "node_id", "user_id", "payload", "at", "actor"),
                [op_row_values(r) for r in records],
            )
        notify_ops(records, self.on_ops, self.on_op)
        return [r.seq for r in records]

    def insert_op_row(self, row: OpRow) -> None:
        """Insert a logged op row verbatim (replay; inside the caller's transaction)."""
        with refused(f"cannot insert op #{row.seq}"):
            self.conn.execute(INSERT_OP, tuple(row))

    # -- payload rewrites: erasure and key rotation ----------------------------------------
    def scrub_op_payloads(
        self, user_id: str, node_ids: Sequence[str], whole_user: bool, scrub: PayloadScrubber
    ) -> int:
        """Rewrite with ``scrub`` every payload that may hold erased content: the ops of
        ``node_ids`` (every op of the user with ``whole_user``), never an ``erase`` row and
        never one scrubbed before (inside the caller's transaction). Returns how many rows
        changed."""
        with refused("cannot scrub op-log payloads"):
            return scrub_payloads_on(self.conn, user_id, node_ids, whole_user, scrub)
