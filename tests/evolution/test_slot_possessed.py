"""A clause saying a thing is another person's gives no value of the speaker's.

slots20's ``slot_false_write`` (issue 38) found "Sure, though the house is my parents', not
mine." and 我不是司机，车是我朋友开的。 written as the user's home and car, overturning the real
ones: after a first clause of the speaker's the statement is the speaker's, and the slot rules
read the possessed thing's category word. The sentences here are not the sets'.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import U, value_then_aside


@pytest.mark.parametrize(
    "text",
    [
        "Sure, but the flat is my landlord's really.",
        "I'm no landlord, the house belongs to my parents.",
        "我不是房东，这套房子是我姑姑的。",
        "我哪有那本事，那家咖啡店是我表姐开的。",
    ],
)
def test_another_persons_thing_gives_no_slot(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and guess.via == "scope"  # settled: the slot model is not asked


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I live in Bath now, the house is ours.", "user.residence"),  # the speaker's own
        ("I drive my dad's old Volvo now.", "user.vehicle"),  # no copula: the speaker drives it
        ("I moved into my sister's flat in Bristol.", "user.residence"),
        ("The car is mine now, I drive a Golf.", "user.vehicle"),
        ("我开的是帕萨特，车是我自己买的。", "user.vehicle"),  # 我自己: the speaker
        ("我住在杭州，房子是我的。", "user.residence"),
        ("房子是租的，我住在闵行。", "user.residence"),  # no holder named
    ],
)
def test_the_speakers_own_things_are_read_as_before(text: str, slot: str) -> None:
    assert infer(text).slot == slot


@pytest.mark.parametrize(
    ("value", "slot", "aside"),
    [
        ("I rent a flat in Hove.", "user.residence", "Sure, but the flat is my landlord's really."),
        (
            "I live in a narrowboat on the Kennet.",
            "user.residence",
            "I'm no landlord, the house belongs to my parents.",
        ),
        ("我住在杭州滨江。", "user.residence", "我不是房东，这套房子是我姑姑的。"),
        ("我平时喝美式。", "pref.coffee", "我哪有那本事，那家咖啡店是我表姐开的。"),
    ],
)
def test_with_e5_another_persons_thing_leaves_the_value_current(
    e5_mem: HybridMemory,
    clock: FakeClock,
    value: str,
    slot: str,
    aside: str,
) -> None:
    first, _ = value_then_aside(e5_mem, clock, value, slot, aside)
    current = e5_mem.current_value(slot, user_id=U)
    assert current is not None and current.id == first.id
