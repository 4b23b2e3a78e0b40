"""Fusion: the engine ranks by the embedder's evidence whatever the scale of its cosines, and
neighbour evidence comes from conversations only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest

from hybridmem import HashEmbedder, HybridMemory, MemoryConfig, RetrievalConfig
from hybridmem.embedding import Vectors, normalise_rows
from hybridmem.errors import InvalidArgumentError
from hybridmem.retrieval.fusion import fuse_lexical, fuse_similarity


class Compressed:
    """A model whose cosines sit in a narrow band near 1 (like multilingual-e5): every vector
    is mostly one shared direction plus a little of the text's own."""

    def __init__(self) -> None:
        self.inner = HashEmbedder(128)
        shared = np.zeros(128, dtype=np.float32)
        shared[0] = 1.0
        self.shared = shared

    @property
    def name(self) -> str:
        return "test/compressed"

    @property
    def dimension(self) -> int:
        return 128

    def embed(self, texts: Sequence[str]) -> Vectors:
        return normalise_rows(self.shared + 0.12 * self.inner.embed(texts))


def _lexical_off(fusion: str) -> MemoryConfig:
    base = RetrievalConfig(fusion=fusion, lexical_candidates=0)
    return MemoryConfig(retrieval=replace(base, weights=replace(base.weights, lexical=0.0)))


def _story(mem: HybridMemory, clock) -> tuple[str, list[str]]:
    task = mem.add("Home", node_type="task", user_id="u")
    target = mem.add("the spare key is under the blue flowerpot", parent_id=task.id, user_id="u")
    clock.advance(days=90)
    others = [
        mem.add(text, parent_id=task.id, user_id="u", importance=0.9).id
        for text in (
            "paid the electricity bill",
            "the boiler was serviced",
            "ordered new curtains",
            "the neighbours got a dog",
        )
    ]
    return task.id, [target.id, *others]


def test_compressed_cosines_still_decide_the_ranking(mem_path, clock):
    with HybridMemory(
        mem_path, embedder=Compressed(), clock=clock, config=_lexical_off("minmax")
    ) as mem:
        task, (target, *_) = _story(mem, clock)
        res = mem.retrieve(
            "where is the spare key? under the flowerpot?", user_id="u", task_id=task
        )
        cosines = [h.breakdown.features["similarity"] for h in res.hits]
        assert res.hits[0].node.id == target
        assert max(cosines) == pytest.approx(1.0)


def test_without_fusion_compressed_cosines_are_drowned(mem_path, clock):
    """The failure fusion fixes: raw cosines a few hundredths apart lose to newer, more
    important memories."""
    with HybridMemory(
        mem_path, embedder=Compressed(), clock=clock, config=_lexical_off("raw")
    ) as mem:
        task, (target, *_) = _story(mem, clock)
        res = mem.retrieve(
            "where is the spare key? under the flowerpot?", user_id="u", task_id=task
        )
        assert res.hits[0].node.id != target


def test_fusion_functions():
    raw = {"a": 0.90, "b": 0.86, "c": 0.88}
    assert fuse_similarity(raw, ["a", "b", "c", "d"], "minmax") == pytest.approx(
        {"a": 1.0, "b": 0.0, "c": 0.5, "d": 0.0}
    )
    assert fuse_similarity({"a": 0.5}, ["a"], "minmax") == {"a": 1.0}
    assert fuse_similarity(raw, ["a"], "raw") == {"a": 0.90}
    assert fuse_lexical({"a": 4.0, "b": 2.0}, ["a", "b", "c"], "minmax") == {
        "a": 1.0,
        "b": 0.5,
        "c": 0.0,
    }
    with pytest.raises(InvalidArgumentError, match="fusion"):
        RetrievalConfig(fusion="mean")


def test_neighbours_are_turns_of_a_conversation_not_memories_of_the_same_day(mem, clock):
    task = mem.add("Diary", node_type="task", user_id="u")
    # Separate memories dated the same day, filed side by side under the task.
    q = mem.add("went to the market to buy peaches", parent_id=task.id, user_id="u")
    same_day = mem.add("called grandma about her birthday", parent_id=task.id, user_id="u")
    # A conversation: the answer follows the question.
    session = mem.add("Chat 1", node_type="session", parent_id=task.id, user_id="u")
    ask = mem.add("Alice: what fruit did you buy at the market?", parent_id=session.id, user_id="u")
    answer = mem.add("Bob: a crate of apricots", parent_id=session.id, user_id="u")
    res = mem.retrieve("fruit bought at the market", user_id="u", task_id=task.id, top_k=20)
    by_id = {h.node.id: h for h in res.hits}
    assert ask.id in by_id and q.id in by_id
    assert answer.id in by_id and by_id[answer.id].breakdown.features["neighbour"] > 0
    if same_day.id in by_id:
        assert by_id[same_day.id].breakdown.features["neighbour"] == 0.0
