"""Which processes have a store open, so ``open`` can tell a clean shutdown from a crash.

Each open ``HybridMemory`` registers ``session:<uuid>`` in ``meta`` (pid, process start time,
host, the op sequence at open) and removes it on ``close``. A key whose process is gone means that
session ended without closing: a crash, SIGKILL or power loss. Process start time (from
``/proc``) guards against a recycled pid being mistaken for the dead process.
"""

from __future__ import annotations

import json
import os
import socket
import uuid
from dataclasses import dataclass

from hybridmem.store import TreeStore

PREFIX = "session:"


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
    store.set_meta(key, json.dumps(value))
    return key


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
    host = socket.gethostname()
    dead: list[DeadSession] = []
    with store.transaction():
        for key, raw in store.meta_items(PREFIX).items():
            try:
                info = json.loads(raw)
                gone = info.get("host") == host and not _alive(int(info["pid"]), info.get("start"))
                start_seq = int(info.get("seq", 0))
            except (ValueError, KeyError, TypeError):
                gone, start_seq = True, 0  # unreadable marker: treat as unclean, sweep all
            if gone:
                store.delete_meta(key)
                dead.append(DeadSession(key, start_seq))
    return dead
