"""The PostgreSQL connection every table module of :class:`PostgresStore` shares.

One connection per store (psycopg 3, autocommit outside transactions), shared by threads under
a re-entrant lock, as the SQLite store shares its connection. Other processes and hosts
coordinate through PostgreSQL:

- **Writers of one user are serialised, writers of different users are not.** The services
  read, check (``expected_version``, cycles, limits) and write inside one transaction, so a
  second writer of the same nodes must not interleave. Every write transaction takes advisory
  locks first thing (:meth:`PgBase._after_begin`, sent with BEGIN), two levels:

  - a write of one user's nodes (``transaction(user_id)``) takes the global key
    ``WRITE_LOCK_KEY`` *shared* and the user's own key (:func:`user_lock_key`) exclusively;
  - anything that spans users (``transaction()`` without a user: key rotation, erasure,
    restore, checkpoints, migrations, re-indexing, maintenance) takes the global key
    exclusively: it waits for every writer in progress and holds the next ones back;
  - writes of derived columns of existing rows (index marks, vectors, access counts) take the
    global key shared only, and never wait for a row while holding another (``derived.py``).

  What every writer shares is built not to make them wait: op-log numbers come from a
  ``SEQUENCE`` (``logs.py``), the BM25 statistics are kept per user (``lexical.py``), and the
  audit chain's entries are appended at COMMIT under a short lock of their own
  (``AUDIT_TAIL_KEY``, :meth:`PgBase._flush_deferred`, in the COMMIT's round trip). Locks are
  released by COMMIT or ROLLBACK, also when the client dies (the server ends its session), so
  a killed writer never leaves one held.
- **Ops in flight.** With writers running at once, op numbers are handed out in start order but
  committed in any order: a reader of "ops after N" must not move past a number still in
  flight. Every write transaction announces the op number it started after
  (``IN_FLIGHT_BASE`` + that number, a shared advisory lock, visible in ``pg_locks`` before
  the transaction takes any number); ``PgOpLog.last_seq`` stops below the lowest one.
- A write transaction runs in psycopg's pipeline mode (:mod:`.piped`): BEGIN, the locks and
  the announcement go with its first read, writes nobody reads the answer of go with the next
  read or the COMMIT. The locks' statement also takes the transaction's first op number, so a
  single write numbers its op without a round trip of its own (a write that logs no op gives
  it back when the store is idle, ``_reclaim_numbers``).
- Readers take no lock: each statement sees the last committed state (READ COMMITTED).

The URL is never put in a message: :attr:`PgBase.where` (``user@host:port/db``) is.
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
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
from hybridmem.store.postgres import piped
from hybridmem.store.postgres.piped import first_line
from hybridmem.store.postgres.schema import OPLOG_NUMBERS, migrate
from hybridmem.store.postgres.tamper import declare_writer
from hybridmem.store.postgres.waits import lock_wait
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
TAIL_MOVED = "hm-audit-tail-moved"
"""What the check of an audit tail read before the tail lock says when it moved."""
# Numbers above the newest op handed out again, if this session holds the global key (taken by
# the statement before: this one's snapshot then sees every commit). %s, %s: the key's halves.
_GIVE_BACK = (
    f"SELECT setval('{OPLOG_NUMBERS}', greatest(m.v, 1), m.v > 0) "
    f"FROM (SELECT coalesce(max(seq), 0) AS v FROM oplog) m, {OPLOG_NUMBERS} s "
    "WHERE s.is_called AND s.last_value > m.v AND EXISTS (SELECT 1 FROM pg_locks l "
    "WHERE l.pid = pg_backend_pid() AND l.locktype = 'advisory' AND l.granted "
    "AND l.mode = 'ExclusiveLock' AND l.objsubid = 1 "
    "AND l.classid::bigint = %s AND l.objid::bigint = %s)"
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


@contextmanager
def refused(what: str) -> Iterator[None]:
    """Turn PostgreSQL's refusal of a write (constraint, bad value, unknown column) into
    :class:`StoreWriteError`, as the SQLite store does; a lost connection stays
    :class:`psycopg.OperationalError` (reported as ``StoreUnavailableError`` by the
    transaction, or as ``StoreLockTimeoutError`` when it was a wait that ended)."""
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
    HEADS_UNDER_LOCK = True
    """Whether a write transaction reads the audit chain's tail with its first answer and
    chains its entries to it without asking again: exact under a lock spanning users; for one
    user's write a guess, checked under the audit tail lock in the COMMIT's round trip
    (``_flush_deferred``). Off, appends ask the server for the tail (a round trip)."""

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
        self._lock_probe: psycopg.Cursor[Any] | None = None
        """The locks' statement of the open transaction, until its answer is taken."""
        self._spares: list[int] = []
        """Op numbers the open transaction took with its locks and has not used yet."""
        self._last_taken = 0
        """The highest op number the open transaction used (0: none yet)."""
        self._flushed: list[OpRecord] = []
        """The deferred ops handed to the hooks at this COMMIT (again if the tail moved)."""
        self._flushing = False
        """True while the hooks of the deferred ops run (their audit tail is checked)."""
        self.lock_count = 0
        """Write transactions begun."""
        self._numbers_from = 0
        """The last op number taken before the open transaction (its announcement)."""
        self._reclaim_after = False
        """Set by a restore: the op numbers continue after the restored log once it commits."""
        self._closed = False
        self._after_write: dict[str, Any] = {}
        """Answers read with the last COMMIT (:meth:`_before_commit`), valid until the next
        statement on the connection."""
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
            # No server-side prepared statements: psycopg prepares a statement on its fifth
            # run, and when that run is skipped behind an error in a pipeline (an audit tail
            # that moved, ``_commit_again``) it takes it for prepared all the same.
            conn.prepare_threshold = None
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
        if piped.idle_dropped(self.conn):
            self.conn.close()
            self.conn = self._connect()
            self._token = None  # a new backend: the session marker must name it

    @contextmanager
    def _reported(self) -> Iterator[None]:
        try:
            yield
        except psycopg.OperationalError as exc:
            # A lock or statement timeout, a deadlock: the wait ended, not the session.
            waited = lock_wait(exc, self.where, self._mode, self._users)
            if waited is not None:
                raise waited from exc
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
                    with (
                        self._reported(),
                        piped.translated(),
                        piped.savepoint(self.conn, f"hm_sp{self._depth}"),
                    ):
                        yield
                except BaseException:
                    self._audit_tail = None  # what the savepoint appended is undone
                    self._forget_heads()
                    del self._deferred[mark:]
                    self._users = users  # a lock taken in it went with it
                    raise
                finally:
                    self._depth -= 1
                return
            self._depth = 1
            self._audit_tail = None
            self._after_write.clear()
            self._mode = "derived" if derived else "exclusive" if user_id is None else "user"
            self._users = {user_id} if user_id is not None and not derived else set()
            committed = False
            try:
                with self._reported(), piped.translated():
                    self._begin()
                    with piped.outermost(
                        self.conn,
                        self._after_begin,
                        self._before_commit,
                        self._commit_again,
                        self._give_back,
                    ):
                        try:
                            yield
                        except BaseException:
                            self._rewind()
                            raise
                    self._committed()
                committed = True
            finally:
                self._depth = 0
                self._audit_tail = None
                self._forget_heads()
                self._mode, self._users, self._tail_held = "", set(), False
                self._deferred.clear()
                self._flushed, self._lock_probe, self._spares = [], None, []
                self._last_taken = 0
                if not derived and (not committed or self._reclaim_after):
                    self._reclaim_numbers()
            if self.after_commit is not None:
                self.after_commit()

    def _begin(self) -> None:
        """Before BEGIN: a connection the server dropped while idle is replaced (nothing was
        written yet, so nothing can be duplicated). ``benchmarks/pg_scaleout.py`` times the
        transactions' first answer from here."""
        self._live()

    def _after_begin(self) -> None:
        """What a write transaction sends right after BEGIN, in the same round trip (its answer
        comes with the first result the transaction waits for): the locks, the announcement
        of the op number it starts after and, for one user's write, its first op number
        (module docstring); the table mixins extend this with reads of the logs' heads."""
        if self._mode == "derived":
            self.conn.execute("SELECT pg_advisory_xact_lock_shared(%s)", (WRITE_LOCK_KEY,))
        else:
            if self._mode == "exclusive":
                locks, keys, spare = "pg_advisory_xact_lock(%s)", [WRITE_LOCK_KEY], "NULL, NULL"
            else:
                (user,) = self._users
                locks = "pg_advisory_xact_lock_shared(%s), pg_advisory_xact_lock(%s)"
                keys = [WRITE_LOCK_KEY, user_lock_key(user)]
                # Taken after the announcement (the columns run in order): numbered above it.
                # Two: a single add logs two ops (the add, its ancestors' bump).
                spare = f"nextval('{OPLOG_NUMBERS}'), nextval('{OPLOG_NUMBERS}')"
            # Scalar subqueries run when their column is reached: after the locks.
            self._lock_probe = self.conn.execute(
                f"SELECT {locks}, pg_advisory_xact_lock_shared(%s + ({LAST_NUMBER})), "
                f"({LAST_NUMBER}), {spare}",
                (*keys, IN_FLIGHT_BASE),
            )
        self.lock_count += 1

    def _lock_answer(self) -> None:
        """Take the answer of the locks' statement (arrived with the first result read)."""
        probe, self._lock_probe = self._lock_probe, None
        if probe is not None:
            row = probe.fetchone()
            if row is not None:
                self._numbers_from = int(row[-3])
                self._spares = [int(n) for n in row[-2:] if n is not None]

    def _take_spare(self) -> int | None:
        """The next op number the locks' statement took for this transaction, once (None:
        used up, or not a single user's write): the first ops appended are numbered with
        them."""
        if self._depth and self._mode == "user":
            self._lock_answer()
            if self._spares:
                self._last_taken = self._spares.pop(0)
                return self._last_taken
        return None

    def _taken(self, seqs: Sequence[int]) -> None:
        """Op numbers this transaction took from the sequence itself."""
        if seqs:
            self._last_taken = max(self._last_taken, *seqs)

    def _give_back(self) -> None:
        """After a user's COMMIT, in its round trip: op numbers it took and did not use go back
        if the store is idle (see ``_reclaim_numbers``; a try, never a wait, and a statement
        after the lock, so it sees every commit). Sent whenever the answer of the locks'
        statement is not at hand yet, which would take a round trip to look at."""
        if self._mode != "user" or (self._lock_probe is None and not self._spares):
            return
        self.conn.execute("BEGIN")
        self.conn.execute("SELECT pg_try_advisory_xact_lock(%s)", (WRITE_LOCK_KEY,))
        self.conn.execute(_GIVE_BACK, (WRITE_LOCK_KEY >> 32, WRITE_LOCK_KEY & 0xFFFFFFFF))
        self.conn.execute("COMMIT")

    def _before_commit(self) -> None:
        """What a write transaction sends with its COMMIT: the hooks of the ops deferred to it
        (their audit entries); the table mixins extend this with reads (:meth:`_committed`
        takes their answers)."""
        self._flush_deferred()

    def _committed(self) -> None:
        """After a COMMIT: a table mixin takes the answers of its :meth:`_before_commit`."""

    def _forget_heads(self) -> None:
        """Forget the heads known in the transaction (it ended, or a savepoint undid
        appends); the table mixins extend this."""

    def _rewind(self) -> None:
        """Before the ROLLBACK of an exclusive transaction: its op numbers go back (nobody
        else takes any while it holds the global key), unless an error aborted it (then the
        statement is refused and the numbers are reclaimed after)."""
        if self._mode != "exclusive" or self.conn.broken:
            return
        with contextlib.suppress(psycopg.Error):
            self._lock_answer()
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

    def _hold_user(self, user_id: str | None) -> None:
        """Make sure the open transaction may write ``user_id``'s nodes: in ``user`` mode
        take that user's lock too (a unit that turned out to touch a second user; sent in the
        pipeline, it holds before the statements after it run)."""
        if self._mode != "user" or user_id is None or user_id in self._users:
            return
        self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (user_lock_key(user_id),))
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
        self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (AUDIT_TAIL_KEY,))
        self._tail_held = True

    def _flush_deferred(self) -> None:
        """Before COMMIT: the deferred ops' hooks, under the audit tail lock, in the COMMIT's
        round trip: the entries chain to the tail read with the transaction's first answer,
        and a statement checks under the lock that it is still the tail
        (:meth:`_commit_again` when another user's writer appended meanwhile)."""
        if not self._deferred or (self.on_op is None and self.on_ops is None):
            return
        self.conn.execute("SAVEPOINT hm_tail")
        self._hold_tail()
        records, self._deferred = self._deferred, []
        self._flushed = records
        self._flushing = True
        try:
            notify_ops(records, self.on_ops, self.on_op)
        finally:
            self._flushing = False

    def _commit_again(self, exc: psycopg.Error) -> bool:
        """The COMMIT's round trip failed: if only because the audit tail moved, append the
        entries again to the tail read now (under the lock), and COMMIT; else False. Two
        round trips: the undo, the lock and the read of the tail; the entries and COMMIT."""
        if TAIL_MOVED not in str(exc) or self.conn.broken or not self._flushed:
            return False
        self._forget_tail()
        self._tail_held = False  # taken after the savepoint: maybe gone with it; again
        self._deferred, self._flushed = self._flushed, []
        with self.conn.pipeline():
            self.conn.execute("ROLLBACK TO SAVEPOINT hm_tail")
            self._before_commit()
            self.conn.execute("COMMIT")
            self._give_back()
        return True

    def _forget_tail(self) -> None:
        """The audit tail this transaction read is stale (the audit mixin extends this)."""
        self._audit_tail = None

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Serialise reads with writes of other threads sharing this connection."""
        with self._lock:
            self._check()
            self._after_write.clear()  # a read: what the last COMMIT read may be older now
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
        with piped.piped(self.conn):
            for sql, params in statements:
                self.conn.execute(sql, params)

    def _exec_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.conn.cursor() as cur:
            cur.executemany(sql, rows)

    def _piped(self) -> AbstractContextManager[None]:
        return piped.piped(self.conn)

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
