"""A part of a month names a third of that month ("in early October", 上个月底, 这个月中旬).

Before, 这个月初 and "late last month" were read as the whole month, and "in early October",
"mid-October" or 10月上旬 as no time at all, so a question about the start of the month found
the month's later memory that matched its words better (issue 38,
``benchmarks/data/probing_days_monthparts_blind.json``)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.retrieval.timeexpr import find_window

NOW = datetime(2025, 10, 27, 20, 0, tzinfo=UTC)  # a Monday


@pytest.mark.parametrize(
    ("query", "first", "last"),
    [
        ("at the start of the month, what did I tell you?", date(2025, 10, 1), date(2025, 10, 10)),
        ("what did we talk about early this month?", date(2025, 10, 1), date(2025, 10, 10)),
        ("in early October what did I say?", date(2025, 10, 1), date(2025, 10, 10)),
        ("at the beginning of October, anything?", date(2025, 10, 1), date(2025, 10, 10)),
        ("what did I say in mid-October?", date(2025, 10, 11), date(2025, 10, 20)),
        ("in the middle of this month what happened", date(2025, 10, 11), date(2025, 10, 20)),
        ("late last month, what did we talk about?", date(2025, 9, 21), date(2025, 9, 30)),
        ("at the end of last month, what did I say?", date(2025, 9, 21), date(2025, 9, 30)),
        ("what did I do in late December 2024?", date(2024, 12, 21), date(2024, 12, 31)),
        ("mid-November, what did I say?", date(2024, 11, 11), date(2024, 11, 20)),  # last year's
        ("这个月初我跟你提过什么？", date(2025, 10, 1), date(2025, 10, 10)),
        ("这个月上旬我跟你说血压怎么样", date(2025, 10, 1), date(2025, 10, 10)),
        ("月初年糕怎么了？", date(2025, 10, 1), date(2025, 10, 10)),
        ("这个月中旬我跟你说装修怎么了？", date(2025, 10, 11), date(2025, 10, 20)),
        ("中旬的时候我说了啥", date(2025, 10, 11), date(2025, 10, 20)),
        ("上个月底我跟你说我妈什么事了？", date(2025, 9, 21), date(2025, 9, 30)),
        ("上月末我们聊了啥", date(2025, 9, 21), date(2025, 9, 30)),
        ("上个月下旬我们聊了什么", date(2025, 9, 21), date(2025, 9, 30)),
        ("10月上旬我跟你说我老伴什么事了？", date(2025, 10, 1), date(2025, 10, 10)),
        ("十二月下旬我干嘛了", date(2024, 12, 21), date(2024, 12, 31)),
        ("去年10月底我们聊过什么", date(2024, 10, 21), date(2024, 10, 31)),
        ("2023年3月中旬发生了什么", date(2023, 3, 11), date(2023, 3, 20)),
    ],
)
def test_a_part_of_a_month_is_a_third_of_it(query: str, first: date, last: date) -> None:
    window = find_window(query, NOW)
    assert window is not None, query
    assert window.start == datetime.combine(first, datetime.min.time(), tzinfo=UTC)
    assert window.end.date() == date.fromordinal(last.toordinal() + 1)


@pytest.mark.parametrize(
    ("now", "query", "first", "last"),
    [
        # The last part runs to the month's own last day, February's too.
        (
            datetime(2024, 3, 5, tzinfo=UTC),
            "late last month?",
            date(2024, 2, 21),
            date(2024, 2, 29),
        ),
        (datetime(2026, 1, 5, tzinfo=UTC), "上个月底", date(2025, 12, 21), date(2025, 12, 31)),
    ],
)
def test_the_last_part_ends_with_its_month(
    now: datetime, query: str, first: date, last: date
) -> None:
    window = find_window(query, now)
    assert window is not None
    assert (window.start.date(), window.end.date()) == (
        first,
        date.fromordinal(last.toordinal() + 1),
    )


@pytest.mark.parametrize(
    ("query", "width"),
    [
        ("岁月中我学会了很多", None),  # 月中 inside 岁月 ("the years")
        ("初中的时候我跟你说过什么", None),  # junior school
        ("到底怎么了", None),
        ("三个月中我都干了啥", None),  # within three months
        ("在这个月中我跟你说了啥", 31),  # during this month: the whole month, as before
        ("earlier this month, what did I tell you?", 31),  # before today: the month, as before
    ],
)
def test_words_that_are_no_part_of_a_month(query: str, width: int | None) -> None:
    window = find_window(query, NOW)
    if width is None:
        assert window is None, window
    else:
        assert window is not None
        assert (window.end - window.start).days == width


def test_the_first_time_named_counts() -> None:
    window = find_window("上周二我跟你说月底要交房租", NOW)
    assert window is not None
    assert window.start.date() == date(2025, 10, 21)
    assert (window.end - window.start).days == 1


def test_a_part_not_yet_begun_names_no_window() -> None:
    assert (
        find_window("what happened at the end of this month?", datetime(2025, 10, 5, tzinfo=UTC))
        is None
    )


def test_the_start_of_the_months_memory_first(tmp_path) -> None:
    # Two memories as close to the question; the later one is more recent, and the whole
    # month (or no window) put it first. The part of the month puts the early one first.
    clock = FakeClock(datetime(2025, 9, 1, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        early = mem.add(
            "Jess told me about her new job",
            user_id="u",
            created_at=datetime(2025, 10, 3, 20, tzinfo=UTC),
        )
        late = mem.add(
            "Jess told me about her new flat",
            user_id="u",
            created_at=datetime(2025, 10, 25, 20, tzinfo=UTC),
        )
        clock.set(NOW)
        for query, first in (
            ("at the start of the month, what did Jess tell me?", early),
            ("这个月初 Jess told me what?", early),
            ("late this month, what did Jess tell me?", late),
        ):
            hits = mem.retrieve(query, user_id="u", top_k=2).hits
            assert hits[0].node.id == first.id, query
            window = hits[0].breakdown.window
            assert window is not None and (window.end - window.start).days <= 11
