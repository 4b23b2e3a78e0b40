"""A plan entertained under a condition is no fact (issue 38, helper speech21).

The rules read a condition as a supposition only when it was on the speaker's own life ("if I
moved"). "Might sign up for cello lessons if the price is right" holds a condition on the
world and a modal of possibility: a tentative plan, a HYPOTHETICAL by the label definitions,
which the rules labelled an assertion and the writer kept as a standing fact (the pollution
issue 38 measures). A conditional habit, a concessive, a taste said with "I'd rather" and a
month called May stay as they were.

Sentences written for these tests, not taken from the labelled sets.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.evolution.speech.acts import SpeechAct, default_classifier
from tests.conftest import FakeClock

U = "u1"

TENTATIVE = [
    "Might take up kayaking if the club has a spare boat.",
    "We could buy a campervan if the bonus comes through.",
    "I'd probably get a cat if the landlord allows pets.",
    "天气暖和的话可能去学游泳。",
    "孩子放假的话可能带他们去海边住一阵。",
    "价钱合适的话大概会换辆电车。",
]
# Standing statements with a condition or a modal that must keep their assertive label.
STANDING = [
    ("If it's sunny I cycle to the office.", SpeechAct.ASSERTION),
    ("加班的话我一般在公司食堂吃晚饭。", SpeechAct.PREFERENCE),
    ("Even if it rains, I'd probably still walk.", SpeechAct.ASSERTION),
    ("We moved to Bath in May, if I remember right.", SpeechAct.ASSERTION),
    ("I'd rather take the train if the flight is over an hour late.", SpeechAct.PREFERENCE),
    ("My sister might visit in June.", SpeechAct.ASSERTION),
    # "if" as "whether", a precaution, a modal and a condition in two sentences.
    ("My manager asked if I'd take over the Leeds account.", SpeechAct.ASSERTION),
    ("The vet says it's probably a sprain, we got a splint just in case.", SpeechAct.ASSERTION),
]


@pytest.mark.parametrize("text", TENTATIVE)
def test_a_plan_under_a_condition_with_a_modal_is_hypothetical(text: str) -> None:
    result = default_classifier().classify(text)
    assert result.act is SpeechAct.HYPOTHETICAL
    assert not result.is_assertive


@pytest.mark.parametrize(("text", "act"), STANDING)
def test_conditional_habits_concessives_and_tastes_keep_their_label(
    text: str, act: SpeechAct
) -> None:
    result = default_classifier().classify(text)
    assert result.act is act
    assert result.is_assertive


def test_the_writer_holds_back_tentative_plans_and_keeps_the_habits(
    tmp_path: Path, clock: FakeClock
) -> None:
    """Real SQLite and Chroma: a plan under a condition is a candidate, not an active fact; a
    conditional habit beside it stays active."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        plans = [mem.add(t, node_type="fact", user_id=U) for t in TENTATIVE]
        habits = [mem.add(t, node_type="fact", user_id=U) for t, _ in STANDING[:2]]
        assert [n.status for n in plans] == ["candidate"] * len(plans)
        assert [n.status for n in habits] == ["active"] * len(habits)
