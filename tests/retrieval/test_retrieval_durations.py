"""A length of time names no time; the same length reaching back from now does.

dateparser read "twice a week" as a week ago and "for 3 days" as three days ago, so a question
about a habit ("Do I still swim twice a week?") got a window around some past day, and that
day's memories went above the habit. And "over the past two weeks", 最近一周 named nothing, so
a question about the last days ranked by words alone (``hybridmem.retrieval.durations``)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.retrieval.timeexpr import find_window

NOW = datetime(2025, 10, 22, 20, 0, tzinfo=UTC)  # a Wednesday


@pytest.mark.parametrize(
    "query",
    [
        "Do I still swim twice a week?",
        "I train 3 days a week, what for again?",
        "Which book have I been reading for 3 days?",
        "What have I been doing for a week?",
        "How much do I earn a year?",
        "What do I spend a month on rent?",
        "I see my sister once a month, where does she live?",
    ],
)
def test_a_duration_or_a_rate_names_no_window(query: str) -> None:
    assert find_window(query, NOW) is None


@pytest.mark.parametrize(
    ("query", "day"),
    [
        ("What did I do a week ago?", date(2025, 10, 15)),
        ("What did I eat 2 days ago?", date(2025, 10, 20)),
        ("What did I do last month?", date(2025, 9, 15)),
        ("What did we talk about this week?", date(2025, 10, 21)),
    ],
)
def test_a_length_placed_in_time_still_names_its_window(query: str, day: date) -> None:
    window = find_window(query, NOW)
    assert window is not None, query
    assert window.start.date() <= day < window.end.date()


@pytest.mark.parametrize(
    ("query", "days"),
    [
        ("What did we talk about over the past two weeks?", 14),
        ("What did I tell you in the last 3 days?", 3),
        ("What did I do the past week?", 7),
        ("Anything about work in the last month?", 30),
        ("过去两周我说过什么？", 14),
        ("最近一周我聊了什么？", 7),
        ("我这三天吃了什么？", 3),
        ("最近两个星期我心情怎么样？", 14),
    ],
)
def test_a_span_back_from_now_ends_today(query: str, days: int) -> None:
    window = find_window(query, NOW)
    assert window is not None, query
    assert window.end.date() == NOW.date() + timedelta(days=1)  # today is inside
    assert window.start.date() == NOW.date() - timedelta(days=days)


@pytest.mark.parametrize(
    "query", ["What did I say the past few days?", "最近几天我怎么样？", "the last time we met?"]
)
def test_a_vague_count_names_no_span(query: str) -> None:
    assert find_window(query, NOW) is None


def test_the_last_week_of_a_month_is_no_span_back_from_now() -> None:
    window = find_window("What happened in the last week of April?", NOW)
    assert window is None or window.end.date() <= NOW.date()


def _store(tmp_path, clock: FakeClock) -> HybridMemory:
    return HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock)


def test_a_habit_question_is_not_pulled_to_a_day_by_its_rate(tmp_path) -> None:
    clock = FakeClock(datetime(2025, 6, 1, tzinfo=UTC))
    with _store(tmp_path, clock) as mem:
        habit = mem.add(
            "I swim at the leisure centre pool",
            user_id="u",
            created_at=datetime(2025, 6, 2, 9, tzinfo=UTC),
        )
        mem.add(
            "went to the cinema with Jo",
            user_id="u",
            created_at=datetime(2025, 10, 15, 20, tzinfo=UTC),  # a week before NOW
        )
        clock.set(NOW)
        hits = mem.retrieve("Do I still swim twice a week?", user_id="u", top_k=2).hits
        assert hits[0].node.id == habit.id


def test_what_was_said_in_the_past_days_comes_first(tmp_path) -> None:
    clock = FakeClock(datetime(2025, 6, 1, tzinfo=UTC))
    with _store(tmp_path, clock) as mem:
        mem.add(
            "we talked about the old days at school, the past is the past",
            user_id="u",
            created_at=datetime(2025, 6, 2, 9, tzinfo=UTC),
        )
        recent = mem.add(
            "booked the dentist for Friday",
            user_id="u",
            created_at=datetime(2025, 10, 21, 9, tzinfo=UTC),
        )
        clock.set(NOW)
        hits = mem.retrieve(
            "What did we talk about in the past three days?", user_id="u", top_k=2
        ).hits
        assert hits[0].node.id == recent.id
