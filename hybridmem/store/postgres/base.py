"""The PostgreSQL connection every table module of :class:`PostgresStore` shares.

One connection per store (psycopg 3, autocommit outside transactions), shared by threads under
a re-entrant lock, as the SQLite store shares its connection. Other processes and hosts
coordinate through PostgreSQL:

- **Writers of one user are serialised, writers of different users are not.** The services
  read, check (``expected_version``, cycles, limits) and write inside one transaction, so a
  second writer of the same nodes must not interleave. Every write transaction takes advisory
  locks first thing (:meth:`PgBase._take_write_lock`, one round trip), two levels:

  - a write of one user's nodes (``transaction(user_id)``) takes the global key
    ``WRITE_LOCK_KEY`` *shared* and the user's own key (:func:`user_lock_key`) exclusively;
  - anything that spans users (``transaction()`` without a user: key rotation, erasure,
    restore, checkpoints, migrations, re-indexing, maintenance) takes the global key
    exclusively: it waits for every writer in progress and holds the next ones back;
  - writes of derived columns of existing rows (index marks, vectors, access counts) take the
    global key shared only.

  What every writer shares is built not to make them wait: op-log numbers come from a
  ``SEQUENCE`` (``logs.py``), the BM25 statistics are kept per user (``lexical.py``), and the
  audit chain's entries are appended at COMMIT under a short lock of their own
  (``AUDIT_TAIL_KEY``, :meth:`PgBase._flush_deferred`). Locks are released by COMMIT or
  ROLLBACK, also when the client dies (the server ends its session), so a killed writer never
  leaves one held.
- **Ops in flight.** With writers running at once, op numbers are handed out in start order but
  committed in any order: a reader of "ops after N" must not move past a number still in
  flight. Every write transaction announces the op number it started after
  (``IN_FLIGHT_BASE`` + that number, a shared advisory lock, visible in ``pg_locks`` before
  the transaction takes any number); ``PgOpLog.last_seq`` stops below the lowest one.
- Readers take no lock: each statement sees the last committed state (READ COMMITTED).

The URL is never put in a message: :attr:`PgBase.where` (``user@host:port/db``) is.
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import replace
from typing import Any

import psycopg
from psycopg.rows import dict_row

from hybridmem.errors import (
    StoreClosedError,
    StoreError,
    StoreNotFoundError,
    StoreUnavailableError,
    StoreWriteError,
)
from hybridmem.models import MemoryNode, OpRecord
from hybridmem.store.postgres.schema import OPLOG_NUMBERS, migrate
from hybridmem.store.postgres.tamper import declare_writer
from hybridmem.store.records import (
    AuditRow,
    ContentOpener,
    OpHook,
    OpsHook,
    notify_ops,
    row_to_node,
)
from hybridmem.store.sql.access import SqlAccess
from hybridmem.store.sql.dialect import POSTGRES

# Key of the global write lock (per database): 'hybr' 'mem1'. Shared by the writers of one
# user each, exclusive for work that spans users.
WRITE_LOCK_KEY = 0x6879627200006D31
# Key of the lock the audit chain's tail is appended under, at COMMIT: 'hybr' 'aud1'.
AUDIT_TAIL_KEY = 0x6879627261756431
# Base of the keys write transactions announce themselves with: 'hyf' then 40 bits for the
# op number the transaction started after (PostgreSQL shows an 8-byte key in pg_locks as
# classid = its high 32 bits, objid = its low 32 bits, objsubid = 1).
IN_FLIGHT_BASE = 0x6879660000000000
_IN_FLIGHT_CLASS = IN_FLIGHT_BASE >> 32
_IN_FLIGHT_SPAN = 1 << 8  # classids of the key range (40 bits of op numbers)
# The lowest op number a write transaction in flight may still commit, minus one (None when
# there is none): its announcement (see the module docstring).
IN_FLIGHT_FLOOR = (
    "SELECT min(((k.classid::bigint << 32) | k.objid::bigint) - %s) FROM pg_locks k "
    "WHERE k.locktype = 'advisory' AND k.objsubid = 1 "
    "AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
    f"AND k.classid::bigint >= {_IN_FLIGHT_CLASS} "
    f"AND k.classid::bigint < {_IN_FLIGHT_CLASS + _IN_FLIGHT_SPAN}"
)
LAST_NUMBER = f"SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM {OPLOG_NUMBERS}"


def user_lock_key(user_id: str) -> int:
    """The key of ``user_id``'s write lock: 64 bits of a hash of the id. Two users whose keys
    collide (odds 2^-64 a pair) only wait for each other, as every writer did before."""
    digest = hashlib.blake2b(user_id.encode("utf-8"), digest_size=8, person=b"hm-user-lock")
    return int.from_bytes(digest.digest(), "big", signed=True)


def describe(url: str) -> str:
    """``user@host:port/db`` of a connection URL, without the password."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        # The parser's message may quote the URL, password included: say what, not the text.
        raise StoreError("not a valid PostgreSQL URL (postgresql://user@host:port/db)") from None
    host = info.get("host") or "localhost"
    port = info.get("port") or 5432
    user = f"{info['user']}@" if info.get("user") else ""
    return f"{user}{host}:{port}/{info.get('dbname') or ''}"


def first_line(exc: BaseException) -> str:
    """The first line of an error message (psycopg appends context lines)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


@contextmanager
def refused(what: str) -> Iterator[None]:
    """Turn PostgreSQL's refusal of a write (constraint, bad value, unknown column) into
    :class:`StoreWriteError`, as the SQLite store does; a lost connection stays
    :class:`psycopg.OperationalError` (reported as ``StoreUnavailableError`` by the
    transaction)."""
    try:
        yield
    except (psycopg.IntegrityError, psycopg.DataError, psycopg.ProgrammingError) as exc:
        raise StoreWriteError(f"{what}: {first_line(exc)}") from exc


def db_value(value: Any) -> Any:
    """A value for a ``nodes`` column: booleans as 0/1 (the column is an INTEGER in both
    backends)."""
    return int(value) if isinstance(value, bool) else value


class PgBase(SqlAccess):
    """Connection, lock, transactions and hooks; the table mixins build on it."""

    D = POSTGRES

    def __init__(self, url: str, *, connect_timeout: int = 10, create: bool = True) -> None:
        self.url = url
        self.where = describe(url)
        """``user@host:port/db``: the database, as messages and logs name it."""
        self._lock = threading.RLock()
        self._depth = 0
        self._audit_tail: AuditRow | None = None
        """The audit entry this store appended last in the open write transaction (no other
        writer can append while it holds the write lock or the audit tail lock), so the next
        entry chains to it without reading it back; None outside a transaction or when
        unknown."""
        self._mode = ""
        """The open transaction's lock: "exclusive", "user", "derived" ("" outside one)."""
        self._users: set[str] = set()
        """Users whose write lock the open transaction holds (``user`` mode)."""
        self._deferred: list[OpRecord] = []
        """Ops appended in ``user`` mode, handed to the hooks at COMMIT (``_flush_deferred``)."""
        self._tail_held = False
        """Whether the open transaction holds the audit tail lock."""
        self.lock_seconds = 0.0
        """Time this store spent acquiring write locks (the statement's round trip included):
        what writers waited for each other (``benchmarks/pg_scaleout.py``)."""
        self.tail_seconds = 0.0
        """Time spent acquiring the audit tail lock at COMMIT."""
        self.lock_count = 0
        """Write transactions begun (``lock_seconds`` per write is their ratio)."""
        self._numbers_from = 0
        """The last op number taken before the open transaction (its announcement)."""
        self._reclaim_after = False
        """Set by a restore: the op numbers continue after the restored log once it commits."""
        self._closed = False
        self._token: str | None = None
        """This connection's ``pid@start`` on the server, once asked for (``connection_token``)."""
        self._connect_timeout = connect_timeout
        self.after_commit: Callable[[], None] | None = None
        """Called after each outermost COMMIT (automatic checkpoints hook in here)."""
        self.opener: ContentOpener | None = None
        """Decrypts sensitive content as rows are read (installed by the privacy layer)."""
        self.on_op: OpHook | None = None
        """Mirrors each op-log row inside its transaction (the privacy layer's audit log)."""
        self.on_ops: OpsHook | None = None
        """Batched appends here call ``on_op`` per row (each needs its number as written)."""
        self.conn: psycopg.Connection[Any] = self._connect()
        try:
            if not create and self._schema_missing():
                raise StoreNotFoundError(
                    f"no memory store in {self.where} (the database has no hybridmem schema)"
                )
            migrate(self.conn, WRITE_LOCK_KEY)
            self._reclaim_numbers()  # a writer killed last time took numbers it never used
        except psycopg.Error as exc:
            self.conn.close()
            raise StoreError(
                f"cannot prepare the hybridmem schema in {self.where}: {first_line(exc)}"
            ) from None
        except BaseException:
            self.conn.close()
            raise

    # -- plumbing -------------------------------------------------------------------------
    def _schema_missing(self) -> bool:
        found = self.conn.execute("SELECT to_regclass('hybridmem_schema')").fetchone()
        return found is None or found[0] is None

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            conn = psycopg.connect(self.url, autocommit=True, connect_timeout=self._connect_timeout)
            declare_writer(conn)  # its writes pass the row-hash guard triggers (tamper.py)
            return conn
        except psycopg.OperationalError as exc:
            raise StoreUnavailableError(
                f"cannot connect to PostgreSQL at {self.where}: {_scrubbed(exc, self.url)}"
            ) from None

    def _live(self) -> None:
        """Reconnect if the server dropped the connection (restart, failover, idle kill).

        Only between transactions: a transaction cut off by the drop was rolled back by the
        server and has already been reported to its caller as StoreUnavailableError.
        """
        if self.conn.broken or self.conn.closed:
            self.conn.close()
            self.conn = self._connect()
            self._token = None  # a new backend: the session marker must name it

    @contextmanager
    def _reported(self) -> Iterator[None]:
        try:
            yield
        except psycopg.OperationalError as exc:
            raise StoreUnavailableError(
                f"lost the connection to PostgreSQL at {self.where} ({first_line(exc)}); "
                "an open write was rolled back, nothing of it was kept; retry"
            ) from exc

    def close(self) -> None:
        """Close the connection; later calls raise :class:`StoreClosedError`."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self.conn.close()

    @property
    def closed(self) -> bool:
        """True once :meth:`close` ran."""
        return self._closed

    def _check(self) -> None:
        if self._closed:
            raise StoreClosedError("this memory store has been closed")

    def transaction(self, user_id: str | None = None) -> AbstractContextManager[None]:
        """One write transaction holding the write lock; a nested call is a SAVEPOINT, so an
        inner failure undoes only the inner work when the caller handles it.

        ``user_id``: the user whose nodes the transaction writes: writers of other users do
        not wait for it. None (work that spans users, or whose user is unknown): exclusive,
        it waits for every writer and they wait for it. A nested call naming another user
        takes that user's lock too."""
        return self._write(user_id, derived=False)

    def _derived(self) -> AbstractContextManager[None]:
        """A transaction that only writes derived columns of existing rows (index marks,
        vectors, access counts): it waits for exclusive work, never for another writer."""
        return self._write(None, derived=True)

    @contextmanager
    def _write(self, user_id: str | None, *, derived: bool) -> Iterator[None]:
        with self._lock:
            self._check()
            if self._depth:
                if user_id is not None:
                    self._hold_user(user_id)
                self._depth += 1
                mark, users = len(self._deferred), set(self._users)
                try:
                    with self._reported(), self.conn.transaction():  # SAVEPOINT ... RELEASE
                        yield
                except BaseException:
                    self._audit_tail = None  # what the savepoint appended is undone
                    del self._deferred[mark:]
                    self._users = users  # a lock taken in it went with it
                    raise
                finally:
                    self._depth -= 1
                return
            self._depth = 1
            committed = False
            try:
                with self._reported(), ExitStack() as stack:
                    self._begin(stack, user_id, derived)
                    try:
                        yield
                        self._flush_deferred()
                    except BaseException:
                        self._rewind()
                        raise
                committed = True
            finally:
                self._depth = 0
                self._audit_tail = None
                self._mode, self._users, self._tail_held = "", set(), False
                self._deferred.clear()
                if not derived and (not committed or self._reclaim_after):
                    self._reclaim_numbers()
            if self.after_commit is not None:
                self.after_commit()

    def _rewind(self) -> None:
        """Before the ROLLBACK of an exclusive transaction: its op numbers go back (nobody
        else takes any while it holds the global key), unless an error aborted it."""
        status = self.conn.info.transaction_status
        if self._mode == "exclusive" and status == psycopg.pq.TransactionStatus.INTRANS:
            with contextlib.suppress(psycopg.Error):
                self.conn.execute(
                    "SELECT setval(%s, greatest(%s, 1), %s > 0)",
                    (OPLOG_NUMBERS, self._numbers_from, self._numbers_from),
                )

    def _reclaim_numbers(self) -> None:
        """Hand out again the op numbers above the newest op: those of writes that rolled
        back or whose process died. Only with the store to itself (the global key, tried,
        never waited for): then no transaction in flight holds one, and no reader saw them
        (``last_seq`` never passes the newest op). So the log has no gap unless a write
        failed while another was in flight. Best effort: an error leaves the gap."""
        self._reclaim_after = False
        with contextlib.suppress(psycopg.Error), self.conn.transaction():
            row = self.conn.execute(
                "SELECT pg_try_advisory_xact_lock(%s)", (WRITE_LOCK_KEY,)
            ).fetchone()
            if row and row[0]:
                self.conn.execute(  # a statement after the lock: it sees every commit
                    f"SELECT setval('{OPLOG_NUMBERS}', greatest(m.v, 1), m.v > 0) "
                    f"FROM (SELECT coalesce(max(seq), 0) AS v FROM oplog) m, {OPLOG_NUMBERS} s "
                    "WHERE s.is_called AND s.last_value > m.v"
                )

    def _begin(self, stack: ExitStack, user_id: str | None, derived: bool) -> None:
        """BEGIN and take the write lock; once more on a fresh connection if it was dropped
        while idle (nothing was written yet, so the retry cannot duplicate anything)."""
        for attempt in (0, 1):
            self._live()
            try:
                stack.enter_context(self.conn.transaction())
                self._take_write_lock(user_id, derived)
                return
            except psycopg.OperationalError:
                if attempt or not self.conn.broken:
                    raise
                stack.pop_all()  # the server already ended it; no ROLLBACK to send

    def _take_write_lock(self, user_id: str | None, derived: bool) -> None:
        """The write transaction's locks, in one statement (see the module docstring): the
        global key (shared for one user's or derived writes, else exclusive), the user's key,
        and the announcement of the op number it starts after (read once the locks are held,
        and before it takes any number)."""
        started = time.perf_counter()
        if derived:
            self.conn.execute("SELECT pg_advisory_xact_lock_shared(%s)", (WRITE_LOCK_KEY,))
            self._mode = "derived"
        else:
            if user_id is None:
                locks, keys = "pg_advisory_xact_lock(%s)", [WRITE_LOCK_KEY]
            else:
                locks = "pg_advisory_xact_lock_shared(%s), pg_advisory_xact_lock(%s)"
                keys = [WRITE_LOCK_KEY, user_lock_key(user_id)]
            # Scalar subqueries run when their column is reached: after the locks.
            row = self.conn.execute(
                f"SELECT {locks}, pg_advisory_xact_lock_shared(%s + ({LAST_NUMBER})), "
                f"({LAST_NUMBER})",
                (*keys, IN_FLIGHT_BASE),
            ).fetchone()
            self._numbers_from = int(row[-1]) if row else 0
            self._mode = "exclusive" if user_id is None else "user"
            self._users = {user_id} if user_id is not None else set()
        self.lock_seconds += time.perf_counter() - started
        self.lock_count += 1

    def _hold_user(self, user_id: str | None) -> None:
        """Make sure the open transaction may write ``user_id``'s nodes: in ``user`` mode
        take that user's lock too (a unit that turned out to touch a second user)."""
        if self._mode != "user" or user_id is None or user_id in self._users:
            return
        started = time.perf_counter()
        self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (user_lock_key(user_id),))
        self.lock_seconds += time.perf_counter() - started
        self._users.add(user_id)

    def _notify(self, records: Sequence[OpRecord]) -> None:
        """Hand appended ops to the hooks: now, or in ``user`` mode at COMMIT, when the audit
        entries they make are appended under the audit tail lock (held from then until the
        COMMIT, not for the whole transaction: other users' writers append in between)."""
        if self._mode == "user":
            self._deferred.extend(records)
        else:
            notify_ops(list(records), self.on_ops, self.on_op)

    def _hold_tail(self) -> None:
        """Take the audit tail lock (``user`` mode: others append to the chain meanwhile)."""
        if self._mode != "user" or self._tail_held:
            return
        started = time.perf_counter()
        self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (AUDIT_TAIL_KEY,))
        self.tail_seconds += time.perf_counter() - started
        self._tail_held = True

    def _flush_deferred(self) -> None:
        """Before COMMIT: the deferred ops' hooks, under the audit tail lock."""
        if not self._deferred or (self.on_op is None and self.on_ops is None):
            return
        self._hold_tail()
        records, self._deferred = self._deferred, []
        notify_ops(records, self.on_ops, self.on_op)

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Serialise reads with writes of other threads sharing this connection."""
        with self._lock:
            self._check()
            if self._depth:
                yield
                return
            with self._reported():
                self._live()
                yield

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        with self._lock:
            for attempt in (0, 1):
                try:
                    with self.reading(), self.conn.cursor(row_factory=dict_row) as cur:
                        cur.execute(sql, params)
                        return cur.fetchall()
                except StoreUnavailableError:
                    # A read outside a transaction is safe to repeat on a new connection.
                    if attempt or self._depth or not self.conn.broken:
                        raise
            raise AssertionError("unreachable")

    def _tuples(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self.reading():
            return self.conn.execute(sql, params).fetchall()

    def _exec(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.conn.execute(sql, params)

    def _exec_all(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        """Run statements whose results nobody reads in one round trip (psycopg's pipeline
        mode; the block's end waits for every result, so an error is raised here, in order)."""
        with self.conn.pipeline():
            for sql, params in statements:
                self.conn.execute(sql, params)

    def _exec_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.conn.cursor() as cur:
            cur.executemany(sql, rows)

    def _refused(self, what: str) -> AbstractContextManager[None]:
        return refused(what)

    def _raw_nodes(self, sql: str, params: Sequence[Any] = ()) -> list[MemoryNode]:
        return [row_to_node(r) for r in self._rows(sql, params)]

    def _node(self, row: dict[str, Any]) -> MemoryNode:
        return self.decode(row)

    def _nodes(self, sql: str, params: Sequence[Any] = ()) -> list[MemoryNode]:
        """The nodes a ``SELECT {NODE_COLUMNS} ...`` reads, decoded."""
        return [self._node(r) for r in self._rows(sql, params)]

    def decode(self, row: dict[str, Any]) -> MemoryNode:
        """A ``nodes`` row as a :class:`MemoryNode`, sensitive content decrypted."""
        return self._opened(row_to_node(row))

    def _opened(self, node: MemoryNode) -> MemoryNode:
        """A node decoded from its row as reads show it: sensitive content decrypted."""
        if node.sensitive and self.opener is not None:
            return replace(node, content=self.opener(node.id, node.content))
        return node

    def analyze(self) -> None:
        """Refresh the planner's statistics (after a bulk load; autovacuum does it later)."""
        with self.reading():
            self.conn.execute("ANALYZE")


def _scrubbed(exc: BaseException, url: str) -> str:
    # libpq's messages name host and port, never the password; strip the URL all the same
    # should a future version quote it.
    return first_line(exc).replace(url, "<url>")
