"""Opening a memory while another session writes it, with a Chroma server (every session
indexes its own writes): the other session's in-flight rows are not damage.

A writer's add commits its rows ``pending``, upserts their vectors, then marks them
``indexed``. An open that lands between those steps finds pending rows (it finishes them), and
Chroma may hold vectors whose rows are still pending; comparing Chroma's count with the
indexed rows then differs for no fault of anyone, and the open used to compare every id of
both stores (``full_reconcile``: O(store) on each open beside a live writer).

The two sessions are real (real stores, one Chroma server); the writer's steps are paused at
fixed points so the interleaving is the same on every run.
"""

from __future__ import annotations

import functools
import os
import queue
import sqlite3
import threading
import uuid
from typing import Any

import pytest

from hybridmem import HybridMemory
from hybridmem.core.indexing import IndexSync
from hybridmem.errors import StoreBusyError
from hybridmem.store import DB_FILE
from tests.backends import both_backends  # noqa: F401  (runs each test on both stores)


def _open(locations, backend: str, chroma_srv: Any, **kwargs: Any):
    if backend == "sqlite":  # the race needs two index writers: SQLite + the Chroma server
        kwargs.setdefault("chroma", chroma_srv)
        kwargs.setdefault("collection", f"t-{uuid.uuid4().hex[:12]}")
    return locations.open("m", embedder="hash", **kwargs)


def _notes(tag: str, n: int) -> list[dict[str, str]]:
    return [{"content": f"{tag} note {i} about the quarterly report"} for i in range(n)]


def test_an_open_beside_a_live_writer_finishes_its_rows_without_a_full_reconcile(
    locations, backend, chroma_srv, monkeypatch: pytest.MonkeyPatch
):
    kwargs: dict[str, Any] = {}
    writer = _open(locations, backend, chroma_srv)
    if backend == "sqlite":
        kwargs = {"chroma": chroma_srv, "collection": writer.index.name}
    writer.add("Quarterly report", node_type="task", user_id="u1")
    writer.add_many(_notes("settled", 20), user_id="u1")

    # The writer pauses after its vectors reached Chroma, before it marks its rows indexed.
    reached: queue.Queue[int] = queue.Queue()
    go: queue.Queue[bool] = queue.Queue()
    mark = writer.store.record_indexed

    def paused_mark(nodes, *args):
        reached.put(len(nodes))
        assert go.get(timeout=60)
        mark(nodes, *args)

    monkeypatch.setattr(writer.store, "record_indexed", paused_mark)
    errors: list[BaseException] = []

    def writes() -> None:
        try:
            writer.add_many(_notes("first", 30), user_id="u1")
            writer.add_many(_notes("second", 30), user_id="u1")
        except BaseException as exc:  # reported by the test thread
            errors.append(exc)

    thread = threading.Thread(target=writes)
    thread.start()
    assert reached.get(timeout=60) == 30  # the first batch: committed, in Chroma, pending

    # The opener finishes those rows; then the writer lets its first batch go and commits
    # and upserts the second, and pauses again while the opener goes on.
    finish = IndexSync.finish_pending
    fired: list[bool] = []

    def finish_then_writer_moves(self: IndexSync) -> int:
        done = finish(self)
        if self.engine.store is not writer.store and not fired:
            fired.append(True)
            go.put(True)
            assert reached.get(timeout=60) == 30  # the second batch is in flight now
        return done

    monkeypatch.setattr(IndexSync, "finish_pending", finish_then_writer_moves)
    try:
        opener = _open(locations, backend, chroma_srv, **kwargs)
    finally:
        go.put(True)
        go.put(True)
        thread.join(timeout=120)
    monkeypatch.setattr(IndexSync, "finish_pending", finish)
    assert not errors, errors
    assert fired
    try:
        report = opener.open_report
        assert report.finished_pending == 30  # the writer's first batch, finished here
        assert report.unclean_sessions == 0
        assert not report.full_reconcile  # the writer's in-flight second batch is not damage
        check = opener.verify()
        assert check.clean, check.summary()
        assert check.nodes == check.vectors == 1 + 1 + 20 + 60  # root, task, notes
        found = opener.retrieve("second note 7 about the quarterly report", user_id="u1")
        assert any(h.node.content == "second note 7 about the quarterly report" for h in found.hits)
    finally:
        opener.close()
        writer.close()


def test_an_open_after_a_writer_died_with_pending_rows_still_compares_the_stores(
    locations, backend, chroma_srv
):
    """The comparison the live case skips still runs when nobody else has the store open:
    pending rows then mean a session ended without finishing (here: rows left pending and
    one vector deleted behind the store's back), and the open repairs both."""
    writer = _open(locations, backend, chroma_srv)
    kwargs: dict[str, Any] = {}
    if backend == "sqlite":
        kwargs = {"chroma": chroma_srv, "collection": writer.index.name}
    writer.add("Quarterly report", node_type="task", user_id="u1")
    nodes = writer.add_many(_notes("settled", 10), user_id="u1")
    writer.store.set_index_state([nodes[0].id], "pending")
    writer.index.delete([nodes[1].id])  # a lost vector: only a comparison finds it
    writer.close()
    with _open(locations, backend, chroma_srv, **kwargs) as mem:
        assert mem.open_report.finished_pending == 2  # the pending row, the lost vector
        assert mem.open_report.full_reconcile
        assert mem.verify().clean


# -- SQLite's write lock at open ---------------------------------------------------------
# Writer processes committing back to back can keep SQLite's write lock from an opener longer
# than the busy timeout (8 writers at load 30 did, in the open's own meta writes). An open now
# writes only its session marker (nothing else when there is nothing to finish), and tries that
# again after a pause; the tests shorten the busy timeout to keep them fast.


@pytest.fixture
def short_busy(monkeypatch: pytest.MonkeyPatch) -> None:
    from hybridmem import opening
    from hybridmem.store import SQLiteStore

    monkeypatch.setattr(opening, "SQLiteStore", functools.partial(SQLiteStore, busy_timeout_ms=300))


def _hold_write_lock(path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path / DB_FILE), isolation_level=None, check_same_thread=False)
    conn.execute("BEGIN IMMEDIATE")
    return conn


def test_an_open_waits_out_a_write_lock_held_past_one_busy_timeout(tmp_path, short_busy):
    with HybridMemory(tmp_path / "m", embedder="hash") as mem:
        mem.add("Quarterly report", node_type="task", user_id="u1")
    holder = _hold_write_lock(tmp_path / "m")
    release = threading.Timer(0.6, holder.execute, ("COMMIT",))  # two busy timeouts later
    release.start()
    try:
        with HybridMemory(tmp_path / "m", embedder="hash") as mem:
            assert mem.stats().nodes == 2
            mem.add("written after the wait", user_id="u1")
    finally:
        release.join()
        holder.close()


def test_an_open_that_never_gets_the_lock_names_who_has_the_store_open(
    tmp_path, short_busy, monkeypatch: pytest.MonkeyPatch
):
    from hybridmem.recovery import sessions

    monkeypatch.setattr(sessions, "BUSY_ATTEMPTS", 2)
    with HybridMemory(tmp_path / "m", embedder="hash") as other:
        other.add("Quarterly report", node_type="task", user_id="u1")
        holder = _hold_write_lock(tmp_path / "m")
        try:
            with pytest.raises(StoreBusyError) as caught:
                HybridMemory(tmp_path / "m", embedder="hash")
        finally:
            holder.execute("COMMIT")
            holder.close()
        message = str(caught.value)
        assert "through 2 tries" in message
        assert f"pid {os.getpid()} (this process)" in message  # the other session's marker
        assert "one of them holds the lock" in message
        # Nothing of the refused open stayed behind: the next open works, one marker each.
        with HybridMemory(tmp_path / "m", embedder="hash") as again:
            assert again.stats().nodes == 2
            assert len(again.store.meta_items(sessions.PREFIX)) == 2
