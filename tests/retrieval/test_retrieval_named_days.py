"""A holiday named as the day of an event is that day, in English as in Chinese (issue 38).

"What did I do on Halloween?" and 万圣节那天我做了什么？ named no window at all: the day's
chats were found only when they shared the question's words. A holiday that is the topic
("what did I buy Mum for Christmas?", 每年春节) keeps its plain word match."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.retrieval.named_days import named_day
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


HALLOWEEN, SPRING_FESTIVAL = date(2023, 10, 31), date(2024, 2, 10)  # 春节 2024, asked 15 April


@pytest.mark.parametrize(
    ("question", "chats", "holiday"),
    [
        (
            "What did I do on Halloween?",
            [
                "I carved a pumpkin with my nephew.",
                "The bus was late again.",
                "What did you do today? I did the laundry.",
            ],
            HALLOWEEN,
        ),
        (
            "万圣节那天我做了什么？",
            ["我和侄子刻了个南瓜灯。", "公交又晚点了。", "你今天做了什么？我洗了衣服。"],
            HALLOWEEN,
        ),
        (
            "What did I do on Chinese New Year?",
            [
                "I set off firecrackers with my cousins.",
                "The bus was late again.",
                "What did you do today? I did the laundry.",
            ],
            SPRING_FESTIVAL,
        ),
        (
            "春节那天我在做什么？",
            ["我和表哥们一起放了鞭炮。", "公交又晚点了。", "你今天在做什么？我在洗衣服。"],
            SPRING_FESTIVAL,
        ),
    ],
    ids=["halloween-en", "halloween-zh", "spring-festival-en", "spring-festival-zh"],
)
def test_the_holidays_chats_come_first(
    tmp_path, question: str, chats: list[str], holiday: date
) -> None:
    # The other days' chats share the question's words ("do", 做了什么, 在做什么); the
    # holiday's do not.
    clock = FakeClock(datetime(holiday.year, holiday.month, 1, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        others = {holiday + timedelta(days=d): [chats[2]] for d in (-3, -1, 1, 2, 5)}
        task, ids = _history(mem, clock, {holiday: chats[:2], **others})
        hits = mem.retrieve(question, user_id="u", task_id=task, top_k=2).hits
        assert {ids[h.node.id] for h in hits} == {holiday}


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


# Lunar days (and every day that moves) come from the ``holidays`` package's calendars.
@pytest.mark.parametrize(
    ("english", "chinese", "now", "day"),
    [
        # 春节 is its first day, whatever the year's lunar calendar makes it.
        ("What did I do on Chinese New Year?", "春节那天我做了什么？", NOW, date(2024, 2, 10)),
        (
            "What did I do on Chinese New Year?",
            "春节那天我做了什么？",
            datetime(2025, 4, 15, tzinfo=UTC),
            date(2025, 1, 29),
        ),
        # 除夕, the eve, both in a year China keeps it as a holiday (2025) and one it does not.
        (
            "What did we eat on Chinese New Year's Eve?",
            "除夕那天我们吃了什么？",
            NOW,
            date(2024, 2, 9),
        ),
        (
            "What did we eat on Chinese New Year's Eve?",
            "除夕我们吃了什么？",
            datetime(2025, 4, 15, tzinfo=UTC),
            date(2025, 1, 28),
        ),
        (
            "What did we do on the Mid-Autumn Festival?",
            "中秋节那天我们做了什么？",
            datetime(2024, 10, 15, tzinfo=UTC),
            date(2024, 9, 17),
        ),
        ("What did we do on Mid-Autumn?", "中秋节我们吃了什么？", NOW, date(2023, 9, 29)),
        (
            "What did I do on the Dragon Boat Festival?",
            "端午节那天我做了什么？",
            NOW,
            date(2023, 6, 22),
        ),
        ("Where did we go on Qingming?", "清明节我们去了哪里？", NOW, date(2024, 4, 4)),
        # A moving day of the United States' calendar, asked in another year.
        (
            "What did we cook on Thanksgiving?",
            "感恩节那天我们做了什么菜？",
            datetime(2025, 4, 15, tzinfo=UTC),
            date(2024, 11, 28),
        ),
    ],
)
def test_a_lunar_day_is_that_years_day_in_both_languages(
    english: str, chinese: str, now: datetime, day: date
) -> None:
    assert _day(english, now) == day
    assert _day(chinese, now) == day


def test_a_lunar_day_of_an_earlier_year() -> None:
    assert _day("去年春节我做了什么？", datetime(2025, 4, 15, tzinfo=UTC)) == date(2024, 2, 10)
    assert _day("what did I do last year's Chinese New Year?", NOW) == date(2023, 1, 22)
    assert _day("2023年的中秋节我们吃了什么？", NOW) == date(2023, 9, 29)


@pytest.mark.parametrize(
    "query",
    [
        "我每年春节一般做什么？",
        "春节期间我去了哪里？",
        "春节前我买了什么？",
        "我买了什么中秋月饼？",
        "What do we usually eat at Chinese New Year?",
        "What did I buy for the Mid-Autumn Festival?",
    ],
)
def test_a_lunar_day_as_a_topic_or_a_season_names_no_day(query: str) -> None:
    assert find_window(query, NOW) is None


def test_an_age_is_no_new_years_eve() -> None:
    # 年三十 is 除夕 only as 大年三十: 今年三十岁 is an age (今年 itself is dateparser's year).
    assert named_day("我今年三十岁了，该做什么？", NOW) is None
    assert named_day("大年三十我们吃了什么？", NOW) is not None


@pytest.mark.parametrize(
    "query",
    ["五一那天我们聊了什么？", "五一那天小周去哪了？", "五一我去了哪里？", "去年五一我干嘛了？"],
)
def test_may_day_by_its_everyday_name_is_that_day(query: str) -> None:
    # 五一 alone named no day (probing blind x14, blind5 c11, blind6 r2), as 国庆 does
    # 1 May 2024 is ahead of NOW: the latest one, 2023's; 去年 is the year before NOW's
    assert _day(query) == date(2023, 5, 1)


@pytest.mark.parametrize(
    "query",
    [
        "五一假期我去了哪里？",
        "五一前我买了什么？",
        "我住在五一路",
        "十五一共多少钱？",
        "五一班的老师",
    ],
)
def test_may_day_as_a_season_a_street_or_a_number_names_no_day(query: str) -> None:
    assert find_window(query, NOW) is None
