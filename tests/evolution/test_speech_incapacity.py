"""A mood said as a negation: an ability or wish denied on one occasion (issue 38, helper
speech23).

"Couldn't face breakfast this morning" or 今天早饭一口都吃不下 were labelled negations and the
writer kept them as standing facts, like "I don't eat pork" (the pollution issue 38
measures). What they deny is the speaker's capacity at one moment. The same form with no
occasion is a trait, an occasion still to come a plan, a denied event no mood: those keep
their labels, and the writer keeps them.

Sentences written for these tests, not taken from the labelled sets.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.evolution.speech.acts import SpeechAct, default_classifier
from tests.conftest import FakeClock

U = "u1"

MOODS = [
    "Couldn't face the commute this morning.",
    "Can't concentrate at all this afternoon.",
    "Didn't feel like dinner last night.",
    "昨晚怎么都睡不着。",
    "今天中午一口饭都咽不下去。",
    "今晚实在提不起精神。",
]
# The same negated forms that must stay assertive.
STANDING = [
    # No occasion: a trait or a standing preference.
    ("I can't swim.", SpeechAct.NEGATION),
    ("My son can't ride a bike yet.", SpeechAct.NEGATION),
    ("我吃不了辣。", SpeechAct.PREFERENCE),
    # An occasion still to come: a plan the agent needs.
    ("I can't come to the meeting tomorrow.", SpeechAct.NEGATION),
    # A denied event or absence of one occasion: no modal of ability or wish.
    ("The plumber didn't turn up today.", SpeechAct.NEGATION),
    ("今天老板不在。", SpeechAct.NEGATION),
    ("我今天不去健身房了。", SpeechAct.NEGATION),
    # The occasion in one clause, the incapacity (an injury) in the clause beside it.
    ("今天坐地铁去的医院，脚崴了走不了路。", SpeechAct.NEGATION),
]


@pytest.mark.parametrize("text", MOODS)
def test_an_ability_or_wish_denied_on_one_occasion_is_a_mood(text: str) -> None:
    result = default_classifier().classify(text)
    assert result.act is SpeechAct.EMOTION
    assert not result.is_assertive


@pytest.mark.parametrize(("text", "act"), STANDING)
def test_traits_plans_and_denied_events_keep_their_label(text: str, act: SpeechAct) -> None:
    result = default_classifier().classify(text)
    assert result.act is act
    assert result.is_assertive


def test_the_writer_holds_back_a_denied_mood_and_keeps_the_traits(
    tmp_path: Path, clock: FakeClock
) -> None:
    """Real SQLite and Chroma: a mood said as a negation is a candidate, not an active fact;
    a standing negation of the same form stays active."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        moods = [mem.add(t, node_type="fact", user_id=U) for t in MOODS]
        kept = [mem.add(t, node_type="fact", user_id=U) for t, _ in STANDING[:4]]
        assert [n.status for n in moods] == ["candidate"] * len(moods)
        assert [n.status for n in kept] == ["active"] * len(kept)
