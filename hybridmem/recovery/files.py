"""The files of a memory directory around the SQLite store: a lost store, leftovers, retention.

- :func:`check_not_lost`: a missing or empty ``memory.sqlite3`` beside a vector index or
  snapshots is a lost store, not a new one. Opening it as new would delete every vector as
  "orphaned"; it is refused with the command that recovers.
- leftovers and the snapshot folder's lock: :mod:`hybridmem.core.directory` (privacy's
  scrubs hold the same lock), re-exported here.
- :func:`prune_previous_stores`: stores a restore moved aside (``memory.sqlite3.before-restore-*``)
  beyond the newest ``RecoveryConfig.keep_previous_stores`` are deleted.
"""

from __future__ import annotations

from pathlib import Path

from hybridmem.core.directory import (
    PREVIOUS_PREFIX,
    clean_leftovers,
    previous_stores,
    remove_leftovers,
    scrubbing,
    snapshot_lock,
)
from hybridmem.errors import CorruptStoreError
from hybridmem.store import DB_FILE


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
