"""Days said vaguely ("the other day", 前几天, 前两天) are the past week before
yesterday, and 双11 is 11 November as 双十一 is (issue 38, day27)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.retrieval.timeexpr import find_window
from tests.companion_chats import U, tell_days

NOW = datetime(2026, 12, 4, 13, 0, tzinfo=UTC)  # a Friday


@pytest.mark.parametrize(
    "query",
    [
        "the other day, what did I say about Mum?",
        "the Other Day I told you about a film, which one?",
        "前几天我跟你说小雨什么事来着",
        "前两天阿珍跟我说啥了来着",
        "前些天我说的那家店叫啥",
    ],
)
def test_a_vague_day_is_the_past_week_before_yesterday(query: str) -> None:
    window = find_window(query, NOW)
    assert window is not None
    assert (window.start.date(), window.end.date()) == (date(2026, 11, 27), date(2026, 12, 3))


@pytest.mark.parametrize(
    "query",
    [
        "in a few days I'm off to Lisbon, any tips?",
        "I stayed there for a few days",
        "我提前几天订了票",  # "a few days early": not a day
        "the other one, what was it called?",
    ],
)
def test_a_few_days_not_said_of_the_past_names_no_day(query: str) -> None:
    assert find_window(query, NOW) is None


def test_a_counted_couple_of_days_keeps_its_count() -> None:
    # "a couple of" is two by the dictionary (spoken_en, probing24): a day, not the vague week.
    window = find_window("what did I tell you a couple of days ago?", NOW)
    assert window is not None and window.start.date() == date(2026, 12, 2)


@pytest.mark.parametrize("query", ["双11那天我们聊了什么", "双11当天我跟你聊了啥", "双十一那天呢"])
def test_double_eleven_in_digits_is_the_eleventh_of_november(query: str) -> None:
    window = find_window(query, NOW)
    assert window is not None and window.start.date() == date(2026, 11, 11)


@pytest.mark.parametrize("query", ["双111是什么", "双11.11的活动"])
def test_a_longer_number_is_not_double_eleven(query: str) -> None:
    window = find_window(query, NOW)
    assert window is None or window.start.date() != date(2026, 11, 11)


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("the other day, what did I say about the boiler?", "the boiler is making a noise again"),
        ("前几天我说锅炉怎么了", "锅炉又开始响了，得找人来修"),
    ],
)
def test_the_other_days_turn_comes_before_the_same_words_a_month_back(
    tmp_path, query: str, said: str
) -> None:
    start = NOW - timedelta(days=40)
    clock = FakeClock(start)
    days = [(0, [("user", said)]), (36, [("user", said)])]  # 40 and 4 days before NOW
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as m:
        task = tell_days(m, clock, start, days)
        clock.set(NOW)
        found = m.retrieve(query, user_id=U, task_id=task, top_k=4)
    assert found.time_window is not None
    first = next(h for h in found.hits if any(s.startswith("d") for s in h.node.source_ids))
    assert any(s.startswith("d36-") for s in first.node.source_ids)
