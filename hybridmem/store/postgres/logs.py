"""The op log, the audit log and metadata in PostgreSQL: what this backend does its own way
(numbering and appending op rows, batching audit rows, asking the server which sessions are
alive). The reads both stores share are in :mod:`hybridmem.store.sql.logs`.

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
from hybridmem.store.postgres.base import PgBase, refused
from hybridmem.store.records import AUDIT_HEAD_KEY, AuditRow, OpRow, PayloadScrubber
from hybridmem.store.sql.dialect import POSTGRES
from hybridmem.store.sql.logs import (
    INSERT_AUDIT,
    INSERT_OP,
    LAST_AUDIT,
    META_RANGE,
    META_UPSERT,
    OP_COLUMNS,
    AuditQueries,
    MetaQueries,
    OpLogQueries,
)

_AUDIT_INSERT = POSTGRES.q(INSERT_AUDIT)
_META_UPSERT = POSTGRES.q(META_UPSERT)
_META_RANGE = POSTGRES.q(META_RANGE)
# Reserves n numbers after the counter (under the write lock); returns the last of them.
_RESERVE = "UPDATE counters SET value = value + %s WHERE name = 'oplog_seq' RETURNING value"
_INSERT_OP = POSTGRES.q(INSERT_OP)
_APPEND = (
    "WITH c AS (UPDATE counters SET value = value + 1 WHERE name = 'oplog_seq' RETURNING value) "
    f"INSERT INTO oplog({OP_COLUMNS}) SELECT c.value, %s, %s, %s, %s, %s, %s FROM c RETURNING seq"
)
# The counter and the newest sequence, read under the write lock.
_HEADS = (
    "SELECT (SELECT value FROM counters WHERE name = 'oplog_seq'), "
    "(SELECT coalesce(max(seq), 0) FROM oplog)"
)
# Appends the row numbered %s, the counter's next value: a counter moved by someone else (it
# cannot under the write lock) fails the statement instead of numbering the row otherwise.
_APPEND_AS = (
    "WITH c AS (UPDATE counters SET value = value + 1 WHERE name = 'oplog_seq' RETURNING value) "
    f"INSERT INTO oplog({OP_COLUMNS}) SELECT CASE WHEN c.value = %s THEN c.value "
    "ELSE ('op-log counter moved under the write lock to ' || c.value)::bigint END, "
    "%s, %s, %s, %s, %s, %s FROM c"
)
# Reserves %s numbers after the counter, which must stand at %s.
RESERVE_AT = (
    "UPDATE counters SET value = CASE WHEN value = %s THEN value + %s "
    "ELSE ('op-log counter moved under the write lock to ' || value)::bigint END "
    "WHERE name = 'oplog_seq'"
)
# Rows an erasure has not scrubbed (payloads are JSON text; ``"erased": true`` marks a scrub).
_UNSCRUBBED = f"op != 'erase' AND {POSTGRES.not_scrubbed}"


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


class PgOpLog(OpLogQueries, PgBase):
    """The append-only op log (payload rewrites are erasure's and key rotation's only).

    A write transaction reads the counter and the newest sequence right after taking the
    write lock (:meth:`_after_begin`, no round trip of its own), so appends number their rows
    themselves instead of waiting for ``RETURNING``; the statements check the number they
    were given against the counter (a mismatch fails the transaction, never a wrong number)."""

    _op_probe: psycopg.Cursor[Any] | None = None
    _op_head: tuple[int, int] | None = None
    """(counter, newest sequence) in the open transaction, once the probe was read."""

    def _after_begin(self) -> None:
        super()._after_begin()
        if self.HEADS_UNDER_LOCK:
            self._op_probe = self.conn.execute(_HEADS)

    def _forget_heads(self) -> None:
        super()._forget_heads()
        self._op_probe = self._op_head = None

    def _heads(self) -> tuple[int, int] | None:
        """(counter, newest sequence) as this transaction left them; None when unknown
        (outside a transaction, after a replayed row or an undone savepoint)."""
        if not self._depth:
            return None
        if self._op_probe is not None:
            row = self._op_probe.fetchone()
            self._op_probe = None
            if row is not None and row[0] is not None:
                self._op_head = (int(row[0]), int(row[1]))
        return self._op_head

    def last_seq(self) -> int:
        """The sequence of the newest op (0 for an empty log)."""
        heads = self._heads()
        return heads[1] if heads is not None else super().last_seq()

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
        values = (op, node_id, user_id, text, to_iso(at), actor)
        heads = self._heads()
        with refused(f"cannot log op {op!r}"):
            if heads is not None:
                seq = heads[0] + 1
                self.conn.execute(_APPEND_AS, (seq, *values))
                self._op_head = (seq, seq)
            else:
                row = self.conn.execute(_APPEND, values).fetchone()
                if row is None:
                    raise StoreError("the op-log counter row is missing; the schema is damaged")
                seq = int(row[0])
        if self.on_op is not None:
            self.on_op(OpRecord(seq, op, node_id, user_id, payload, at, actor))
        return seq

    def insert_op_row(self, row: OpRow) -> None:
        """Insert a logged op row verbatim (replay; inside the caller's transaction); the
        counter moves up to its sequence so later appends continue after it."""
        self._forget_heads()  # the counter may move past what this transaction knew
        with refused(f"cannot insert op #{row.seq}"):
            self._exec(_INSERT_OP, tuple(row))
            self._exec(
                "UPDATE counters SET value = greatest(value, %s) WHERE name = 'oplog_seq'",
                (row.seq,),
            )

    def _missing_seqs(self, first: int, last: int, max_report: int) -> list[int]:
        rows = self._tuples(
            "SELECT g FROM generate_series(%s::bigint, %s::bigint) g "
            "WHERE NOT EXISTS (SELECT 1 FROM oplog WHERE seq = g) ORDER BY g LIMIT %s",
            (first, last, max_report),
        )
        return [int(r[0]) for r in rows]

    # -- payload rewrites: erasure and key rotation ----------------------------------------
    def scrub_op_payloads(
        self, user_id: str, node_ids: Sequence[str], whole_user: bool, scrub: PayloadScrubber
    ) -> int:
        """Rewrite with ``scrub`` every payload that may hold erased content: the ops of
        ``node_ids`` (every op of the user with ``whole_user``), never an ``erase`` row and
        never one scrubbed before (inside the caller's transaction)."""
        where, params = _node_filter(user_id, node_ids, whole_user)
        with refused("cannot scrub op-log payloads"):
            return scrub_payloads_on(self.conn, "oplog", where, params, scrub)


class PgAuditTable(AuditQueries, PgBase):
    """Rows of the audit log (a hash chain; its rules are the privacy layer's).

    Once this store has appended audit entries, every write transaction reads the newest
    entry right after the write lock (:meth:`_after_begin`), with no round trip of its own."""

    _audits = False
    """Whether write transactions here append audit entries (then they read the head)."""
    _audit_probe: psycopg.Cursor[Any] | None = None

    def _after_begin(self) -> None:
        super()._after_begin()
        if self._audits and self.HEADS_UNDER_LOCK:
            self._audit_probe = self.conn.execute(LAST_AUDIT)

    def _forget_heads(self) -> None:
        super()._forget_heads()
        self._audit_probe = None

    def last_audit_entry(self) -> AuditRow | None:
        """The newest entry (the one a new entry chains to), or None. Inside a write
        transaction that appended one, that entry, without a round trip; else the head read
        with the write lock."""
        if self._depth:
            self._audits = True
            if self._audit_tail is not None:
                return self._audit_tail
            if self._audit_probe is not None:
                rows, self._audit_probe = self._audit_probe.fetchall(), None
                return AuditRow(*rows[0]) if rows else None
        return self._last_audit_row()

    def append_audit(self, row: AuditRow) -> None:
        """Insert an entry and record it as the chain's head ``seq:hash`` (inside the caller's
        transaction; both statements in one round trip)."""
        self.append_audits([row])

    def append_audits(self, rows: Sequence[AuditRow]) -> None:
        """Insert consecutive entries and record the last as the chain's head (inside the
        caller's transaction; one round trip)."""
        if not rows:
            return
        self._audit_tail = self._audit_probe = None  # unknown should the statements fail
        what = f"cannot append audit entries {rows[0].seq}..{rows[-1].seq}"
        with refused(what), self._piped(), self.conn.cursor() as cur:
            cur.executemany(_AUDIT_INSERT, [astuple(row) for row in rows])
            cur.execute(_META_UPSERT, (AUDIT_HEAD_KEY, f"{rows[-1].seq}:{rows[-1].hash}"))
        if self._depth:
            self._audit_tail = rows[-1]


class PgMetaTable(MetaQueries, PgBase):
    """Keyed metadata of the store.

    Watched prefixes (:meth:`watch_meta`: pending erasures, which the index owner checks
    after every write) are read with every write's COMMIT, in its round trip; the
    :meth:`meta_items` that follows answers from that read while nothing else ran on the
    connection (any read or write in between drops it)."""

    _watched: frozenset[str] = frozenset()
    _watch_reads: dict[str, psycopg.Cursor[Any]] | None = None

    def watch_meta(self, prefix: str) -> None:
        """Read keys under ``prefix`` with every write's COMMIT (see the class)."""
        self._watched = self._watched | {prefix}

    def _before_commit(self) -> None:
        super()._before_commit()
        if self._watched:
            self._watch_reads = {
                prefix: self.conn.execute(_META_RANGE, (prefix, prefix + "\uffff"))
                for prefix in self._watched
            }

    def _forget_heads(self) -> None:
        super()._forget_heads()
        self._watch_reads = None

    def _committed(self) -> None:
        super()._committed()
        reads, self._watch_reads = self._watch_reads, None
        for prefix, cur in (reads or {}).items():
            self._after_write[f"meta:{prefix}"] = dict(cur.fetchall())

    def meta_items(self, prefix: str) -> dict[str, str]:
        """Every key starting with ``prefix`` and its value, in key order."""
        with self._lock:
            known = self._after_write.pop(f"meta:{prefix}", None)
            if known is not None and not self._depth:
                return dict(known)
        return super().meta_items(prefix)

    def connection_token(self) -> str | None:
        """``pid@start`` of this store's server backend: the server ends a backend when its
        client's connection goes, whichever host the client was on, so the token is how
        another host tells that this process is gone (recovery/sessions.py)."""
        if self._token is not None and not self._closed:
            return self._token  # asked after every write: no statement, no round trip
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
