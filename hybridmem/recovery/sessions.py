"""Which processes have a store open, so ``open`` can tell a clean shutdown from a crash.

Each open ``HybridMemory`` registers ``session:<uuid>`` in ``meta`` (pid, process start time,
host, the op sequence at open) and removes it on ``close``. A key whose process is gone means that
session ended without closing: a crash, SIGKILL or power loss. Process start time (from
``/proc``) guards against a recycled pid being mistaken for the dead process.

A process can only look up processes of its own host. On a store with a server (PostgreSQL),
processes of other hosts share it, so the marker also names the session's server connection
(``TreeStore.connection_token``): the server ends a connection whose client died, so a session
of any host whose connection is gone is dead too. Without that, a crashed process on another
host would count as open forever, and ``restore`` would refuse for good.
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
from typing import Any, TypeVar

from hybridmem.errors import StoreBusyError
from hybridmem.store import Meta

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


def register(store: Meta, seq: int) -> str:
    """Record this process's session; return its key (for :func:`unregister`)."""
    key = f"{PREFIX}{uuid.uuid4().hex}"
    return retry_busy(store, "recording this session", lambda: record(store, key, seq))


def record(store: Meta, key: str, seq: int) -> str:
    """Write session ``key``'s marker: this process, its host, the store's server connection
    (when it has one) and the op sequence it started at. Written again after a reconnect, so
    other hosts do not take the old connection's end for this process's."""
    pid = os.getpid()
    value = {"pid": pid, "start": _start_time(pid), "host": socket.gethostname(), "seq": seq}
    token = store.connection_token()
    if token is not None:
        value["conn"] = token
    store.set_meta(key, json.dumps(value))
    return key


def retry_busy(
    store: Meta,
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
                    f"({exc}); {_lock_holders(store)}"
                ) from exc
            # Random, so openers that gave up together do not come back together.
            sleep(random.uniform(0.5, 1.5) * 2 ** (attempt - 1))
    raise AssertionError("unreachable")  # pragma: no cover


def holders(store: Meta, *, besides: str | None = None) -> list[str]:
    """The live sessions that have the store open (other than session ``besides``), each as
    ``pid N on HOST`` for error messages (readable while the write lock is taken)."""
    me = os.getpid()
    found = []
    for marker in _markers(store):
        if marker.alive and marker.info is not None and marker.key != besides:
            pid = marker.info.get("pid")
            own = " (this process)" if pid == me and marker.local else ""
            found.append(f"pid {pid}{own} on {marker.info.get('host')}")
    return found


def _lock_holders(store: Meta) -> str:
    found = holders(store)
    if not found:
        return "no hybridmem session has it open: another program holds the lock"
    return "open in " + ", ".join(found) + " (one of them holds the lock)"


def unregister(store: Meta, key: str) -> None:
    """Remove this session's key (a clean close)."""
    store.delete_meta(key)


def others_alive(store: Meta, own_key: str | None) -> int:
    """How many other sessions (any process, owner or follower) still have the store open."""
    return sum(1 for m in _markers(store) if m.key != own_key and m.alive)


def reap(store: Meta) -> list[DeadSession]:
    """Remove and return the sessions whose process is gone (on this host, or on any host
    when the store's server says their connection is gone)."""
    if not _dead(store):
        return []  # the common open: no write, so no wait for the write lock

    def remove() -> list[DeadSession]:
        with store.transaction():  # read again inside: another opener may have reaped them
            dead = _dead(store)
            if dead:
                store.delete_meta(*(d.key for d in dead))
        return dead

    return retry_busy(store, "removing the markers of sessions that ended unclean", remove)


@dataclass(frozen=True, slots=True)
class _Marker:
    key: str
    info: dict[str, Any] | None
    """The decoded marker; None when unreadable (treated as an unclean end)."""
    local: bool
    alive: bool


def _markers(store: Meta) -> list[_Marker]:
    host = socket.gethostname()
    decoded: list[tuple[str, dict[str, Any] | None]] = []
    for key, raw in store.meta_items(PREFIX).items():
        try:
            info = json.loads(raw)
            int(info["pid"])
            decoded.append((key, info if isinstance(info, dict) else None))
        except (ValueError, KeyError, TypeError):
            decoded.append((key, None))
    tokens = {str(i["conn"]) for _, i in decoded if i is not None and i.get("conn")}
    connected = store.connections_alive(tokens) if tokens else None
    markers = []
    for key, info in decoded:
        if info is None:
            markers.append(_Marker(key, None, False, False))
            continue
        local = info.get("host") == host
        if local:
            alive = _alive(int(info["pid"]), info.get("start"))
        elif connected is not None and info.get("conn"):
            alive = str(info["conn"]) in connected
        else:
            alive = True  # another host's process, and no server to ask: assume it is there
        markers.append(_Marker(key, info, local, alive))
    return markers


def _dead(store: Meta) -> list[DeadSession]:
    return [
        DeadSession(m.key, int(m.info.get("seq", 0)) if m.info is not None else 0)
        for m in _markers(store)
        if not m.alive
    ]
