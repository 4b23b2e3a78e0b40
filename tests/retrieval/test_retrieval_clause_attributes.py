"""A memory filed under one attribute whose other clause states the attribute a question asks
about keeps its word match (issue 38, first-day questions;
:mod:`hybridmem.retrieval.clause_attributes`). Real SQLite and Chroma in tmp_path, a fake clock.

The writer files "我在银行上班，住在浦东。" under the workplace (its first rule); "我住哪？" asks
the residence, and the attribute read took the word match away from every memory of another
attribute as a coincidence, this one included, so the mother's home in Suzhou came first. The
rule with the hash embedder; the English case, where the meaning decides among what is left,
with multilingual-e5 (the default model)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import HashEmbedder, MultilingualE5Embedder
from hybridmem.retrieval.attributes import agreed
from hybridmem.retrieval.clause_attributes import clause_slots, states_attribute
from tests.fact_stories import U, first_after_facts

ZH = ("我在银行上班，住在浦东。", "我妈住在苏州。", "我老公在医院上班。", "我每天坐地铁。")


def test_the_clauses_of_a_statement_are_read_by_the_writer_rules() -> None:
    assert clause_slots("我在银行上班，住在浦东。") == {"user.workplace", "user.residence"}
    assert states_attribute("I drive a van, I live in Hull.", "user.residence")
    # One clause: the slot it was filed under is all it states.
    assert clause_slots("I live in Hull.") == frozenset()
    assert not states_attribute("I drive a van, I'm a plumber.", "user.residence")


def test_a_home_said_beside_the_workplace_is_found(tmp_path: Path) -> None:
    first = first_after_facts(tmp_path / "m", HashEmbedder(64), ZH, "我住哪？")
    assert first == "我在银行上班，住在浦东。"


def test_the_other_clause_keeps_the_word_match_only(tmp_path: Path) -> None:
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        nodes = {}
        for text in (*ZH, "我在超市上班。"):
            node = mem.add(text, node_type="fact", user_id=U)
            nodes[node.id] = node
            clock.advance(minutes=3)
        by_text = {n.content: i for i, n in nodes.items()}
        both, mum, shop = by_text[ZH[0]], by_text[ZH[1]], by_text["我在超市上班。"]
        assert nodes[both].metadata.get("slot") == "user.workplace"
        out = agreed("我住哪？", nodes, {both: 1.0, mum: 2.0, shop: 0.5})
        assert out is not None
        assert out[both] == 1.0  # kept as it was, not lifted to the best
        assert mum not in out  # someone else's value: not the user's, a coincidence
        assert shop not in out  # a workplace only: a shared word is a coincidence
        # The clauses say the speaker's own attributes: asked about the mother's home, the
        # user's workplace-and-home statement is another attribute again.
        out = agreed("Where does my mother live?", nodes, {both: 1.0, mum: 2.0})
        assert out is not None and both not in out and out[mum] == 2.0


def test_where_do_i_live_beside_the_van(tmp_path: Path, e5: MultilingualE5Embedder) -> None:
    facts = ("I drive a van, I live in Hull.", "My brother Tom lives in York.", "I'm a plumber.")
    first = first_after_facts(
        tmp_path / "m", e5, (*facts, "I love live music."), "Where do I live?"
    )
    assert first == "I drive a van, I live in Hull."
