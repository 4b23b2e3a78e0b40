"""Change words read on jieba's cut, a span of the same day, and one week as one occasion (issue
38, helper speech19).

Three readings kept a passing remark standing or let it take a habit's place:

* a Chinese single-character change word (改, 换, 搬, 新, 转, 辞) was found anywhere in the
  text, so a tired remark with 转不动 ("my brain won't turn") or 搬不动 ("can't lift it") was
  kept as a stated change of the speaker's (``commitments.committed_change`` through
  ``pairs.states_change``), and 新疆 or 二人转 read as a change. The character now counts as a
  word of its own on jieba's cut, or heading a word that is no name, never before 不 (the
  potential complement, the A-not-A question);
* "since" a time of the same day ("up since six", "since lunch") read as a change, as "since
  March" does;
* "this week", "this weekend", 这周, 本周末 were outside the reading of one occasion.

Sentences written for these tests, not taken from the labelled sets.
"""

from __future__ import annotations

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.evolution.slots.pairs import states_change
from hybridmem.evolution.speech.acts import SpeechAct, default_classifier
from hybridmem.evolution.speech.aspect import one_occasion
from hybridmem.evolution.write.commitments import committed_change
from tests.one_off_habits import remark_leaves_habit

U = "u1"

NO_CHANGE = [
    "脑子转不动了",
    "这沙发我一个人根本搬不动",
    "这毛病改不了",
    "我爸常年跑新疆",
    "我看电视只看二人转",
]
CHANGE = [
    "我转行了",
    "上个月转到夜班了",
    "我换了份工作",
    "搬到杭州了",
    "手机换成华为了",
    "我新换了个手机",
    "改喝豆浆了",
    "I switched to night shifts",
]


@pytest.mark.parametrize("text", NO_CHANGE)
def test_a_change_character_inside_a_word_of_no_change_states_none(text: str) -> None:
    assert not states_change(text)


@pytest.mark.parametrize("text", CHANGE)
def test_a_change_word_of_its_own_still_states_a_change(text: str) -> None:
    assert states_change(text)


MOODS = [
    "这沙发我一个人根本搬不动，累瘫了。",
    "Up since six, all I want is a curry and my bed.",
    "Haven't sat down since lunch, I just want a cup of tea.",
]
CHANGES_WITH_FEELING = [
    "累死了，上个月转到夜班了，作息全乱了。",
    "Exhausted, I switched to night shifts last month, it's brutal.",
]


@pytest.mark.parametrize("text", MOODS)
def test_a_tired_remark_commits_to_no_change(text: str) -> None:
    classifier = default_classifier()
    result = classifier.classify(text)
    assert result.act is SpeechAct.EMOTION
    assert committed_change(text, result, classifier) is None


@pytest.mark.parametrize("text", CHANGES_WITH_FEELING)
def test_a_change_said_with_feeling_is_still_committed(text: str) -> None:
    classifier = default_classifier()
    assert committed_change(text, classifier.classify(text), classifier) is not None


def test_the_writer_keeps_the_changes_and_not_the_tired_remarks(tmp_path, clock) -> None:
    """Real SQLite and Chroma: the moods are candidates, the changes said with feeling active."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        moods = [mem.add(t, node_type="fact", user_id=U) for t in MOODS]
        changes = [mem.add(t, node_type="fact", user_id=U) for t in CHANGES_WITH_FEELING]
        assert [n.status for n in moods] == ["candidate"] * len(moods)
        assert [n.status for n in changes] == ["active"] * len(changes)


ONE_WEEK = [
    "This weekend I'm at my brother's, so no gym.",
    "这周我在杭州出差，没去游泳。",
    "本周末在公司加班，不回家吃饭了。",
]
WEEKS_THAT_LAST = [
    "Every weekend I do the big shop at Lidl.",
    "Starting this weekend I work Saturdays.",
    "从这周开始我每天走路上班。",
    "周末我都在家做饭。",
]


@pytest.mark.parametrize("text", ONE_WEEK)
def test_this_week_or_weekend_is_one_occasion(text: str) -> None:
    assert one_occasion(text)


@pytest.mark.parametrize("text", WEEKS_THAT_LAST)
def test_a_weekly_habit_or_a_start_this_week_is_not(text: str) -> None:
    assert not one_occasion(text)


WEEK_CASES = {
    "en": ("I cycle to work.", "This week I'm driving in, my bike is at the repair shop."),
    "zh": ("我平时骑车上班。", "这周自行车送修了，坐公交上班。"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_remark_about_this_week_leaves_the_habit_current(clock, tmp_path, lang) -> None:
    habit_text, remark_text = WEEK_CASES[lang]
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(), clock=clock) as mem:
        remark_leaves_habit(mem, clock, U, habit_text, remark_text)
