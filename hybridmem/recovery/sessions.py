"""Which processes have a store open, so ``open`` can tell a clean shutdown from a crash.

Each open ``HybridMemory`` registers ``session:<uuid>`` in ``meta`` (pid, process start time,
host, the op sequence at open) and removes it on ``close``. A key whose process is gone means that
session ended without closing: a crash, SIGKILL or power loss. Process start time (from
``/proc``) guards against a recycled pid being mistaken for the dead process.
"""

from __future__ import annotations

import json
import os
import random
import socket
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from hybridmem.errors import StoreBusyError
from hybridmem.store import TreeStore

PREFIX = "session:"

BUSY_ATTEMPTS = 3
"""Tries of an open's own write (its session marker) before giving up: each waits the store's
busy timeout (30 s on SQLite). Writers that commit back to back can keep SQLite's write lock
out of a waiting opener's reach longer than one timeout (8 writer processes at load 30 did);
the open has nothing of the caller's to lose, so it tries again after a short random pause."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class DeadSession:
    """A session that never closed: its key and the op sequence it started at."""

    key: str
    start_seq: int


def _start_time(pid: int) -> str | None:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
            # Field 22 (starttime) comes after the parenthesised command name.
            return fh.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def _alive(pid: int, start: str | None) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return start is None or _start_time(pid) in (None, start)


def register(store: TreeStore, seq: int) -> str:
    """Record this process's session; return its key (for :func:`unregister`)."""
    key = f"{PREFIX}{uuid.uuid4().hex}"
    pid = os.getpid()
    value = {"pid": pid, "start": _start_time(pid), "host": socket.gethostname(), "seq": seq}
    raw = json.dumps(value)

    def record() -> str:
        store.set_meta(key, raw)
        return key

    return retry_busy(store, "recording this session", record)


def retry_busy(
    store: TreeStore,
    what: str,
    write: Callable[[], T],
    *,
    attempts: int | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> T:
    """``write()``, tried again after a short random pause while the store answers busy
    (:class:`StoreBusyError`: nothing was written); the last refusal names the sessions that
    have the store open, one of which holds its write lock."""
    tries = BUSY_ATTEMPTS if attempts is None else attempts
    for attempt in range(1, tries + 1):
        try:
            return write()
        except StoreBusyError as exc:
            if attempt == tries:
                raise StoreBusyError(
                    f"{what}: the store's write lock stayed taken through {tries} tries "
                    f"({exc}); {holders(store)}"
                ) from exc
            # Random, so openers that gave up together do not come back together.
            sleep(random.uniform(0.5, 1.5) * 2 ** (attempt - 1))
    raise AssertionError("unreachable")  # pragma: no cover


def holders(store: TreeStore) -> str:
    """Who has the store open, for an error message (readable while the lock is taken)."""
    me = os.getpid()
    found = []
    for raw in store.meta_items(PREFIX).values():
        try:
            info = json.loads(raw)
            pid = int(info["pid"])
        except (ValueError, KeyError, TypeError):
            continue
        alive = info.get("host") != socket.gethostname() or _alive(pid, info.get("start"))
        if alive:
            own = " (this process)" if pid == me else ""
            found.append(f"pid {pid}{own} on {info.get('host')}")
    if not found:
        return "no hybridmem session has it open: another program holds the lock"
    return "open in " + ", ".join(found) + " (one of them holds the lock)"


def unregister(store: TreeStore, key: str) -> None:
    """Remove this session's key (a clean close)."""
    store.delete_meta(key)


def others_alive(store: TreeStore, own_key: str | None) -> int:
    """How many other sessions (any process, owner or follower) still have the store open."""
    host = socket.gethostname()
    alive = 0
    for key, raw in store.meta_items(PREFIX).items():
        if key == own_key:
            continue
        try:
            info = json.loads(raw)
            if info.get("host") != host or _alive(int(info["pid"]), info.get("start")):
                alive += 1
        except (ValueError, KeyError, TypeError):
            continue
    return alive


def reap(store: TreeStore) -> list[DeadSession]:
    """Remove and return the sessions whose process is gone (on this host)."""
    if not _dead(store):
        return []  # the common open: no write, so no wait for the write lock

    def remove() -> list[DeadSession]:
        with store.transaction():  # read again inside: another opener may have reaped them
            dead = _dead(store)
            if dead:
                store.delete_meta(*(d.key for d in dead))
        return dead

    return retry_busy(store, "removing the markers of sessions that ended unclean", remove)


def _dead(store: TreeStore) -> list[DeadSession]:
    host = socket.gethostname()
    dead: list[DeadSession] = []
    for key, raw in store.meta_items(PREFIX).items():
        try:
            info = json.loads(raw)
            gone = info.get("host") == host and not _alive(int(info["pid"]), info.get("start"))
            start_seq = int(info.get("seq", 0))
        except (ValueError, KeyError, TypeError):
            gone, start_seq = True, 0  # unreadable marker: treat as unclean, sweep all
        if gone:
            dead.append(DeadSession(key, start_seq))
    return dead
