"""The files of a memory directory that more than one service writes: the snapshot folder
and the stores a restore moved aside.

The recovery layer writes snapshots there (checkpoints) and the privacy layer rewrites them
(an erasure scrubs a user out of every copy, a key rotation re-seals them); both hold the same
lock, so the helpers live in the core and neither service package imports the other.

- :func:`snapshot_lock`: ``flock`` on ``<folder>/.lock``. Checkpoints hold it shared while
  their temporary file exists; cleaners and scrubs take it exclusively, so they never remove
  or rewrite the file of a checkpoint still running in another process.
- :func:`clean_leftovers`: what a checkpoint or scrub killed half way leaves in the snapshot
  folder (``.tmp-*.sqlite3`` copies, their ``-journal``, ``*.json.tmp`` manifests) is removed,
  and a hot ``-journal`` beside a snapshot is rolled back (by opening the snapshot) rather
  than deleted, which would leave the snapshot half written.
- :func:`previous_stores`: stores a restore moved aside (``memory.sqlite3.before-restore-*``).
"""

from __future__ import annotations

import fcntl
import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hybridmem.store import DB_FILE, read_copy

log = logging.getLogger(__name__)

LOCK_NAME = ".lock"
PREVIOUS_PREFIX = f"{DB_FILE}.before-restore-"


_exclusive_holders: dict[str, int] = {}  # folder -> thread holding it exclusively


@contextmanager
def snapshot_lock(folder: Path, *, exclusive: bool, wait: bool) -> Iterator[bool]:
    """``flock`` on ``folder/.lock``; yields False when ``wait`` is off and it is taken.

    Re-entrant for the thread holding it exclusively (an erasure's or rotation's own commit
    may trigger an automatic checkpoint, which would otherwise wait for itself).
    """
    folder.mkdir(parents=True, exist_ok=True)
    key = str(folder.resolve())
    if _exclusive_holders.get(key) == threading.get_ident():
        yield True
        return
    fd = os.open(str(folder / LOCK_NAME), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        mode = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
        try:
            fcntl.flock(fd, mode if wait else mode | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        if exclusive:
            _exclusive_holders[key] = threading.get_ident()
        try:
            yield True
        finally:
            if exclusive:
                _exclusive_holders.pop(key, None)
    finally:
        os.close(fd)  # also releases the lock


def _leftovers(folder: Path) -> tuple[list[Path], list[Path]]:
    """(files to delete, snapshots with a hot journal to roll back)."""
    doomed: list[Path] = []
    hot: list[Path] = []
    for path in folder.iterdir():
        name = path.name
        if name.startswith(".tmp-") or name.endswith(".json.tmp"):
            doomed.append(path)
        elif name.endswith("-journal"):
            base = path.with_name(name[: -len("-journal")])
            (hot if base.is_file() else doomed).append(base if base.is_file() else path)
    return doomed, hot


def clean_leftovers(folder: Path, *, wait: bool = False) -> int:
    """Remove what killed checkpoints and scrubs left in ``folder``; return how many.

    Skipped (0) when a checkpoint is running and ``wait`` is off.
    """
    if not folder.is_dir():
        return 0
    with snapshot_lock(folder, exclusive=True, wait=wait) as held:
        return remove_leftovers(folder) if held else 0


def remove_leftovers(folder: Path) -> int:
    """The work of :func:`clean_leftovers`; the caller holds the folder's exclusive lock."""
    doomed, hot = _leftovers(folder)
    for path in doomed:
        path.unlink(missing_ok=True)
    for snap in hot:
        try:
            read_copy(snap)  # SQLite rolls the hot journal back and deletes it
        except Exception as exc:  # a damaged copy is reported, not fatal
            log.warning("snapshot %s could not be rolled back: %s", snap, exc)
        snap.with_name(snap.name + "-journal").unlink(missing_ok=True)
    removed = len(doomed) + len(hot)
    if removed:
        log.info("removed %d leftovers of interrupted checkpoints in %s", removed, folder)
    return removed


@contextmanager
def scrubbing(folder: Path) -> Iterator[None]:
    """Hold the snapshot folder exclusively (no checkpoint runs meanwhile, and one that ran
    before has finished its file) with its leftovers removed: what an erasure scrubs under.
    Nothing happens for a folder that does not exist."""
    if not folder.is_dir():
        yield
        return
    with snapshot_lock(folder, exclusive=True, wait=True):
        remove_leftovers(folder)
        yield


def previous_stores(home: Path) -> list[Path]:
    """Stores a restore moved aside, oldest first (their names carry the time)."""
    return sorted(
        p
        for p in home.glob(f"{PREVIOUS_PREFIX}*")
        if not p.name.endswith(("-wal", "-shm", "-journal"))
    )


__all__ = [
    "LOCK_NAME",
    "PREVIOUS_PREFIX",
    "clean_leftovers",
    "previous_stores",
    "remove_leftovers",
    "scrubbing",
    "snapshot_lock",
]
