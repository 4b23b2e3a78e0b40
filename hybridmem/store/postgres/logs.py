"""The op log, the audit log and metadata in PostgreSQL: the same methods and results as
:mod:`hybridmem.store.oplog`, :mod:`hybridmem.store.audit` and :mod:`hybridmem.store.meta`.

**The op log is gap-free and in commit order**: the next sequence comes from the ``counters``
row updated in the writing transaction. A ``SEQUENCE`` would not do: its numbers are not
returned on rollback (gaps) and are handed out in start order, not commit order, so a reader
could see seq 7 committed before seq 6. Under the write lock the counter is never contended.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import astuple
from datetime import datetime
from typing import Any

import psycopg

from hybridmem.clock import to_iso
from hybridmem.errors import StoreError
from hybridmem.models import OpRecord
from hybridmem.store.oplog import OP_COLUMNS
from hybridmem.store.postgres.base import PgBase, refused
from hybridmem.store.queries import audit_select
from hybridmem.store.records import (
    AUDIT_HEAD_KEY,
    ERASED_KEY,
    AuditQuery,
    AuditRow,
    OpRow,
    PayloadScrubber,
    SequenceReport,
    op_digest_of,
)

_AUDIT_COLUMNS = "seq, at, actor, action, user_id, node_id, detail, op_seq, prev_hash, hash"
_AUDIT_INSERT = f"INSERT INTO audit_log({_AUDIT_COLUMNS}) VALUES ({', '.join(['%s'] * 10)})"
# Reserves n numbers after the counter (under the write lock); returns the last of them.
_RESERVE = "UPDATE counters SET value = value + %s WHERE name = 'oplog_seq' RETURNING value"
_INSERT_OP = f"INSERT INTO oplog({OP_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s)"
_APPEND = (
    "WITH c AS (UPDATE counters SET value = value + 1 WHERE name = 'oplog_seq' RETURNING value) "
    f"INSERT INTO oplog({OP_COLUMNS}) SELECT c.value, %s, %s, %s, %s, %s, %s FROM c RETURNING seq"
)
META_UPSERT = (
    "INSERT INTO meta(key, value) VALUES (%s, %s) "
    "ON CONFLICT(key) DO UPDATE SET value = excluded.value"
)
# Rows an erasure has not scrubbed (payloads are JSON text; ``"erased": true`` marks a scrub).
_NOT_SCRUBBED = f"(payload::jsonb -> '{ERASED_KEY}') IS DISTINCT FROM 'true'::jsonb"
_UNSCRUBBED = f"op != 'erase' AND {_NOT_SCRUBBED}"


def scrub_payloads_on(
    conn: psycopg.Connection[Any],
    table: str,
    where: str,
    params: Sequence[Any],
    scrub: PayloadScrubber,
) -> int:
    """Rewrite with ``scrub`` the unscrubbed payloads of ``table`` (``oplog`` or a snapshot's
    twin) matching ``where``; how many changed. Shared by the live log and snapshots."""
    key = "snap, seq" if table != "oplog" else "seq"
    rows = conn.execute(
        f"SELECT {key}, payload FROM {table} WHERE ({where}) AND {_UNSCRUBBED}", params
    ).fetchall()
    fresh = [
        (json.dumps(scrub(json.loads(r[-1]) if r[-1] else {}), ensure_ascii=False), *r[:-1])
        for r in rows
    ]
    if fresh:
        match = "snap = %s AND seq = %s" if table != "oplog" else "seq = %s"
        with conn.cursor() as cur:
            cur.executemany(f"UPDATE {table} SET payload = %s WHERE {match}", fresh)
    return len(fresh)


def _node_filter(user_id: str, node_ids: Sequence[str], whole_user: bool) -> tuple[str, list[Any]]:
    if whole_user:
        return "user_id = %s OR node_id = ANY(%s)", [user_id, list(node_ids)]
    return "node_id = ANY(%s)", [list(node_ids)]


class PgOpLog(PgBase):
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
        text = json.dumps(payload, ensure_ascii=False, default=str)
        with refused(f"cannot log op {op!r}"):
            row = self.conn.execute(
                _APPEND, (op, node_id, user_id, text, to_iso(at), actor)
            ).fetchone()
        if row is None:
            raise StoreError("the op-log counter row is missing; the schema is damaged")
        seq = int(row[0])
        if self.on_op is not None:
            self.on_op(OpRecord(seq, op, node_id, user_id, payload, at, actor))
        return seq

    def insert_op_row(self, row: OpRow) -> None:
        """Insert a logged op row verbatim (replay; inside the caller's transaction); the
        counter moves up to its sequence so later appends continue after it."""
        with refused(f"cannot insert op #{row.seq}"):
            self._exec(
                f"INSERT INTO oplog({OP_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s)", tuple(row)
            )
            self._exec(
                "UPDATE counters SET value = greatest(value, %s) WHERE name = 'oplog_seq'",
                (row.seq,),
            )

    def last_seq(self) -> int:
        """The sequence of the newest op (0 for an empty log)."""
        return int(self._rows("SELECT coalesce(max(seq), 0) AS s FROM oplog")[0]["s"])

    def op_rows(self, *, since: int = 0, until: int | None = None) -> list[OpRow]:
        """Stored rows with ``since < seq <= until``, in sequence order (for replay)."""
        sql = f"SELECT {OP_COLUMNS} FROM oplog WHERE seq > %s"
        params: list[Any] = [since]
        if until is not None:
            sql += " AND seq <= %s"
            params.append(until)
        return [OpRow(*r) for r in self._tuples(sql + " ORDER BY seq", params)]

    def read_ops(
        self,
        *,
        since: int = 0,
        until: int | None = None,
        limit: int | None = None,
        ops: Sequence[str] | None = None,
    ) -> list[OpRecord]:
        """Ops with ``since < seq <= until`` (only of kinds ``ops``), oldest first."""
        sql = f"SELECT {OP_COLUMNS} FROM oplog WHERE seq > %s"
        params: list[Any] = [since]
        if until is not None:
            sql += " AND seq <= %s"
            params.append(until)
        if ops is not None:
            sql += " AND op = ANY(%s)"
            params.append(list(ops))
        sql += " ORDER BY seq"
        if limit is not None:
            sql += " LIMIT %s"
            params.append(limit)
        return [OpRow(*r).record() for r in self._tuples(sql, params)]

    def node_ops(self, node_id: str) -> list[OpRecord]:
        """Ops recorded under ``node_id`` itself, oldest first."""
        sql = f"SELECT {OP_COLUMNS} FROM oplog WHERE node_id = %s ORDER BY seq"
        return [OpRow(*r).record() for r in self._tuples(sql, (node_id,))]

    def ops_mentioning(self, node_id: str, ops: Sequence[str]) -> list[OpRecord]:
        """Ops of kinds ``ops`` recorded under another node (or none) whose payload text
        contains ``node_id`` as a JSON string: candidates the caller checks exactly."""
        sql = (
            f"SELECT {OP_COLUMNS} FROM oplog WHERE op = ANY(%s) "
            "AND (node_id IS NULL OR node_id != %s) AND strpos(payload, %s) > 0 ORDER BY seq"
        )
        rows = self._tuples(sql, (list(ops), node_id, json.dumps(node_id)))
        return [OpRow(*r).record() for r in rows]

    def sequence_gaps(self, *, max_report: int = 100) -> SequenceReport:
        """First and last sequence of the log and the numbers missing in between (at most
        ``max_report``)."""
        first, last, count = self._tuples(
            "SELECT coalesce(min(seq), 0), coalesce(max(seq), 0), count(*) FROM oplog"
        )[0]
        if count == 0 or last - first + 1 == count:
            return SequenceReport(int(first), int(last), ())
        rows = self._tuples(
            "SELECT g FROM generate_series(%s::bigint, %s::bigint) g "
            "WHERE NOT EXISTS (SELECT 1 FROM oplog WHERE seq = g) ORDER BY g LIMIT %s",
            (first, last, max_report),
        )
        return SequenceReport(int(first), int(last), tuple(int(r[0]) for r in rows))

    def op_digest(self, seq: int) -> str:
        """A digest of the op at ``seq`` ("" when there is none): identifies a point in
        history (a checkpoint records it; restore compares)."""
        rows = self._tuples(
            "SELECT seq, op, node_id, user_id, payload, at FROM oplog WHERE seq = %s", (seq,)
        )
        return op_digest_of(rows[0]) if rows else ""

    # -- payload rewrites: erasure and key rotation ----------------------------------------
    def has_unerased_ops(self, user_id: str) -> bool:
        """True if some op of the user (an ``erase`` op included) has a payload erasure did
        not scrub."""
        sql = f"SELECT 1 FROM oplog WHERE user_id = %s AND {_NOT_SCRUBBED} LIMIT 1"
        return bool(self._tuples(sql, (user_id,)))

    def count_erasable_ops(self, user_id: str, node_ids: Sequence[str], whole_user: bool) -> int:
        """How many payloads :meth:`scrub_op_payloads` would rewrite now."""
        where, params = _node_filter(user_id, node_ids, whole_user)
        sql = f"SELECT count(*) FROM oplog WHERE ({where}) AND {_UNSCRUBBED}"
        return int(self._tuples(sql, params)[0][0])

    def scrub_op_payloads(
        self, user_id: str, node_ids: Sequence[str], whole_user: bool, scrub: PayloadScrubber
    ) -> int:
        """Rewrite with ``scrub`` every payload that may hold erased content: the ops of
        ``node_ids`` (every op of the user with ``whole_user``), never an ``erase`` row and
        never one scrubbed before (inside the caller's transaction)."""
        where, params = _node_filter(user_id, node_ids, whole_user)
        with refused("cannot scrub op-log payloads"):
            return scrub_payloads_on(self.conn, "oplog", where, params, scrub)

    def ops_with_payload_key(self, key: str) -> list[OpRecord]:
        """Ops whose payload has a top-level ``key`` (key rotation finds sealed content)."""
        sql = f"SELECT {OP_COLUMNS} FROM oplog WHERE payload::jsonb ? %s ORDER BY seq"
        return [OpRow(*r).record() for r in self._tuples(sql, (key,))]

    def set_op_payload(self, seq: int, payload: dict[str, Any]) -> None:
        """Rewrite the payload of the op at ``seq`` (inside the caller's transaction)."""
        with refused(f"cannot rewrite op #{seq}"):
            self._exec(
                "UPDATE oplog SET payload = %s WHERE seq = %s",
                (json.dumps(payload, ensure_ascii=False), seq),
            )


class PgAuditTable(PgBase):
    """Rows of the audit log (a hash chain; its rules are the privacy layer's)."""

    def last_audit_entry(self) -> AuditRow | None:
        """The newest entry (the one a new entry chains to), or None. Inside a write
        transaction that appended one, that entry, without a round trip."""
        if self._depth and self._audit_tail is not None:
            return self._audit_tail
        rows = self._tuples(f"SELECT {_AUDIT_COLUMNS} FROM audit_log ORDER BY seq DESC LIMIT 1")
        return AuditRow(*rows[0]) if rows else None

    def append_audit(self, row: AuditRow) -> None:
        """Insert an entry and record it as the chain's head ``seq:hash`` (inside the caller's
        transaction; both statements in one round trip)."""
        self.append_audits([row])

    def append_audits(self, rows: Sequence[AuditRow]) -> None:
        """Insert consecutive entries and record the last as the chain's head (inside the
        caller's transaction; one round trip)."""
        if not rows:
            return
        self._audit_tail = None  # unknown should the statements fail
        what = f"cannot append audit entries {rows[0].seq}..{rows[-1].seq}"
        with refused(what), self.conn.pipeline(), self.conn.cursor() as cur:
            cur.executemany(_AUDIT_INSERT, [astuple(row) for row in rows])
            cur.execute(META_UPSERT, (AUDIT_HEAD_KEY, f"{rows[-1].seq}:{rows[-1].hash}"))
        if self._depth:
            self._audit_tail = rows[-1]

    def audit_head(self) -> str | None:
        """The head ``seq:hash`` recorded with the newest entry, or None."""
        rows = self._rows("SELECT value FROM meta WHERE key = %s", [AUDIT_HEAD_KEY])
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
            _AUDIT_COLUMNS, "%s", query or AuditQuery(), after_seq=after_seq, limit=limit
        )
        return [AuditRow(*r) for r in self._tuples(sql, params)]


class PgMetaTable(PgBase):
    """Keyed metadata of the store."""

    def get_meta(self, key: str) -> str | None:
        """The value stored under ``key``, or None."""
        rows = self._rows("SELECT value FROM meta WHERE key = %s", [key])
        return rows[0]["value"] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        """Store ``value`` under ``key`` (its own transaction, or part of the caller's)."""
        with self.transaction():
            self._exec(META_UPSERT, (key, value))

    def delete_meta(self, *keys: str) -> None:
        """Remove these keys (missing ones are ignored)."""
        with self.transaction():
            self._exec("DELETE FROM meta WHERE key = ANY(%s)", (list(keys),))

    def meta_items(self, prefix: str) -> dict[str, str]:
        """Every key starting with ``prefix`` and its value, in key order."""
        rows = self._rows(
            "SELECT key, value FROM meta WHERE key >= %s AND key < %s ORDER BY key",
            [prefix, prefix + "\uffff"],
        )
        return {r["key"]: r["value"] for r in rows}

    def delete_meta_prefix(self, prefix: str) -> None:
        """Remove every key starting with ``prefix``."""
        with self.transaction():
            self._exec("DELETE FROM meta WHERE key >= %s AND key < %s", (prefix, prefix + "\uffff"))

    def connection_token(self) -> str | None:
        """``pid@start`` of this store's server backend: the server ends a backend when its
        client's connection goes, whichever host the client was on, so the token is how
        another host tells that this process is gone (recovery/sessions.py)."""
        with self.reading():
            if self._token is None:
                pid, start = self.conn.execute(
                    "SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()"
                ).fetchone() or (None, None)
                self._token = _token(pid, start)
            return self._token

    def connections_alive(self, tokens: Collection[str]) -> set[str] | None:
        """Tokens whose backend is still connected. Another role's backends show their pid
        but not their start time (PostgreSQL hides it), so for those the pid alone decides."""
        if not tokens:
            return set()
        rows = self._tuples(
            "SELECT pid, backend_start FROM pg_stat_activity WHERE datname = current_database()"
        )
        started = {pid: start for pid, start in rows}
        alive = set()
        for token in tokens:
            pid_text, _, start_text = token.partition("@")
            if not pid_text.isdigit() or int(pid_text) not in started:
                continue
            start = started[int(pid_text)]
            if start is None or _token(int(pid_text), start) == token or not start_text:
                alive.add(token)
        return alive


def _token(pid: int | None, start: datetime | None) -> str | None:
    if pid is None:
        return None
    return f"{pid}@{start.timestamp():.6f}" if start is not None else str(pid)
