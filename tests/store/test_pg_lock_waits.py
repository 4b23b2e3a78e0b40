"""A PostgreSQL wait that ends (``lock_timeout``, ``statement_timeout``, a deadlock) is reported
as :class:`StoreLockTimeoutError` naming the wait and the user whose write it was, not as a
lost connection; nothing of the write is kept and the same memory goes on working on the same
connection.

Another session holds a lock in a plain psycopg connection (what another process's open
transaction, or an operator's ``LOCK TABLE``, does); the waiting memory has its timeouts set
through the URL, as a deployment would (``options=-c lock_timeout=...``), so no wait lasts
longer than 300 ms and there are no sleeps. A real throwaway PostgreSQL cluster
(tests/conftest.py), the in-memory vector index.
"""

from __future__ import annotations

import threading
import time
from urllib.parse import quote

import psycopg
import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.errors import StoreBusyError, StoreLockTimeoutError, StoreUnavailableError
from hybridmem.index import InMemoryIndex
from hybridmem.store.postgres.base import WRITE_LOCK_KEY, user_lock_key

pytestmark = pytest.mark.postgres


def with_options(url: str, **settings: str) -> str:
    """``url`` with server settings for its sessions (libpq's ``options``)."""
    options = " ".join(f"-c {k}={v}" for k, v in settings.items())
    return f"{url}{'&' if '?' in url else '?'}options={quote(options)}"


def opened(url: str, clock) -> HybridMemory:
    return HybridMemory(url, embedder=HashEmbedder(64), clock=clock, index=InMemoryIndex())


def waiting_for_a_lock(url: str) -> None:
    """Return once a session of the database waits for a lock (asked from a third one)."""
    with psycopg.connect(url, autocommit=True) as watcher:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            row = watcher.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock'"
            ).fetchone()
            if row and row[0]:
                return
        raise AssertionError("the other session never waited for the lock")


def test_a_lock_timeout_names_the_wait_and_the_user_and_the_connection_stays(pg_url, clock):
    url = with_options(pg_url, lock_timeout="300ms")
    with opened(url, clock) as mem, psycopg.connect(pg_url, autocommit=True) as other:
        mem.add("Alice's first note", user_id="alice")
        token = mem.store.connection_token()  # type: ignore[attr-defined]
        other.execute("BEGIN")
        other.execute("SELECT pg_advisory_xact_lock(%s)", (user_lock_key("alice"),))
        with pytest.raises(StoreLockTimeoutError) as caught:
            mem.add("Alice's second note", user_id="alice")
        message = str(caught.value)
        assert "lock_timeout" in message and "'alice'" in message
        assert "lost the connection" not in message and "retry" in message
        assert caught.value.retryable and isinstance(caught.value, StoreBusyError)
        assert not isinstance(caught.value, StoreUnavailableError)
        assert isinstance(caught.value.__cause__, psycopg.errors.LockNotAvailable)
        # Another user's writes never waited; the store reads on, on the same connection.
        mem.add("Bob's note", user_id="bob")
        assert [n.content for n in mem.get_all(user_id="alice")] == ["Alice's first note"]
        other.execute("ROLLBACK")
        mem.add("Alice's second note", user_id="alice")  # her turn: the retry works
        assert mem.store.connection_token() == token  # type: ignore[attr-defined]
        assert len(mem.get_all(user_id="alice")) == 2
        report = mem.verify()
        assert report.clean, report.summary()
        assert mem.verify_audit().ok


def test_a_statement_timeout_on_a_read_is_a_wait_not_a_lost_connection(pg_url, clock):
    url = with_options(pg_url, statement_timeout="300ms")
    with opened(url, clock) as mem, psycopg.connect(pg_url, autocommit=True) as other:
        mem.add("a note", user_id="u1")
        token = mem.store.connection_token()  # type: ignore[attr-defined]
        other.execute("BEGIN")
        other.execute("LOCK TABLE nodes IN ACCESS EXCLUSIVE MODE")  # e.g. a VACUUM FULL
        with pytest.raises(StoreLockTimeoutError, match="statement_timeout") as caught:
            mem.get_all(user_id="u1")
        assert "a read" in str(caught.value)
        assert isinstance(caught.value.__cause__, psycopg.errors.QueryCanceled)
        other.execute("ROLLBACK")
        assert [n.content for n in mem.get_all(user_id="u1")] == ["a note"]
        assert mem.store.connection_token() == token  # type: ignore[attr-defined]


def test_a_deadlock_victim_is_told_so(pg_url, clock):
    # The memory's unit holds the store-wide write lock and then needs a row of Bob's; the
    # other session holds that row and waits for the write lock: PostgreSQL cancels the side
    # whose deadlock_timeout runs out first, the memory's (100 ms against 5 s).
    url = with_options(pg_url, deadlock_timeout="100ms")
    with opened(url, clock) as mem, psycopg.connect(pg_url, autocommit=True) as other:
        mem.add("Alice", user_id="alice")
        bob = mem.add("Bob", user_id="bob")
        other.execute("SET deadlock_timeout = '5s'")
        other.execute("BEGIN")
        other.execute("SELECT 1 FROM nodes WHERE id = %s FOR UPDATE", (bob.id,))
        failure: list[BaseException] = []

        def other_side() -> None:
            try:  # waits for the write lock, held by the memory's unit below
                other.execute("SELECT pg_advisory_xact_lock_shared(%s)", (WRITE_LOCK_KEY,))
            except psycopg.Error as exc:  # not expected: the memory's side is cancelled
                failure.append(exc)

        waiter = threading.Thread(target=other_side)
        with pytest.raises(StoreLockTimeoutError, match="deadlock") as caught, mem.transaction():
            mem.add("Alice writes", user_id="alice")
            mem.get_all(user_id="alice")  # the lock statement has been answered
            waiter.start()
            waiting_for_a_lock(pg_url)  # its wait first: the memory's closes the cycle
            mem.update(bob.id, content="Bob, changed")  # his row: the cycle closes
        waiter.join(timeout=30)
        assert not failure
        assert isinstance(caught.value.__cause__, psycopg.errors.DeadlockDetected)
        assert "spanning users" in str(caught.value)
        other.execute("ROLLBACK")
        # Nothing of the unit was kept, and the same memory goes on.
        assert [n.content for n in mem.get_all(user_id="alice")] == ["Alice"]
        assert mem.get(bob.id).content == "Bob"
        mem.update(bob.id, content="Bob, changed")
        report = mem.verify()
        assert report.clean, report.summary()
        assert mem.verify_audit().ok
