"""A need of one serving or one bout beside another clause is a need of the moment (issue 38,
helper speech26).

"Finished the night shift. I need a hot bath.", "Walked the dog in the sleet, need a towel."
and 扛了一天箱子，需要好好躺一下 were read as plain statements, and the writer kept them as
standing facts: a need was read as volitive only beside a now-marker, since a need is as often a
standing requirement ("I need a firm mattress"). What places these in their moment is grammar:
the need's object is one serving or one bout (an indefinite "a / an / another"; a Chinese verbal
classifier of one go, 一下 / 一觉 / 一会儿, or the delimitative reduplication, 歇歇) and another
clause stands beside it, as a want beside another clause already is. A clause beside it that
states a kind of thing or a habit ("working from a sofa ruins my neck") is a standing reason,
not a moment, for a need and a want alike; a need of a kind or of a definite thing, a need with
a habitual marker, and a need with nothing beside it keep their label. 总 inside 总算
("finally") is no habitual marker.

Sentences written for these tests, not taken from the labelled sets.
"""

from __future__ import annotations

import pytest

from hybridmem import HybridMemory
from hybridmem.evolution.speech.acts import SpeechAct, default_classifier

U = "u1"

MOODS = [
    # A need of one serving or one bout beside another clause.
    "Finished the night shift. I need a hot bath.",
    "Walked the dog in the sleet, need a towel.",
    "Stuck in meetings all afternoon, I need another coffee.",
    "扛了一天箱子，需要好好躺一下。",
    "跑了一上午手续，需要歇歇。",
    # 总算 is "finally", no habit; a size word between the numeral and the measure word.
    "作业总算写完了，想打会儿游戏。",
    "想喝一大碗绿豆汤。",
]
# Needs of a kind, a definite thing or with a habit, needs with nothing beside them, a need
# beside a generic reason, wants of a lasting state: they stay assertive.
STANDING = [
    ("I need a desk that goes up and down; working from a sofa ruins my neck.", None),
    ("I want a desk that goes up and down; working from a sofa ruins my neck.", None),
    ("I need a hot bath.", SpeechAct.ASSERTION),
    ("Moved in with my sister, I need the space.", SpeechAct.ASSERTION),
    ("Working Saturdays again, I need the money.", SpeechAct.ASSERTION),
    ("On night shifts I always need a flask of tea.", SpeechAct.PREFERENCE),
    ("我需要一份离家近的工作。", SpeechAct.ASSERTION),
    ("我总想早点退休。", SpeechAct.PREFERENCE),
    ("I want a quiet life.", SpeechAct.ASSERTION),
]


@pytest.mark.parametrize("text", MOODS)
def test_a_need_of_one_bout_beside_a_clause_is_a_mood(text: str) -> None:
    result = default_classifier().classify(text)
    assert result.act is SpeechAct.EMOTION
    assert not result.is_assertive


@pytest.mark.parametrize(("text", "act"), STANDING)
def test_standing_needs_and_wants_keep_their_label(text: str, act: SpeechAct | None) -> None:
    result = default_classifier().classify(text)
    assert result.is_assertive
    if act is not None:
        assert result.act is act


def test_the_writer_holds_back_a_need_of_the_moment_and_keeps_the_standing_one(
    e5_mem: HybridMemory,
) -> None:
    """Real SQLite and Chroma, the e5 model: the needs of the moment are candidates, not
    active facts, in both languages; the standing need said beside them stays active and is
    what a search for it finds first."""
    moods = [e5_mem.add(t, node_type="fact", user_id=U) for t in MOODS]
    kept = [e5_mem.add(t, node_type="fact", user_id=U) for t, _ in STANDING]
    assert [n.status for n in moods] == ["candidate"] * len(moods)
    assert [n.status for n in kept] == ["active"] * len(kept)
    hits = e5_mem.retrieve("What do I need on night shifts?", user_id=U, scope="user").hits
    assert hits and hits[0].node.content == "On night shifts I always need a flask of tea."
    assert all(h.node.status == "active" for h in hits)
