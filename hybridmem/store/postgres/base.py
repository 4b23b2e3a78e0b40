"""The PostgreSQL connection every table module of :class:`PostgresStore` shares.

One connection per store (psycopg 3, autocommit outside transactions), shared by threads under
a re-entrant lock, as the SQLite store shares its connection. Other processes and hosts
coordinate through PostgreSQL:

- **Writers are serialised** by ``pg_advisory_xact_lock`` taken first thing in every write
  transaction, the counterpart of SQLite's ``BEGIN IMMEDIATE``: the services read, check
  (``expected_version``, cycles, limits) and write inside one transaction, so a second writer
  must not interleave. The lock is released by COMMIT or ROLLBACK, also when the client dies
  (the server ends its session), so a killed writer never leaves it held.
- A write transaction runs in psycopg's pipeline mode (:mod:`.piped`): BEGIN and the lock go
  with its first read, writes nobody reads the answer of go with the next read or the COMMIT.
- Readers take no lock: each statement sees the last committed state (READ COMMITTED).

The URL is never put in a message: :attr:`PgBase.where` (``user@host:port/db``) is.
"""

from __future__ import annotations

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
from hybridmem.models import MemoryNode
from hybridmem.store.postgres import piped
from hybridmem.store.postgres.piped import first_line
from hybridmem.store.postgres.schema import migrate
from hybridmem.store.postgres.tamper import declare_writer
from hybridmem.store.records import AuditRow, ContentOpener, OpHook, OpsHook, row_to_node
from hybridmem.store.sql.access import SqlAccess
from hybridmem.store.sql.dialect import POSTGRES

# Key of the advisory lock that serialises writers (per database): 'hybr' 'mem1'.
WRITE_LOCK_KEY = 0x6879627200006D31


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
    HEADS_UNDER_LOCK = True
    """Whether the write lock keeps every other writer from moving the logs' heads (the op-log
    counter, the audit chain's tail): true of the database-wide lock. Then a write transaction
    reads them once, with the lock, and numbers and chains its own appends; a lock that lets
    other writers append meanwhile must turn this off (appends then ask the server)."""

    def __init__(self, url: str, *, connect_timeout: int = 10, create: bool = True) -> None:
        self.url = url
        self.where = describe(url)
        """``user@host:port/db``: the database, as messages and logs name it."""
        self._lock = threading.RLock()
        self._depth = 0
        self._audit_tail: AuditRow | None = None
        """The audit entry this store appended last in the open write transaction (no other
        writer can append while it holds the write lock), so the next entry chains to it
        without reading it back; None outside a transaction or when unknown."""
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
        if piped.idle_dropped(self.conn):
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

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction holding the write lock; a nested call is a SAVEPOINT, so an
        inner failure undoes only the inner work when the caller handles it."""
        with self._lock:
            self._check()
            if self._depth:
                self._depth += 1
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
                    raise
                finally:
                    self._depth -= 1
                return
            self._depth = 1
            self._audit_tail = None
            self._after_write.clear()
            try:
                with self._reported(), piped.translated():
                    self._live()
                    with piped.outermost(self.conn, self._after_begin, self._before_commit):
                        yield
                    self._committed()
            finally:
                self._depth = 0
                self._audit_tail = None
                self._forget_heads()
            if self.after_commit is not None:
                self.after_commit()

    def _after_begin(self) -> None:
        """What a write transaction sends right after BEGIN, in the same round trip: the write
        lock, then (in the table mixins, which extend this) reads of the logs' heads, fetched
        with the first answer the transaction waits for. Under the lock no other writer moves
        them, so the transaction knows them without asking again."""
        self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK_KEY,))

    def _before_commit(self) -> None:
        """Reads a table mixin sends with the COMMIT (:meth:`_committed` takes their
        answers); none here."""

    def _committed(self) -> None:
        """After a COMMIT: a table mixin takes the answers of its :meth:`_before_commit`."""

    def _forget_heads(self) -> None:
        """Forget the heads known in the transaction (it ended, or a savepoint undid
        appends); the table mixins extend this."""

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
