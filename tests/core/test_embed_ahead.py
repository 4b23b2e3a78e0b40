"""``add_many`` embedding its last chunks while it plans the earlier items (embed_ahead).

Overlapping the embedding with the planning must change when vectors are computed, never what
is written: the same tree, op log, vectors and model calls as embedding everything first, and
still nothing written when the embedding fails.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence

import numpy as np
import pytest

from hybridmem import HashEmbedder, HybridMemory, MemoryConfig
from hybridmem.embedding.base import Vectors
from hybridmem.errors import InvalidArgumentError
from tests.conftest import CountingEmbedder
from tests.core.test_tree_writes import _shape, _story


class RecordingEmbedder(CountingEmbedder):
    """A hash embedder that records each model call (its texts, the calling thread, whether
    the memory's write lock was held) and can fail on a chosen call."""

    def __init__(self, fail_on: int | None = None) -> None:
        super().__init__(HashEmbedder())
        self.calls: list[tuple[tuple[str, ...], str, bool]] = []
        self.fail_on = fail_on
        self.mem: HybridMemory | None = None

    def embed(self, texts: Sequence[str]) -> Vectors:
        locked = False
        if self.mem is not None:
            # The engine's lock is an RLock: another thread holding it makes this acquire fail.
            free = self.mem.engine.lock.acquire(blocking=False)
            if free:
                self.mem.engine.lock.release()
            locked = not free
        self.calls.append((tuple(texts), threading.current_thread().name, locked))
        if self.fail_on is not None and len(self.calls) == self.fail_on:
            raise RuntimeError("the model ran out of memory")
        return super().embed(texts)


def _open(path, clock, ahead: int, embedder=None) -> HybridMemory:
    config = MemoryConfig(embed_batch_size=4, embed_ahead=ahead)
    mem = HybridMemory(path, embedder=embedder or RecordingEmbedder(), clock=clock, config=config)
    if isinstance(mem.engine.embedder, RecordingEmbedder):
        mem.engine.embedder.mem = mem
    return mem


def _log(mem: HybridMemory) -> list[str]:
    """The op log with ids written as their nodes' content (ids differ between memories)."""
    root = mem.root(user_id="u1")
    assert root is not None
    content = {n.id: n.content for n in mem.subtree(root.id, user_id="u1")}
    content[root.id] = "<root>"
    return [
        re.sub(
            "(root-)?[0-9a-f]{32}",
            lambda m: content.get(m.group(), m.group()),
            repr((op.seq, op.op, op.node_id, op.payload)),
        )
        for op in mem.oplog()
    ]


def _vectors(mem: HybridMemory) -> dict[str, bytes]:
    root = mem.root(user_id="u1")
    assert root is not None
    nodes = mem.subtree(root.id, user_id="u1")
    found = mem.engine.index.get_vectors([n.id for n in nodes])
    return {n.content: np.asarray(found[n.id], dtype=np.float32).tobytes() for n in nodes}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_embedding_ahead_writes_what_embedding_first_writes(tmp_path, clock, monkeypatch, seed):
    """A random import (events, repeats, slot changes, similarity groups, dated items) cut
    into chunks of 4 texts: with the last 3 embedded in the background it gives the same tree,
    op log,
    vectors and model calls as with none, and the item-by-item tree."""
    items = _story(seed)
    first = _open(tmp_path / "first", clock, ahead=0)
    ahead = _open(tmp_path / "ahead", clock, ahead=3)
    single = HybridMemory(tmp_path / "single", embedder=HashEmbedder(), clock=clock)
    seen: list[tuple[str, bytes]] = []
    plan = ahead.engine.planner.plan

    def spied(request):
        seen.append((request.content, np.asarray(request.vector, dtype=np.float32).tobytes()))
        return plan(request)

    monkeypatch.setattr(ahead.engine.planner, "plan", spied)
    first.add_many([dict(i) for i in items], user_id="u1")
    ahead.add_many([dict(i) for i in items], user_id="u1")
    for item in items:
        single.add_many([dict(item)], user_id="u1")
    assert _shape(ahead, "u1") == _shape(first, "u1") == _shape(single, "u1")
    assert _log(ahead) == _log(first)
    assert _vectors(ahead) == _vectors(first)
    # Every item was planned with its own text's vector.
    model = HashEmbedder()
    assert len(seen) == len(items)
    assert seen == [(t, model.embed([t])[0].astype(np.float32).tobytes()) for t, _ in seen]
    # The batch's chunks (the planner also embeds its own labels, once per memory).
    texts = {str(i["content"]) for i in items}
    calls_first = [c for c in first.engine.embedder.calls if set(c[0]) <= texts]
    calls_ahead = [c for c in ahead.engine.embedder.calls if set(c[0]) <= texts]
    # The same chunks went to the model (so a real model gives the same vectors)...
    assert [c[0] for c in calls_ahead] == [c[0] for c in calls_first]
    chunks = -(-len(texts) // 4)
    assert len(calls_first) == chunks >= 5
    # ...all but the last 3 on the caller's thread before the write lock, those 3 in the
    # background while the write unit held it (embedding first: all before it).
    me = threading.current_thread().name
    lead = chunks - 3
    assert [(t == me, locked) for _, t, locked in calls_ahead[:lead]] == [(True, False)] * lead
    assert all(t != me for _, t, _ in calls_ahead[lead:])
    assert any(locked for _, _, locked in calls_ahead[lead:])
    assert not any(locked for _, _, locked in calls_first)
    for mem in (first, ahead, single):
        assert mem.verify().clean
        mem.close()


def test_a_failed_background_chunk_writes_nothing(tmp_path, clock):
    """The model fails on the last chunk, embedded in the background while the earlier items
    were already planned and queued inside the unit: the error reaches the caller and not one
    node, op or vector of the batch is left."""
    items = _story(4)
    texts = {str(i["content"]) for i in items}
    chunks = -(-len(texts) // 4)
    embedder = RecordingEmbedder(fail_on=chunks)
    mem = _open(tmp_path / "m", clock, ahead=2, embedder=embedder)
    mem.add_many([{"id": "t0", "content": "Before", "node_type": "task"}], user_id="u1")
    mem.add_many([{"content": "warm the planner's labels", "node_type": "fact"}], user_id="u1")
    embedder.calls.clear()
    ops, ids = len(mem.oplog()), mem.engine.index.get_ids()
    with pytest.raises(RuntimeError, match="out of memory"):
        mem.add_many([dict(i) for i in items], user_id="u1")
    batch = [c for c in embedder.calls if set(c[0]) <= texts]
    assert len(batch) == chunks and batch[-1][2]  # the last chunk failed under the lock
    assert len(mem.oplog()) == ops
    assert mem.engine.index.get_ids() == ids
    root = mem.root(user_id="u1")
    assert root is not None
    assert len(mem.subtree(root.id, user_id="u1")) == 3
    assert not [t for t in threading.enumerate() if t.name.startswith("hybridmem-embed")]
    # The memory is usable afterwards and the same batch then goes in whole.
    embedder.fail_on = None
    assert len(mem.add_many([dict(i) for i in items], user_id="u1")) == len(items)
    assert mem.verify().clean
    mem.close()


def test_a_refused_batch_leaves_no_background_embedding(tmp_path, clock):
    """An item refused inside the unit (its id exists) stops the batch; the chunk being
    embedded in the background is awaited, the rest cancelled: no thread outlives the call."""
    mem = _open(tmp_path / "m", clock, ahead=4)
    mem.add_many([{"id": "dup", "content": "first"}], user_id="u1")
    items = [{"content": f"note {i}"} for i in range(40)] + [{"id": "dup", "content": "again"}]
    with pytest.raises(InvalidArgumentError, match="already exists"):
        mem.add_many(items, user_id="u1")
    assert not [t for t in threading.enumerate() if t.name.startswith("hybridmem-embed")]
    assert len(mem.oplog()) == 2  # the root and "first"
    mem.close()


def test_a_batch_of_one_chunk_is_embedded_before_the_write_lock(tmp_path, clock):
    """With nothing to plan meanwhile, a background chunk would only run the model while the
    write lock is held: a batch of one chunk is embedded on the caller's thread, unlocked,
    whatever ``embed_ahead`` says (and a longer batch's first chunk too)."""
    me = threading.current_thread().name
    mem = _open(tmp_path / "m", clock, ahead=3)
    embedder = mem.engine.embedder
    assert isinstance(embedder, RecordingEmbedder)
    for size in (1, 4, 9):
        texts = tuple(f"note {size}-{i}" for i in range(size))
        embedder.calls.clear()
        mem.add_many([{"content": t} for t in texts], user_id="u1")
        calls = [c for c in embedder.calls if set(c[0]) <= set(texts)]
        assert calls[0] == (texts[:4], me, False)
        assert len(calls) == -(-size // 4)
    mem.close()


@pytest.mark.parametrize("ahead", [-1, True, 1.5])
def test_embed_ahead_must_be_a_count(ahead):
    with pytest.raises(InvalidArgumentError, match="embed_ahead"):
        MemoryConfig(embed_ahead=ahead)


def test_a_feed_gives_each_text_its_vector_in_the_engines_chunks():
    """Repeats embedded once, chunks cut from the distinct texts in first-seen order; the
    rows the same whether a chunk was embedded first or in the background."""
    from hybridmem.core.feed import EmbedFeed

    model = RecordingEmbedder()
    texts = ["a", "b", "a", "c", "d", "b", "e", "f", "g", "a", "h"]
    for ahead in (0, 1, 2, 5):
        model.calls.clear()
        with EmbedFeed(model.embed, texts, 3, lambda: model.dimension).start(ahead) as feed:
            rows = [feed.vector(i) for i in reversed(range(len(texts)))][::-1]
            table = feed.all()
        assert [c[0] for c in model.calls] == [("a", "b", "c"), ("d", "e", "f"), ("g", "h")]
        assert model.calls[0][1] == threading.current_thread().name  # never the first ahead
        want = model.inner.embed(texts)
        assert np.array_equal(np.stack(rows), want) and np.array_equal(table, want)
    with EmbedFeed(model.embed, [], 3, lambda: 7).start(2) as empty:
        assert empty.all().shape == (0, 7)
