"""A want placed at one occasion by its grammar is a want of the moment (issue 38, helper
speech25).

"I want a long soak after that match", 踢完球想喝冰可乐, 待会儿想去吃碗馄饨, 中午想吃盖浇饭 and
来碗馄饨暖暖身子吧 were read as plain statements, and the writer kept them as standing facts:
the tired or hungry remark with a want in it that issue 38 measures as pollution. What places
each in its moment is grammar, not the thing wanted: a time adverbial whose event a
demonstrative or a deictic possessive picks out ("after that match", "before this exam",
"after today's shift"), a completed event heading the want (V完 + 想), the deictic near future
(待会儿), a bare part of the day heading the want (the day's coming one, as 今晚), and the
serving verb 来 with its measure word heading a clause (one serving, as 想来杯… is).
A habitual marker still makes the same want a taste, another's want stays a fact about them,
and a want with no occasion ("Before that I want to finish my degree", "I want a coffee after
work", 我想完成这个项目) stays a statement.

Sentences written for these tests, not taken from the labelled sets.
"""

from __future__ import annotations

import pytest

from hybridmem import HybridMemory
from hybridmem.evolution.speech.acts import SpeechAct, default_classifier

U = "u1"

MOODS = [
    # A time adverbial of one event, picked out by a demonstrative or a deictic possessive.
    "I want a long soak after that match.",
    "I need a strong tea before this exam.",
    "I want a takeaway after today's shift.",
    # A completed event heading the want.
    "踢完球想喝冰可乐。",
    "我洗完澡就想睡觉。",
    # The deictic near future; a bare part of the day heading the want.
    "待会儿想去吃碗馄饨。",
    "中午想吃盖浇饭。",
    "晚上我想吃饺子。",
    # The serving verb heading a clause, with no want verb.
    "来碗馄饨暖暖身子吧。",
    "冻得直哆嗦，来杯姜茶暖暖。",
]
# Wants with no occasion, habitual wants, another's want and tastes: they stay assertive.
STANDING = [
    ("After a long run I always want a banana.", SpeechAct.PREFERENCE),
    ("Before that I want to finish my degree.", SpeechAct.ASSERTION),
    ("I want a coffee after work.", SpeechAct.ASSERTION),
    ("我平时踢完球总想喝可乐。", SpeechAct.PREFERENCE),
    ("我平时晚上想看会儿书。", SpeechAct.PREFERENCE),
    ("他吃完饭想去散步。", SpeechAct.ASSERTION),
    ("我想完成这个项目。", SpeechAct.ASSERTION),
    ("后来我想学钢琴。", SpeechAct.ASSERTION),
    ("I love a good curry.", SpeechAct.PREFERENCE),
    ("我喜欢喝奶茶。", SpeechAct.PREFERENCE),
]


@pytest.mark.parametrize("text", MOODS)
def test_a_want_placed_at_one_occasion_is_a_mood(text: str) -> None:
    result = default_classifier().classify(text)
    assert result.act is SpeechAct.EMOTION
    assert not result.is_assertive


@pytest.mark.parametrize(("text", "act"), STANDING)
def test_wants_with_no_occasion_and_tastes_keep_their_label(text: str, act: SpeechAct) -> None:
    result = default_classifier().classify(text)
    assert result.act is act
    assert result.is_assertive


def test_the_writer_holds_back_a_want_of_one_occasion_and_keeps_standing_wants(
    e5_mem: HybridMemory,
) -> None:
    """Real SQLite and Chroma, the e5 model: a want of one occasion is a candidate, not an
    active fact, in both languages; a standing want or taste said beside it stays active and
    is what a search for it finds."""
    moods = [e5_mem.add(t, node_type="fact", user_id=U) for t in MOODS]
    kept = [e5_mem.add(t, node_type="fact", user_id=U) for t, _ in STANDING]
    assert [n.status for n in moods] == ["candidate"] * len(moods)
    assert [n.status for n in kept] == ["active"] * len(kept)
    hits = e5_mem.retrieve("踢完球想喝什么？", user_id=U, scope="user").hits
    assert hits and hits[0].node.content == "我平时踢完球总想喝可乐。"
    assert all(h.node.status == "active" for h in hits)
