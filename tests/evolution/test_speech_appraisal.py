"""A property said of one occasion with no speaker in it is a momentary evaluation (issue 38,
helper speech22).

The label definitions file "a momentary evaluation" under EMOTION, but the rules found one
only through a feeling word, so "the buffet tonight was a letdown" or 今天的路况特别糟 were
labelled assertions and the writer kept them as standing facts (the pollution issue 38
measures). A record of what the speaker did that day, an event of the occasion, a place or a
time of it, a date, a negated event and an occasion still to come keep their labels.

Sentences written for these tests, not taken from the labelled sets.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.evolution.speech.acts import SpeechAct, default_classifier
from tests.conftest import FakeClock

U = "u1"

APPRAISALS = [
    "The buffet tonight was a letdown.",
    "The speeches at the wedding yesterday were endless.",
    "This afternoon's workshop was pretty pointless.",
    "今天的路况特别糟。",
    "昨晚的演出简直是灾难。",
    "今天的会议拖得特别久。",
]
# Statements of one occasion that must keep their assertive label.
RECORDS = [
    # The speaker in it: what they did or had.
    ("I was at the dentist this morning.", SpeechAct.ASSERTION),
    ("我今天特别早就到公司了。", SpeechAct.ASSERTION),
    # An event, a place or a time of the occasion; a passive participle.
    ("The plumber was here this morning.", SpeechAct.ASSERTION),
    ("The school run was cancelled today.", SpeechAct.ASSERTION),
    ("The match tonight is at eight.", SpeechAct.ASSERTION),
    ("今天的快递放在门卫那儿了。", SpeechAct.ASSERTION),
    # A date or a name; a change of state with 了; a negated event.
    ("Today is Shrove Tuesday.", SpeechAct.ASSERTION),
    ("今天小区停电了。", SpeechAct.ASSERTION),
    ("The bin men didn't come today.", SpeechAct.NEGATION),
    # An occasion still to come is forecast or planned, not judged.
    ("The forecast is grim tomorrow.", SpeechAct.ASSERTION),
    # A judgement of a kind of thing, not of one occasion, is no mood of the day.
    ("The trams here are very reliable.", SpeechAct.ASSERTION),
]


@pytest.mark.parametrize("text", APPRAISALS)
def test_a_property_of_one_occasion_is_a_momentary_evaluation(text: str) -> None:
    result = default_classifier().classify(text)
    assert result.act is SpeechAct.EMOTION
    assert not result.is_assertive


@pytest.mark.parametrize(("text", "act"), RECORDS)
def test_records_events_dates_and_the_speakers_own_day_keep_their_label(
    text: str, act: SpeechAct
) -> None:
    result = default_classifier().classify(text)
    assert result.act is act
    assert result.is_assertive


def test_the_writer_holds_back_evaluations_of_a_day_and_keeps_its_records(
    tmp_path: Path, clock: FakeClock
) -> None:
    """Real SQLite and Chroma: an evaluation of one occasion is a candidate, not an active
    fact; the records of the same day beside it stay active."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        moods = [mem.add(t, node_type="fact", user_id=U) for t in APPRAISALS]
        records = [mem.add(t, node_type="fact", user_id=U) for t, _ in RECORDS[:6]]
        assert [n.status for n in moods] == ["candidate"] * len(moods)
        assert [n.status for n in records] == ["active"] * len(records)
