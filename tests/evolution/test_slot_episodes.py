"""A booking, a bounded stay and a learning act in progress give no residence and no job.

decide20 saw "booked the Porto flat" filed as the residence, firstday18 我在自学会计 read as the
job, and slot_blind16 (issue 38, slots23) had a villa rented for a fortnight and three nights
at an inn filed as the residence. The sentences here are not the sets'.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import value_then_aside


@pytest.mark.parametrize(
    "text",
    [
        "We've booked the flat by the harbour in Split.",  # a verb of reservation
        "I reserved an apartment in Vienna for the conference.",
        "我预订了青岛的一套海景房。",
        "We stayed in a cabin near Aviemore for three nights.",  # bounded, simple past
        "We'll rent a house in Brittany for two weeks.",  # bounded, the future
        "我们在西安的民宿住了两晚。",  # 住 + a duration, no 了 after it
        "国庆去厦门住五天。",
        "我正在自学日语。",  # 在 / 正在 + a verb of learning
        "我在备考注册会计师。",
    ],
)
def test_an_episode_gives_no_slot_and_is_settled(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.open, text


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I've lived in Norwich for twelve years.", "user.residence"),  # the perfect
        ("We're renting in Porto for a year.", "user.residence"),  # the progressive
        ("我在成都住了五年了。", "user.residence"),  # 了 after the duration: still so
        ("我在杭州住了七八年多了。", "user.residence"),
        ("我在学校上班。", "user.workplace"),  # 学校 is its own word
        ("我在读研二。", "user.job"),  # 在读: enrolment, the student's job
        ("我和女朋友订婚了。", "user.relationship"),  # 订婚 is its own word
        # Another clause's value is read as before.
        ("We stayed in Leeds for a week, then moved to York for good.", "user.residence"),
        ("我在学日语，平时在一家外贸公司上班。", "user.workplace"),
    ],
)
def test_standing_values_are_read_as_before(text: str, slot: str) -> None:
    assert infer(text).slot == slot, text


@pytest.mark.parametrize(
    ("value", "slot", "aside"),
    [
        ("I live in a flat in Gateshead.", "user.residence", "We've booked a flat in Rome."),
        ("我住在昆明。", "user.residence", "我们在大理的客栈住了三晚。"),
        ("我是一名护士。", "user.job", "我在自学会计。"),
    ],
)
def test_with_e5_the_value_stays_current_after_an_episode(
    tmp_path: Path,
    clock: FakeClock,
    e5: MultilingualE5Embedder,
    value: str,
    slot: str,
    aside: str,
) -> None:
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        value_then_aside(mem, clock, value, slot, aside)
