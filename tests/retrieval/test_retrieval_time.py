"""Time expressions in queries: resolved against the store's clock, used as candidates and as a
``time`` feature, shown in the result and in each breakdown."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from hybridmem import HashEmbedder, HybridMemory, MemoryConfig, RetrievalConfig
from hybridmem.errors import InvalidArgumentError
from hybridmem.retrieval.timeexpr import find_window

NOW = datetime(2024, 7, 10, 12, 0, tzinfo=UTC)  # a Wednesday


def _day(query: str, now: datetime = NOW) -> date | None:
    window = find_window(query, now)
    return None if window is None else window.start.date()


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("我5月6号读的那本书叫什么", date(2024, 5, 6)),
        ("4月27日我们聊了什么", date(2024, 4, 27)),
        ("上周二我去了哪里", date(2024, 7, 2)),
        ("昨天吃了什么", date(2024, 7, 9)),
        ("前天", date(2024, 7, 8)),
        ("十一月三号那天", date(2023, 11, 3)),  # no year, not yet this year: last year's
        ("二〇二三年十二月二十五日", date(2023, 12, 25)),
        ("周五的电影", date(2024, 7, 5)),
        ("what did we talk about on May 6?", date(2024, 5, 6)),
        ("What did Melanie paint on 7 May 2023?", date(2023, 5, 7)),
        ("what happened yesterday", date(2024, 7, 9)),
    ],
)
def test_days_named_in_chinese_and_english(query, expected):
    window = find_window(query, NOW)
    assert window is not None and window.start.date() == expected
    assert window.end - window.start == timedelta(days=1)


def test_vague_and_wide_expressions_give_wide_windows():
    ago = find_window("two weeks ago I went hiking", NOW)
    assert ago is not None and ago.contains(NOW - timedelta(days=14))
    assert timedelta(days=3) <= ago.end - ago.start <= timedelta(days=14)
    zh_ago = find_window("三天前说的那家店", NOW)
    assert zh_ago is not None and zh_ago.contains(datetime(2024, 7, 7, 15, tzinfo=UTC))
    month = find_window("2023年5月发生了什么", NOW)
    assert month is not None and (month.start.date(), month.end.date()) == (
        date(2023, 5, 1),
        date(2023, 6, 1),
    )
    last_month = find_window("上个月的会议", NOW)
    assert last_month is not None and last_month.start.date() == date(2024, 6, 1)
    assert find_window("last Tuesday", NOW) is not None


@pytest.mark.parametrize(
    "query",
    [
        "Who is Caroline? May I ask",
        "When did Caroline go to the support group?",
        "I have 3 kids",
        "我有3个孩子",
        "我们下个月再聊",
        "what will happen on the 28th",
    ],
)
def test_no_window_without_a_past_date(query):
    assert find_window(query, NOW) is None


def test_calendar_days_follow_the_configured_zone():
    early = datetime(2024, 7, 10, 1, 0, tzinfo=UTC)  # 09:00 in Shanghai
    window = find_window("昨天", early, ZoneInfo("Asia/Shanghai"))
    assert window is not None
    assert window.start == datetime(2024, 7, 8, 16, 0, tzinfo=UTC)  # 7/9 00:00 in Shanghai
    with pytest.raises(InvalidArgumentError, match="time_zone"):
        RetrievalConfig(time_zone="Mars/Olympus")


def _diary(mem: HybridMemory, clock) -> dict[str, str]:
    task = mem.add("日常", node_type="task", user_id="u")
    ids = {}
    for day, text in [
        (date(2024, 5, 5), "读完了一本关于海洋的书，叫《深蓝》"),
        (date(2024, 5, 6), "在图书馆读了《百年孤独》的前三章"),
        (date(2024, 5, 7), "和同事讨论了下周的旅行计划"),
        (date(2024, 5, 20), "又买了一本书，是科幻小说"),
    ]:
        at = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=10)
        ids[day.isoformat()] = mem.add(text, parent_id=task.id, user_id="u", created_at=at).id
    clock.set(NOW)
    ids["task"] = task.id
    return ids


def test_a_question_naming_a_day_finds_that_days_memory(mem_path, clock):
    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock) as mem:
        ids = _diary(mem, clock)
        res = mem.retrieve("我5月6号读的那本书叫什么", user_id="u", task_id=ids["task"], top_k=3)
        assert res.time_window is not None and res.time_window.text == "5月6号"
        top = res.hits[0]
        assert top.node.id == ids["2024-05-06"]
        assert top.breakdown.features["time"] == 1.0 and "time" in top.breakdown.sources
        assert "5月6号" in top.breakdown.explain() and "2024-05-06" in top.breakdown.explain()
        # The same question without the date ranks by words only: the day decided it.
        plain = mem.retrieve("我读的那本书叫什么", user_id="u", task_id=ids["task"], top_k=3)
        assert plain.time_window is None
        assert all(h.breakdown.weights["time"] == 0.0 for h in plain.hits)


def test_a_day_with_no_words_in_common_is_still_found(mem_path, clock):
    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock) as mem:
        ids = _diary(mem, clock)
        res = mem.retrieve("what did I do on May 7?", user_id="u", task_id=ids["task"], top_k=1)
        assert res.hits[0].node.id == ids["2024-05-07"]


def test_time_expressions_can_be_switched_off(mem_path, clock):
    cfg = MemoryConfig(retrieval=replace(RetrievalConfig(), time_candidates=0))
    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock, config=cfg) as mem:
        ids = _diary(mem, clock)
        res = mem.retrieve("我5月6号读的那本书叫什么", user_id="u", task_id=ids["task"])
        assert res.time_window is None
