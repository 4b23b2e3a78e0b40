"""A holiday named as the day of an event is that day, in English as in Chinese (issue 38).

"What did I do on Halloween?" and 万圣节那天我做了什么？ named no window at all: the day's
chats were found only when they shared the question's words. A holiday that is the topic
("what did I buy Mum for Christmas?", 每年春节) keeps its plain word match."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.retrieval.timeexpr import find_window

NOW = datetime(2024, 4, 15, 12, 0, tzinfo=UTC)  # a Monday in April


def _day(query: str, now: datetime = NOW) -> date:
    window = find_window(query, now)
    assert window is not None, query
    assert window.end - window.start == timedelta(days=1), query
    return window.start.date()


@pytest.mark.parametrize(
    ("english", "chinese", "day"),
    [
        ("What did I do on Halloween?", "万圣节那天我做了什么？", date(2023, 10, 31)),
        ("on Christmas Eve, what did we cook?", "平安夜我们煮了什么？", date(2023, 12, 24)),
        ("What did I do last Christmas?", "去年圣诞节我做了什么？", date(2023, 12, 25)),
        ("What happened on New Year's Day?", "元旦我做了什么？", date(2024, 1, 1)),
        (
            "What did Sam give me on Valentine's Day?",
            "情人节那天小林送了我什么？",
            date(2024, 2, 14),
        ),
        # Moving days, by their rule: the fourth Thursday of November, Easter Sunday.
        ("What did we talk about on Thanksgiving?", "感恩节那天我做了什么菜？", date(2023, 11, 23)),
        ("What did we do on Easter Sunday?", "复活节那天我们做了什么？", date(2024, 3, 31)),
    ],
)
def test_a_holiday_named_as_a_day_is_that_day_in_both_languages(english, chinese, day) -> None:
    assert _day(english) == day
    assert _day(chinese) == day


def test_the_year_is_the_latest_such_day_before_the_question() -> None:
    # Asked on Christmas Eve, "on Christmas" is last year's; asked on 26 December, this year's.
    assert _day("what did I do on Christmas?", datetime(2024, 12, 24, tzinfo=UTC)) == date(
        2023, 12, 25
    )
    assert _day("圣诞节那天我做了什么？", datetime(2024, 12, 26, tzinfo=UTC)) == date(2024, 12, 25)
    # Easter moves: 2023's was 9 April, 2024's 31 March.
    assert _day("what did we do on Easter?", datetime(2023, 4, 20, tzinfo=UTC)) == date(2023, 4, 9)
    # An explicit year or 前年 names that year's.
    assert _day("what did I do on Christmas 2021?") == date(2021, 12, 25)
    assert _day("前年圣诞节我做了什么？") == date(2022, 12, 25)


@pytest.mark.parametrize(
    "query",
    [
        "What did I buy Mum for Christmas?",
        "What do I usually do at Christmas?",
        "What did I buy before Christmas?",
        "我给妈妈买了什么圣诞礼物？",
        "每年圣诞节我都做什么？",
        "圣诞节前我买了什么？",
        "国庆节假期我去了哪里？",
    ],
)
def test_a_holiday_as_a_topic_or_a_season_names_no_day(query: str) -> None:
    assert find_window(query, NOW) is None


def test_a_future_holiday_names_no_memory() -> None:
    assert find_window("what will I do this Christmas?", NOW) is None
    assert find_window("今年圣诞节我做什么？", NOW) is None


def _history(mem: HybridMemory, clock: FakeClock, chats: dict[date, list[str]]) -> tuple[str, dict]:
    task = mem.add("Chats with my companion", node_type="task", user_id="u")
    ids: dict[str, date] = {}
    for day, texts in sorted(chats.items()):
        at = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=19)
        clock.set(at)
        for i, text in enumerate(texts):
            node = mem.add(
                text, parent_id=task.id, user_id="u", created_at=at + timedelta(minutes=i)
            )
            ids[node.id] = day
    clock.set(NOW)
    return task.id, ids


@pytest.mark.parametrize(
    ("question", "chats"),
    [
        (
            "What did I do on Halloween?",
            [
                "I carved a pumpkin with my nephew.",
                "The bus was late again.",
                "What did you do today? I did the laundry.",
            ],
        ),
        (
            "万圣节那天我做了什么？",
            ["我和侄子刻了个南瓜灯。", "公交又晚点了。", "你今天做了什么？我洗了衣服。"],
        ),
    ],
)
def test_the_holidays_chats_come_first(tmp_path, question: str, chats: list[str]) -> None:
    # The other days' chats share the question's words ("do", 做了什么); Halloween's do not.
    halloween = date(2023, 10, 31)
    clock = FakeClock(datetime(2023, 10, 1, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        others = {halloween + timedelta(days=d): [chats[2]] for d in (-3, -1, 1, 2, 5)}
        task, ids = _history(mem, clock, {halloween: chats[:2], **others})
        hits = mem.retrieve(question, user_id="u", task_id=task, top_k=2).hits
        assert {ids[h.node.id] for h in hits} == {halloween}


@pytest.mark.parametrize(
    ("question", "gift", "christmas"),
    [
        (
            "What did I buy Mum for Christmas?",
            "I bought Mum a cashmere scarf as her Christmas present.",
            ["I opened presents with my parents.", "We went ice skating in the park."],
        ),
        (
            "我给妈妈买了什么圣诞礼物？",
            "我给妈妈买了一条羊绒围巾当圣诞礼物。",
            ["早上我跟爸妈一起拆了礼物。", "下午去公园滑冰了。"],
        ),
    ],
)
def test_a_holiday_as_the_topic_still_finds_the_talk_of_another_day(
    tmp_path, question: str, gift: str, christmas: list[str]
) -> None:
    clock = FakeClock(datetime(2023, 12, 1, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        task, ids = _history(
            mem, clock, {date(2023, 12, 20): [gift], date(2023, 12, 25): christmas}
        )
        hits = mem.retrieve(question, user_id="u", task_id=task, top_k=1).hits
        assert [ids[h.node.id] for h in hits] == [date(2023, 12, 20)]
