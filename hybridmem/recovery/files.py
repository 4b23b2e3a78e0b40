"""The files of a memory directory around the SQLite store: a lost store, leftovers, retention.

- :func:`check_not_lost`: a missing or empty ``memory.sqlite3`` beside a vector index or
  snapshots is a lost store, not a new one. Opening it as new would delete every vector as
  "orphaned"; it is refused with the command that recovers.
- :func:`clean_leftovers`: what a checkpoint or scrub killed half way leaves in the snapshot
  folder (``.tmp-*.sqlite3`` copies, their ``-journal``, ``*.json.tmp`` manifests) is removed,
  and a hot ``-journal`` beside a snapshot is rolled back (by opening the snapshot) rather
  than deleted, which would leave the snapshot half written. Checkpoints hold a shared
  ``flock`` on ``snapshots/.lock`` while their temporary file exists; the cleaner takes it
  exclusively, so it never removes the file of a checkpoint still running in another process.
- :func:`prune_previous_stores`: stores a restore moved aside (``memory.sqlite3.before-restore-*``)
  beyond the newest ``RecoveryConfig.keep_previous_stores`` are deleted.
"""

from __future__ import annotations

import fcntl
import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hybridmem.errors import CorruptStoreError
from hybridmem.store import DB_FILE, read_copy

log = logging.getLogger(__name__)

LOCK_NAME = ".lock"
PREVIOUS_PREFIX = f"{DB_FILE}.before-restore-"


def check_not_lost(home: Path, chroma_dir: Path | None, snapshot_folder: Path) -> None:
    """Refuse to create a fresh store where the old one's SQLite file went missing."""
    db = home / DB_FILE
    if db.exists() and db.stat().st_size > 0:
        return
    evidence: list[str] = []
    if chroma_dir is not None and (chroma_dir / "chroma.sqlite3").is_file():
        evidence.append(f"a vector index ({chroma_dir})")
    snaps = sorted(snapshot_folder.glob("snap-*.json")) if snapshot_folder.is_dir() else []
    if snaps:
        evidence.append(f"{len(snaps)} snapshot(s) in {snapshot_folder}")
    previous = sorted(home.glob(f"{PREVIOUS_PREFIX}*"))
    if previous:
        evidence.append(f"{len(previous)} store(s) a restore moved aside")
    if not evidence:
        return
    state = "missing" if not db.exists() else "empty (0 bytes)"
    if snaps:
        advice = (
            f"Recover with `hybridmem restore --db {home}` (puts the newest snapshot back; "
            "the vectors are then rebuilt from it)"
        )
    else:
        advice = (
            "There is no snapshot to restore it from. To start an empty store here on "
            f"purpose, move {chroma_dir or 'the vector index'} aside first (it still holds "
            "the text of the indexed memories)"
        )
    raise CorruptStoreError(
        f"{db} is {state}, but this memory directory holds {' and '.join(evidence)}: the "
        f"store's SQLite file (the source of truth) was lost. Nothing was changed (no "
        f"vector was deleted). {advice}"
    )


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


def prune_previous_stores(home: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` moved-aside stores (and their WAL files)."""
    stores = previous_stores(home)
    doomed = stores[:-keep] if keep > 0 else stores
    if len(stores) <= keep:
        doomed = []
    for path in doomed:
        for suffix in ("", "-wal", "-shm", "-journal"):
            path.with_name(path.name + suffix).unlink(missing_ok=True)
    return doomed


__all__ = [
    "check_not_lost",
    "clean_leftovers",
    "previous_stores",
    "prune_previous_stores",
    "remove_leftovers",
    "scrubbing",
    "snapshot_lock",
]
