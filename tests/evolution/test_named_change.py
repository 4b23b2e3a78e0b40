"""A change that names an older live value of its group changes that value, not the newest.

"I drive a Skoda", then "I cycle to the office" (one slot: the second joins without
replacing the car), then "I sold the Skoda, now I drive a Tesla": the Skoda is replaced; the
cycling keeps its place and still answers how the user gets to work. A change naming no member
(or returning to an older value, its name last) changes the newest value, as before.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.evolution.write.named import named_member, words
from hybridmem.models import MemoryNode
from tests.backends import OpenMem, both_backends  # noqa: F401 - both stores
from tests.evolution.test_conflict_deciding import _member

U = "u1"

CASES = {
    "en": (
        "I drive a white Skoda Octavia.",
        "I cycle to the office every day, about twenty minutes.",
        "I sold the Skoda, now I drive a Tesla Model 3.",
    ),
    "zh": (
        "我开一辆白色的本田思域。",
        "我每天骑电动车去公司，大概二十分钟。",
        "思域卖掉了，我现在开比亚迪汉。",
    ),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_change_naming_the_older_value_replaces_it_and_the_newer_keeps_its_place(
    open_mem: OpenMem, clock, lang: str
):
    """Both stores: the named older value is demoted by the change (its group's newest member
    no longer is), the newer value is left as it was and is still shown for its question."""
    older_text, newer_text, change_text = CASES[lang]
    mem = open_mem(embedder=HashEmbedder(), clock=clock)
    older = mem.add(older_text, node_type="fact", user_id=U, slot="user.vehicle")
    clock.advance(days=1)
    newer = mem.add(newer_text, node_type="fact", user_id=U, slot="user.vehicle")
    assert mem.get(older.id).metadata["demoted_by"] == newer.id  # the policy as before
    kept = mem.get(newer.id)
    clock.advance(days=1)
    change = mem.add(change_text, node_type="fact", user_id=U, slot="user.vehicle")

    assert change.metadata.get("coexists_with") == older.id
    assert change.metadata.get("names") == older.id
    assert mem.get(older.id).metadata["demoted_by"] == change.id
    after = mem.get(newer.id)
    assert after.status == "active"
    assert after.importance == kept.importance
    assert "demoted_by" not in after.metadata
    assert mem.current_value("user.vehicle", user_id=U).id == change.id
    # The newer value is no older value of the change: retrieval keeps it among the hits.
    shown = [h.node.id for h in mem.retrieve(newer_text, user_id=U, top_k=3).hits]
    assert newer.id in shown


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_change_naming_no_member_changes_the_newest_value_as_before(clock, tmp_path, lang):
    older_text, newer_text, _ = CASES[lang]
    change_text = {"en": "Now I take the bus.", "zh": "我现在坐公交。"}[lang]
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(), clock=clock) as mem:
        mem.add(older_text, node_type="fact", user_id=U, slot="user.vehicle")
        clock.advance(days=1)
        newer = mem.add(newer_text, node_type="fact", user_id=U, slot="user.vehicle")
        clock.advance(days=1)
        change = mem.add(change_text, node_type="fact", user_id=U, slot="user.vehicle")
        assert change.metadata.get("coexists_with") == newer.id
        assert mem.get(newer.id).metadata["demoted_by"] == change.id


def _node(node_id: str, text: str) -> MemoryNode:
    base = _member(random.Random(0), 0)
    return replace(base, id=node_id, content=text, status="active", metadata={})


def test_only_a_word_of_exactly_one_member_names_it_and_a_return_is_no_change_of_it():
    node = _node
    skoda = node("a", "I drive a Skoda and I live in Berlin.")
    bike = node("b", "I cycle to the office and I live in Berlin.")
    assert named_member("I sold the Skoda, now I drive a Tesla.", bike, [skoda, bike]) == skoda
    # A word both members say names neither.
    assert named_member("I left Berlin, now Hamburg.", bike, [skoda, bike]) is None
    # Naming the current value is the change the policy always made.
    assert named_member("I sold my bike... cycle no more, I walk.", bike, [skoda, bike]) is None
    # A return names the older value last: it is the current value that changes.
    assert named_member("I drive the Skoda again.", bike, [skoda, bike]) is None
    # Chinese by pairs of characters: a single shared character names nothing.
    assert "思域" in words("思域卖掉了")
    assert not set(words("我开公交")) & set(words("我开一辆思域"))


EVERYDAY = {
    # (a live value, the current value that replaced it, a change sharing with the first
    # only an everyday word: "moved", 公司)
    "en": ("I moved to Bristol last month.", "I live in Leeds now.", "We just moved to Cardiff."),
    "zh": ("我住在公司宿舍。", "我现在住在城东。", "公司附近租了套房，搬过去了。"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_everyday_word_names_no_value_the_change_replaces_the_current_one(clock, tmp_path, lang):
    """ "We just moved to Cardiff" shares only "moved" with the older Bristol: it names no
    value, so it replaces the current one (Leeds), which no longer stays live beside it."""
    older_text, current_text, change_text = EVERYDAY[lang]
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(), clock=clock) as mem:
        older = mem.add(older_text, node_type="fact", user_id=U, slot="user.residence")
        clock.advance(days=1)
        current = mem.add(current_text, node_type="fact", user_id=U, slot="user.residence")
        assert mem.get(older.id).metadata["demoted_by"] == current.id
        clock.advance(days=1)
        change = mem.add(change_text, node_type="fact", user_id=U, slot="user.residence")
        assert "names" not in change.metadata
        assert mem.get(current.id).metadata.get("demoted_by") == change.id
        assert mem.current_value("user.residence", user_id=U).id == change.id
