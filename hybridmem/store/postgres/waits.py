"""PostgreSQL giving up on a wait, told apart from a lost connection.

psycopg raises a timed-out lock wait (``lock_timeout``), a statement cancelled by
``statement_timeout``, a deadlock victim and a serialisation failure as subclasses of
``OperationalError``, the class of a dropped connection too; the store reported all of them as
"lost the connection ... retry", which sent an operator looking at the network while another
session sat on a lock. These errors end the statement (and its transaction), not the session:
the connection is still good. :func:`lock_wait` names the wait instead, by SQLSTATE (the
message text is localised by the server's ``lc_messages``, the code is not).
"""

from __future__ import annotations

from collections.abc import Iterable

import psycopg

from hybridmem.errors import StoreLockTimeoutError
from hybridmem.store.postgres.piped import first_line

_WAITS = {
    "55P03": "gave up waiting for a lock (lock_timeout)",
    "57014": "cancelled the statement (statement_timeout, or a cancel request)",
    "40P01": "ended a deadlock by cancelling this side of it",
    "40001": "could not serialise this transaction with a concurrent one",
}
"""SQLSTATE of each error that ends a wait, and what it means: lock_not_available,
query_canceled, deadlock_detected, serialization_failure."""


def lock_wait(
    exc: psycopg.Error, where: str, mode: str, users: Iterable[str]
) -> StoreLockTimeoutError | None:
    """The error to report for ``exc`` if it ended a wait, else None (a real connection
    failure, reported as such by the caller). ``mode`` and ``users``: the open write
    transaction's lock ("" for a read outside one) and the users whose write lock it holds,
    which tell the reader whose writers it was likely waiting for."""
    what = _WAITS.get(exc.sqlstate or "")
    if what is None:
        return None
    held = sorted(users)
    if mode == "user" and held:
        names = ", ".join(repr(u) for u in held)
        during = (
            f"a write of user {names} (holding that user's write lock; another session "
            "writing to the same user, or locking its rows, held on longer)"
        )
    elif mode == "exclusive":
        during = "a write spanning users (waiting for the store-wide write lock or its rows)"
    elif mode == "derived":
        during = "an index or access-count update (waiting behind a write spanning users)"
    else:
        during = "a read (waiting behind a session that holds a table lock)"
    kept = "nothing of it was kept" if mode else "nothing was written"
    return StoreLockTimeoutError(
        f"PostgreSQL at {where} {what} during {during}: {first_line(exc)}; {kept}, the "
        "connection is still usable; retry once the other session lets go"
    )


__all__ = ["lock_wait"]
