"""A choice settling a weighing whose announcing turn gave a slot's value is that slot's
newer value (issue 38).

"Can't decide whether to replace my car, my old Corolla is ten years old" (a value of the vehicle
slot), then the options, then "bought the Civic in the end": the choice is the vehicle's new
value, the old car's fact its previous one, and every turn of the weighing is demoted by it.
Real SQLite and Chroma in tmp_path, multilingual-e5 (the ``e5`` fixture), injected time. The
examples are written for these tests, not taken from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.conversation import choosing
from hybridmem.conversation.report import IngestReport
from hybridmem.models import MemoryNode

START = datetime(2025, 9, 1, 20, 0, tzinfo=UTC)


def _say(
    mem: HybridMemory, clock: FakeClock, turns: list[tuple[str, str, str]]
) -> list[IngestReport]:
    """The turns (id, role, text), one ``add_messages`` call each, a minute apart within one
    session; each call's report."""
    task = mem.add("Chats with my companion", node_type="task", user_id="u")
    reports = []
    for i, (tid, role, text) in enumerate(turns):
        clock.set(START + timedelta(minutes=i))
        message = {"id": tid, "role": role, "content": text, "created_at": clock()}
        reports.append(mem.add_messages([message], user_id="u", task_id=task.id, session_id="s1"))
    return reports


def _citing(mem: HybridMemory, turn: str, node_type: str) -> list[MemoryNode]:
    return [
        n
        for n in mem.store.user_nodes("u")
        if n.source_ids and n.source_ids[0] == turn and n.node_type == node_type
    ]


CASES = {
    "en": [
        ("t1", "user", "can't decide whether to replace my car, my old Corolla is ten years old"),
        ("t2", "assistant", "What are you looking at?"),
        ("t3", "user", "the Civic or the Golf, the Civic is cheaper"),
        ("t4", "assistant", "Both are solid."),
        ("t5", "user", "bought the Civic in the end, picking it up on Friday"),
    ],
    "zh": [
        ("t1", "user", "在纠结换车的事，现在开的是一辆旧卡罗拉，开了十年了"),
        ("t2", "assistant", "在看哪些车？"),
        ("t3", "user", "思域和高尔夫在犹豫，思域便宜一些"),
        ("t4", "assistant", "两台都不错。"),
        ("t5", "user", "最后还是买了思域，周五提车"),
    ],
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_choice_is_the_newer_value_of_the_slot_its_weighing_announced(
    chat: tuple[HybridMemory, FakeClock], lang: str
) -> None:
    mem, clock = chat
    reports = _say(mem, clock, CASES[lang])
    (old,) = _citing(mem, "t1", "fact")
    assert old.metadata.get("slot") == "user.vehicle"
    (choice,) = _citing(mem, "t5", "fact")
    # The choice joins the vehicle's group as its newer value (as any change of the slot),
    # and the ingest reports it as a change of that slot with the old car before it.
    assert choice.metadata.get("slot") == "user.vehicle"
    assert choice.conflict_group == old.conflict_group
    assert old.metadata["demoted_by"] == choice.id
    (change,) = reports[-1].value_changes
    assert change.node_id == choice.id and change.slot == "user.vehicle"
    assert old.id in change.previous
    # Both turns of the weighing are in that group, demoted by the choice.
    for turn in ("t1", "t3"):
        (event,) = _citing(mem, turn, "event")
        assert event.conflict_group == choice.conflict_group
        assert event.metadata["demoted_by"] == choice.id


# The turn before the options says no weighing (no verb of choosing): the old car stays the
# vehicle's value, and the choice keeps a group of its own with the options weighed.
UNANNOUNCED = {
    "en": [
        ("t1", "user", "my old Corolla is ten years old, I drive it to work"),
        ("t3", "user", "the Civic or the Golf, the Civic is cheaper"),
        ("t5", "user", "bought the Civic in the end, picking it up on Friday"),
    ],
    "zh": [
        ("t1", "user", "现在开的是一辆旧卡罗拉，开了十年了"),
        ("t3", "user", "思域和高尔夫在犹豫，思域便宜一些"),
        ("t5", "user", "最后还是买了思域，周五提车"),
    ],
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_turn_announcing_no_weighing_keeps_its_value(
    chat: tuple[HybridMemory, FakeClock], lang: str
) -> None:
    mem, clock = chat
    _say(mem, clock, UNANNOUNCED[lang])
    for old in _citing(mem, "t1", "fact"):
        assert "demoted_by" not in old.metadata
    for event in _citing(mem, "t1", "event"):
        assert event.conflict_group is None


@pytest.mark.parametrize(
    ("text", "announces"),
    [
        ("在纠结换车的事", True),
        ("选哪个学校还没想好", True),
        ("I'm torn about replacing my car", True),
        ("车已经选好了", False),
        ("选了思域", False),
        ("the old Corolla has done ten years", False),
    ],
)
def test_a_weighing_announced(text: str, announces: bool) -> None:
    assert choosing.announces(text) is announces


# The options' own turn also filed as a statement: the same weighing, demoted by the choice
# with its event (zh); a statement of another slot of someone else's keeps its group and its
# value, and gives the choice no slot (en: the father's birthday).
OWN = {
    "en": [
        ("t1", "user", "my dad's birthday is next month, I'll get him a fishing rod or a tea set"),
        ("t2", "assistant", "Does he fish much?"),
        ("t3", "user", "went with the fishing rod in the end, he loves it"),
    ],
    "zh": [
        ("t1", "user", "下个月我爸生日，钓鱼竿和茶具选一个送他"),
        ("t2", "assistant", "叔叔平时钓鱼吗？"),
        ("t3", "user", "茶具买好了，我爸天天用"),
    ],
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_weighing_turn_filed_as_a_statement_is_settled_with_it(
    chat: tuple[HybridMemory, FakeClock], lang: str
) -> None:
    mem, clock = chat
    _say(mem, clock, OWN[lang])
    (choice,) = _citing(mem, "t3", "fact")
    assert str(choice.metadata.get("slot")).startswith("choice.")
    (event,) = _citing(mem, "t1", "event")
    assert event.conflict_group == choice.conflict_group
    (stated,) = _citing(mem, "t1", "fact")
    if lang == "zh":
        assert stated.conflict_group == choice.conflict_group
        assert stated.metadata["demoted_by"] == choice.id
    else:
        assert stated.metadata.get("slot") == "attr.birthday@dad"
        assert stated.conflict_group != choice.conflict_group
        assert "demoted_by" not in stated.metadata
