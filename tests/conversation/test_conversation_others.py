"""Facts about other people through add_messages: user-level facts in that person's own slot,
never the user's, and never from a question, a hypothetical or gossip about them."""

from __future__ import annotations

from typing import Any

import pytest

from hybridmem import HybridMemory
from hybridmem.conversation import IngestReport
from hybridmem.evolution.slots.rules import about_speaker

U = "u1"


def _say(mem: HybridMemory, clock: Any, chat: list[tuple[str, str]]) -> IngestReport:
    clock.advance(days=1)
    messages = [{"id": mid, "role": "user", "content": text} for mid, text in chat]
    return mem.add_messages(messages, user_id=U)


def _user_level(mem: HybridMemory, report: IngestReport) -> list[tuple[str, str, Any, Any]]:
    """(type, content, slot, person) of what went under the root, in order."""
    root = mem.root(user_id=U)
    assert root is not None
    out = []
    for written in report.written:
        node = mem.get(written.node_id, user_id=U)
        if node.parent_id == root.id:
            assert node.source_ids == written.source_ids
            assert node.status == "active"
            out.append(
                (
                    node.node_type,
                    node.content,
                    node.metadata.get("slot"),
                    node.metadata.get("person"),
                )
            )
    return out


def test_english_facts_about_people_go_to_their_own_slots(mem, clock):
    report = _say(
        mem,
        clock,
        [
            ("e1", "I live in Leeds."),
            ("e2", "My sister Mara lives in Lisbon."),
            ("e3", "My boss is called Tom and he hates meetings."),
            ("e4", "My husband works at a law firm downtown."),
            ("e5", "My dad hates cold weather."),
            ("e6", "What if my sister moved to Berlin?"),
            ("e7", "Does my boss really expect me to work Sundays?"),
            ("e8", "My sister is so annoying!"),
            ("e9", "My boss yelled at me in the meeting."),
            ("e10", "My partner loves hiking."),
            ("e11", "My boss prefers short emails."),
        ],
    )
    assert _user_level(mem, report) == [
        ("fact", "I live in Leeds.", "user.residence", None),
        ("fact", "My sister Mara lives in Lisbon.", "user.residence@mara", "mara"),
        ("fact", "My boss is called Tom and he hates meetings.", None, "boss"),
        ("fact", "My husband works at a law firm downtown.", "user.workplace@husband", "husband"),
        ("fact", "My dad hates cold weather.", None, "dad"),
        # Someone else's taste is a fact about them, never the user's preference.
        ("fact", "My partner loves hiking.", None, "partner"),
        ("fact", "My boss prefers short emails.", None, "boss"),
    ]
    # Said, so kept in the conversation; the question, the hypothetical and the gossip as asides.
    events = {w.source_ids[0]: w for w in report.written if w.node_type == "event"}
    assert set(events) == {f"e{i}" for i in range(1, 12)}
    asides = {mid: mem.get(w.node_id, user_id=U).metadata.get("aside") for mid, w in events.items()}
    assert asides["e6"] == "hypothetical"
    assert asides["e7"] == "question"
    assert asides["e8"] == "passing emotion"
    assert asides["e9"] is None  # a one-off happening: an event, not a fact about the boss

    # A later change of Mara's home joins Mara's group, not the user's.
    clock.advance(days=30)
    later = _say(mem, clock, [("e12", "Mara moved to Porto.")])
    [(kind, _, slot, person)] = _user_level(mem, later)
    assert (kind, slot, person) == ("fact", "user.residence@mara", "mara")
    [change] = later.value_changes
    assert change.slot == "user.residence@mara"
    assert change.group == "slot:user.residence@mara"
    current = mem.current_value("user.residence@mara", user_id=U)
    assert current is not None and current.content == "Mara moved to Porto."
    mine = mem.current_value("user.residence", user_id=U)
    assert mine is not None and mine.content == "I live in Leeds."


def test_chinese_facts_about_people_go_to_their_own_slots(mem, clock):
    report = _say(
        mem,
        clock,
        [
            ("z1", "我住在长沙。"),
            ("z2", "我妹妹在里斯本工作。"),
            ("z3", "我老板叫汤姆。"),
            ("z4", "我姐喜欢爬山。"),
            ("z5", "我老板特别讨厌迟到。"),
            ("z6", "如果我姐搬到北京会怎样？"),
            ("z7", "我哥现在在哪儿上班？"),
            ("z8", "我妹妹烦死了！"),
            ("z9", "我妈昨天来看我了。"),
        ],
    )
    assert _user_level(mem, report) == [
        ("fact", "我住在长沙。", "user.residence", None),
        ("fact", "我妹妹在里斯本工作。", "user.workplace@妹妹", "妹妹"),
        ("fact", "我老板叫汤姆。", None, "老板"),
        ("fact", "我姐喜欢爬山。", None, "姐"),
        ("fact", "我老板特别讨厌迟到。", None, "老板"),
    ]
    clock.advance(days=30)
    later = _say(mem, clock, [("z10", "我妹妹换工作了，现在在波尔图上班。")])
    [(_, content, slot, person)] = _user_level(mem, later)
    assert (content, slot, person) == (
        "我妹妹换工作了，现在在波尔图上班。",
        "user.workplace@妹妹",
        "妹妹",
    )
    [change] = later.value_changes
    assert change.slot == "user.workplace@妹妹"
    assert mem.current_value("user.residence", user_id=U).content == "我住在长沙。"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "mine"),
    [
        ("My girlfriend is called Anna.", True),  # the user's relationship
        ("My husband and I split up.", True),
        ("My wife left me.", True),
        ("My husband works at a law firm downtown.", False),  # the husband's workplace
        ("My partner loves hiking.", False),
        ("My girlfriend's brother Sam lives in York.", False),
    ],
)
def test_a_partner_as_subject_is_the_user_only_when_it_is_about_the_relationship(text, mine):
    assert about_speaker(text) is mine


def test_the_write_path_keeps_another_persons_taste_as_a_fact(mem):
    """mem.add of "my dad hates cold weather": his lasting taste, not a passing mood of the
    speaker's held back as a candidate; the speaker's own gossip still is."""
    taste = mem.add("My dad hates cold weather.", node_type="fact", user_id=U)
    assert taste.status == "active"
    gossip = mem.add("My sister is so annoying!", node_type="fact", user_id=U)
    assert gossip.status == "candidate"
