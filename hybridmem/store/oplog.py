"""The op log: append, read, digest and (for erasure and key rotation) rewrite payloads.

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
    ERASED_KEY,
    OpRow,
    PayloadScrubber,
    SequenceReport,
    notify_ops,
    numbered_ops,
    op_digest_of,
    op_row_values,
    payload_json,
)

OP_COLUMNS = "seq, op, node_id, user_id, payload, at, actor"

# Rows an erasure has not scrubbed; erasure rewrites them, except ``erase`` rows themselves.
_NOT_SCRUBBED = f"coalesce(json_extract(payload, '$.{ERASED_KEY}'), 0) != 1"
_UNSCRUBBED = f"op != 'erase' AND {_NOT_SCRUBBED}"


def op_digest_on(conn: sqlite3.Connection, seq: int) -> str:
    """A digest of the op at ``seq`` ("" when there is none) on ``conn``: identifies a point in
    history. Shared by the live store and snapshot copies, so their digests compare."""
    row = conn.execute(
        "SELECT seq, op, node_id, user_id, payload, at FROM oplog WHERE seq = ?", (seq,)
    ).fetchone()
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


class OpLogTable(SQLiteBase):
    """The append-only op log (payload rewrites are erasure's and key rotation's only)."""

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
            self.conn.execute(f"INSERT INTO oplog({OP_COLUMNS}) VALUES (?,?,?,?,?,?,?)", tuple(row))

    def last_seq(self) -> int:
        """The sequence of the newest op (0 for an empty log)."""
        rows = self._rows("SELECT coalesce(max(seq), 0) AS s FROM oplog")
        return int(rows[0]["s"])

    def op_rows(self, *, since: int = 0, until: int | None = None) -> list[OpRow]:
        """Stored rows with ``since < seq <= until``, in sequence order (for replay)."""
        sql = f"SELECT {OP_COLUMNS} FROM oplog WHERE seq > ?"
        params: list[Any] = [since]
        if until is not None:
            sql += " AND seq <= ?"
            params.append(until)
        with self.reading():
            return [OpRow(*r) for r in self.conn.execute(sql + " ORDER BY seq", params)]

    def read_ops(
        self,
        *,
        since: int = 0,
        until: int | None = None,
        limit: int | None = None,
        ops: Sequence[str] | None = None,
    ) -> list[OpRecord]:
        """Ops with ``since < seq <= until`` (only of kinds ``ops``), oldest first."""
        sql = f"SELECT {OP_COLUMNS} FROM oplog WHERE seq > ?"
        params: list[Any] = [since]
        if until is not None:
            sql += " AND seq <= ?"
            params.append(until)
        if ops is not None:
            sql += f" AND op IN ({marks(ops)})"
            params.extend(ops)
        sql += " ORDER BY seq"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        with self.reading():
            return [OpRow(*r).record() for r in self.conn.execute(sql, params)]

    def node_ops(self, node_id: str) -> list[OpRecord]:
        """Ops recorded under ``node_id`` itself, oldest first."""
        sql = f"SELECT {OP_COLUMNS} FROM oplog WHERE node_id = ? ORDER BY seq"
        with self.reading():
            return [OpRow(*r).record() for r in self.conn.execute(sql, (node_id,))]

    def ops_mentioning(self, node_id: str, ops: Sequence[str]) -> list[OpRecord]:
        """Ops of kinds ``ops`` recorded under another node (or none) whose payload text
        contains ``node_id`` as a JSON string: candidates the caller checks exactly."""
        sql = (
            f"SELECT {OP_COLUMNS} FROM oplog WHERE op IN ({marks(ops)}) "
            "AND (node_id IS NULL OR node_id != ?) AND instr(payload, ?) > 0 ORDER BY seq"
        )
        # instr() pre-filters cheaply; the caller's check of the decoded payload is exact.
        with self.reading():
            rows = self.conn.execute(sql, (*ops, node_id, json.dumps(node_id))).fetchall()
        return [OpRow(*r).record() for r in rows]

    def sequence_gaps(self, *, max_report: int = 100) -> SequenceReport:
        """First and last sequence of the log and the numbers missing in between (at most
        ``max_report``)."""
        with self.reading():
            first, last, count = self.conn.execute(
                "SELECT coalesce(min(seq), 0), coalesce(max(seq), 0), count(*) FROM oplog"
            ).fetchone()
            if count == 0 or last - first + 1 == count:
                return SequenceReport(int(first), int(last), ())
            missing: list[int] = []
            expected = first
            for (seq,) in self.conn.execute("SELECT seq FROM oplog ORDER BY seq"):
                while expected < seq and len(missing) < max_report:
                    missing.append(expected)
                    expected += 1
                expected = seq + 1
                if len(missing) >= max_report:
                    break
        return SequenceReport(int(first), int(last), tuple(missing))

    def op_digest(self, seq: int) -> str:
        """A digest of the op at ``seq`` ("" when there is none): identifies a point in
        history (a snapshot's manifest records it; restore compares)."""
        with self.reading():
            return op_digest_on(self.conn, seq)

    # -- payload rewrites: erasure and key rotation ----------------------------------------
    def has_unerased_ops(self, user_id: str) -> bool:
        """True if some op of the user (an ``erase`` op included) has a payload erasure did
        not scrub."""
        rows = self._rows(
            f"SELECT 1 AS x FROM oplog WHERE user_id = ? AND {_NOT_SCRUBBED} LIMIT 1", [user_id]
        )
        return bool(rows)

    def count_erasable_ops(self, user_id: str, node_ids: Sequence[str], whole_user: bool) -> int:
        """How many payloads :meth:`scrub_op_payloads` would rewrite now."""
        if whole_user:
            sql = f"SELECT count(*) AS c FROM oplog WHERE user_id = ? AND {_UNSCRUBBED}"
            return int(self._rows(sql, [user_id])[0]["c"])
        total = 0
        for chunk in chunks(node_ids):
            sql = (
                f"SELECT count(*) AS c FROM oplog WHERE node_id IN ({marks(chunk)}) "
                f"AND {_UNSCRUBBED}"
            )
            total += int(self._rows(sql, chunk)[0]["c"])
        return total

    def scrub_op_payloads(
        self, user_id: str, node_ids: Sequence[str], whole_user: bool, scrub: PayloadScrubber
    ) -> int:
        """Rewrite with ``scrub`` every payload that may hold erased content: the ops of
        ``node_ids`` (every op of the user with ``whole_user``), never an ``erase`` row and
        never one scrubbed before (inside the caller's transaction). Returns how many rows
        changed."""
        with refused("cannot scrub op-log payloads"):
            return scrub_payloads_on(self.conn, user_id, node_ids, whole_user, scrub)

    def ops_with_payload_key(self, key: str) -> list[OpRecord]:
        """Ops whose payload has a top-level ``key`` (key rotation finds sealed content)."""
        sql = f"SELECT {OP_COLUMNS} FROM oplog WHERE payload LIKE ? ORDER BY seq"
        with self.reading():
            rows = self.conn.execute(sql, (f"%{json.dumps(key)}%",)).fetchall()
        return [rec for rec in (OpRow(*r).record() for r in rows) if key in rec.payload]

    def set_op_payload(self, seq: int, payload: dict[str, Any]) -> None:
        """Rewrite the payload of the op at ``seq`` (inside the caller's transaction)."""
        with refused(f"cannot rewrite op #{seq}"):
            self.conn.execute(
                "UPDATE oplog SET payload = ? WHERE seq = ?",
                (json.dumps(payload, ensure_ascii=False), seq),
            )
