"""A want or a condition commits to no change; nights this week are one occasion (issue 38,
helper speech20).

``commitments.committed_change`` made a mood a statement of a change when one of its clauses,
read alone, was assertive, about the speaker and held a change word. A clause holding the mood's
own want ("the washer leaked again, I want to move") or a condition ("if the firm moves to
Suzhou") read so, and the passing remark was kept as a standing fact: the pollution issue 38
measures. A want of a change beside a standing statement of the speaker's ("I work at the
hospital, I want to move into research") is kept, as that statement. And a plural time noun
inside this week or this weekend ("I'm working nights this week") read as a habit.

Sentences written for these tests, not taken from the labelled sets.
"""

from __future__ import annotations

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.evolution.speech.acts import SpeechAct, default_classifier
from hybridmem.evolution.speech.aspect import one_occasion
from hybridmem.evolution.write.commitments import committed_change
from tests.one_off_habits import remark_leaves_habit

U = "u1"

# Moods whose want or condition holds a change word: each labelled a passing feeling.
IRREALIS_MOODS = [
    "热水器又坏了，烦死了，我想搬家。",
    "Knackered, I want a bath instead of cooking.",
    "如果公司搬到无锡，我肯定不干了，想想就头大。",
    "So stressed, if they move the office to Croydon, I'm done.",
]
# Changes said with feeling, and a want of a change beside the speaker's standing fact.
STILL_COMMITTED = [
    "累死了，上个月转到夜班了，作息全乱了。",
    "Exhausted, I switched to night shifts last month, it's brutal.",
]
WANT_BESIDE_FACT = {
    "zh": ("我在银行上班，想转去做设计。", "我在银行上班"),
}


@pytest.mark.parametrize("text", IRREALIS_MOODS)
def test_a_want_or_a_condition_in_a_mood_commits_to_no_change(text: str) -> None:
    classifier = default_classifier()
    result = classifier.classify(text)
    assert result.act is SpeechAct.EMOTION
    assert committed_change(text, result, classifier) is None


@pytest.mark.parametrize("text", STILL_COMMITTED)
def test_a_change_said_with_feeling_is_still_committed(text: str) -> None:
    classifier = default_classifier()
    assert committed_change(text, classifier.classify(text), classifier) is not None


def test_a_want_of_a_change_beside_the_speakers_fact_commits_to_the_fact() -> None:
    classifier = default_classifier()
    text, fact = WANT_BESIDE_FACT["zh"]
    result = classifier.classify(text)
    assert result.act is SpeechAct.EMOTION  # the classifier's label: the want is a mood
    assert committed_change(text, result, classifier) == fact


def test_the_writer_holds_back_the_moods_and_keeps_the_facts(tmp_path, clock) -> None:
    """Real SQLite and Chroma: the moods are candidates; the changes said with feeling and the
    fact beside a want of a change are active."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        moods = [mem.add(t, node_type="fact", user_id=U) for t in IRREALIS_MOODS]
        # English reads the fact in the simple present beside the want itself (the classifier).
        kept_texts = [
            *STILL_COMMITTED,
            WANT_BESIDE_FACT["zh"][0],
            "I work at a bank, I want to move into design.",
        ]
        kept = [mem.add(t, node_type="fact", user_id=U) for t in kept_texts]
        assert [n.status for n in moods] == ["candidate"] * len(moods)
        assert [n.status for n in kept] == ["active"] * len(kept)


@pytest.mark.parametrize(
    "text",
    ["I'm working nights this week while Sam is off.", "Doing mornings at the shop this weekend."],
)
def test_a_plural_time_inside_this_week_is_one_occasion(text: str) -> None:
    assert one_occasion(text)


@pytest.mark.parametrize(
    "text",
    [
        "I work nights at the depot.",
        "From this week on I work nights.",
        "Every night this week I'm cooking.",
        "这周开始我上夜班。",
    ],
)
def test_a_habit_of_nights_or_a_start_this_week_is_not(text: str) -> None:
    assert not one_occasion(text)


def test_nights_this_week_leave_the_day_shift_current(clock, tmp_path) -> None:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(), clock=clock) as mem:
        remark_leaves_habit(
            mem, clock, U, "I work the day shift.", "I'm working nights this week, cover."
        )
