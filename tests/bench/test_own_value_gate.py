"""The gates ``benchmarks.own_value_gate`` measured on the newer-first rule (issue 38,
helper mention15): the speaker gate reads a value said with a thing as its subject and a
remark that only mentions the value alike, which is why it lost stale probes; the slot gate
holds a slot-filed value against every newer statement the slot readers filed in no group."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from benchmarks.own_value_gate import slot_gate, speaker_gate
from hybridmem.models import MemoryNode
from hybridmem.testing.nodes import memory_node

T = datetime(2025, 3, 1, tzinfo=UTC)


def _node(text: str, slot: str | None = None, act: str = "assertion") -> MemoryNode:
    return memory_node(
        text,
        T,
        node_type="fact",
        depth=0,
        task_id="root",
        metadata={"slot": slot} if slot else {},
        conflict_group=f"slot:{slot}" if slot else None,
        marks={"speech_act": act},
    )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a real newer value (colloquial_blind8) and a mention (mention_newer_first), refused alike
        ("I water the houseplants on Sundays.", "The houseplants get watered every Wednesday."),
        ("I play darts for the Red Lion on Wednesdays.", "The Red Lion changed landlord."),
        ("我每周三去社区合唱团。", "合唱团团长又在群里发通知了。"),
    ],
)
def test_the_speaker_gate_refuses_a_thing_subject_value_and_mention_alike(old, new):
    assert not speaker_gate(_node(new), _node(old))


def test_the_speaker_gate_lets_the_speakers_own_newer_value_through():
    assert speaker_gate(_node("I water the plants on Wednesdays now."), _node("I water them."))
    assert speaker_gate(_node("Keep it casual.", act="instruction"), _node("I like formal."))


def test_the_slot_gate_holds_a_slot_filed_value_against_an_ungrouped_newer_one():
    old = _node("I buy our meat at the supermarket.", slot="user.diet")
    assert not slot_gate(_node("The butcher on Church Street does our meat."), old)
    assert slot_gate(_node("I'm vegan now.", slot="user.diet"), old)
    assert slot_gate(_node("The butcher does our meat."), _node("I buy meat at Aldi."))
