"""A category word outside the predicate that states its attribute gives no value.

The first-day traces (issue 38) showed three statements filed under an attribute they do not
state, each then hiding the user's true value of it: "I take my coffee black, no sugar." as
the diet beside "I've been vegan since last year."; 我家养了一缸金鱼 and 在工地搬砖 as the
residence beside 我住市南区 / 合租在金牛区.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import first_hit, value_then_aside


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I take my coffee black, no sugar.", "pref.coffee"),
        ("I have my tea strong, no sugar", "pref.tea"),
        ("我腰不太好，以前在工地搬砖", None),
        ("我搬不动这个箱子", None),
        ("我家养了一缸金鱼", None),
        ("我家有三只猫", None),
    ],
)
def test_a_word_outside_its_own_predicate_gives_no_slot_of_its_own(
    text: str, slot: str | None
) -> None:
    guess = infer(text)
    assert guess.slot == slot and guess.about_user
    assert not guess.open  # decided by structure: the slot model is not asked


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("Cutting back hard, no sugar at all", "user.diet"),
        ("I'm vegetarian, no meat at all", "user.diet"),
        ("我家就在地铁站旁边", "user.residence"),
        ("我家在成都", "user.residence"),
        ("我家搬到了城南", "user.residence"),
        ("我们搬家了", "user.residence"),
        ("我搬到杭州了", "user.residence"),
    ],
)
def test_the_attribute_stated_by_its_own_predicate_keeps_its_slot(text: str, slot: str) -> None:
    assert infer(text).slot == slot


CASES = [
    ("I've been vegan since last year.", "user.diet", "I take my coffee black, no sugar."),
    ("我住市南区的老房子。", "user.residence", "我家养了一缸金鱼。"),
    ("我和朋友合租在金牛区。", "user.residence", "我腰不太好，以前在工地搬砖。"),
]


@pytest.mark.parametrize(("value", "slot", "aside"), CASES)
def test_the_true_value_stays_current_after_the_aside(
    tmp_path: Path, clock: FakeClock, value: str, slot: str, aside: str
) -> None:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        value_then_aside(mem, clock, value, slot, aside)


@pytest.mark.parametrize(
    ("value", "slot", "aside", "question"),
    [
        (*CASES[0], "What diet do I follow?"),
        (*CASES[1], "我住在哪儿？"),
    ],
)
def test_with_e5_the_true_value_still_answers_its_question(
    e5_mem: HybridMemory,
    clock: FakeClock,
    value: str,
    slot: str,
    aside: str,
    question: str,
) -> None:
    first, _aside = value_then_aside(e5_mem, clock, value, slot, aside)
    assert first_hit(e5_mem, question) == first.id
