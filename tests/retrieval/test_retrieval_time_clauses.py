"""A period set off by a comma names its window ("last week, what did I tell you about Theo?").

dateparser's search found "last week" / "this month" in "last week what did I say" but nothing
in "last week, what did I say": a question opening with its time, as people type them, named
no window, and last week's memory came after an older one that matched its words better
(issue 38, ``benchmarks/data/probing_days_blind.json`` "earlier this month, ...")."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.retrieval.timeexpr import find_window

NOW = datetime(2025, 10, 27, 20, 0, tzinfo=UTC)  # a Monday


@pytest.mark.parametrize(
    ("query", "inside", "widest"),
    [
        ("last week, what did I tell you about Theo?", date(2025, 10, 20), 7),
        ("What did I tell you last week, about Theo?", date(2025, 10, 20), 7),
        ("this month, what did I say?", date(2025, 10, 1), 31),
        ("earlier this month, what did I tell you?", date(2025, 10, 20), 31),
        ("last month, anything about my nan?", date(2025, 9, 15), 31),
    ],
)
def test_a_period_before_a_comma_names_its_window(query: str, inside: date, widest: int) -> None:
    # The same window as the query without its comma: a comma changes nothing of the time.
    window = find_window(query, NOW)
    assert window is not None, query
    without = find_window(query.replace(",", ""), NOW)
    assert without is not None
    assert (window.start, window.end) == (without.start, without.end)
    assert window.start.date() <= inside < window.end.date()
    assert (window.end - window.start).days <= widest


@pytest.mark.parametrize(
    ("query", "day"),
    [
        ("On May 4, 2023, what did I tell you?", date(2023, 5, 4)),  # the date's own comma
        ("yesterday, what did I say?", date(2025, 10, 26)),
        ("on Friday, what did we talk about?", date(2025, 10, 24)),
    ],
)
def test_what_the_whole_question_named_is_kept(query: str, day: date) -> None:
    window = find_window(query, NOW)
    assert window is not None
    assert window.start.date() == day
    assert window.end.date() == day + timedelta(days=1)


@pytest.mark.parametrize(
    ("query", "day"),
    [
        # dateparser ran "on Friday" on into ", a" and read the whole as January (day27).
        ("what did I say on Friday, a while after work?", date(2025, 10, 24)),
        ("got an interview at Clifton Cycles on Friday, a proper shop", date(2025, 10, 24)),
        ("I met Jo on Monday, a good day", date(2025, 10, 20)),  # asked on a Monday
        ("what did I tell you on Friday, 3 October?", date(2025, 10, 3)),  # a date's own comma
        ("What did I say on Sunday, October 5, 2025?", date(2025, 10, 5)),
    ],
)
def test_the_words_after_a_dates_comma_do_not_blur_its_day(query: str, day: date) -> None:
    window = find_window(query, NOW)
    assert window is not None, query
    assert (window.start.date(), window.end.date()) == (day, day + timedelta(days=1))


def test_no_clause_makes_a_window_of_words_that_are_no_time() -> None:
    assert find_window("well, we should talk, shouldn't we?", NOW) is None


def test_last_weeks_memory_first_when_the_question_opens_with_its_time(tmp_path) -> None:
    clock = FakeClock(datetime(2025, 9, 1, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        old = mem.add(
            "Theo my flatmate left his dishes in the sink, Theo again",
            user_id="u",
            created_at=datetime(2025, 9, 3, 20, tzinfo=UTC),
        )
        recent = mem.add(
            "my flatmate cleaned the kitchen",
            user_id="u",
            created_at=datetime(2025, 10, 22, 20, tzinfo=UTC),
        )
        clock.set(NOW)
        hits = mem.retrieve(
            "last week, what did I tell you about Theo my flatmate?", user_id="u", top_k=2
        ).hits
        assert [h.node.id for h in hits] == [recent.id, old.id]
