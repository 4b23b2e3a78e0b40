"""Keeping Chroma (derived) in line with SQLite (the truth): verify, repair, open-time work.

Ordering argument used throughout: every write commits to SQLite before Chroma is touched.
So an id read from Chroma at time t1 exists in SQLite at any t2 > t1 unless it was deleted;
and a node marked ``indexed`` in SQLite at t1 has its vector in Chroma at any t2 > t1 unless
it was deleted. ``verify`` therefore reads Chroma ids *before* SQLite to find orphans and
*after* SQLite to find missing vectors, and concurrent writers cannot produce false alarms.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence

from hybridmem.core import Core, content_hash, index_metadata
from hybridmem.errors import CorruptStoreError, StoreError
from hybridmem.models import IndexState, MemoryNode
from hybridmem.privacy.erasure import pending_erasures
from hybridmem.recovery import reindex, sessions
from hybridmem.recovery.models import OpenReport, RepairReport, VerifyReport

log = logging.getLogger(__name__)

# The owner finishes other processes' pending rows every this many of its own index writes
# (and always on open, takeover and repair). Doing it on every write would make threads of
# one process re-embed each other's in-flight rows.
CATCH_UP_EVERY = 50


def _broken_tree(nodes: Sequence[MemoryNode]) -> list[str]:
    by_id = {n.id: n for n in nodes}
    broken: list[str] = []
    for n in nodes:
        if n.parent_id is None:
            ok = n.depth == 0 and not n.path and n.task_id == n.id
        else:
            parent = by_id.get(n.parent_id)
            ok = (
                parent is not None
                and parent.user_id == n.user_id
                and n.path == (*parent.path, parent.id)
                and n.depth == len(n.path)
            )
        if not ok:
            broken.append(n.id)
    return broken


def verify(core: Core) -> VerifyReport:
    """Compare SQLite and Chroma entry by entry, check the tree and the op log's sequence."""
    index = core.engine.index
    with core.engine.lock:
        before = index.get_entries()
        nodes = core.engine.store.scan_nodes()
        after = index.get_ids()
        sequence = core.engine.store.sequence_gaps()
        damaged = core.engine.store.quick_check()
        erasures = pending_erasures(core)
        tampered = core.engine.store.tampered_rows()
    by_id = {n.id: n for n in nodes}
    indexed = [n for n in nodes if n.index_state == IndexState.INDEXED.value]
    stale: list[str] = []
    for n in indexed:
        entry = before.get(n.id)
        if entry is None:
            continue
        doc, meta = entry
        expected = index_metadata(n)
        meta = meta or {}
        if (doc is not None and content_hash(doc) != n.content_hash) or any(
            meta.get(k) != v for k, v in expected.items()
        ):
            stale.append(n.id)
    return VerifyReport(
        nodes=len(nodes),
        vectors=len(after),
        missing=tuple(sorted(n.id for n in indexed if n.id not in after)),
        pending=tuple(sorted(n.id for n in nodes if n.index_state != IndexState.INDEXED.value)),
        orphaned=tuple(sorted(i for i in before if i not in by_id)),
        stale=tuple(sorted(stale)),
        broken_tree=tuple(sorted(_broken_tree(nodes))),
        seq_gaps=sequence.gaps,
        first_seq=sequence.first,
        last_seq=sequence.last,
        damaged=tuple(damaged),
        pending_erasures=tuple(erasures),
        tampered=tuple(tampered),
    )


def repair(core: Core) -> RepairReport:
    """Fix what :func:`verify` finds on the index side: delete orphans, re-index the rest.

    A broken tree or a gap in the op log is SQLite damage that re-indexing cannot fix: they
    stay in the report (restore a snapshot for those).
    """
    report = verify(core)
    with core.engine.lock:
        core.engine.index.delete(list(report.orphaned))
        redo = sorted(set(report.missing) | set(report.stale))
        core.engine.store.set_index_state(redo, IndexState.PENDING.value)
        done = core.indexer.finish_pending()
    return RepairReport(
        orphans_removed=len(report.orphaned),
        reindexed=done,
        metadata_fixed=len(report.stale),
        after=verify(core),
    )


def _full_reconcile(core: Core) -> tuple[int, int]:
    """Remove every orphan and index every node without a vector; ``(orphans, indexed)``."""
    in_chroma = core.engine.index.get_ids()  # before SQLite: see the ordering argument above
    states = core.engine.store.index_states()
    orphans = sorted(in_chroma - states.keys())
    core.engine.index.delete(orphans)
    lacking = [
        node_id
        for node_id, state in states.items()
        if state == IndexState.INDEXED.value and node_id not in in_chroma
    ]
    core.engine.store.set_index_state(lacking, IndexState.PENDING.value)
    return len(orphans), core.indexer.finish_pending()


def _refuse_foreign_vectors(core: Core) -> None:
    """A store with no op at all opened against an index full of vectors: the SQLite file
    was lost (or the index belongs to another store). Reconciling would delete every
    vector as orphaned, so refuse instead."""
    vectors = core.engine.index.count()
    if vectors > 0:
        raise CorruptStoreError(
            f"the SQLite store at {core.engine.path} has no history but its vector index "
            f"({core.engine.index.name}) holds {vectors} vectors: the store's SQLite file was "
            "lost, or the index belongs to another store. No vector was deleted. Restore the "
            "store (`hybridmem restore`), or use a collection of its own (collection=...)"
        )


class Reconciler:
    """Per-``HybridMemory`` bookkeeping of the open-time and catch-up work."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.session_key: str | None = None
        self.swept_seq = 0
        self._busy = False
        self._writes = 0

    def sweep_deleted(self, since: int) -> int:
        """Delete vectors of nodes the op log deleted after ``since`` (idempotent)."""
        store = self.core.engine.store
        with store.reading():
            deletes = store.read_ops(since=since, ops=("delete",))
            last = store.last_seq()
        ids = sorted({i for op in deletes for i in op.payload.get("ids", ())})
        # An id can be deleted and later added again: keep vectors of nodes that exist.
        existing = store.get_many(ids) if ids else {}
        gone = [i for i in ids if i not in existing]
        removed = 0
        if gone:
            present = self.core.engine.index.get_ids(gone)
            self.core.engine.index.delete(sorted(present))
            removed = len(present)
        self.swept_seq = max(self.swept_seq, last)
        return removed

    def on_open(
        self, rebuild_reason: str | None, started: float, *, collection: str | None = None
    ) -> OpenReport:
        """Finish pending writes, sweep after a crash, rebuild a lost index, drop what an
        interrupted re-index of ``collection`` left."""
        store = self.core.engine.store
        if not self.core.engine.index.owned:
            # Followers register too (restore checks that nobody else has the store open),
            # but never reap: sweeping a dead session's deletes is the owner's job.
            self.session_key = sessions.register(store, store.last_seq())
            return OpenReport(0, 0, 0, False, None, False, time.perf_counter() - started)
        dead = sessions.reap(store)
        last_seq = store.last_seq()
        if collection is not None and not sessions.others_alive(store, None):
            # Nobody else is re-indexing now: the pair's other collection is a leftover.
            reindex.drop_stale_collection(self.core, collection)
        if last_seq == 0 and rebuild_reason is None:
            _refuse_foreign_vectors(self.core)
        if rebuild_reason is not None and store.node_count() == 0:
            rebuild_reason = None  # a brand-new store: nothing to rebuild
        if rebuild_reason is not None:
            log.warning("rebuilding the vector index from SQLite: %s", rebuild_reason)
            store.set_index_state(store.all_ids(), IndexState.PENDING.value)
        finished = self.core.indexer.finish_pending()
        orphans = 0
        if dead:
            orphans += self.sweep_deleted(min(d.start_seq for d in dead))
        self.swept_seq = max(self.swept_seq, last_seq)
        full = False
        indexed = store.counts("index_state").get(IndexState.INDEXED.value, 0)
        if self.core.engine.index.count() != indexed:
            full = True
            removed, redone = _full_reconcile(self.core)
            orphans += removed
            finished += redone
        self.session_key = sessions.register(store, store.last_seq())
        self.run_owner_duties()
        return OpenReport(
            finished_pending=finished,
            orphans_removed=orphans,
            unclean_sessions=len(dead),
            full_reconcile=full,
            index_rebuilt_reason=rebuild_reason,
            owns_index=True,
            seconds=time.perf_counter() - started,
        )

    def after_write(self) -> None:
        """Owner catch-up: other processes' pending rows and deleted vectors, now and then."""
        if self._busy:
            return
        self._writes += 1
        took_over = self.core.engine.index.consume_takeover()
        if not took_over and self._writes % CATCH_UP_EVERY:
            # Owner duties are a cheap check when there is nothing to do (one meta read),
            # and an erasure another process committed should not wait 50 writes.
            self._busy = True
            try:
                self.run_owner_duties()
            finally:
                self._busy = False
            return
        self._busy = True
        try:
            with self.core.engine.lock:
                if took_over:
                    dead = sessions.reap(self.core.engine.store)
                    self.session_key = self.session_key or sessions.register(
                        self.core.engine.store, self.core.engine.store.last_seq()
                    )
                    if dead:
                        self.sweep_deleted(min(d.start_seq for d in dead))
                self.core.indexer.finish_pending()
                self.sweep_deleted(self.swept_seq)
                self.run_owner_duties()
        finally:
            self._busy = False

    def run_owner_duties(self) -> None:
        """Finish what other processes left for the index owner (see ``Engine.owner_duties``)."""
        if self.core.engine.index.owned:
            for duty in self.core.engine.owner_duties:
                duty()

    def on_close(self) -> None:
        """A clean close: drop this session's marker."""
        if self.session_key is not None and not self.core.engine.store.closed:
            try:
                sessions.unregister(self.core.engine.store, self.session_key)
            except StoreError as exc:
                # A full disk must not make close() fail: the marker stays, and the next
                # open takes this session for a crash (it sweeps, nothing is lost).
                log.warning("could not record a clean close: %s", exc)
            self.session_key = None


__all__ = ["Reconciler", "repair", "verify"]
