"""add_messages commits and returns; the vector index catches up (hybridmem/core/backlog.py).

Real SQLite and Chroma in tmp_path, the hash embedder (the model is not the point), and no
background thread unless a test says so: the backlog is indexed by a search, ``verify()``,
``wait_indexed()`` or the next open, so what is pending when is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.conversation import BUFFER_TYPE
from tests.backends import both_backends  # noqa: F401 - runs this module on both stores
from tests.conftest import CountingEmbedder

CHAT = [
    {"id": "c1", "role": "user", "content": "I live in Porto."},
    {"id": "c2", "role": "assistant", "content": "Porto has great bridges."},
    {"id": "c3", "role": "user", "content": "I adopted a greyhound called Pixel last week."},
    {"id": "c4", "role": "user", "content": "ok"},
    {"id": "c5", "role": "user", "content": "I like my tea without sugar."},
]

Opener = Callable[..., HybridMemory]


@pytest.fixture
def open_later(
    open_mem: Opener, embedder: CountingEmbedder, clock: FakeClock
) -> Callable[..., HybridMemory]:
    def opened(**config: object) -> HybridMemory:
        cfg = MemoryConfig(background_indexer=False, **config)  # type: ignore[arg-type]
        return open_mem("memory", embedder=embedder, clock=clock, config=cfg)

    return opened


def _pending(mem: HybridMemory) -> int:
    return mem.stats().by_index_state.get("pending", 0)


def test_a_memory_add_messages_wrote_is_found_right_after(open_later: Opener):
    with open_later() as mem:
        report = mem.add_messages(CHAT, user_id="u")
        # Committed (the buffer, the memories, their sources), not yet in the vector index.
        assert _pending(mem) == len(report.written) + report.buffered + 1  # + the session
        pet = next(w for w in report.written if w.source_ids == ("c3",))
        assert mem.get(pet.node_id, user_id="u").index_state == "pending"
        hits = mem.retrieve("the greyhound Pixel", user_id="u", top_k=3).hits
        assert hits[0].node.id == pet.node_id and "vector" in hits[0].breakdown.sources
        # The search indexed everything owed, not just what it returned.
        assert _pending(mem) == 0
        assert mem.stats().vectors == mem.stats().nodes
        assert mem.verify().clean


def test_each_distinct_text_is_embedded_once(open_later: Opener, embedder: CountingEmbedder):
    with open_later() as mem:
        embedder.texts.clear()
        report = mem.add_messages(CHAT, user_id="u")
        # In the call: only what the write plan reads a vector for (facts, preferences), and
        # the user's new root (indexed at once, as for any first write).
        kept = {w.content for w in report.written if w.node_type in ("fact", "preference")}
        assert set(embedder.texts) == kept | {"Memory of u"}
        assert mem.wait_indexed() > 0
        # After: the buffer copy and its event share one vector; the facts' were kept.
        assert len(embedder.texts) == len(set(embedder.texts))
        contents = {n.content for n in mem.get_all(user_id="u", status=None)}
        assert set(embedder.texts) == contents | {"Memory of u"}
        assert mem.wait_indexed() == 0  # nothing pending: no model call


def test_the_synchronous_path_stays_available(open_later: Opener):
    with open_later(index_messages_later=False) as mem:
        mem.add_messages(CHAT, user_id="u")
        assert _pending(mem) == 0
        assert mem.wait_indexed() == 0


def test_typed_writes_are_indexed_in_the_call(open_later: Opener):
    with open_later() as mem:
        mem.add_many([{"content": "Ana moved to Lyon"}, {"content": "Ana plays"}], user_id="u")
        mem.add("Ana's cat is called Miso", user_id="u")
        assert _pending(mem) == 0


def test_a_row_changed_or_deleted_before_the_backlog_is_indexed_as_it_is_now(
    open_later: Opener,
):
    with open_later() as mem:
        report = mem.add_messages(CHAT, user_id="u")
        events = [w for w in report.written if w.node_type == "event"]
        changed, gone = events[0], events[1]
        mem.update(changed.node_id, content="user: I live in Porto, near the river.", user_id="u")
        mem.delete(gone.node_id, user_id="u")
        mem.wait_indexed()
        report_after = mem.verify(full=True)
        assert report_after.clean, report_after  # no stale entry, no orphan of the delete
        hits = mem.retrieve("near the river", user_id="u", top_k=1).hits
        assert hits[0].node.id == changed.node_id


def test_close_with_pending_entries_then_reopen_indexes_them(
    open_later: Opener, embedder: CountingEmbedder
):
    with open_later() as mem:
        report = mem.add_messages(CHAT, user_id="u")
        owed = _pending(mem)
        assert owed > 0
    with open_later() as mem:
        assert mem.open_report.finished_pending == owed
        assert _pending(mem) == 0 and mem.stats().vectors == mem.stats().nodes
        said = next(w for w in report.written if w.node_type == "event")
        hits = mem.retrieve("I live in Porto.", user_id="u", top_k=3).hits
        assert hits[0].node.id == said.node_id and "vector" in hits[0].breakdown.sources


def test_the_background_thread_stops_on_close_and_nothing_is_lost(
    open_mem: Opener, embedder: CountingEmbedder, clock: FakeClock
):
    # The thread's timing is not asserted (it starts a batch once writes pause): whatever it
    # did before close, the reopen finds every row indexed or indexes it.
    cfg = MemoryConfig(background_indexer=True)
    with open_mem("memory", embedder=embedder, clock=clock, config=cfg) as mem:
        for i, message in enumerate(CHAT):
            mem.add_messages([message], user_id="u", session_id="s")
            assert i == 0 or mem.stats().nodes > 0
        nodes = mem.stats().nodes
    with open_mem("memory", embedder=embedder, clock=clock, config=cfg) as mem:
        assert _pending(mem) == 0 and mem.stats().vectors == nodes
        buffered = [n for n in mem.get_all(user_id="u", status=None) if n.node_type == BUFFER_TYPE]
        assert len(buffered) == len(CHAT)


def test_a_scoped_view_waits_for_the_index_too(open_later: Opener):
    with open_later() as mem:
        planner = mem.scoped(user_id="u", agent_id="planner", session_id="s1")
        report = planner.add_messages(CHAT)
        owed = _pending(mem)
        assert owed == len(report.written) + report.buffered + 1
        assert planner.wait_indexed() == owed  # every row the view's write left
        assert _pending(mem) == 0 and planner.wait_indexed() == 0
        pet = next(w for w in report.written if w.source_ids == ("c3",))
        hits = planner.retrieve("the greyhound Pixel", top_k=3).hits
        assert hits[0].node.id == pet.node_id and "vector" in hits[0].breakdown.sources
        # Another agent's view indexes the store's backlog too (what it reads stays its own).
        other = mem.scoped(user_id="u", agent_id="reviewer")
        other.add_messages([{"id": "r1", "role": "user", "content": "I drink coffee black."}])
        assert planner.wait_indexed() > 0 and _pending(mem) == 0


def test_wait_indexed_also_indexes_what_another_handle_left(
    open_mem: Opener, embedder: CountingEmbedder, clock: FakeClock
):
    # Two handles on one store (two processes of one PostgreSQL store, typically): the writer
    # closes with its backlog pending; the handle still open indexes it when asked to wait.
    cfg = MemoryConfig(background_indexer=False)
    reader = open_mem("memory", embedder=embedder, clock=clock, config=cfg)
    with reader:
        with open_mem("memory", embedder=embedder, clock=clock, config=cfg) as writer:
            report = writer.add_messages(CHAT, user_id="u")
        owed = _pending(reader)
        assert owed == len(report.written) + report.buffered + 1
        assert reader.wait_indexed() == owed
        assert _pending(reader) == 0 and reader.verify().clean
        pet = next(w for w in report.written if w.source_ids == ("c3",))
        hits = reader.retrieve("the greyhound Pixel", user_id="u", top_k=3).hits
        assert hits[0].node.id == pet.node_id and "vector" in hits[0].breakdown.sources
