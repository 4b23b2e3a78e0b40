"""Erasure ("forget me"): remove a user's or a subtree's content from every place it was written.

``delete`` removes rows; their bytes can survive in several places, all measured on this
engine (tests/privacy/test_privacy_erasure.py greps the raw files for a marker):

- SQLite free pages and the WAL keep deleted row bytes -> ``PRAGMA secure_delete = ON`` (set on
  every open by the privacy guard), then ``VACUUM`` and ``wal_checkpoint(TRUNCATE)``.
- FTS5 keeps old terms in its segment b-trees until they merge -> the ``optimize`` command.
- The op log stores full payloads, content included -> payloads of the erased nodes' rows (and,
  for a user, every row of that user) are replaced by ``{"erased": true}``.
- Chroma 1.5's ``delete`` leaves the document (and vector) in its write-ahead queue table
  ``embeddings_queue`` in ``chroma.sqlite3``, and HNSW files keep deleted vectors. The honest
  fix is to rebuild the collection without those ids (vectors are copied, nothing is
  re-embedded), VACUUM ``chroma.sqlite3`` and remove segment directories Chroma no longer
  references. That costs time proportional to the whole collection (see
  ``benchmarks/privacy.py``); ``compact=False`` skips it (content then lingers until the next
  compacting erase).
- Snapshots: SQLite copies of the store under the snapshot directory (``snapshots/`` or
  ``MemoryConfig.recovery.snapshot_dir`` once the recovery layer is merged) are rewritten
  in place by :func:`scrub_snapshot_files` (same deletions, then VACUUM). Snapshots a store
  keeps inside itself (PostgreSQL) are scrubbed by :func:`scrub_stored_snapshots` the same
  way, and ``compact`` rewrites their tables. Other snapshot formats register their own
  scrubber with :func:`register_snapshot_scrubber`.
- PostgreSQL keeps deleted row versions in its table files until VACUUM; ``compact`` runs
  ``VACUUM FULL`` on every table that held content, then ``CHECKPOINT``. Its WAL segments
  (and any WAL archive or replica the operator runs) still hold the old rows until recycled:
  docs/deployment.md says what that means for backups.

The audit log is content-free; erasure appends a tombstone (action ``erase``, with counts).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

from hybridmem.core import ApplyContext, Core, get_scoped, reattach_children
from hybridmem.core.directory import PREVIOUS_PREFIX, scrubbing
from hybridmem.core.duties import PENDING_ERASURE
from hybridmem.core.ops import scrub_payload
from hybridmem.errors import (
    IndexUnavailableError,
    InvalidArgumentError,
    NodeNotFoundError,
    StoreError,
)
from hybridmem.index.chroma_files import compact_chroma_dir
from hybridmem.models import IndexState, OpRecord
from hybridmem.store import SnapshotKeeper, encode_path, read_copy, scrub_copy
from hybridmem.store.themes_found import themes_found_prefix
from hybridmem.validation import check_node_id, check_user_id

log = logging.getLogger(__name__)

_PAGE = 2000


@dataclass(frozen=True, slots=True)
class ErasedScope:
    """What an erasure removed, handed to snapshot scrubbers."""

    user_id: str
    node_ids: tuple[str, ...]
    whole_user: bool


NOT_REACHED = (
    "exports already written (export_user, `hybridmem export`) are plaintext files outside "
    "the store: this erasure cannot reach them; delete those copies yourself"
)


@dataclass(frozen=True, slots=True)
class ErasureReport:
    """What :func:`erase` did, place by place."""

    user_id: str
    node_id: str | None
    nodes: int
    oplog_rows_scrubbed: int
    vectors_removed: int
    chroma_rebuilt: bool
    chroma_dirs_removed: int
    snapshots_scrubbed: int
    sqlite_compacted: bool
    chroma_compacted: bool
    vectors_pending: bool = False
    """True when this process does not own the embedded vector index: the owner removes the
    vectors on its catch-up or next open (``verify().pending_erasures`` shows it meanwhile)."""
    not_reached: str = NOT_REACHED
    """What the erasure cannot reach, said in every report (issue 35): exports already written."""


SnapshotScrubber = Callable[[Core, ErasedScope], int]
_SCRUBBERS: list[SnapshotScrubber] = []


def register_snapshot_scrubber(scrubber: SnapshotScrubber) -> None:
    """Run ``scrubber(mem, scope)`` on every erasure; it returns how many snapshots it
    rewrote. The snapshot module calls this once at import."""
    if scrubber not in _SCRUBBERS:
        _SCRUBBERS.append(scrubber)


def snapshot_directory(core: Core) -> Path | None:
    """Where snapshot files live (None for a store without a directory: PostgreSQL)."""
    if core.engine.path is None:
        return None
    return core.engine.path / core.engine.config.recovery.snapshot_dir


def scrub_stored_snapshots(core: Core, scope: ErasedScope) -> int:
    """Snapshots a store keeps inside itself (PostgreSQL): scrubbed in one write unit."""
    store = core.engine.store
    if not isinstance(store, SnapshotKeeper):
        return 0
    with core.engine.write():
        return store.scrub_snapshots(scope.user_id, scope.node_ids, scope.whole_user, scrub_payload)


def scrub_snapshot_files(core: Core, scope: ErasedScope) -> int:
    """The default snapshot scrubber: every ``*.sqlite3`` in the snapshot directory and the
    stores a restore moved aside."""
    folder = snapshot_directory(core)
    if folder is None:
        return 0
    copies = sorted(folder.glob("*.sqlite3")) if folder.is_dir() else []
    # A restore moves the replaced store aside (memory.sqlite3.before-restore-*): a copy too.
    home = core.engine.path
    copies += [
        p
        for p in (sorted(home.glob(f"{PREVIOUS_PREFIX}*")) if home else [])
        if not p.name.endswith(("-wal", "-shm", "-journal"))
    ]
    done = 0
    for path in copies:
        scrubbed = scrub_copy(
            path, scope.user_id, scope.node_ids, whole_user=scope.whole_user, scrub=scrub_payload
        )
        if scrubbed:
            done += 1
            _refresh_manifest(path)
    return done


def _refresh_manifest(snapshot: Path) -> None:
    """Keep a recovery-layer manifest true to its scrubbed copy: the digest of the head op
    (its payload may have been blanked, exactly as in the live op log) and the node count."""
    manifest = snapshot.with_suffix(".json")
    if not manifest.is_file():
        return
    data = json.loads(manifest.read_text(encoding="utf-8"))
    facts = read_copy(snapshot, int(data["seq"]) if "seq" in data else None)
    if "seq" in data:
        data["head_digest"] = facts.head_digest
    data["nodes"] = facts.nodes
    tmp = manifest.with_name(manifest.name + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    os.replace(tmp, manifest)


def erase(
    core: Core,
    node_id: str | None,
    *,
    user_id: str | None,
    subtree: bool = True,
    compact: bool = True,
) -> ErasureReport:
    """Erase a user (``user_id`` only) or a node (``node_id``, optionally checked against
    ``user_id``) with its subtree. ``subtree=False`` keeps the children (re-attached to the
    node's parent) and erases the node alone. The tree change and the op-log scrub are one
    write unit (one ``erase`` op); the vector and snapshot work after it is recorded as
    pending in the same unit and finished on the next open if this process dies first."""
    if node_id is None and user_id is None:
        raise InvalidArgumentError("erase needs a node_id or a user_id")
    if user_id is not None:
        user_id = check_user_id(user_id)
    if not isinstance(subtree, bool) or not isinstance(compact, bool):
        raise InvalidArgumentError("subtree and compact must be bools")
    engine = core.engine
    whole_user = node_id is None
    with engine.write():
        store = engine.store
        path = "/"
        if node_id is not None:
            check_node_id(node_id)
            node = get_scoped(engine, node_id, user_id)
            user_id, path = node.user_id, encode_path(node.path)
            if node.parent_id is None:
                if not subtree:
                    raise InvalidArgumentError(
                        "the root node has children; erase it with subtree=True"
                    )
                whole_user, node_id = True, None
        assert user_id is not None
        doomed = erased_ids(engine.apply_context, user_id, node_id, subtree)
        if not doomed and whole_user and not store.has_unerased_ops(user_id):
            raise NodeNotFoundError(f"user {user_id!r} has no memory to erase")
        if not whole_user:
            # A summary (or profile) quotes its sources: erased with them, by erase ops of
            # its own (replay deletes it too); maintenance derives it again from what is left.
            for derived in derived_from(core, user_id, doomed):
                engine.commit(
                    "erase",
                    node_id=derived,
                    user_id=user_id,
                    payload={"count": 1, "subtree": False, "user": False},
                )
                doomed.append(derived)
        _fix_active(core, user_id, doomed, whole_user, path)
        scrubbed = store.count_erasable_ops(user_id, doomed, whole_user)
        record, _ = engine.commit(
            "erase",
            node_id=node_id,
            user_id=user_id,
            payload={"count": len(doomed), "subtree": subtree, "user": whole_user},
        )
        pending = {"user_id": user_id, "ids": doomed, "whole_user": whole_user, "compact": compact}
        store.set_meta(f"{PENDING_ERASURE}{record.seq}", json.dumps(pending))
    try:
        finished = finish_erasure(core, record.seq, compact=compact)
    except (IndexUnavailableError, StoreError, OSError) as exc:
        # The erase committed (the rows and payloads are gone); what failed is the vector or
        # file work after it, which its pending marker gets finished by a later open or
        # catch-up. Raising would tell the caller the erase failed.
        log.warning("erasure #%s committed; finishing it is deferred: %s", record.seq, exc)
        finished = _Finished(vectors_pending=True)
    return ErasureReport(
        user_id=user_id,
        node_id=node_id,
        nodes=len(doomed),
        oplog_rows_scrubbed=scrubbed,
        vectors_removed=finished.vectors,
        chroma_rebuilt=finished.rebuilt,
        chroma_dirs_removed=finished.dirs,
        snapshots_scrubbed=finished.snapshots,
        sqlite_compacted=finished.sqlite_compacted,
        chroma_compacted=finished.chroma_compacted,
        vectors_pending=finished.vectors_pending,
    )


@dataclass(frozen=True, slots=True)
class _Finished:
    vectors: int = 0
    rebuilt: bool = False
    dirs: int = 0
    snapshots: int = 0
    sqlite_compacted: bool = False
    chroma_compacted: bool = False
    vectors_pending: bool = False


_FINISHING: set[int] = set()
"""Engines finishing an erasure now: the index writes inside trigger the owner's catch-up,
which must not start the same erasure again."""


def finish_erasure(core: Core, seq: int, *, compact: bool = True) -> _Finished:
    """Remove an erasure's content from snapshots, the SQLite file and the vector index,
    then clear its pending marker. Safe to run again (after a crash, or by the index owner
    later). A process that does not own the embedded index does everything but the vector
    part and leaves the marker: the owner finishes it (its catch-up, or its next open)."""
    engine = core.engine
    raw = engine.store.get_meta(f"{PENDING_ERASURE}{seq}")
    if raw is None or id(engine) in _FINISHING:
        return _Finished()
    _FINISHING.add(id(engine))
    try:
        return _finish(core, seq, json.loads(raw), compact)
    finally:
        _FINISHING.discard(id(engine))


def _finish(core: Core, seq: int, pending: dict[str, object], compact: bool) -> _Finished:
    engine = core.engine
    raw_ids = pending["ids"]
    doomed = [str(i) for i in raw_ids] if isinstance(raw_ids, list) else []
    scope = ErasedScope(str(pending["user_id"]), tuple(doomed), bool(pending["whole_user"]))
    # Exclusively: a checkpoint copying the pre-erasure store finishes first (and is then
    # scrubbed); leftovers of killed checkpoints, which may hold the content, go.
    folder = snapshot_directory(core) if engine.path is not None else None
    snapshots = 0
    if not pending.get("copies_done"):
        with scrubbing(folder) if folder is not None else nullcontext():
            snapshots = sum(scrubber(core, scope) for scrubber in _SCRUBBERS)
    if not engine.index.writable:
        compacted = False
        if not pending.get("copies_done"):
            compacted = compact_sqlite(core)
            # Recorded, so later opens of other followers do not scrub and VACUUM again.
            with engine.write():
                engine.store.set_meta(
                    f"{PENDING_ERASURE}{seq}", json.dumps({**pending, "copies_done": True})
                )
        return _Finished(snapshots=snapshots, sqlite_compacted=compacted, vectors_pending=True)
    vectors = len(engine.index.get_ids(doomed)) if doomed else 0
    engine.index.delete(doomed)
    rebuilt = chroma_compacted = sqlite_compacted = False
    dirs = 0
    # As the eraser asked (kept in the marker): another process finishing it, its catch-up
    # after a write, must not rebuild a shared collection under every writer uncalled for.
    if compact and pending.get("compact", True):
        rebuild_collection(core)
        rebuilt = True
        sqlite_compacted = compact_sqlite(core)
        if engine.path is not None:
            chroma_compacted, dirs = compact_chroma_dir(engine.path / "chroma")
    with engine.write():
        engine.store.delete_meta(f"{PENDING_ERASURE}{seq}")
    return _Finished(vectors, rebuilt, dirs, snapshots, sqlite_compacted, chroma_compacted)


def finish_pending_erasures(core: Core) -> int:
    """Finish every erasure a crash (or a process without the index) left pending; return
    how many are finished now."""
    # Asked after every write of the index owner: a store with a server reads it with the
    # write's COMMIT instead of in a round trip of its own.
    core.engine.store.watch_meta(PENDING_ERASURE)
    keys = list(core.engine.store.meta_items(PENDING_ERASURE))
    done = 0
    for key in keys:
        finish_erasure(core, int(key[len(PENDING_ERASURE) :]))
        if core.engine.store.get_meta(key) is None:
            done += 1
    return done


def erased_ids(ctx: ApplyContext, user_id: str, node_id: str | None, subtree: bool) -> list[str]:
    """The ids an erase removes: the user's nodes, a subtree, or a single node."""
    store = ctx.store
    if node_id is None:
        return store.all_ids(user_id=user_id)
    node = store.get(node_id)
    if node is None:
        return []
    return [n.id for n in store.subtree(node)] if subtree else [node.id]


def derived_from(core: Core, user_id: str, doomed: list[str]) -> list[str]:
    """Nodes outside ``doomed`` whose text was derived from a node in it (their
    ``metadata.derived_from`` names one): summaries and distilled profiles."""
    gone = set(doomed)
    return [
        n.id
        for n in core.engine.store.user_nodes(user_id)
        if n.id not in gone and gone & set(n.metadata.get("derived_from") or ())
    ]


def apply_erase(ctx: ApplyContext, rec: OpRecord) -> None:
    """The ``erase`` op: delete the user's nodes or a node (its subtree, or the node alone
    with its children re-attached) and blank every op-log payload that may hold its text."""
    if rec.user_id is None:
        return
    whole_user = bool(rec.payload.get("user")) or rec.node_id is None
    subtree = bool(rec.payload.get("subtree", True))
    node_id = None if whole_user else rec.node_id
    doomed = erased_ids(ctx, rec.user_id, node_id, subtree)
    if node_id is not None and not subtree:
        reattach_children(ctx, node_id, rec.at)
    if whole_user:
        ctx.store.set_active(rec.user_id, None, rec.at, rec.seq)
        ctx.store.delete_user_grants(rec.user_id)  # who could read what goes with the user
    ctx.store.delete_nodes(doomed)
    # Distillation's kept theme search holds the user's words: searched again from what is left.
    ctx.store.delete_meta_prefix(themes_found_prefix(rec.user_id))
    ctx.store.scrub_op_payloads(rec.user_id, doomed, whole_user, scrub_payload)


register_snapshot_scrubber(scrub_snapshot_files)
register_snapshot_scrubber(scrub_stored_snapshots)


def _fix_active(core: Core, user_id: str, doomed: list[str], whole_user: bool, path: str) -> None:
    """When the active node goes, its nearest surviving ancestor becomes active (a
    ``set_active`` op, so replay does the same)."""
    if whole_user:
        return  # the erase applier clears the user's active node
    active = core.engine.store.get_active(user_id)
    if active is None or active not in set(doomed):
        return
    survivor = next((p for p in reversed(path.split("/")) if p), None)
    core.engine.commit(
        "set_active",
        node_id=survivor,
        user_id=user_id,
        payload={"reason": "active node erased"},
    )


def rebuild_collection(core: Core) -> int:
    """Rewrite the vector index from its own live entries (``VectorIndex.compact``).

    Chroma's ``delete`` leaves documents and vectors in its write-ahead queue and HNSW files;
    a fresh collection holds only what is live. The store marks every node ``pending`` first,
    so a crash in the middle is repaired by the next open (which re-embeds from the store).
    """
    engine = core.engine
    live = engine.store.all_ids()
    engine.store.set_index_state(live, IndexState.PENDING.value)
    kept = engine.index.compact(set(live))
    # Read back after the rebuild, not before: what it could not copy (another process was
    # writing to a shared server) stays pending like a write that had not reached the index.
    kept_ids = set(live) & engine.index.get_ids()
    engine.store.set_index_state(sorted(kept_ids), IndexState.INDEXED.value)
    # Nodes the index does not have are embedded now.
    core.indexer.finish_pending()
    return kept


def compact_sqlite(core: Core) -> bool:
    """Merge FTS5 segments, VACUUM and truncate the WAL; False if another connection kept
    the WAL from being fully checkpointed."""
    return core.engine.store.compact()
