"""The current value of the attribute a question asks about joins the candidates
(hybridmem/retrieval/asked_values.py, issue 38: probing_blind2 zh y12, where remarks sharing
住 with "我现在住哪？" filled the candidates and the current home was none of them).

A narrow candidate set (one vector candidate, three lexical ones) stands for a long history:
the question's everyday word fills the lexical top and one closer-worded remark the vector
top, so the moved-to home, sharing no word with the question, came in by neither."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.config import MemoryConfig, RetrievalConfig
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.privacy import PrivacyConfig, generate_key

CASES = {
    "en": (
        "Where do I live now?",
        "I live in Hamburg.",
        "I moved to Leeds last month.",
        [
            "Live music on Fridays is the best part of my week.",
            "I'd love to live by the sea one day.",
            "We watched the match live at the pub.",
            "My sister says I should live a little.",
            "The band played live in the park.",
        ],
    ),
    "zh": (
        "我现在住哪？",
        "我住在南山，跟室友合租。",
        "决定搬家了，在宝安找了个一室户。",
        [
            "想让她来深圳住一阵子。",
            "酒店住了两晚，挺干净的。",
            "朋友来了住我家沙发。",
            "现在住的地方附近有家面馆很好吃。",
            "我现在住的小区晚上很吵。",
            "你现在住哪儿？离地铁近吗？",
        ],
    ),
}

NARROW = RetrievalConfig(vector_candidates=1, lexical_candidates=3)


@pytest.fixture
def open_store(tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder) -> Iterator[Any]:
    """Opens a store (``privacy``: sealed values can be written) and writes a case's old home,
    its remarks, and a month later the new home (``sealed``: as a sensitive memory)."""
    opened: list[HybridMemory] = []

    def build(lang: str, sealed: bool = False) -> tuple[HybridMemory, str]:
        privacy = PrivacyConfig(key=generate_key()) if sealed else None
        mem = HybridMemory(
            tmp_path / lang,
            embedder=e5,
            clock=clock,
            config=MemoryConfig(retrieval=NARROW),
            privacy=privacy,
        )
        opened.append(mem)
        _, old, new, remarks = CASES[lang]
        mem.add(old, node_type="fact", user_id="u1")
        for remark in remarks:
            mem.add(remark, node_type="event", user_id="u1")
        clock.advance(days=30)
        home = mem.add(new, node_type="fact", user_id="u1", sensitive=sealed)
        assert home.conflict_group == "slot:user.residence"
        return mem, home.id

    yield build
    for mem in opened:
        mem.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_asked_attributes_current_value_is_found_without_a_shared_word(
    open_store: Any, lang: str
) -> None:
    mem, home = open_store(lang)
    got = mem.retrieve(CASES[lang][0], user_id="u1", top_k=5, record_access=False)
    ids = [h.node.id for h in got.hits]
    # Before: neither the word match nor the one vector candidate brought it; the old home,
    # or only remarks about staying somewhere, answered.
    assert ids[:1] == [home]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_question_naming_no_attribute_brings_no_value(open_store: Any, lang: str) -> None:
    mem, _ = open_store(lang)
    question = "What music do I like?" if lang == "en" else "我喜欢吃什么面？"
    got = mem.retrieve(question, user_id="u1", top_k=5, record_access=False)
    assert all("asked" not in h.breakdown.sources for h in got.hits)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_sealed_current_value_joins_only_when_sensitive_ones_are_asked_for(
    open_store: Any, lang: str
) -> None:
    mem, home = open_store(lang, sealed=True)
    question = CASES[lang][0]
    plain = mem.retrieve(question, user_id="u1", top_k=5, record_access=False)
    assert home not in [h.node.id for h in plain.hits]
    assert all("asked" not in h.breakdown.sources for h in plain.hits)
    asked = mem.retrieve(
        question, user_id="u1", top_k=5, record_access=False, include_sensitive=True
    )
    assert [h.node.id for h in asked.hits][:1] == [home]
