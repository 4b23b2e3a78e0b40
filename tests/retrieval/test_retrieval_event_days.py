"""Days named by the user's own event ("the day before my driving test", 表姐结婚前一天): the
phrase read, the event's day found in the store (the day its memory names, else its own day),
the window placed (issue 38, day25)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.config import MemoryConfig, RetrievalConfig
from hybridmem.retrieval.event_days import event_person, event_phrase, named_day
from hybridmem.retrieval.timeexpr import find_window
from tests.companion_chats import U, tell_days

START = datetime(2026, 10, 1, 20, 0, tzinfo=UTC)  # a Thursday
NOW = datetime(2026, 11, 26, 21, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("query", "event", "relation"),
    [
        ("what did I tell you the night before Declan's wedding?", "Declan's wedding", "before"),
        ("what did we talk about the day before my driving test?", "my driving test", "before"),
        ("the day after I passed my test, what did I say?", "I passed my test", "after"),
        ("what did I say the day I had my tooth out?", "I had my tooth out", "day"),
        ("what did we talk about the weekend I moved?", "I moved", "weekend"),
        ("the week after the wedding, what did I say?", "the wedding", "week_after"),
        ("since I started the new job, what have I told you?", "I started the new job", "since"),
        ("面试前一天我跟你说了些什么？", "面试", "before"),
        ("婚礼第二天我跟你说年糕咋了？", "婚礼", "after"),
        ("年会那天我跟你说了什么", "年会", "day"),
        ("搬家那个周末我们聊了啥？", "搬家", "weekend"),
        ("我学太极以来都跟你说过哪些事？", "我学太极", "since"),
    ],
)
def test_the_phrase_names_its_event(query: str, event: str, relation: str) -> None:
    phrase = event_phrase(query)
    assert phrase is not None and (phrase.event, phrase.relation) == (event, relation)


@pytest.mark.parametrize(
    "query",
    [
        "what did I say the day before yesterday?",  # the calendar's
        "the day after tomorrow, what's on?",
        "I had a great day at the beach",
        "what was the day like",
        "我跟你说过那天的事吗",  # the question's frame, spoken to the companion
        "昨天那天我说了啥",
    ],
)
def test_what_no_event_names_is_none(query: str) -> None:
    assert event_phrase(query) is None


@pytest.mark.parametrize(
    ("text", "said", "day"),
    [
        ("driving test is booked for 10 November", datetime(2026, 10, 27, 21), date(2026, 11, 10)),
        ("my brother gets married on the 17th", datetime(2026, 10, 8, 20), date(2026, 10, 17)),
        ("interview is this Thursday", datetime(2026, 10, 19, 21), date(2026, 10, 22)),
        ("明天就面试了，紧张得睡不着", datetime(2026, 10, 19, 13), date(2026, 10, 20)),
        ("表姐打电话，说2月8号结婚", datetime(2026, 1, 19, 13), date(2026, 2, 8)),
        ("I went to the dentist yesterday", datetime(2026, 10, 22, 20), date(2026, 10, 21)),
    ],
)
def test_a_memory_names_its_events_day_nearest_to_its_time(
    text: str, said: datetime, day: date
) -> None:
    window = named_day(text, said.replace(tzinfo=UTC), UTC, find_window)
    assert window is not None and window.start.date() == day


def test_a_memory_without_a_date_names_none() -> None:
    assert named_day("interview done, the lesson went well", NOW, UTC, find_window) is None
    assert named_day("我在十月份搬过一次家", NOW, UTC, find_window) is None  # a month: no day


def _first_days(hits: list, n: int) -> set[date]:
    """The days of the first ``n`` user turns the hits cite (message ids ``d{day}-{i}``)."""
    cited = list(dict.fromkeys(m for h in hits for m in h.node.source_ids if m.startswith("d")))
    return {(START + timedelta(days=int(m[1:].split("-")[0]))).date() for m in cited[:n]}


ON = MemoryConfig(retrieval=replace(RetrievalConfig(), event_days=True))
"""The reading is off by default (measured, not shipped: docs/benchmarks.md, day25)."""


def _asked(tmp_path, days, query: str, on: bool):  # type: ignore[no-untyped-def]
    clock = FakeClock(START)
    config = ON if on else None
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock, config=config) as m:
        task = tell_days(m, clock, START, days)
        clock.set(NOW)
        return m.retrieve(query, user_id=U, task_id=task, top_k=4)


def test_the_day_before_an_event_told_ahead_brings_that_days_chat(tmp_path) -> None:
    # The plan names the test's day (10 November); the evening before says "test" nowhere,
    # and other days share the question's words.
    days = [
        (26, [("user", "my driving test is booked for 10 November at the test centre")]),
        (30, [("user", "we talked about the driving test fees at work, what a rip-off")]),
        (39, [("user", "couldn't sleep, I kept parallel parking in my head all evening")]),
        (45, [("user", "talked to my sister about her new flat for an hour")]),
    ]
    asked = "what did we talk about the day before my driving test?"
    found = _asked(tmp_path / "on", days, asked, on=True)
    assert found.time_window is not None
    assert found.time_window.start.date() == date(2026, 11, 9)
    assert _first_days(found.hits, 1) == {date(2026, 11, 9)}
    before = _asked(tmp_path / "off", days, asked, on=False)  # the default engine
    assert before.time_window is None and _first_days(before.hits, 1) != {date(2026, 11, 9)}


def test_the_day_after_a_chinese_event_told_on_its_day(tmp_path) -> None:
    days = [
        (5, [("user", "年糕最近胃口很好，每天都要吃两顿罐头。")]),
        (20, [("user", "表姐的婚礼结束了，我当伴娘累坏了。")]),  # 10-21
        (21, [("user", "年糕伤口拆线了，医生说长得很好。")]),  # 10-22
        (30, [("user", "年糕又胖了一斤，要减肥了。")]),
    ]
    asked = "婚礼第二天我跟你说年糕咋了？"
    found = _asked(tmp_path / "on", days, asked, on=True)
    assert found.time_window is not None
    assert found.time_window.start.date() == date(2026, 10, 22)
    assert _first_days(found.hits, 1) == {date(2026, 10, 22)}
    before = _asked(tmp_path / "off", days, asked, on=False)
    assert before.time_window is None and _first_days(before.hits, 1) != {date(2026, 10, 22)}


def test_an_event_not_in_the_store_names_no_day(tmp_path) -> None:
    days = [(3, [("user", "I repaired a puncture today")])]
    assert (
        _asked(tmp_path / "en", days, "what did I say the day before my wedding?", True).time_window
        is None
    )
    assert _asked(tmp_path / "zh", days, "搬家那个周末我们聊了啥？", True).time_window is None


@pytest.mark.parametrize(
    ("event", "person"),
    [
        ("I moved", "first"),
        ("I got the job at Heron", "first"),  # the subject I decides before a name later on
        ("my birthday", "first"),
        ("我搬家", "first"),
        ("我过生日", "first"),
        ("Mum's move", "other"),
        ("my brother's wedding", "other"),
        ("Declan's wedding", "other"),
        ("我爸做手术", "other"),
        ("表姐结婚", "other"),
        ("the half marathon", "none"),
        ("考科目二", "none"),
    ],
)
def test_whose_event_the_words_name(event: str, person: str) -> None:
    assert event_person(event) == person


@pytest.mark.parametrize("query", ["双11那天我们聊了什么", "618那天直播卖了多少？", "初一那天做啥"])
def test_a_number_names_a_date_never_an_event(query: str) -> None:
    assert event_phrase(query) is None


def test_someone_elses_event_in_the_same_words_is_not_mine(tmp_path) -> None:
    # "I moved": Gran's move shares the word and comes first by meaning; the user's own move,
    # told on its day, is the event.
    days = [
        (5, [("user", "also Gran's been moved to a downstairs room at the care home")]),
        (20, [("user", "moving day! the van is unloaded and the boxes are everywhere")]),
        (33, [("user", "work was quiet, I fixed three punctures")]),
    ]
    found = _asked(tmp_path / "en", days, "what did I tell you the day I moved?", on=True)
    assert found.time_window is not None
    assert found.time_window.start.date() == (START + timedelta(days=20)).date()
    zh = [
        (4, [("user", "明天阿杰生日，我订了一束花寄到他公司")]),
        (18, [("user", "今天我过生日，二十八岁了，吃了一碗长寿面")]),
        (30, [("user", "下班路上下雨了，鞋子全湿了")]),
    ]
    found = _asked(tmp_path / "zh", zh, "我过生日那天跟你说了什么？", on=True)
    assert found.time_window is not None
    assert found.time_window.start.date() == (START + timedelta(days=18)).date()


def test_my_event_is_not_someone_elses(tmp_path) -> None:
    days = [
        (3, [("user", "I'm moving to a flat in Canton on the 20th of October")]),
        (30, [("user", "Mum moves into her new flat on the 7th of November")]),
        (36, [("user", "helped her pack the kitchen tonight, she cried over the teapot")]),
    ]
    found = _asked(tmp_path, days, "what did I say the evening before Mum's move?", on=True)
    assert found.time_window is not None
    assert found.time_window.start.date() == date(2026, 11, 6)


@pytest.mark.parametrize(
    ("text", "said", "day"),
    [
        # Plans: the weekday to come (day26 read each as the one before).
        ("it's my birthday on Saturday. the big three oh", datetime(2026, 10, 1, 21), 3),
        ("I'm moving to a flat in Canton on Saturday", datetime(2026, 9, 14, 20), 19),
        ("Dad's 60th is on Saturday, we've hired a room", datetime(2026, 11, 9, 19), 14),
        ("the plumber will come round on Friday", datetime(2026, 11, 9, 19), 13),
        ("周四要去医院拔智齿，横着长的那种", datetime(2026, 11, 2, 13), 5),
        ("礼拜六我妈要来深圳住几天", datetime(2026, 11, 18, 12), 21),
        # Chat's "I've got" with the "I've" dropped: a subjectless "got" and a thing of one's own.
        (
            "got my driving theory test on Thursday, been doing the clips",
            datetime(2026, 11, 16),
            19,
        ),
        ("Got our scan on Wednesday!", datetime(2026, 11, 16, 9), 18),
        # Reports: the weekday gone, as before.
        ("I went climbing with Jo on Sunday and topped a 6a", datetime(2026, 10, 13, 20), 11),
        ("Marco has quit, walked out mid-service on Saturday", datetime(2026, 10, 6, 22), 3),
        ("周六去喝了大学室友的喜酒，份子钱随了八百", datetime(2026, 10, 13, 13), 10),
        ("got a parking ticket on Friday outside the shop", datetime(2026, 11, 16, 20), 13),
        ("I got my results on Friday, all passed", datetime(2026, 11, 16, 20), 13),
        # Neither tense in the clause: the latest weekday, as before.
        ("Mum and a family dinner on Sunday", datetime(2026, 10, 7, 19), 4),
    ],
)
def test_a_bare_weekday_is_the_next_in_a_plan_and_the_last_in_a_report(
    text: str, said: datetime, day: int
) -> None:
    window = named_day(text, said.replace(tzinfo=UTC), UTC, find_window)
    assert window is not None and window.start.date() == said.date().replace(day=day)


def test_the_day_of_a_birthday_told_ahead_by_its_weekday(tmp_path) -> None:
    # Told on Thursday 8 October as "on Saturday": the birthday is 10 October, not 3 October,
    # when the user talked of something else.
    days = [
        (2, [("user", "work was quiet, I spent the afternoon sorting the walk-in fridge")]),
        (7, [("user", "it's my birthday on Saturday, the big three oh")]),
        (9, [("user", "the lads took me to karaoke and I sang Delilah")]),
        (16, [("user", "work was mad, two chefs off sick")]),
    ]
    asked = "what did I tell you on the day of my birthday?"
    found = _asked(tmp_path / "on", days, asked, on=True)
    assert found.time_window is not None
    assert found.time_window.start.date() == date(2026, 10, 10)
    assert _first_days(found.hits, 1) == {date(2026, 10, 10)}
