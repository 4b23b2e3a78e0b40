"""Erasure ("forget me"): remove a user's or a subtree's content from every place it was written.

``delete`` removes rows; their bytes can survive in several places, all measured on this
engine (tests/test_privacy_erasure.py greps the raw files for a marker):

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
  in place by :func:`scrub_snapshot_files` (same deletions, then VACUUM). Other snapshot
  formats register their own scrubber with :func:`register_snapshot_scrubber`.

The audit log is content-free; erasure appends a tombstone (action ``erase``, with counts).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hybridmem.core import ApplyContext, Core, get_scoped, reattach_children
from hybridmem.errors import InvalidArgumentError, NodeNotFoundError
from hybridmem.models import IndexState, OpRecord
from hybridmem.store import encode_path
from hybridmem.validation import check_node_id, check_user_id

if TYPE_CHECKING:
    from hybridmem.index import VectorIndex

ERASED_PAYLOAD = json.dumps({"erased": True})
_PAGE = 2000


@dataclass(frozen=True, slots=True)
class ErasedScope:
    """What an erasure removed, handed to snapshot scrubbers."""

    user_id: str
    node_ids: tuple[str, ...]
    whole_user: bool


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


SnapshotScrubber = Callable[[Core, ErasedScope], int]
_SCRUBBERS: list[SnapshotScrubber] = []


def register_snapshot_scrubber(scrubber: SnapshotScrubber) -> None:
    """Run ``scrubber(mem, scope)`` on every erasure; it returns how many snapshots it
    rewrote. The snapshot module calls this once at import."""
    if scrubber not in _SCRUBBERS:
        _SCRUBBERS.append(scrubber)


def snapshot_directory(core: Core) -> Path:
    """Where snapshots live: the recovery layer's setting when present, else ``snapshots/``."""
    assert core.engine.path is not None
    return core.engine.path / core.engine.config.recovery.snapshot_dir


def scrub_sqlite_copy(path: Path, scope: ErasedScope) -> bool:
    """Apply an erasure to a SQLite copy of the store (a snapshot); True if it changed."""
    conn = sqlite3.connect(str(path), timeout=30, isolation_level=None)
    try:
        conn.execute("PRAGMA secure_delete = ON")
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "nodes" not in tables:
            return False
        conn.execute("BEGIN IMMEDIATE")
        if scope.whole_user:
            ids = [
                r[0]
                for r in conn.execute("SELECT id FROM nodes WHERE user_id = ?", (scope.user_id,))
            ]
        else:
            ids = list(scope.node_ids)
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            if "nodes_fts" in tables:
                conn.execute(
                    "DELETE FROM nodes_fts WHERE rowid IN "
                    f"(SELECT rid FROM nodes WHERE id IN ({marks}))",
                    chunk,
                )
            conn.execute(f"DELETE FROM nodes WHERE id IN ({marks})", chunk)
        if "active_nodes" in tables:
            if scope.whole_user:
                conn.execute("DELETE FROM active_nodes WHERE user_id = ?", (scope.user_id,))
            else:
                for start in range(0, len(ids), 500):
                    chunk = ids[start : start + 500]
                    marks = ",".join("?" * len(chunk))
                    conn.execute(f"DELETE FROM active_nodes WHERE node_id IN ({marks})", chunk)
        if "oplog" in tables:
            _scrub_oplog(conn, scope.user_id, ids, scope.whole_user)
        conn.execute("COMMIT")
        if "nodes_fts" in tables:
            conn.execute("INSERT INTO nodes_fts(nodes_fts) VALUES ('optimize')")
        conn.execute("VACUUM")
        return True
    finally:
        conn.close()


def scrub_snapshot_files(core: Core, scope: ErasedScope) -> int:
    """The default snapshot scrubber: every ``*.sqlite3`` in the snapshot directory and the
    stores a restore moved aside."""
    folder = snapshot_directory(core)
    copies = sorted(folder.glob("*.sqlite3")) if folder.is_dir() else []
    # A restore moves the replaced store aside (memory.sqlite3.before-restore-*): a copy too.
    home = core.engine.path
    copies += [
        p
        for p in (sorted(home.glob("memory.sqlite3.before-restore-*")) if home else [])
        if not p.name.endswith(("-wal", "-shm", "-journal"))
    ]
    done = 0
    for path in copies:
        if scrub_sqlite_copy(path, scope):
            done += 1
            _refresh_manifest(path)
    return done


def _refresh_manifest(snapshot: Path) -> None:
    """Keep a recovery-layer manifest true to its scrubbed copy: the digest of the head op
    (its payload may have been blanked, exactly as in the live op log) and the node count."""
    manifest = snapshot.with_suffix(".json")
    if not manifest.is_file():
        return
    try:
        from hybridmem.recovery.oplog import op_digest
    except ImportError:  # no recovery layer: nothing else reads the manifest
        return
    data = json.loads(manifest.read_text(encoding="utf-8"))
    conn = sqlite3.connect(str(snapshot))
    try:
        if "seq" in data:
            data["head_digest"] = op_digest(conn, int(data["seq"]))
        data["nodes"] = int(conn.execute("SELECT count(*) FROM nodes").fetchone()[0])
    finally:
        conn.close()
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
        if not doomed and whole_user and not _user_has_oplog(store.conn, user_id):
            raise NodeNotFoundError(f"user {user_id!r} has no memory to erase")
        _fix_active(core, user_id, doomed, whole_user, path)
        scrubbed = _count_scrubbable(store.conn, user_id, doomed, whole_user)
        record, _ = engine.commit(
            "erase",
            node_id=node_id,
            user_id=user_id,
            payload={"count": len(doomed), "subtree": subtree, "user": whole_user},
        )
        pending = {"user_id": user_id, "ids": doomed, "whole_user": whole_user}
        store.conn.execute(
            "INSERT INTO meta(key, value) VALUES (?, ?)",
            (f"{PENDING_ERASURE}{record.seq}", json.dumps(pending)),
        )
    finished = finish_erasure(core, record.seq, compact=compact)
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
    )


PENDING_ERASURE = "erasure_pending:"
"""Meta key prefix of an erasure whose vector/snapshot work is not finished yet."""


@dataclass(frozen=True, slots=True)
class _Finished:
    vectors: int = 0
    rebuilt: bool = False
    dirs: int = 0
    snapshots: int = 0
    sqlite_compacted: bool = False
    chroma_compacted: bool = False


def finish_erasure(core: Core, seq: int, *, compact: bool = True) -> _Finished:
    """Remove an erasure's content from the vector index and snapshots, then clear its
    pending marker. Safe to run again (after a crash, or by the index owner later)."""
    engine = core.engine
    raw = engine.store.get_meta(f"{PENDING_ERASURE}{seq}")
    if raw is None:
        return _Finished()
    pending = json.loads(raw)
    doomed = [str(i) for i in pending["ids"]]
    if not engine.index.writable:
        # The owner of the embedded index finishes it (its open, or its next erase).
        return _Finished()
    vectors = len(engine.index.get_ids(doomed)) if doomed else 0
    engine.index.delete(doomed)
    scope = ErasedScope(str(pending["user_id"]), tuple(doomed), bool(pending["whole_user"]))
    snapshots = sum(scrubber(core, scope) for scrubber in _SCRUBBERS)
    rebuilt = chroma_compacted = sqlite_compacted = False
    dirs = 0
    if compact:
        rebuild_collection(core)
        rebuilt = True
        sqlite_compacted = compact_sqlite(core)
        if engine.path is not None:
            chroma_compacted, dirs = compact_chroma_dir(engine.index, engine.path / "chroma")
    with engine.write():
        engine.store.conn.execute("DELETE FROM meta WHERE key = ?", (f"{PENDING_ERASURE}{seq}",))
    return _Finished(vectors, rebuilt, dirs, snapshots, sqlite_compacted, chroma_compacted)


def finish_pending_erasures(core: Core) -> int:
    """Finish every erasure a crash (or a process without the index) left pending."""
    with core.engine.store.reading() as conn:
        keys = [
            r[0]
            for r in conn.execute("SELECT key FROM meta WHERE key LIKE ?", (f"{PENDING_ERASURE}%",))
        ]
    done = 0
    for key in keys:
        if finish_erasure(core, int(key[len(PENDING_ERASURE) :])).vectors >= 0:
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
    ctx.store.delete_nodes(doomed)
    _scrub_oplog(ctx.store.conn, rec.user_id, doomed, whole_user)


register_snapshot_scrubber(scrub_snapshot_files)


def _user_has_oplog(conn: sqlite3.Connection, user_id: str) -> bool:
    row = conn.execute(
        "SELECT 1 FROM oplog WHERE user_id = ? AND payload != ? LIMIT 1", (user_id, ERASED_PAYLOAD)
    ).fetchone()
    return row is not None


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


def _count_scrubbable(
    conn: sqlite3.Connection, user_id: str, doomed: list[str], whole_user: bool
) -> int:
    """How many op-log payloads an erase will blank (before it does)."""
    if whole_user:
        row = conn.execute(
            "SELECT count(*) FROM oplog WHERE user_id = ? AND op != 'erase' AND payload != ?",
            (user_id, ERASED_PAYLOAD),
        ).fetchone()
        return int(row[0])
    total = 0
    for start in range(0, len(doomed), 500):
        chunk = doomed[start : start + 500]
        marks = ",".join("?" * len(chunk))
        total += int(
            conn.execute(
                f"SELECT count(*) FROM oplog WHERE node_id IN ({marks}) AND op != 'erase' "
                "AND payload != ?",
                [*chunk, ERASED_PAYLOAD],
            ).fetchone()[0]
        )
    return total


def _scrub_oplog(
    conn: sqlite3.Connection, user_id: str, doomed: list[str], whole_user: bool
) -> int:
    """Blank the payloads that may hold erased content (not the erase row itself)."""
    total = 0
    if whole_user:
        cur = conn.execute(
            "UPDATE oplog SET payload = ? WHERE user_id = ? AND op != 'erase' AND payload != ?",
            (ERASED_PAYLOAD, user_id, ERASED_PAYLOAD),
        )
        total += cur.rowcount
    for start in range(0, len(doomed), 500):
        chunk = doomed[start : start + 500]
        marks = ",".join("?" * len(chunk))
        cur = conn.execute(
            f"UPDATE oplog SET payload = ? WHERE node_id IN ({marks}) AND op != 'erase' "
            "AND payload != ?",
            [ERASED_PAYLOAD, *chunk, ERASED_PAYLOAD],
        )
        total += cur.rowcount
    return total


def rebuild_collection(core: Core) -> int:
    """Recreate the Chroma collection from its own live entries (vectors are copied).

    Chroma's ``delete`` leaves documents and vectors in its write-ahead queue and HNSW files;
    a fresh collection holds only what is live. SQLite marks every node ``pending`` first, so
    a crash in the middle is repaired by the next open (which re-embeds from SQLite).
    """
    # The recovery layer wraps the index (single-owner guard); rebuild the real one.
    index = getattr(core.engine.index, "inner", core.engine.index)
    if not hasattr(index, "collection"):
        # Not Chroma (e.g. the in-memory fake): deleted entries leave nothing behind.
        return index.count()
    col = index.collection
    name, meta = col.name, dict(col.metadata or {})
    ids: list[str] = []
    vectors: list[Any] = []
    metas: list[dict[str, Any]] = []
    docs: list[str | None] = []
    offset = 0
    while True:
        got = index._call(
            "get", include=["embeddings", "metadatas", "documents"], limit=_PAGE, offset=offset
        )
        ids.extend(got["ids"])
        vectors.extend(got["embeddings"])
        metas.extend(got["metadatas"])
        docs.extend(got["documents"])
        if len(got["ids"]) < _PAGE:
            break
        offset += _PAGE
    live = core.engine.store.all_ids()
    core.engine.store.set_index_state(live, IndexState.PENDING.value)
    try:
        index.client.delete_collection(name)
        index.collection = index.client.get_or_create_collection(
            name,
            embedding_function=None,
            configuration={"hnsw": {"space": "cosine"}},
            metadata=meta,
        )
    except Exception as exc:
        from hybridmem.errors import IndexUnavailableError

        raise IndexUnavailableError(f"Chroma collection rebuild failed: {exc}") from exc
    known = set(live)
    keep = [i for i, node_id in enumerate(ids) if node_id in known]
    if keep:
        import numpy as np

        index.upsert(
            [ids[i] for i in keep],
            np.asarray([vectors[i] for i in keep], dtype=np.float32),
            [metas[i] for i in keep],
            [docs[i] for i in keep],
        )
    core.engine.store.set_index_state([ids[i] for i in keep], IndexState.INDEXED.value)
    # Nodes Chroma did not have (a write that had not reached it) are embedded now.
    core.indexer.finish_pending()
    return len(keep)


def compact_sqlite(core: Core) -> bool:
    """Merge FTS5 segments, VACUUM and truncate the WAL; False if another connection kept
    the WAL from being fully checkpointed."""
    store = core.engine.store
    with store.transaction():
        store.conn.execute("INSERT INTO nodes_fts(nodes_fts) VALUES ('optimize')")
    with store.reading() as conn:
        conn.execute("VACUUM")
        busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    return busy == 0


def compact_chroma_dir(index: VectorIndex, chroma_dir: Path) -> tuple[bool, int]:
    """VACUUM ``chroma.sqlite3`` and delete segment directories Chroma no longer uses.

    Only for the embedded client (a Chroma server's disk is the server's business).
    """
    db = chroma_dir / "chroma.sqlite3"
    if not db.exists():
        return False, 0
    removed = 0
    try:
        conn = sqlite3.connect(str(db), timeout=30)
        try:
            conn.execute("PRAGMA secure_delete = ON")
            conn.execute("VACUUM")
            segments = {r[0] for r in conn.execute("SELECT id FROM segments")}
        finally:
            conn.close()
    except sqlite3.Error:
        return False, 0
    for entry in chroma_dir.iterdir():
        if entry.is_dir() and _is_uuid(entry.name) and entry.name not in segments:
            shutil.rmtree(entry, ignore_errors=True)
            removed += 1
    live = int(index.count())
    for entry in chroma_dir.iterdir():
        if entry.is_dir() and entry.name in segments:
            zero_free_hnsw_slots(entry, live)
    return True, removed


def zero_free_hnsw_slots(segment: Path, live: int) -> int:
    """Zero the unused capacity slots of a segment's ``data_level0.bin``; return bytes zeroed.

    Measured: Chroma 1.5 writes the whole HNSW capacity (header ``max_elements`` slots) from a
    buffer that is not zeroed, so slots past the live elements hold whatever the process heap
    held, and that can be erased (or decrypted!) text. Zeroing on disk cleans the file; the
    Chroma process still has the same buffer in memory and may write it again on its next
    persist (see docs/architecture.md, "Erasure": restart the process to be certain).
    """
    data, header = segment / "data_level0.bin", segment / "header.bin"
    if not (data.is_file() and header.is_file()):
        return 0
    head = header.read_bytes()
    if len(head) < 36:
        return 0
    max_elements = int.from_bytes(head[12:20], "little")
    slot = int.from_bytes(head[28:36], "little")
    size = data.stat().st_size
    # Only touch a file whose layout is the one measured (capacity x slot size).
    if not slot or max_elements * slot != size or live * slot > size:
        return 0
    start = live * slot
    with open(data, "r+b") as fh:
        fh.seek(start)
        fh.write(b"\x00" * (size - start))
        fh.flush()
        os.fsync(fh.fileno())
    return size - start


def _is_uuid(name: str) -> bool:
    try:
        uuid.UUID(name)
    except ValueError:
        return False
    return True
