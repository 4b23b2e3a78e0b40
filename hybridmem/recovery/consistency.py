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
from hybridmem.core.duties import pending_erasures
from hybridmem.errors import CorruptStoreError, StoreError
from hybridmem.models import IndexState
from hybridmem.recovery import reindex, sessions
from hybridmem.recovery.models import OpenReport, RepairReport, VerifyReport
from hybridmem.store import IndexRow

log = logging.getLogger(__name__)

# The owner finishes other processes' pending rows every this many of its own index writes
# (and always on open, takeover and repair). Doing it on every write would make threads of
# one process re-embed each other's in-flight rows.
CATCH_UP_EVERY = 50


def _broken_tree(nodes: Sequence[IndexRow]) -> list[str]:
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


def verify(core: Core, *, full: bool = False) -> VerifyReport:
    """Compare SQLite and Chroma: every id both ways, and each entry's metadata and content
    hash against its node; check the tree, the op log's sequence and the file.

    Entries are compared by metadata (which carries the content hash), never by document.
    Incremental: an entry this check confirmed before is re-read only if its node changed
    since (version or scope); ``full`` re-reads every entry. Ids are always compared in full,
    so a lost or orphaned vector is found either way.
    """
    engine = core.engine
    with engine.lock:
        # The file first: the other checks read rows a damaged page may hold (and would
        # raise instead of reporting). Damage found after a clean close is the case this
        # matters for: the open skipped the whole-file check then (docs/durability.md).
        damaged = engine.store.quick_check()
        if damaged:
            return _damaged_report(core, damaged)
        # Rows a write left to the index backlog are owed, not lost: indexed first, as a
        # search would (core/backlog.py), so what remains pending is what the index lacks.
        engine.backlog.drain()
        before = engine.index.get_ids()
        rows = engine.store.index_rows()
        after = engine.index.get_ids()
        sequence = engine.store.sequence_gaps()
        erasures = pending_erasures(engine.store)
        tampered = engine.store.tampered_rows(full=full, remember=not engine.read_only)
        marks = {} if full else engine.store.verified_marks()
        indexed = [r for r in rows if r.index_state == IndexState.INDEXED.value]
        todo = [r for r in indexed if r.id in after and marks.get(r.id) != r.fingerprint]
        stale, confirmed = _compare_entries(core, todo)
        by_id = {r.id: r for r in rows}
        gone = [i for i in marks if i not in by_id]
        # A read-only open compares but leaves the marks to the store's writers.
        if (confirmed or gone or full) and not engine.read_only:
            kept = [(i, f) for i, f in marks.items() if i in by_id and by_id[i].fingerprint == f]
            if gone or full:
                engine.store.record_verified([*kept, *confirmed], keep_only=True)
            else:
                engine.store.record_verified(confirmed, keep_only=False)
    return VerifyReport(
        nodes=len(rows),
        vectors=len(after),
        missing=tuple(sorted(r.id for r in indexed if r.id not in after)),
        pending=tuple(sorted(r.id for r in rows if r.index_state != IndexState.INDEXED.value)),
        orphaned=tuple(sorted(i for i in before if i not in by_id)),
        stale=tuple(sorted(stale)),
        broken_tree=tuple(sorted(_broken_tree(rows))),
        seq_gaps=sequence.gaps,
        first_seq=sequence.first,
        last_seq=sequence.last,
        damaged=tuple(damaged),
        pending_erasures=tuple(erasures),
        tampered=tuple(tampered),
        entries_checked=len(todo),
    )


def _damaged_report(core: Core, damaged: list[str]) -> VerifyReport:
    """A report for a damaged file: only ``damaged`` (and the vector count) is filled in;
    nothing read from the damaged rows is trusted. Not ``clean``."""
    return VerifyReport(
        nodes=0,
        vectors=core.engine.index.count(),
        missing=(),
        pending=(),
        orphaned=(),
        stale=(),
        broken_tree=(),
        seq_gaps=(),
        first_seq=0,
        last_seq=0,
        damaged=tuple(damaged),
    )


def _compare_entries(
    core: Core, rows: Sequence[IndexRow]
) -> tuple[list[str], list[tuple[str, str]]]:
    """``(stale ids, confirmed (id, fingerprint))`` of these rows' index entries.

    An entry written before entries carried ``content_hash`` is compared by its document's
    hash, as verify always did (only those documents are read).
    """
    metas = core.engine.index.get_metadata([r.id for r in rows])
    stale: list[str] = []
    confirmed: list[tuple[str, str]] = []
    legacy: list[IndexRow] = []
    for row in rows:
        meta = metas.get(row.id)
        if meta is None:
            continue  # deleted meanwhile: the id comparison reports it
        expected = index_metadata(row)
        if "content_hash" not in meta:
            expected.pop("content_hash")
            legacy.append(row)
        if any(meta.get(k) != v for k, v in expected.items()):
            stale.append(row.id)
        elif "content_hash" in meta:
            confirmed.append((row.id, row.fingerprint))
    if legacy:
        docs = core.engine.index.get_entries([r.id for r in legacy])
        for row in legacy:
            doc = docs.get(row.id, (None, None))[0]
            if row.id in stale:
                continue
            if doc is not None and content_hash(doc) != row.content_hash:
                stale.append(row.id)
            else:
                confirmed.append((row.id, row.fingerprint))
    return stale, confirmed


def repair(core: Core) -> RepairReport:
    """Fix what :func:`verify` finds on the index side: delete orphans, re-index the rest.

    A broken tree or a gap in the op log is SQLite damage that re-indexing cannot fix: they
    stay in the report (restore a snapshot for those).
    """
    report = verify(core, full=True)
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
    # Nodes counted after the vectors: a vector is written after its node's COMMIT, so a store
    # other processes are filling shows its nodes by now. Its op log may still read empty: on
    # PostgreSQL ``last_seq`` stops below a first write still in flight (four processes
    # opening one new store were refused, 1 run in 30 of tests/store/test_pg_user_writers.py).
    if vectors > 0 and core.engine.store.node_count() == 0:
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
        self._marker_conn: str | None = None
        """The server connection this session's marker names (None without a server)."""
        self._marker_seq = 0
        """The op sequence this session's marker started at."""
        self.swept_seq = 0
        self._busy = False
        self._writes = 0

    def sweep_deleted(self, since: int) -> int:
        """Delete vectors of nodes the op log deleted after ``since`` (idempotent)."""
        store = self.core.engine.store
        with store.reading():
            # The horizon first: every op at or below it has committed (or never will), so
            # the read after it sees them all; ops above it are read again next time.
            last = store.last_seq()
            deletes = store.read_ops(since=since, ops=("delete",))
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
            self._register()
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
        # Counting Chroma's entries makes it load the whole collection (2 s of a 2.3 s open
        # at 100k nodes), so the count is compared only when the last session may have left
        # the two stores apart: a process died, writes were pending, or the index was rebuilt.
        # After clean closes the first query loads the index instead; verify() compares ids.
        if dead or rebuild_reason is not None or (finished and self._nobody_writing()):
            indexed = store.counts("index_state").get(IndexState.INDEXED.value, 0)
            if self.core.engine.index.count() != indexed:
                full = True
                removed, redone = _full_reconcile(self.core)
                orphans += removed
                finished += redone
        self._register()
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

    def _nobody_writing(self) -> bool:
        """True when no other session has the store open, so pending rows just finished were
        left behind by sessions that are gone (a crash on another host, an unclean end).

        With a Chroma server every process indexes its own writes: another live session's
        rows are pending between its commit and its ``mark_indexed``, and vectors it upserted
        a moment ago are in Chroma while their rows are still pending. Rows finished here may
        be those in-flight rows, and comparing Chroma's count with the indexed rows would
        race that session's next write and read as damage (then the open compared every id of
        both stores: O(store) on each open beside a live writer). The rows are finished either
        way; a dead session on this host still triggers the comparison (``dead``), and
        ``verify`` compares ids, safely beside live writers.
        """
        return sessions.others_alive(self.core.engine.store, None) == 0

    def _register(self) -> None:
        store = self.core.engine.store
        self._marker_seq = store.last_seq()
        self.session_key = sessions.register(store, self._marker_seq)
        self._marker_conn = store.connection_token()

    def keep_marker_current(self) -> None:
        """Name a re-made server connection in this session's marker: other hosts judge
        whether this process is still there by it (recovery/sessions.py)."""
        store = self.core.engine.store
        if self.session_key is None or store.connection_token() == self._marker_conn:
            return  # the common case: a cached value, no round trip
        sessions.record(store, self.session_key, self._marker_seq)
        self._marker_conn = store.connection_token()

    def after_write(self) -> None:
        """Owner catch-up: other processes' pending rows and deleted vectors, now and then."""
        self.keep_marker_current()
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
                    if self.session_key is None:
                        self._register()
                    if dead:
                        self.sweep_deleted(min(d.start_seq for d in dead))
                self.core.indexer.finish_pending()
                self.sweep_deleted(self.swept_seq)
                self.run_owner_duties()
        finally:
            self._busy = False

    def run_owner_duties(self) -> None:
        """Finish what other processes left for the index owner (see ``EngineParts``)."""
        engine = self.core.engine
        if engine.index.owned:
            for duty in engine.owner_duties:
                duty(engine)

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
