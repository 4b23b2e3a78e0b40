"""Checkpoints of a store that keeps them inside itself (:class:`~hybridmem.store.SnapshotKeeper`:
the PostgreSQL store), so an agent on any host can restore what another host checkpointed.

The same contract as the file snapshots of :mod:`hybridmem.recovery.snapshots`: a manifest
(sequence, active nodes, clock time, lineage), retention, and restore = load the snapshot and
replay the live op log after it up to ``to_seq``. Differences, each for a reason:

- Restore happens in place, in one write transaction holding the store's write lock: other
  sessions see the old state or the restored one, never a mix, and a failed restore changes
  nothing. The replaced state is not a file to move aside: it is kept as a snapshot named
  ``before-restore-...`` (restorable by name, scrubbed by erasures like the others, outside
  retention and outside the default choice of ``restore()``).
- The head digest is computed from the stored snapshot when listed, so it stays true after an
  erasure scrubbed the snapshot (no manifest file to refresh).
"""

from __future__ import annotations

import json
import uuid

from hybridmem.clock import from_iso, to_iso
from hybridmem.core import ApplyContext, Core
from hybridmem.core.sealed import KEY_ID_META, sealed_key_id
from hybridmem.errors import RecoveryError, SnapshotNotFoundError
from hybridmem.models import IndexState
from hybridmem.recovery.lineage import LINEAGE_KEY, lineage, plan_replay
from hybridmem.recovery.models import SnapshotInfo
from hybridmem.recovery.replay import replay
from hybridmem.recovery.sessions import PREFIX as SESSION_PREFIX
from hybridmem.store import SnapshotKeeper, StoredSnapshot, TreeStore

REGULAR = "snap-"
"""Name prefix of checkpoints (retention and ``restore()`` choose among these)."""
ASIDE = "before-restore-"
"""Name prefix of the state a restore replaced."""


def keeper(store: TreeStore) -> SnapshotKeeper | None:
    """The store as a keeper of its own snapshots, or None (SQLite: snapshot files)."""
    return store if isinstance(store, SnapshotKeeper) else None


def info(stored: StoredSnapshot) -> SnapshotInfo:
    """The recovery layer's description of a stored snapshot."""
    manifest = stored.manifest
    return SnapshotInfo(
        name=stored.name,
        path=None,
        seq=stored.seq,
        created_at=from_iso(str(manifest["created_at"])),
        nodes=stored.nodes,
        active_nodes=stored.active_nodes,
        head_digest=stored.head_digest,
        size_bytes=0,
        lineage=tuple((str(i), int(f)) for i, f in manifest.get("lineage", ())),
    )


def listing(store: SnapshotKeeper, *, aside: bool = False) -> list[SnapshotInfo]:
    """Checkpoints, oldest first (with ``aside``: also the states restores replaced)."""
    prefixes = (REGULAR, ASIDE) if aside else (REGULAR,)
    return [info(s) for s in store.list_snapshots() if s.name.startswith(prefixes)]


def checkpoint(core: Core, store: SnapshotKeeper, chain: list[tuple[str, int]]) -> SnapshotInfo:
    """Snapshot the store now (retention is the caller's)."""
    now = core.engine.now()
    seq = core.engine.store.last_seq()  # for the name; the snapshot records its own
    manifest = {"created_at": to_iso(now), "lineage": chain}
    # The suffix keeps names unique when two hosts checkpoint the same sequence.
    name = f"{REGULAR}{seq:012d}-{now:%Y%m%dT%H%M%S}-{uuid.uuid4().hex[:6]}"
    return info(store.create_snapshot(name, manifest))


def apply_retention(store: SnapshotKeeper, keep: int) -> list[str]:
    """Drop all but the newest ``keep`` checkpoints; return the dropped names."""
    snaps = listing(store)
    doomed = snaps[:-keep] if len(snaps) > keep else []
    for snap in doomed:
        store.drop_snapshot(snap.name)
    return [s.name for s in doomed]


def find(store: SnapshotKeeper, which: str) -> SnapshotInfo:
    """A snapshot by name, the states restores replaced included."""
    for snap in listing(store, aside=True):
        if snap.name == which:
            return snap
    names = [s.name for s in listing(store, aside=True)]
    raise SnapshotNotFoundError(f"no snapshot named {which!r}; available: {names or 'none'}")


def restore_in_place(
    core: Core,
    store: SnapshotKeeper,
    snap: SnapshotInfo,
    to_seq: int | None,
) -> tuple[int, int, str]:
    """Keep the current state as a snapshot, load ``snap`` and replay the live op log after
    it, all in one write unit (so no other writer slips in between); ``(restored_to_seq,
    ops_replayed, name of the kept state)``."""
    engine = core.engine
    with engine.write():
        end, rows, chain = plan_replay(engine.store, snap, to_seq)
        tree = engine.store
        now = engine.now()
        aside = f"{ASIDE}{now:%Y%m%dT%H%M%S}-{uuid.uuid4().hex[:6]}"
        live_key = tree.get_meta(KEY_ID_META)
        store.create_snapshot(aside, {"created_at": to_iso(now), "lineage": lineage(tree)})
        store.load_snapshot(snap.name)
        loaded_key = tree.get_meta(KEY_ID_META) or sealed_key_id(tree.sealed_sample())
        if loaded_key is not None and live_key is not None and loaded_key != live_key:
            raise RecoveryError(
                f"snapshot {snap.name} is encrypted with key {loaded_key}, but this store now "
                f"uses key {live_key}. Nothing was changed; restore a newer snapshot"
            )
        replayed = replay(ApplyContext(tree, tuple(engine.config.scope_types)), engine.ops, rows)
        if live_key is not None:  # see snapshots.carry_key
            tree.set_meta(KEY_ID_META, live_key)
        # Every vector is rebuilt after the restore.
        tree.set_index_state_all(IndexState.PENDING.value)
        # Session markers of processes that had the snapshotted state open.
        tree.delete_meta_prefix(SESSION_PREFIX)
        tree.set_meta(LINEAGE_KEY, json.dumps(chain))
    return end, replayed, aside
