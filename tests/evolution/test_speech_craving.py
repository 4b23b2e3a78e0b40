"""A want said with its intensity is a want of the moment (issue 38, helper speech24).

"I could murder a bowl of ramen", "I'd kill for a proper night's sleep", 今天晚上想吃烤串 were
read as plain statements and the writer kept them as standing facts: the hungry or tired
remark with a want in it that issue 38 measures as pollution. The English idioms of craving
say how strongly a want is felt now, as the Chinese degree adverb on 想 (好想, 真想) already
did; an exclusive focus ("I just want…", 只想) how solely; a want after two time words
(今天晚上想…) is placed in its moment as one after one is.
A habitual marker still makes the same want a taste, a plain want stays a statement, and a
softened negation (不太想) stays a negation.

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
    "I could murder a bowl of ramen.",
    "I'd kill for a proper night's sleep.",
    "Dying for a cup of tea after that drive.",
    "Gasping for a pint, it's been a day.",
    "A hot shower would really hit the spot.",
    "今天晚上想吃烤串。",
    "今天早上想喝豆浆。",
    # An exclusive focus: nothing but this is wanted.
    "I just want a quiet evening on the sofa.",
    "All I want is a cold glass of water.",
    "开完会只想吃碗面。",
    # "fancy" as a want placed in its moment by tonight.
    "I fancy a curry tonight.",
    # Already read before (the degree adverb on 想): a guard.
    "我好想吃烤鸭。",
]
# Wants and tastes that must stay assertive.
STANDING = [
    # A habitual marker: the same idiom is a taste.
    ("I'm always dying for a coffee by eleven.", SpeechAct.PREFERENCE),
    ("我一直特别想养只猫。", SpeechAct.PREFERENCE),
    # A plain want or a plain degree: a goal as often as a whim, left a statement.
    ("I want a dog.", SpeechAct.ASSERTION),
    ("我很想学日语。", SpeechAct.ASSERTION),
    # An exclusive focus in another's want is a fact about them.
    ("My brother only wants to play football.", SpeechAct.ASSERTION),
    ("他只想周末去钓鱼。", SpeechAct.ASSERTION),
    # A plain "fancy" with nothing placing it in a moment.
    ("I fancy learning the piano.", SpeechAct.ASSERTION),
    # A softened negation of a want.
    ("我不太想要孩子。", SpeechAct.NEGATION),
    # Tastes.
    ("I love a good curry.", SpeechAct.PREFERENCE),
    ("我喜欢喝奶茶。", SpeechAct.PREFERENCE),
]


@pytest.mark.parametrize("text", MOODS)
def test_a_want_said_with_its_intensity_is_a_mood(text: str) -> None:
    result = default_classifier().classify(text)
    assert result.act is SpeechAct.EMOTION
    assert not result.is_assertive


@pytest.mark.parametrize(("text", "act"), STANDING)
def test_habitual_and_plain_wants_and_tastes_keep_their_label(text: str, act: SpeechAct) -> None:
    result = default_classifier().classify(text)
    assert result.act is act
    assert result.is_assertive


def test_the_writer_holds_back_a_craving_and_keeps_standing_wants(
    tmp_path: Path, clock: FakeClock
) -> None:
    """Real SQLite and Chroma: a craving is a candidate, not an active fact; a standing
    want or taste said beside it stays active."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        moods = [mem.add(t, node_type="fact", user_id=U) for t in MOODS]
        kept = [mem.add(t, node_type="fact", user_id=U) for t, _ in STANDING]
        assert [n.status for n in moods] == ["candidate"] * len(moods)
        assert [n.status for n in kept] == ["active"] * len(kept)
