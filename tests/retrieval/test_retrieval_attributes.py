"""The attribute a question asks about, read against the slots of the memories
(hybridmem/retrieval/attributes.py, issue 38's first-day check): a word shared with a value of
another attribute is no match, and the user's own value of the asked attribute matches as well
as the query's best word match."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval.attributes import agreed, asked_slot, names_someone


@pytest.fixture
def facts(tmp_path, clock) -> Iterator[dict[str, MemoryNode]]:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        texts = {
            "mother": "My mother lives in Gdansk.",
            "job": "I work as a structural engineer.",
            "home": "I live in Hamburg.",
            "cat": "We have a grey cat named Pierogi.",
            "teacher": "我是一名小学美术老师。",
        }
        yield {k: mem.add(t, node_type="fact", user_id="u1") for k, t in texts.items()}


def test_the_writer_slots_these_facts(facts: dict[str, MemoryNode]) -> None:
    slots = {k: n.metadata.get("slot") for k, n in facts.items()}
    assert slots == {
        "mother": "user.residence@mother",
        "job": "user.job",
        "home": "user.residence",
        "cat": None,
        "teacher": "user.job",
    }


def test_questions_are_read_by_the_same_rules() -> None:
    assert asked_slot("What do I do for a living?") == "user.job"
    assert asked_slot("我是做什么工作的？") == "user.job"
    assert asked_slot("Where do I live?") == "user.residence"
    assert asked_slot("What is the cat called?") is None
    # The rules read what speakers say of themselves: a question not in the first person is
    # not read ("退休" is a change of job in "我退休了", not in a task's paperwork).
    assert asked_slot("退休手续还缺什么材料？") is None
    assert asked_slot("我下个月退休，手续还缺什么？") == "user.job"
    # Where the question goes is named, not asked: the way there is no workplace.
    assert asked_slot("我每天怎么去公司？") is None
    assert asked_slot("How do I get to the office?") is None
    assert asked_slot("我在哪儿上班？") == "user.workplace"
    assert names_someone("Where does my mother live?")
    assert names_someone("Where does Mara live?") and names_someone("我老公做什么的？")
    assert not names_someone("Where do I live?") and not names_someone("我是做什么工作的？")


def test_a_word_shared_with_another_attribute_is_no_match(facts: dict[str, MemoryNode]) -> None:
    nodes = {n.id: n for n in facts.values()}
    mother, job, home, cat = (facts[k].id for k in ("mother", "job", "home", "cat"))
    # "living" and "lives" share a stem: the lexical channel matched the mother's home only.
    out = agreed("What do I do for a living?", nodes, {mother: 2.0, home: 1.5})
    assert out is not None
    assert mother not in out and home not in out  # residence, not the job asked about
    assert out[job] == 2.0  # the user's own job: the query's best word match
    assert out[facts["teacher"].id] == 2.0
    assert cat not in out  # no slot, no word: nothing to say about it


def test_the_same_attribute_of_someone_else(facts: dict[str, MemoryNode]) -> None:
    nodes = {n.id: n for n in facts.values()}
    mother, home = facts["mother"].id, facts["home"].id
    # Asked about the mother: her home keeps its match, the user's own home gains nothing.
    assert agreed("Where does my mother live?", nodes, {mother: 1.0, home: 1.0}) is None
    # Asked about the user: their own home matches as well as the best word match; the
    # mother's home is hers, a word shared with it a coincidence (issue 38, helper self10).
    assert agreed("Where do I live?", nodes, {mother: 1.0, home: 0.5}) == {home: 1.0}


def test_nothing_changes_without_slots_or_an_attribute(facts: dict[str, MemoryNode]) -> None:
    cat = facts["cat"]
    assert agreed("What do I do for a living?", {cat.id: cat}, {cat.id: 1.0}) is None
    nodes = {n.id: n for n in facts.values()}
    assert agreed("What is the cat called?", nodes, {cat.id: 1.0}) is None


def test_a_sealed_home_in_the_asked_slot_is_named_by_the_question(tmp_path, clock) -> None:
    """A sensitive memory has no terms in the lexical index; its slot still says which
    attribute it is a value of, so a question asking that attribute, sharing no word with it,
    is about it."""
    privacy = PrivacyConfig(key=generate_key())
    emb = HashEmbedder(64)
    with HybridMemory(tmp_path / "m", embedder=emb, clock=clock, privacy=privacy) as mem:
        home = mem.add("I moved to Leeds.", node_type="fact", user_id="u1", sensitive=True)
        mem.add("Pierogi: grey cat.", node_type="fact", user_id="u1")
        assert home.metadata.get("slot") == "user.residence"
        asked = mem.retrieve("Where do I live?", user_id="u1", record_access=False)
        assert [h.node.id for h in asked.hits][:1] == [home.id]
        other = mem.retrieve("What is the cat called?", user_id="u1", record_access=False)
        assert home.id not in [h.node.id for h in other.hits]
