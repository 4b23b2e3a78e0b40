"""The op log, the audit log and metadata in PostgreSQL: what this backend does its own way
(numbering and appending op rows, batching audit rows, asking the server which sessions are
alive). The reads both stores share are in :mod:`hybridmem.store.sql.logs`.

**Op numbers come from a ``SEQUENCE``** (m009): writers of different users run at once
(``base.py``), and a counter row updated in each transaction would make each wait for the
other's COMMIT. A sequence hands numbers out in start order, not commit order, and does not
take them back on rollback, so:

- a reader can see op 7 committed before op 6: :meth:`PgOpLog.last_seq` is the newest op below
  every number still in flight (the transactions announce themselves, ``base.py``), so "ops
  after ``last_seq()``" never skips one that commits later;
- a rolled-back write's numbers are handed out again when the store is idle right after it,
  or when a store opens (``PgBase._reclaim_numbers``: a killed writer's too); a write that
  fails while another is in flight leaves a gap. ``sequence_gaps`` therefore reports only the
  numbers the audit log names (each committed op has its entry) without an op row: rows
  deleted behind hybridmem's back;
- one user's write takes its first two numbers with its locks (``PgBase._after_begin``, no
  round trip of its own); those it does not use go back in its COMMIT's round trip when the
  store is idle (``PgBase._give_back``), else they are a gap like a failed write's.
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
from hybridmem.store.postgres.base import (
    IN_FLIGHT_BASE,
    IN_FLIGHT_FLOOR,
    LAST_NUMBER,
    TAIL_MOVED,
    PgBase,
    refused,
)
from hybridmem.store.postgres.schema import OPLOG_NUMBERS
from hybridmem.store.records import (
    AUDIT_HEAD_KEY,
    AuditRow,
    OpRow,
    PayloadScrubber,
    op_row_values,
)
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
# Takes n op numbers, ascending (not consecutive: other writers take numbers meanwhile).
_RESERVE = f"SELECT nextval('{OPLOG_NUMBERS}') AS v FROM generate_series(1, %s) ORDER BY v"
_INSERT_OP = POSTGRES.q(INSERT_OP)
_APPEND = (
    f"INSERT INTO oplog({OP_COLUMNS}) VALUES (nextval('{OPLOG_NUMBERS}'), %s, %s, %s, %s, %s, %s) "
    "RETURNING seq"
)
# Fails (TAIL_MOVED) unless the audit log's newest entry has hash %s (None: no entry). Run
# under the audit tail lock; the error depends on the row read, so it is never folded early.
_TAIL_CHECK = (
    "SELECT CASE WHEN t.h IS NOT DISTINCT FROM %s::text THEN 0 "
    f"ELSE ('{TAIL_MOVED} ' || coalesce(t.h, '-'))::int END "
    "FROM (SELECT (SELECT hash FROM audit_log ORDER BY seq DESC LIMIT 1) AS h) t"
)
# The newest committed op below every number in flight (see the module docstring). The
# sequence's value is read first (a transaction that announces itself later takes numbers
# above it), then the announcements; every number up to the lower of the two belongs to a
# transaction that has committed (visible to the next statement) or rolled back.
_LAST_SEQ = (
    f"WITH l AS MATERIALIZED (SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS v "
    f"FROM {OPLOG_NUMBERS}), "
    f"b AS MATERIALIZED (SELECT least(l.v, coalesce(({IN_FLIGHT_FLOOR} AND l.v >= 0), l.v)) "
    "AS v FROM l) "
    "SELECT coalesce(max(o.seq), 0) FROM oplog o, b WHERE o.seq <= b.v"
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

    The first op of one user's write transaction is numbered with the number its locks'
    statement took (``PgBase._after_begin``: no ``RETURNING`` to wait for); later ones take
    theirs from the sequence as they are appended."""

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
        self._hold_user(user_id)
        spare = self._take_spare()
        with refused(f"cannot log op {op!r}"):
            if spare is not None:
                seq = spare
                record = OpRecord(seq, op, node_id, user_id, payload, at, actor)
                self.conn.execute(_INSERT_OP, op_row_values(record))
            else:
                row = self.conn.execute(
                    _APPEND, (op, node_id, user_id, text, to_iso(at), actor)
                ).fetchone()
                if row is None:
                    raise StoreError("the op-log sequence returned no number")
                seq = int(row[0])
                self._taken([seq])
        if self.on_op is not None or self.on_ops is not None:
            self._notify([OpRecord(seq, op, node_id, user_id, payload, at, actor)])
        return seq

    def last_seq(self) -> int:
        """The newest op (0 for an empty log) such that no op at or below it can still
        commit: every writer in flight took its numbers above it. Readers of "ops after N"
        move on to it and never skip an op committed late. Inside one user's write
        transaction: the number before the next one it will use (what its writer predicts
        its ops' numbers from; a number that turns out otherwise is the writer's to notice)."""
        if self._depth and self._mode == "user":
            self._lock_answer()
            if self._spares:
                return self._spares[0] - 1
            if self._last_taken:
                return self._last_taken
        return int(self._tuples(_LAST_SEQ, (IN_FLIGHT_BASE,))[0][0])

    def insert_op_row(self, row: OpRow) -> None:
        """Insert a logged op row verbatim (replay; inside the caller's transaction); the
        sequence moves up to it so later appends continue after it."""
        with refused(f"cannot insert op #{row.seq}"):
            self._exec(_INSERT_OP, tuple(row))
            self._exec(
                f"SELECT setval('{OPLOG_NUMBERS}', greatest(%s, ({LAST_NUMBER})))", (row.seq,)
            )

    def _missing_seqs(self, first: int, last: int, max_report: int) -> list[int]:
        # Gaps of rolled-back writes are expected (a sequence): missing are the numbers of
        # committed ops, which the audit log names, without their row.
        rows = self._tuples(
            "SELECT DISTINCT a.op_seq FROM audit_log a WHERE a.op_seq BETWEEN %s AND %s "
            "AND NOT EXISTS (SELECT 1 FROM oplog o WHERE o.seq = a.op_seq) "
            "ORDER BY a.op_seq LIMIT %s",
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
        if self._audits and self._mode != "derived" and self.HEADS_UNDER_LOCK:
            self._audit_probe = self.conn.execute(LAST_AUDIT)

    def _forget_heads(self) -> None:
        super()._forget_heads()
        self._audit_probe = None

    def _forget_tail(self) -> None:
        super()._forget_tail()
        self._audit_probe = None

    def last_audit_entry(self) -> AuditRow | None:
        """The newest entry (the one a new entry chains to), or None. Inside a write
        transaction that appended one, that entry, without a round trip; in a transaction
        holding the global lock, the head read with it; at the COMMIT of one user's write, the
        head read with its first answer, checked under the audit tail lock by a statement
        sent after it (``PgBase._flush_deferred``); else the head read under the tail lock."""
        if self._depth:
            self._audits = True
            if self._audit_tail is not None:
                return self._audit_tail
            probe, self._audit_probe = self._audit_probe, None
            if probe is not None and (self._mode != "user" or self._flushing):
                rows = probe.fetchall()
                known = AuditRow(*rows[0]) if rows else None
                if self._mode == "user":
                    self._hold_tail()
                    self.conn.execute(_TAIL_CHECK, (known.hash if known else None,))
                return known
            self._hold_tail()  # writers of other users append too: hold the tail from here
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
