"""Only the part of a statement that states a value gives it a slot (issue 38, slot misreads).

A category word in a subordinate clause ("since I moved north"), a hometown stated as such
(我老家在衡阳), rent paid (the noun) or an agent's note about the user's relative filed the
statement under the user's residence, and it stood there as the newest home; when structure
set the word aside, the slot model (which reads the whole statement) filed it there anyway.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.evolution.slots.rules import infer

U = "u1"

SET_ASIDE = [
    "I follow Celtic since I moved north.",
    "When we moved here, I took up the cello.",
    "I pay rent on the 28th now.",
    "我现在每月28号交房租。",
    "搬到上海后我开始支持申花。",
    "我老家在湖南衡阳，爸妈还在那边。",
    "I've moved my account over to Nationwide.",
]


@pytest.mark.parametrize("text", SET_ASIDE)
def test_a_category_word_outside_the_stated_part_settles_no_slot(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and guess.about_user
    assert not guess.open  # decided: the slot model is not asked


STILL_STATED = [
    ("I've lived in Leeds since 2019.", "user.residence"),
    ("I moved to Leeds after I got the job.", "user.residence"),
    ("Since the divorce, I live alone in Croydon.", "user.residence"),
    ("I'm renting a flat in Glasgow these days.", "user.residence"),
    ("我回老家长沙了，不打算再出去了。", "user.residence"),
    ("我租了个房子在望京。", "user.residence"),
    ("毕业后我去了一家外企上班。", "user.workplace"),
]


@pytest.mark.parametrize(("text", "slot"), STILL_STATED)
def test_a_value_stated_in_the_main_clause_keeps_its_slot(text: str, slot: str) -> None:
    assert infer(text).slot == slot


@pytest.mark.parametrize("text", ["User's sister relocated to Dublin.", "用户的哥哥住在西安。"])
def test_an_agent_note_about_the_users_relative_is_someone_else(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.about_user


def test_a_statement_with_no_category_word_is_still_open_to_the_model() -> None:
    assert infer("我提了一辆新的比亚迪").open


@pytest.mark.parametrize(
    ("home", "aside"),
    [
        ("I live in Leeds.", "I pay rent on the 28th now."),
        ("我住在深圳。", "我老家在湖南衡阳，爸妈还在那边。"),
    ],
)
def test_the_home_stays_current_after_a_statement_that_only_mentions_it(
    tmp_path: Path, clock: FakeClock, home: str, aside: str
) -> None:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        first = mem.add(home, node_type="fact", user_id=U)
        assert first.conflict_group == "slot:user.residence"
        clock.advance(days=2)
        other = mem.add(aside, node_type="fact", user_id=U)
        assert other.conflict_group != "slot:user.residence"
        assert mem.current_value("user.residence", user_id=U).id == first.id
        assert mem.get(first.id).status == "active"


@pytest.mark.parametrize(
    ("value", "slot", "aside"),
    [
        # The shipped slot model read these as the workplace (0.80) and the residence (0.95).
        (
            "I work at the Arup office in Leeds.",
            "user.workplace",
            "I've moved my account over to Nationwide.",
        ),
        ("我住在深圳。", "user.residence", "我老家在湖南衡阳，爸妈还在那边。"),
        ("I live in Leeds.", "user.residence", "I follow Celtic since I moved north."),
    ],
)
def test_with_e5_the_slot_model_does_not_file_what_structure_set_aside(
    e5_mem: HybridMemory, clock: FakeClock, value: str, slot: str, aside: str
) -> None:
    first = e5_mem.add(value, node_type="fact", user_id=U)
    assert first.conflict_group == f"slot:{slot}"
    clock.advance(days=2)
    other = e5_mem.add(aside, node_type="fact", user_id=U)
    assert "slot" not in other.metadata
    assert e5_mem.current_value(slot, user_id=U).id == first.id


def test_a_hometown_is_found_after_a_move(tmp_path: Path, clock: FakeClock) -> None:
    # Before, the hometown joined the residence group, the move demoted it, and the question
    # (read as asking the residence by its 老家) got the new home.
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        hometown = mem.add("我老家在湖南衡阳，爸妈还在那边。", node_type="fact", user_id=U)
        mem.add("我住在深圳南山。", node_type="fact", user_id=U)
        clock.advance(days=2)
        mem.add("上个月搬家了，现在住科技园附近。", node_type="fact", user_id=U)
        r = mem.retrieve("我老家是哪里的？", user_id=U, record_access=False)
        assert r.hits[0].node.id == hometown.id
