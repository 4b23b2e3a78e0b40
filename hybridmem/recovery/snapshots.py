"""Snapshots: point-in-time copies of the SQLite store, retention, and restore with replay.
(A store that keeps its snapshots inside itself, PostgreSQL's, is served by
:mod:`hybridmem.recovery.db_snapshots`; the functions here dispatch to it.)

A checkpoint is ``VACUUM INTO`` a temporary file (one read transaction: a consistent copy
even while other processes write), then an atomic rename, then a JSON manifest written the
same way. A snapshot without a manifest is unfinished and ignored. The manifest records the
last op sequence in the copy, the active node per user, the clock time, and a digest of the
op at that sequence so ``restore`` can check the live op log still continues that history.

Restore builds the new store beside the live one (copy the snapshot, replay the live op log
after the snapshot's sequence up to ``to_seq`` inside one transaction), then swaps files;
the replaced store is moved aside, never deleted.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import shutil
import uuid
from datetime import UTC, datetime
from pathlib import Path

from hybridmem.clock import from_iso, to_iso
from hybridmem.core import ApplyContext, Core
from hybridmem.core.sealed import KEY_ID_META, copy_key_id
from hybridmem.errors import RecoveryError, SnapshotNotFoundError, StoreError
from hybridmem.models import IndexState
from hybridmem.recovery import db_snapshots, files
from hybridmem.recovery.lineage import LINEAGE_KEY, lineage, plan_replay
from hybridmem.recovery.models import RestoreReport, SnapshotInfo
from hybridmem.recovery.replay import replay
from hybridmem.recovery.sessions import PREFIX as SESSION_PREFIX
from hybridmem.store import (
    DB_FILE,
    Meta,
    SQLiteStore,
    prepare_copy_for_restore,
    read_copy,
)

log = logging.getLogger(__name__)

MANIFEST_SUFFIX = ".json"
DB_SUFFIX = ".sqlite3"


def snapshot_dir(core: Core) -> Path:
    """The folder holding this store's snapshot files (a SQLite store's)."""
    if core.engine.path is None:
        raise RecoveryError(
            f"{core.engine.location} keeps its snapshots inside the database, not in a folder"
        )
    return core.engine.path / core.engine.config.recovery.snapshot_dir


def _fsync_dir(path: Path) -> None:
    fd = os.open(str(path), os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_json_atomic(path: Path, value: dict[str, object]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(value, fh, ensure_ascii=False, indent=2)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def sqlite_store(core: Core) -> SQLiteStore:
    """The engine's store as the SQLite store snapshot files copy."""
    store = core.engine.store
    if not isinstance(store, SQLiteStore):
        raise RecoveryError(
            f"snapshot files copy SQLite stores; this memory's store is a {type(store).__name__}"
        )
    return store


def checkpoint(core: Core) -> SnapshotInfo:
    """Write a snapshot of the store now; apply retention; return its description."""
    kept = db_snapshots.keeper(core.engine.store)
    if kept is not None:
        info = db_snapshots.checkpoint(core, kept, lineage(core.engine.store))
        apply_retention(core)
        return info
    folder = snapshot_dir(core)
    folder.mkdir(parents=True, exist_ok=True)
    # What a checkpoint killed half way left behind (it may hold erased content).
    files.clean_leftovers(folder)
    now = core.engine.now()
    tmp = folder / f".tmp-{uuid.uuid4().hex}{DB_SUFFIX}"
    store = sqlite_store(core)
    chain = lineage(store)
    # Shared lock while the temporary file exists: cleaners and erasure scrubs (exclusive)
    # wait for this checkpoint instead of deleting its file or missing its copy.
    with files.snapshot_lock(folder, exclusive=False, wait=True):
        try:
            store.copy_to(tmp)
            facts = read_copy(tmp)
            # The suffix keeps names unique when two processes checkpoint the same sequence.
            name = f"snap-{facts.seq:012d}-{now:%Y%m%dT%H%M%S}-{uuid.uuid4().hex[:6]}"
            final = folder / f"{name}{DB_SUFFIX}"
            os.replace(tmp, final)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        manifest = {
            "name": name,
            "seq": facts.seq,
            "created_at": to_iso(now),
            "nodes": facts.nodes,
            "active_nodes": facts.active_nodes,
            "head_digest": facts.head_digest,
            "lineage": chain,
            "file": final.name,
        }
        _write_json_atomic(folder / f"{name}{MANIFEST_SUFFIX}", manifest)
        _fsync_dir(folder)
    info = _info(folder, manifest)
    apply_retention(core)
    return info


def _info(folder: Path, manifest: dict[str, object]) -> SnapshotInfo:
    file = folder / str(manifest["file"])
    return SnapshotInfo(
        name=str(manifest["name"]),
        path=file,
        seq=int(manifest["seq"]),  # type: ignore[call-overload]
        created_at=from_iso(str(manifest["created_at"])),
        nodes=int(manifest["nodes"]),  # type: ignore[call-overload]
        active_nodes=dict(manifest["active_nodes"]),  # type: ignore[call-overload]
        head_digest=str(manifest["head_digest"]),
        lineage=tuple((str(i), int(f)) for i, f in manifest.get("lineage", ())),  # type: ignore[attr-defined]
        size_bytes=file.stat().st_size if file.exists() else 0,
    )


def list_snapshots(core: Core) -> list[SnapshotInfo]:
    """Complete snapshots (manifest and file present, or kept in the database), oldest
    first."""
    kept = db_snapshots.keeper(core.engine.store)
    if kept is not None:
        return db_snapshots.listing(kept)
    return snapshots_in(snapshot_dir(core))


def snapshots_in(folder: Path) -> list[SnapshotInfo]:
    """Complete snapshots in ``folder``, oldest first (works without opening the store)."""
    if not folder.is_dir():
        return []
    out: list[SnapshotInfo] = []
    for manifest_path in folder.glob(f"snap-*{MANIFEST_SUFFIX}"):
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
            info = _info(folder, manifest)
        except (OSError, ValueError, KeyError, TypeError):
            continue  # unreadable manifest: not a usable snapshot
        if info.path is not None and info.path.exists():
            out.append(info)
    return sorted(out, key=lambda s: (s.seq, s.created_at, s.name))


def apply_retention(core: Core) -> list[str]:
    """Delete all but the newest ``keep_snapshots`` snapshots; return the removed names."""
    keep = core.engine.config.recovery.keep_snapshots
    kept = db_snapshots.keeper(core.engine.store)
    if kept is not None:
        return db_snapshots.apply_retention(kept, keep)
    snaps = list_snapshots(core)
    doomed = snaps[:-keep] if len(snaps) > keep else []
    for snap in doomed:
        # Manifest first: a crash in between leaves a file without manifest (ignored), never
        # a manifest pointing at nothing.
        assert snap.path is not None  # a file snapshot
        (snap.path.parent / f"{snap.name}{MANIFEST_SUFFIX}").unlink(missing_ok=True)
        snap.path.unlink(missing_ok=True)
    return [s.name for s in doomed]


def find_snapshot(core: Core, which: SnapshotInfo | str | int | None) -> SnapshotInfo:
    """A snapshot by info, name, or sequence number (the newest one at or below it).

    ``None`` means the newest snapshot.
    """
    snaps = list_snapshots(core)
    if isinstance(which, SnapshotInfo):
        which = which.name
    if which is None:
        if not snaps:
            where = core.engine.location if core.engine.path is None else snapshot_dir(core)
            raise SnapshotNotFoundError(f"{where} holds no snapshot; checkpoint first")
        return snaps[-1]
    if isinstance(which, int):
        fitting = [s for s in snaps if s.seq <= which]
        if not fitting:
            raise SnapshotNotFoundError(f"no snapshot at or before sequence {which}")
        return fitting[-1]
    for snap in snaps:
        if snap.name == which:
            return snap
    kept = db_snapshots.keeper(core.engine.store)
    if kept is not None:
        return db_snapshots.find(kept, which)
    raise SnapshotNotFoundError(
        f"no snapshot named {which!r}; available: {[s.name for s in snaps] or 'none'}"
    )


def build_restored(
    core: Core, snap: SnapshotInfo, to_seq: int | None, target: Path
) -> tuple[int, int]:
    """Write the restored store to ``target``; return ``(restored_to_seq, ops_replayed)``."""
    live = sqlite_store(core)
    source = snap.path
    assert source is not None  # a file snapshot
    # The digest taken from the snapshot file itself, not its manifest: both sides are then
    # computed by today's formula (a manifest may predate a change of it).
    snap = dataclasses.replace(snap, head_digest=read_copy(source, snap.seq).head_digest)
    end, rows, chain = plan_replay(live, snap, to_seq)
    _clear_staged(target)
    shutil.copyfile(source, target)
    live_key = live.get_meta(KEY_ID_META)
    _check_key(snap, copy_key_id(target), live_key)
    store = SQLiteStore(target, durability="full")  # the staged file: synced on every commit
    try:
        with store.transaction():
            replayed = replay(
                ApplyContext(store, tuple(core.engine.config.scope_types)), core.engine.ops, rows
            )
            carry_key(store, live_key)
            # Every vector is rebuilt after the swap.
            store.set_index_state_all(IndexState.PENDING.value)
            store.delete_meta_prefix(SESSION_PREFIX)
            # Ops after ``end`` written from now on are a new history (see lineage()).
            store.set_meta(LINEAGE_KEY, json.dumps(chain))
    finally:
        store.close()
    return end, replayed


def _clear_staged(target: Path) -> None:
    """Remove what a restore killed half way left of its staged file: the file and its WAL
    files. The staged store is written in WAL mode, so a kill leaves ``-wal`` frames that
    SQLite would apply to the fresh snapshot copy of the next restore (it checks no WAL
    against its database file), corrupting it ("malformed database schema")."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        target.with_name(target.name + suffix).unlink(missing_ok=True)


def carry_key(store: Meta, live_key: str | None) -> None:
    """A restored store keeps the live store's key fingerprint (inside the restore's
    transaction). A snapshot taken before the first encryption has none, while the replayed
    ops bring ciphertexts: without it, any key would open the result and the first sealed
    write under a wrong one would leave a store no key opens."""
    if live_key is not None:
        store.set_meta(KEY_ID_META, live_key)


def _check_key(snap: SnapshotInfo, copy_key: str | None, live_key: str | None) -> None:
    """A snapshot sealed under another key than the live store's would give a store that
    neither key opens (its rows under one key, the replayed ops under the other)."""
    if copy_key is not None and live_key is not None and copy_key != live_key:
        raise RecoveryError(
            f"snapshot {snap.name} is encrypted with key {copy_key}, but this store now uses "
            f"key {live_key} (rotate_key re-seals snapshots; this one was not, e.g. it was "
            "made by an older hybridmem). Nothing was changed; restore a newer snapshot"
        )


def swap_in(live: Path, restored: Path, stamp: datetime) -> Path:
    """Move the live store (and its WAL files) aside and the restored file into place."""
    aside = live.with_name(
        f"{live.name}.before-restore-{stamp:%Y%m%dT%H%M%S}-{uuid.uuid4().hex[:6]}"
    )
    os.replace(live, aside)
    for suffix in ("-wal", "-shm"):
        side = live.with_name(live.name + suffix)
        if side.exists():
            os.replace(side, aside.with_name(aside.name + suffix))
    os.replace(restored, live)
    _fsync_dir(live.parent)
    return aside


def restore_damaged(
    path: Path | str, snapshot: str | None = None, *, snapshot_folder: str = "snapshots"
) -> RestoreReport:
    """Put a snapshot in place of a store whose SQLite file cannot be opened.

    The op log after the snapshot lives in the damaged file, so nothing is replayed: the
    store comes back exactly as the snapshot recorded it. The damaged file (and its WAL) is
    moved aside, never deleted. Every node is marked pending, so the next open re-embeds them
    and removes vectors of nodes the snapshot does not have: ``verify()`` is clean after it.
    """
    root = Path(path)
    snaps = snapshots_in(root / snapshot_folder)
    if not snaps:
        raise SnapshotNotFoundError(
            f"{root / snapshot_folder} holds no snapshot, so the store cannot be restored; "
            f"nothing was changed. If {root / DB_FILE} was lost and you want to start an empty "
            f"store, move {root / 'chroma'} aside (it holds the text of the indexed memories)"
        )
    chosen = snaps[-1] if snapshot is None else next((s for s in snaps if s.name == snapshot), None)
    if chosen is None:
        raise SnapshotNotFoundError(
            f"no snapshot named {snapshot!r}; available: {[s.name for s in snaps]}"
        )
    live = root / DB_FILE
    staged = live.with_name(live.name + ".restoring")
    assert chosen.path is not None  # snapshots_in lists files
    _clear_staged(staged)
    shutil.copyfile(chosen.path, staged)
    prepare_copy_for_restore(staged, drop_meta_prefix=SESSION_PREFIX)
    if live.exists():
        aside = swap_in(live, staged, datetime.now(UTC))
    else:
        # A lost main file may have left its WAL behind: it must not be applied to the
        # snapshot (same store id), so it goes aside like a damaged file would.
        stamp = f"{datetime.now(UTC):%Y%m%dT%H%M%S}-{uuid.uuid4().hex[:6]}"
        for suffix in ("-wal", "-shm"):
            side = live.with_name(live.name + suffix)
            if side.exists():
                os.replace(side, live.with_name(f"{live.name}.before-restore-{stamp}{suffix}"))
        os.replace(staged, live)
        _fsync_dir(root)
        aside = None
    return RestoreReport(
        snapshot=chosen.name,
        snapshot_seq=chosen.seq,
        restored_to_seq=chosen.seq,
        ops_replayed=0,
        nodes=chosen.nodes,
        reindexed=0,
        previous_store=aside,
    )


class AutoCheckpoint:
    """Takes a snapshot after a commit once enough ops or enough (clock) time accumulated."""

    def __init__(self, core: Core) -> None:
        self.core = core
        cfg = core.engine.config.recovery
        self.enabled = cfg.checkpoint_every_ops is not None or (
            cfg.checkpoint_every_minutes is not None
        )
        self._busy = False
        self.last_seq = 0
        self.last_at: datetime | None = None
        if self.enabled:
            snaps = list_snapshots(core)
            if snaps:
                self.last_seq, self.last_at = snaps[-1].seq, snaps[-1].created_at
            else:
                self.last_at = core.engine.now()

    def after_commit(self) -> None:
        """Hook called by the store after each committed transaction."""
        if not self.enabled or self._busy or self.core.engine.store.closed:
            return
        cfg = self.core.engine.config.recovery
        seq = self.core.engine.store.last_seq()
        if seq <= self.last_seq:
            return
        due = cfg.checkpoint_every_ops is not None and seq - self.last_seq >= (
            cfg.checkpoint_every_ops
        )
        if not due and cfg.checkpoint_every_minutes is not None and self.last_at is not None:
            elapsed = (self.core.engine.now() - self.last_at).total_seconds() / 60
            due = elapsed >= cfg.checkpoint_every_minutes
        if not due:
            return
        self._busy = True
        try:
            info = checkpoint(self.core)
            self.last_seq, self.last_at = info.seq, info.created_at
        except (OSError, StoreError, RecoveryError) as exc:
            # The write itself is committed; a failed snapshot must not turn it into an error.
            log.warning("automatic checkpoint failed: %s", exc)
        finally:
            self._busy = False
