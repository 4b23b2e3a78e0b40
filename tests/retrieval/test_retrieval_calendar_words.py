"""Days named the way people name them: 昨晚 and 今早, a range of weekdays.

Each of these named no time or the wrong one: 昨晚 / 前晚 / 今早 nothing (only 昨天 / 前天 /
今天 were read); "between Monday and Wednesday" and 上周一到周三 their first day alone; "the last
week of April" last week (``timeexpr._zh_day_word``, ``retrieval/weekday_ranges.py``,
``timeexpr._OF_WHAT``)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.retrieval.timeexpr import find_window

NOW = datetime(2026, 5, 20, 12, 0, tzinfo=UTC)  # a Wednesday


def _days(query: str) -> tuple[date, date] | None:
    window = find_window(query, NOW)
    return None if window is None else (window.start.date(), window.end.date())


@pytest.mark.parametrize(
    ("query", "first", "end"),
    [
        ("昨晚我跟你说了什么？", date(2026, 5, 19), date(2026, 5, 20)),
        ("昨儿个我说啥了", date(2026, 5, 19), date(2026, 5, 20)),
        ("前晚我几点睡的？", date(2026, 5, 18), date(2026, 5, 19)),
        ("今早我吃了啥？", date(2026, 5, 20), date(2026, 5, 21)),
        ("昨天晚上呢？", date(2026, 5, 19), date(2026, 5, 20)),
    ],
)
def test_a_chinese_day_with_its_part_of_the_day_is_that_day(
    query: str, first: date, end: date
) -> None:
    assert _days(query) == (first, end)


@pytest.mark.parametrize("query", ["我之前晚上睡不好，怎么办？", "以前天天跑步的是谁？"])
def test_a_day_word_inside_another_word_names_no_day(query: str) -> None:
    assert _days(query) is None


@pytest.mark.parametrize(
    ("query", "first", "end"),
    [
        ("What did I say between Monday and Wednesday?", date(2026, 5, 18), date(2026, 5, 21)),
        ("What did I do from Friday to Sunday?", date(2026, 5, 15), date(2026, 5, 18)),
        ("last Mon-Wed, what happened?", date(2026, 5, 11), date(2026, 5, 14)),
        ("上周一到周三我说了什么？", date(2026, 5, 11), date(2026, 5, 14)),
        ("星期五到星期天我干嘛了", date(2026, 5, 15), date(2026, 5, 18)),
        ("上周五到这周二我吃了什么", date(2026, 5, 15), date(2026, 5, 20)),
    ],
)
def test_a_range_of_weekdays_is_every_day_of_it(query: str, first: date, end: date) -> None:
    assert _days(query) == (first, end)


def test_two_weekdays_joined_by_and_are_not_a_range() -> None:
    assert _days("What did I say on Monday and Wednesday?") == (
        date(2026, 5, 18),
        date(2026, 5, 19),
    )


@pytest.mark.parametrize(
    "query",
    ["What happened in the last week of April?", "What did I do on the last day of school?"],
)
def test_a_period_of_something_else_is_not_that_period_back_from_today(query: str) -> None:
    # "the last week of April" was last week; a week of a month by its place is not read (a
    # window on it lost a LoCoMo question whose answer was told the week after, see
    # docs/benchmarks.md), so it names no window rather than the wrong one.
    assert _days(query) is None


def _store(tmp_path, clock: FakeClock) -> HybridMemory:
    return HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock)


def test_the_middle_of_a_weekday_range_comes_first(tmp_path) -> None:
    clock = FakeClock(datetime(2026, 4, 1, tzinfo=UTC))
    with _store(tmp_path, clock) as mem:
        mem.add(
            "what did I say to you about the boiler, I told you it was broken",
            user_id="u",
            created_at=datetime(2026, 4, 28, 19, tzinfo=UTC),
        )
        tuesday = mem.add(
            "the plumber came about the boiler",
            user_id="u",
            created_at=datetime(2026, 5, 19, 19, tzinfo=UTC),
        )
        clock.set(NOW)
        hits = mem.retrieve(
            "What did I say about the boiler between Monday and Wednesday?", user_id="u", top_k=2
        ).hits
        assert hits[0].node.id == tuesday.id


def test_last_nights_memory_first_for_zuowan(tmp_path) -> None:
    clock = FakeClock(datetime(2026, 4, 1, tzinfo=UTC))
    with _store(tmp_path, clock) as mem:
        mem.add(
            "我跟你说了我的猫，猫的事", user_id="u", created_at=datetime(2026, 4, 3, 20, tzinfo=UTC)
        )
        last_night = mem.add(
            "加班到十点才回家", user_id="u", created_at=datetime(2026, 5, 19, 22, tzinfo=UTC)
        )
        clock.set(NOW)
        hits = mem.retrieve("昨晚我跟你说了什么？", user_id="u", top_k=2).hits
        assert hits[0].node.id == last_night.id
