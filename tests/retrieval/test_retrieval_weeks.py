"""A week a question names is a calendar week, in English as in Chinese (issue 38).

"What did we talk about last week?" asked on a Monday was read as Sunday to Wednesday (three
days around the day a week back), while 上周 was the week; "the week before last" named no
window and 上上个礼拜 was read as last week."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.retrieval.timeexpr import find_window

NOW = datetime(2025, 10, 29, 20, 0, tzinfo=UTC)  # a Wednesday
LAST_MONDAY = date(2025, 10, 20)


def _span(query: str, now: datetime = NOW) -> tuple[date, date]:
    window = find_window(query, now)
    assert window is not None, query
    return window.start.date(), window.end.date()


@pytest.mark.parametrize(
    ("english", "chinese", "monday"),
    [
        ("what did we talk about last week?", "上周我们聊了什么？", LAST_MONDAY),
        ("last week, what did I say about Theo?", "上个礼拜我跟你说了啥", LAST_MONDAY),
        ("what did I tell you this week?", "这周我跟你说了啥", date(2025, 10, 27)),
        ("the week before last, what happened?", "上上周发生了什么", date(2025, 10, 13)),
        ("what did I say the week before last?", "上上个礼拜我们都聊了啥", date(2025, 10, 13)),
        ("what did I say the week before last?", "上上星期我说了什么", date(2025, 10, 13)),
    ],
)
def test_a_named_week_is_the_calendar_week_in_both_languages(english, chinese, monday):
    week = (monday, monday + timedelta(weeks=1))
    assert _span(english) == week
    assert _span(chinese) == week


@pytest.mark.parametrize("now_day", range(20, 27))
def test_last_week_is_the_same_week_whatever_day_it_is_asked(now_day: int) -> None:
    now = datetime(2025, 10, now_day, 9, tzinfo=UTC) + timedelta(weeks=1)
    assert _span("what did we talk about last week?", now) == (
        LAST_MONDAY,
        LAST_MONDAY + timedelta(weeks=1),
    )


@pytest.mark.parametrize("query", ["a week ago, what did I say?", "2 weeks ago what did I say?"])
def test_a_distance_in_weeks_stays_a_vague_window_around_that_day(query: str) -> None:
    start, end = _span(query)
    weeks = 1 if query.startswith("a ") else 2
    day = NOW.date() - timedelta(weeks=weeks)
    assert start < day < end
    assert (start, end) != (day - timedelta(days=day.weekday()), day + timedelta(days=7))


def test_every_day_of_last_week_comes_before_the_other_weeks(tmp_path) -> None:
    clock = FakeClock(datetime(2025, 10, 1, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        task = mem.add("Chats with my companion", node_type="task", user_id="u")
        last_week: set[str] = set()
        for offset in range(21):  # the week before last, last week, this week to Wednesday
            day = date(2025, 10, 13) + timedelta(days=offset)
            if day > NOW.date():
                break
            at = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=19)
            clock.set(at)
            # No day's chat shares a word with the question: only its time can order them.
            text = f"the bus was late, {day:%d} {day:%B}"
            node = mem.add(text, parent_id=task.id, user_id="u", created_at=at)
            if LAST_MONDAY <= day < LAST_MONDAY + timedelta(weeks=1):
                last_week.add(node.id)
        clock.set(NOW)
        hits = mem.retrieve(
            "what did we talk about last week?", user_id="u", task_id=task.id, top_k=7
        ).hits
        assert {h.node.id for h in hits} == last_week


def test_a_weeks_edges_are_a_days_edges(tmp_path) -> None:
    # The chats just before and after last week share the question's words; its own do not.
    # The window's edges are sure to the hour, so Sunday evening before it and this Monday
    # after it come after every day of the week.
    clock = FakeClock(datetime(2025, 10, 1, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        task = mem.add("Chats with my companion", node_type="task", user_id="u")
        last_week: set[str] = set()
        for offset in range(21):
            day = date(2025, 10, 13) + timedelta(days=offset)
            if day > NOW.date():
                break
            at = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=19)
            clock.set(at)
            inside = LAST_MONDAY <= day < LAST_MONDAY + timedelta(weeks=1)
            text = f"the bus was late, {day:%d} {day:%B}"
            if not inside:
                text = f"we talked about the garden on {day:%A}"
            node = mem.add(text, parent_id=task.id, user_id="u", created_at=at)
            if inside:
                last_week.add(node.id)
        clock.set(NOW)
        hits = mem.retrieve(
            "what did we talk about last week?", user_id="u", task_id=task.id, top_k=7
        ).hits
        assert {h.node.id for h in hits} == last_week


def test_a_month_keeps_its_wide_edges_a_week_a_days() -> None:
    # An event of March told in early April still counts for "in March" (LoCoMo's questions);
    # six hours past a week count what six hours past a day do.
    month = find_window("what happened in March 2025?", NOW)
    assert month is not None
    assert month.closeness(datetime(2025, 4, 3, 12, tzinfo=UTC)) > 0.5
    day = find_window("what did we talk about on October 26?", NOW)
    week = find_window("what did we talk about last week?", NOW)
    assert day is not None and week is not None and day.end == week.end
    after = week.end + timedelta(hours=6)
    assert week.closeness(after) == pytest.approx(day.closeness(after)) == pytest.approx(0.5)


def test_a_week_follows_the_configured_zone() -> None:
    # Monday 01:00 in Shanghai is still Sunday in UTC: "last week" is Shanghai's.
    shanghai = ZoneInfo("Asia/Shanghai")
    now = datetime(2025, 10, 27, 1, 0, tzinfo=shanghai)
    window = find_window("what did we talk about last week?", now.astimezone(UTC), shanghai)
    assert window is not None
    assert window.start == datetime(2025, 10, 20, tzinfo=shanghai)
    assert window.end == datetime(2025, 10, 27, tzinfo=shanghai)
    chinese = find_window("上周我们聊了什么？", now.astimezone(UTC), shanghai)
    assert chinese is not None
    assert (chinese.start, chinese.end) == (window.start, window.end)
