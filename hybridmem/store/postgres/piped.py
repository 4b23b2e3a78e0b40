"""Write transactions in psycopg's pipeline mode: a write pays a round trip only where the
caller needs an answer.

Outside pipeline mode every statement waits for its result: BEGIN, the write lock, each
INSERT and UPDATE and COMMIT were a round trip each (a single ``add`` took ~17). Inside one
pipeline, statements whose results nobody reads are sent and not waited for; they travel with
the next statement whose result is read (``fetchone``: one round trip carries everything
queued before it) or with the COMMIT at the end. So a transaction costs one round trip per
read it needs, plus one for its COMMIT.

What changes with it:

- A statement's error (a constraint, a bad value) surfaces with the next result read, not at
  the statement: :func:`translated` turns it into :class:`StoreWriteError` where the write
  unit ends, so nothing of PostgreSQL's exception types leaves the store either way.
- psycopg's own ``transaction()`` cannot nest in a pipeline it did not open (inside one, the
  server's answer to BEGIN has not arrived, so psycopg would take the open transaction for
  none and COMMIT it at the end of a savepoint): BEGIN, COMMIT and the savepoints are sent
  here as statements.
- A savepoint syncs at its end only when statements of it are still unanswered, so that its
  errors surface inside it, where the caller may handle them and the work after it goes on.
- A server that dropped an idle connection (a restart, ``pg_terminate_backend``) is noticed
  before BEGIN without a round trip (:func:`idle_dropped`: its goodbye is already in the
  socket), so the next write starts on a fresh connection as before.
"""

from __future__ import annotations

import select
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import psycopg
from psycopg import pq

from hybridmem.errors import StoreWriteError

_IDLE = pq.TransactionStatus.IDLE


def first_line(exc: BaseException) -> str:
    """The first line of an error message (psycopg appends context lines)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def idle_dropped(conn: psycopg.Connection[Any]) -> bool:
    """True if the server closed this idle connection: whatever it sent meanwhile is read
    without waiting (a terminated backend's FATAL and end of stream make the socket
    readable), so no round trip is spent asking."""
    if conn.closed or conn.broken:
        return True
    # A FATAL message and the end of the stream take a read each (a few at most).
    for _ in range(4):
        try:
            ready, _, _ = select.select([conn.fileno()], [], [], 0)
        except (OSError, ValueError, psycopg.Error):
            return True
        if not ready:
            return False
        try:
            conn.pgconn.consume_input()
        except psycopg.OperationalError:
            return True
        if conn.pgconn.status == pq.ConnStatus.BAD:
            return True
    return False


@contextmanager
def translated() -> Iterator[None]:
    """A refused write whose error surfaced after the statement that caused it (pipeline
    mode) as :class:`StoreWriteError`; a lost connection is left to the caller's report."""
    try:
        yield
    except (psycopg.IntegrityError, psycopg.DataError, psycopg.ProgrammingError) as exc:
        raise StoreWriteError(f"PostgreSQL refused a write: {first_line(exc)}") from exc


@contextmanager
def outermost(
    conn: psycopg.Connection[Any],
    begin: Callable[[], None],
    end: Callable[[], None],
    again: Callable[[psycopg.Error], bool] | None = None,
    after: Callable[[], None] | None = None,
) -> Iterator[None]:
    """BEGIN, what ``begin`` sends (the write lock first, then any reads to fetch later),
    the block's statements, what ``end`` sends, COMMIT and what ``after`` sends (its own
    transactions, which must not fail) in one pipeline; ROLLBACK if the block raises or a
    statement failed, unless ``again`` recovers from the failure of what ``end`` sent (then
    it committed)."""
    committing = False
    try:
        with conn.pipeline() as pipe:
            conn.execute("BEGIN")
            try:
                begin()
                yield
            except BaseException:
                _abandon(conn, pipe)
                raise
            committing = True
            try:
                end()
                conn.execute("COMMIT")
                if after is not None:
                    after()
            except BaseException:
                with suppress(psycopg.Error):
                    pipe.sync()  # past the failure: the pipeline then ends without one
                raise
    except BaseException as exc:
        # A statement's error surfaced at the final sync, or while psycopg took the results
        # that had arrived (anywhere in ``end``, maybe translated by the store): COMMIT was
        # skipped, the server holds an aborted transaction.
        failed = exc if isinstance(exc, psycopg.Error) else exc.__cause__
        recoverable = committing and again is not None and isinstance(failed, psycopg.Error)
        if recoverable and _recovered(again, failed):  # type: ignore[arg-type]
            return
        if not conn.broken and conn.pgconn.transaction_status != _IDLE:
            with suppress(psycopg.Error):
                conn.execute("ROLLBACK")
        raise


def _recovered(again: Callable[[psycopg.Error], bool], exc: psycopg.Error) -> bool:
    try:
        return again(exc)
    except Exception:  # the first failure is the one to report
        return False  # the transaction is rolled back by the caller's handler


def _abandon(conn: psycopg.Connection[Any], pipe: psycopg.Pipeline) -> None:
    """Roll back inside the pipeline: a ROLLBACK queued behind a failed statement is skipped
    by the server, so after syncing past the failure it is sent again."""
    if conn.broken:
        return
    with suppress(psycopg.Error):
        conn.execute("ROLLBACK")
    with suppress(psycopg.Error):
        pipe.sync()
    if not conn.broken and conn.pgconn.transaction_status != _IDLE:
        with suppress(psycopg.Error):
            conn.execute("ROLLBACK")


@contextmanager
def savepoint(conn: psycopg.Connection[Any], name: str) -> Iterator[None]:
    """A SAVEPOINT inside the open pipeline transaction; an error of its statements surfaces
    inside it, and a failure undoes only its work."""
    pipe = conn._pipeline
    conn.execute(f"SAVEPOINT {name}")
    try:
        yield
        if pipe is not None and pipe.result_queue:
            pipe.sync()  # its statements' errors belong to it
    except BaseException:
        if not conn.broken:
            if pipe is not None:
                with suppress(psycopg.Error):
                    pipe.sync()  # past a failed statement: the server skips the rest
            # Synced here so that a savepoint the server never made (its SAVEPOINT skipped
            # behind an earlier failure, e.g. a lock the transaction timed out on) fails here,
            # not at some later read: the error to report is the first one.
            with suppress(psycopg.Error):
                conn.execute(f"ROLLBACK TO SAVEPOINT {name}")
                conn.execute(f"RELEASE SAVEPOINT {name}")
                if pipe is not None:
                    pipe.sync()
        raise
    conn.execute(f"RELEASE SAVEPOINT {name}")


@contextmanager
def piped(conn: psycopg.Connection[Any]) -> Iterator[None]:
    """Pipeline mode for a group of statements: the open pipeline of a write transaction, or
    one of its own that ends (and waits for them) with the block."""
    if conn._pipeline is not None:
        yield
        return
    with conn.pipeline():
        yield
