"""The recovery layer as the facade sees it: its engine parts, then its operations.

:func:`reconciler` (the engine's catch-up after vector writes, and the open-time
reconciliation) and :func:`auto_checkpoint` (a store hook) are what the recovery layer plugs
into an engine when it is built (``opening.py`` gathers them in an ``EngineParts``). The
other functions are the recovery operations of ``HybridMemory`` (op-log queries,
checkpoints, restore, verify/repair, stats).
"""

from __future__ import annotations

import time
from pathlib import Path

from hybridmem.config.recovery import RecoveryConfig
from hybridmem.core import Core, Engine
from hybridmem.errors import NodeNotFoundError, RecoveryError
from hybridmem.models import OpRecord, StoreStats
from hybridmem.recovery import consistency, db_snapshots, files, sessions, snapshots
from hybridmem.recovery import oplog as _oplog
from hybridmem.recovery.consistency import Reconciler, repair, verify
from hybridmem.recovery.models import RestoreReport, SnapshotInfo
from hybridmem.recovery.reindex import plan_index, switch_embedder
from hybridmem.recovery.snapshots import checkpoint, list_snapshots
from hybridmem.store import DB_FILE, SQLiteStore, StoreHooks


def check_files(home: Path, *, chroma_dir: Path | None, config: RecoveryConfig) -> None:
    """Before the store is opened: refuse a lost SQLite file (see :mod:`.files`)."""
    files.check_not_lost(home, chroma_dir, home / config.snapshot_dir)


def clean_snapshot_folder(home: Path | None, config: RecoveryConfig) -> None:
    """Before the engine is built: remove what interrupted checkpoints left behind."""
    if home is not None:
        files.clean_leftovers(home / config.snapshot_dir)


def reconciler(engine: Engine) -> Reconciler:
    """The engine's catch-up (an ``EngineParts.catch_up`` factory): the owner's catch-up
    after vector writes, the open-time reconciliation, the session marker."""
    return Reconciler(Core.build(engine))


def reconciler_of(engine: Engine) -> Reconciler:
    """The reconciler an engine was built with (:func:`reconciler` as its catch-up)."""
    found = engine.catch_up
    if not isinstance(found, Reconciler):
        raise RecoveryError("this engine was built without the recovery layer's reconciler")
    return found


def auto_checkpoint(engine: Engine, store: StoreHooks) -> None:
    """A store hook: automatic checkpoints after commits (``RecoveryConfig``)."""
    store.after_commit = snapshots.AutoCheckpoint(Core.build(engine)).after_commit


def history(core: Core, node_id: str, *, user_id: str | None) -> list[OpRecord]:
    """Every op-log entry that changed ``node_id``; another user's node reads as missing."""
    store = core.engine.store
    records = _oplog.history(store, node_id)
    # The owner only, never the node: history must work on encrypted nodes without the key.
    owner = store.owner(node_id)
    if user_id is not None:
        records = [r for r in records if r.user_id == user_id]
        if owner is not None and owner != user_id:
            records = []
    if not records and (owner is None or user_id is not None):
        suffix = f" for user {user_id!r}" if user_id is not None else ""
        raise NodeNotFoundError(f"no node with id {node_id!r}{suffix} and no history of one")
    return records


def oplog(core: Core, *, since: int, until: int | None, limit: int | None) -> list[OpRecord]:
    """Op-log entries with ``since < seq <= until``, oldest first."""
    return _oplog.oplog(core.engine.store, since=since, until=until, limit=limit)


def restore(
    core: Core,
    reconciler: Reconciler,
    snapshot: SnapshotInfo | str | int | None,
    *,
    to_seq: int | None,
) -> RestoreReport:
    """Rebuild the store from a snapshot and the live op log, then re-index everything.

    SQLite: build the restored file beside the live one and swap files. A store that keeps
    its snapshots inside itself (PostgreSQL): restore in place in one transaction."""
    engine = core.engine
    with engine.lock:
        snap = snapshots.find_snapshot(core, snapshot)
        others = sessions.others_alive(engine.store, reconciler.session_key)
        if others:
            raise RecoveryError(
                f"{others} other process(es) have this store open; close them before "
                "restoring (they would keep writing to the replaced state): "
                + ", ".join(sessions.holders(engine.store, besides=reconciler.session_key))
            )
        kept = db_snapshots.keeper(engine.store)
        aside: Path | None = None
        previous: str | None = None
        if kept is not None:  # its session markers are reset inside the restore
            end, replayed, previous = db_snapshots.restore_in_place(core, kept, snap, to_seq)
        else:
            end, replayed, aside = _restore_file(core, reconciler, snap, to_seq)
        reindexed = core.indexer.rebuild()
        reconciler.session_key = None
        reconciler.on_open(None, time.perf_counter())
        return RestoreReport(
            snapshot=snap.name,
            snapshot_seq=snap.seq,
            restored_to_seq=end,
            ops_replayed=replayed,
            nodes=engine.store.node_count(),
            reindexed=reindexed,
            previous_store=aside,
            previous_snapshot=previous,
        )


def _restore_file(
    core: Core, reconciler: Reconciler, snap: SnapshotInfo, to_seq: int | None
) -> tuple[int, int, Path]:
    """SQLite: build the restored file beside the live one, swap files, re-attach."""
    engine = core.engine
    if engine.path is None:
        raise RecoveryError("restore needs a memory directory on disk")
    live = engine.path / DB_FILE
    staged = live.with_name(live.name + ".restoring")
    end, replayed = snapshots.build_restored(core, snap, to_seq, staged)
    reconciler.on_close()
    durability = snapshots.sqlite_store(core).durability
    engine.store.close()
    aside = snapshots.swap_in(live, staged, engine.now())
    files.prune_previous_stores(engine.path, engine.config.recovery.keep_previous_stores)
    engine.attach_store(SQLiteStore(live, durability=durability))
    return end, replayed, aside


def stats(core: Core, *, count_vectors: bool = True) -> StoreStats:
    """Counts by type, status and index state; vectors (-1: not counted); sizes."""
    engine = core.engine
    store = engine.store
    db_file = engine.path / DB_FILE if engine.path is not None else None
    return StoreStats(
        nodes=store.node_count(),
        users=len(store.counts("user_id")),
        by_type=store.counts("node_type"),
        by_status=store.counts("status"),
        by_index_state=store.counts("index_state"),
        vectors=engine.index.count() if count_vectors else -1,
        last_seq=store.last_seq(),
        embedder=engine.embedder.name,
        dimension=int(store.get_meta("dimension") or 0),
        sqlite_bytes=db_file.stat().st_size if db_file is not None and db_file.exists() else 0,
        path=engine.location,
    )


__all__ = [
    "auto_checkpoint",
    "check_files",
    "checkpoint",
    "clean_snapshot_folder",
    "consistency",
    "history",
    "list_snapshots",
    "oplog",
    "plan_index",
    "reconciler",
    "reconciler_of",
    "repair",
    "restore",
    "stats",
    "switch_embedder",
    "verify",
]
