"""A move back joins the attribute it returns to: the value it leaves is demoted by it and the
move back is the group's current value (issue 38).

Before, a statement saying a value holds again ("Superdrug again for the hair wax", 又用回尤尼克斯
的拍子了) stated no change word: the pair model never linked it, it was written beside the
attribute's group as a fact of its own, and the value it left stayed the group's current
value, live and undemoted, so the attribute never settled. Real SQLite and Chroma under
``tmp_path``, multilingual-e5, an injected clock.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from tests.told_apart import told_apart

# (first value, a change to a second one, a move back to the first naming its own word)
MOVES_BACK = [
    (
        "I get my hair products from Superdrug.",
        "Hair products come from Boots now, they have the wax I like.",
        "Superdrug again for the hair wax, Boots never has it in.",
    ),
    (
        "My running club meets at Hillside Park.",
        "The running club moved to the canal path now, it is flatter.",
        "Hillside Park again for the running club, the canal path was too narrow.",
    ),
    (
        "我的羽毛球拍用尤尼克斯。",
        "羽毛球拍现在换成李宁的了，轻一点。",
        "又用回尤尼克斯的拍子了，李宁那支太重。",
    ),
    (
        "周末去南山公园爬山。",
        "周末爬山改去北峰了，南山人太多。",
        "周末又回南山公园爬了，北峰路太远。",
    ),
]


def _history(mem: HybridMemory, clock: FakeClock, first: str, change: str) -> tuple[str, str]:
    a, b = told_apart(mem, clock, first, change)
    clock.advance(days=10)
    group = mem.get(b.id, user_id="u").conflict_group
    assert group is not None and group == mem.get(a.id, user_id="u").conflict_group
    return group, b.id


@pytest.mark.parametrize(("first", "change", "back"), MOVES_BACK)
def test_a_move_back_joins_its_attribute_and_demotes_the_value_it_leaves(
    e5_mem: HybridMemory,
    clock: FakeClock,
    first: str,
    change: str,
    back: str,
) -> None:
    group, left = _history(e5_mem, clock, first, change)
    moved = e5_mem.add(back, node_type="fact", user_id="u")
    assert e5_mem.get(moved.id, user_id="u").conflict_group == group
    current = e5_mem.current_value(group.removeprefix("slot:"), user_id="u")
    assert current is not None and current.id == moved.id
    was = e5_mem.get(left, user_id="u")
    assert was.metadata.get("demoted_by") == moved.id  # demoted, kept
    assert was.status == "active"
    history = [r.node.id for r in e5_mem.value_history(group.removeprefix("slot:"), user_id="u")]
    assert left in history and moved.id in history


@pytest.mark.parametrize(
    ("first", "change", "again"),
    [
        (
            MOVES_BACK[0][0],
            MOVES_BACK[0][1],
            "Boots again for the hair wax, same as last month.",
        ),
        (MOVES_BACK[2][0], MOVES_BACK[2][1], "又去买了李宁的羽毛球，跟上回一样。"),
    ],
)
def test_the_current_value_said_again_is_no_move_back(
    e5_mem: HybridMemory,
    clock: FakeClock,
    first: str,
    change: str,
    again: str,
) -> None:
    # "Again" with the current value's own word returns to nothing: the current value keeps
    # its place and is demoted by no one.
    _group, left = _history(e5_mem, clock, first, change)
    e5_mem.add(again, node_type="fact", user_id="u")
    assert "demoted_by" not in e5_mem.get(left, user_id="u").metadata


@pytest.mark.parametrize(("first", "change", "back"), [MOVES_BACK[0], MOVES_BACK[3]])
def test_the_attribute_settles_on_the_move_back_and_keeps_its_history(
    e5_mem: HybridMemory,
    clock: FakeClock,
    first: str,
    change: str,
    back: str,
) -> None:
    group, left = _history(e5_mem, clock, first, change)
    moved = e5_mem.add(back, node_type="fact", user_id="u")
    clock.advance(days=int(e5_mem.config.evolution.settle_after_days) + 1)
    e5_mem.maintain(user_id="u")
    slot = group.removeprefix("slot:")
    history = {r.node.id: r.status for r in e5_mem.value_history(slot, user_id="u")}
    assert history[moved.id] == "active"
    # Both earlier statements (the value left and the first statement of the value
    # returned to) are archived, not deleted.
    assert history[left] == "archived"
    assert sorted(history.values()) == ["active", "archived", "archived"]
    current = e5_mem.current_value(slot, user_id="u")
    assert current is not None and current.id == moved.id


# (first value, a second one said with no change word: the two join no group, a move back
# naming both)
UNGROUPED = [
    (
        "My bike lock is a Kryptonite.",
        "An Abus lock on the bike, it's lighter.",
        "The Kryptonite lock again, the Abus one jammed.",
    ),
    (
        "我的蓝牙耳机是索尼的。",
        "耳机戴的华为，降噪好。",
        "又戴回索尼耳机了，华为那副夹耳朵。",
    ),
]


@pytest.mark.parametrize(("first", "second", "back"), UNGROUPED)
def test_a_move_back_naming_both_values_groups_them_and_settles_on_itself(
    e5_mem: HybridMemory,
    clock: FakeClock,
    first: str,
    second: str,
    back: str,
) -> None:
    a = e5_mem.add(first, node_type="fact", user_id="u")
    clock.advance(days=10)
    b = e5_mem.add(second, node_type="fact", user_id="u")
    clock.advance(days=10)
    moved = e5_mem.add(back, node_type="fact", user_id="u")
    group = e5_mem.get(moved.id, user_id="u").conflict_group
    assert group is not None
    assert {e5_mem.get(n.id, user_id="u").conflict_group for n in (a, b)} == {group}
    current = e5_mem.current_value(group, user_id="u")
    assert current is not None and current.id == moved.id
    for n in (a, b):  # both earlier values demoted by the move back, kept
        node = e5_mem.get(n.id, user_id="u")
        assert node.status == "active" and node.metadata.get("demoted_by") == moved.id
