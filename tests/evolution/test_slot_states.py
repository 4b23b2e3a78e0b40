"""A state of the person is no job; kin said without a name is another person (issue 38).

The eleventh first-day set's crane driver lost his work question to "I'm deaf in my left ear
from years on the docks.": the pair reading took "left" for a change verb and linked the
statement into the job's group. A condition said with "I'm" + an adjective, or 我 + an
adjective predicate, states no slot whatever its cause says; "..., my dad got promoted" is the
father's change. The sentences here are none of the benchmark sets'.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.evolution.slots.pairs import states_change
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import U, first_hit, value_then_aside


@pytest.mark.parametrize(
    "text",
    [
        "I'm half deaf in my right ear from years at the quarry.",
        "I'm partially sighted after an accident at the sawmill.",
        "I'm ambidextrous, though I write with my right.",
        "I've been asthmatic since a winter working in the cold store.",
        "我腿脚不灵便，是早年在矿上落下的。",
        "我特别怕热。",
    ],
)
def test_a_state_of_the_speaker_is_settled_with_no_slot(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.open, text  # the slot model is not asked


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I'm retired now, fourteen years at the mill.", "user.job"),  # a value of the slot
        ("I'm self-employed these days.", "user.job"),
        ("I'm unemployed at the moment.", "user.job"),
        ("I'm freelance now, mostly logos.", "user.job"),
        ("I'm based in Hull now.", "user.residence"),  # a participle with where
        ("I'm single again.", "user.relationship"),
        ("I'm knackered, started at the new depot on Monday.", "user.workplace"),  # next clause
        ("我单身了。", "user.relationship"),
        ("我很忙，在新公司上班。", "user.workplace"),
    ],
)
def test_a_value_said_after_i_am_is_read_as_before(text: str, slot: str | None) -> None:
    assert infer(text).slot == slot, text


@pytest.mark.parametrize(
    "text",
    [
        "Quiet week at the shop, my dad got promoted.",
        "I still go to the same dentist, my aunt's retired though.",
    ],
)
def test_kin_without_a_name_in_a_later_clause_is_another_persons_subject(text: str) -> None:
    assert infer(text).slot is None, text


def test_a_possessed_attribute_noun_in_a_later_clause_is_still_the_users() -> None:
    assert infer("I quit the bakery, my new job is at a garage.").slot != "user.relationship"
    assert infer("I moved, my old car is sold.").slot == "user.vehicle"


def test_left_before_a_noun_is_no_change_word() -> None:
    assert not states_change("I'm deaf in my left ear from years at the quarry.")
    assert states_change("I left the quarry in March.")
    assert states_change("my new job is at a garage")


def test_with_e5_a_state_with_a_workplace_cause_keeps_the_job_current(
    e5_mem: HybridMemory, clock: FakeClock
) -> None:
    for fact in ("I've got two whippets.", "I live in a flat in Hull."):
        e5_mem.add(fact, node_type="fact", user_id=U)
    job, _ = value_then_aside(
        e5_mem,
        clock,
        "I drive a straddle carrier at the container port.",
        "user.job",
        "I'm deaf in my left ear from years at the quarry.",
    )
    assert first_hit(e5_mem, "What do I do for work?") == job.id
