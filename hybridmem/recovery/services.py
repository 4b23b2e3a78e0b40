"""The recovery layer as the facade sees it: install it on a core, then call its operations.

:func:`install` wires the open-time reconciliation, the owner's catch-up after vector writes
and automatic checkpoints into the engine. The other functions are the recovery operations
of ``HybridMemory`` (op-log queries, checkpoints, restore, verify/repair, stats).
"""

from __future__ import annotations

import time

from hybridmem.core import Core
from hybridmem.errors import NodeNotFoundError, RecoveryError
from hybridmem.models import OpRecord, StoreStats
from hybridmem.recovery import consistency, sessions, snapshots
from hybridmem.recovery import oplog as _oplog
from hybridmem.recovery.consistency import Reconciler, repair, verify
from hybridmem.recovery.models import RestoreReport, SnapshotInfo
from hybridmem.recovery.snapshots import checkpoint, list_snapshots
from hybridmem.store import DB_FILE, SQLiteStore, TreeStore


def install(core: Core) -> Reconciler:
    """Wire recovery into ``core``: catch-up after vector writes, automatic checkpoints."""
    reconciler = Reconciler(core)
    core.engine.after_index = reconciler.after_write

    def on_store(store: TreeStore) -> None:
        store.after_commit = snapshots.AutoCheckpoint(core).after_commit

    core.engine.on_store.append(on_store)
    on_store(core.engine.store)
    return reconciler


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
    """Build the restored store beside the live one, swap files, re-attach and re-index."""
    engine = core.engine
    if engine.path is None:
        raise RecoveryError("restore needs a memory directory on disk")
    with engine.lock:
        snap = snapshots.find_snapshot(core, snapshot)
        others = sessions.others_alive(engine.store, reconciler.session_key)
        if others:
            raise RecoveryError(
                f"{others} other process(es) have this store open; close them before "
                "restoring (they would keep writing to the replaced file)"
            )
        live = engine.path / DB_FILE
        staged = live.with_name(live.name + ".restoring")
        end, replayed = snapshots.build_restored(core, snap, to_seq, staged)
        reconciler.on_close()
        durability = snapshots.sqlite_store(core).durability
        engine.store.close()
        aside = snapshots.swap_in(live, staged, engine.now())
        engine.attach_store(SQLiteStore(live, durability=durability))
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
        )


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
        path=str(engine.path),
    )


__all__ = [
    "checkpoint",
    "consistency",
    "history",
    "install",
    "list_snapshots",
    "oplog",
    "repair",
    "restore",
    "stats",
    "verify",
]
