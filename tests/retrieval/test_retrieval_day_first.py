"""A question about a day gets every memory of that day first (issue 38), in English and
Chinese, however well another day's memories match its other words ("talk", 聊); its other
words order the day's memories among themselves; a month keeps the configured weight."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.models import TimeWindow
from hybridmem.retrieval.days import asks_days, day_weight
from hybridmem.retrieval.timeexpr import find_window

NOW = datetime(2023, 5, 15, 12, 0, tzinfo=UTC)  # a Monday
DAYS = [date(2023, 5, 2), date(2023, 5, 4), date(2023, 5, 9), date(2023, 5, 12)]
ASKED = date(2023, 5, 4)

# Every other day's chat is about talking; the asked day's says nothing of it.
TALK = {
    "en": ["We talked about the project.", "I talked to my neighbour.", "Let's talk later."],
    "zh": ["我们聊了项目的事。", "跟邻居聊了聊天。", "我们回头再聊。"],
}
DAY = {
    "en": ["I planted tomatoes.", "The train was late.", "I cooked risotto for dinner."],
    "zh": ["今天种了番茄。", "火车晚点了。", "晚饭做了烩饭。"],
}


@dataclass(frozen=True)
class Chats:
    mem: HybridMemory
    task: str
    day_of: dict[str, date]
    text: dict[str, str]


@pytest.fixture(scope="module")
def chats(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chats]:
    clock = FakeClock(datetime(2023, 4, 1, tzinfo=UTC))
    path = tmp_path_factory.mktemp("days") / "m"
    with HybridMemory(path, embedder=HashEmbedder(128), clock=clock) as mem:
        task = mem.add("Chats with my companion", node_type="task", user_id="u")
        day_of: dict[str, date] = {}
        text: dict[str, str] = {}
        for day in DAYS:
            at = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=9)
            clock.set(at)
            for lang in ("en", "zh"):
                session = mem.add(
                    f"chat {lang}", node_type="session", parent_id=task.id, user_id="u"
                )
                lines = DAY[lang] if day == ASKED else TALK[lang]
                for i, line in enumerate(lines):
                    node = mem.add(
                        f"{line} ({day:%b%d})" if day != ASKED else line,
                        parent_id=session.id,
                        user_id="u",
                        created_at=at + timedelta(minutes=20 * i),
                    )
                    day_of[node.id] = day
                    text[node.id] = line
        clock.set(NOW)
        yield Chats(mem, task.id, day_of, text)


def _turns(c: Chats, query: str) -> list[str]:
    res = c.mem.retrieve(query, user_id="u", task_id=c.task, top_k=50, record_access=False)
    for hit in res.hits:  # explain() still adds up to the score
        assert sum(hit.breakdown.parts.values()) == pytest.approx(hit.score)
    return [h.node.id for h in res.hits if h.node.id in c.day_of]


@pytest.mark.parametrize(
    "query",
    [
        "What did we talk about on May 4th?",
        "what did we talk about on 4 May?",
        "我们5月4号聊了什么？",
        "5月4号我们聊了什么？",
        "what did we talk about on 5月4号",
    ],
)
def test_the_day_comes_before_other_days_matching_the_questions_words(chats: Chats, query):
    """All six of the day's turns (both languages) first, though every turn of the other days
    matches "talk" / 聊 and none of the day's does."""
    got = _turns(chats, query)
    day = sum(d == ASKED for d in chats.day_of.values())
    assert [chats.day_of[i] for i in got[:day]] == [ASKED] * day


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("On May 4th, what did I say about the tomatoes?", "I planted tomatoes."),
        ("5月4号我说番茄怎么了？", "今天种了番茄。"),
        ("last Thursday, was the train late?", "The train was late."),
    ],
)
def test_the_questions_other_words_order_the_day(chats: Chats, query, first):
    got = _turns(chats, query)
    assert chats.text[got[0]] == first


def test_a_relative_day_with_the_clock_injected(chats: Chats):
    """ "上个星期二" asked on Monday 15 May is 9 May: its turns first."""
    got = _turns(chats, "上个星期二我们聊了什么？")
    assert [chats.day_of[i] for i in got[:6]] == [date(2023, 5, 9)] * 6


def test_only_a_question_about_days_weighs_time_so():
    day = TimeWindow("May 4th", datetime(2023, 5, 4, tzinfo=UTC), datetime(2023, 5, 5, tzinfo=UTC))
    week = TimeWindow(
        "last week", datetime(2023, 5, 8, tzinfo=UTC), datetime(2023, 5, 15, tzinfo=UTC)
    )
    month = TimeWindow("in May", datetime(2023, 5, 1, tzinfo=UTC), datetime(2023, 6, 1, tzinfo=UTC))
    assert asks_days(day, True) and asks_days(week, True)
    assert not asks_days(month, True)  # a month: more often when it happened than when told
    assert not asks_days(day, False)  # a passage that only mentions the day
    assert not asks_days(None, True)
    assert day_weight(2.0, 5.7) == 5.7 and day_weight(2.0, 1.0) == 2.0
    assert day_weight(0.0, 5.7) == 0.0  # time turned off stays off


@pytest.mark.parametrize(
    ("query", "first", "last"),
    [
        ("what did we talk about between May 12 and May 14?", date(2023, 5, 12), date(2023, 5, 14)),
        ("Remind me what I told you from May 2 to May 4.", date(2023, 5, 2), date(2023, 5, 4)),
        ("what happened May 2-4?", date(2023, 5, 2), date(2023, 5, 4)),
        ("from 2 May to 4 May", date(2023, 5, 2), date(2023, 5, 4)),
        ("the 2nd to the 4th of May", date(2023, 5, 2), date(2023, 5, 4)),
        ("between 2023-05-02 and 2023-05-04", date(2023, 5, 2), date(2023, 5, 4)),
        # the article before the first day and the ordinal before "and" (blind9 d5)
        ("between the 2nd and the 4th of May, what did I say?", date(2023, 5, 2), date(2023, 5, 4)),
        ("between the 1st and 20th of April", date(2023, 4, 1), date(2023, 4, 20)),
        ("Dec 30 to Jan 2", date(2022, 12, 30), date(2023, 1, 2)),
        ("5月12号到5月14号我们都聊了些什么？", date(2023, 5, 12), date(2023, 5, 14)),
        ("5月2日至4日我跟你说过什么？", date(2023, 5, 2), date(2023, 5, 4)),
        ("从五月二号到四号", date(2023, 5, 2), date(2023, 5, 4)),
        ("五月三十到六月二号", date(2022, 5, 30), date(2022, 6, 2)),  # June 2023 is ahead
    ],
)
def test_a_range_of_days_is_one_window(query, first, last):
    window = find_window(query, NOW)
    assert window is not None
    assert window.start == datetime.combine(first, datetime.min.time(), tzinfo=UTC)
    assert window.end == datetime.combine(last, datetime.min.time(), tzinfo=UTC) + timedelta(days=1)


@pytest.mark.parametrize(
    "query",
    [
        "May 2 and May 4, what did I say?",
        "on the 2nd and the 4th of May, what did I say?",  # two days, no "between"
        "I may 2 to 4 people invite",
        "May 4 to April 2",
        "9999-12-30 to 9999-12-31",  # its end is past the calendar
        "5月40号到5月41号",
        "Feb 30 to Mar 2",
    ],
)
def test_not_a_range(query):
    """Two days are not the days between them; the verb "may" is no month; a range ending
    before it starts names none (the first date alone, as before, or nothing)."""
    window = find_window(query, NOW)
    assert window is None or window.end - window.start == timedelta(days=1)


@pytest.mark.parametrize(
    "query",
    [
        "what did we talk about from May 2 to May 4?",
        # the article and an ordinal before "and": read as the 4th alone before (blind9 d5)
        "between the 2nd and the 4th of May, what did we talk about?",
    ],
)
def test_a_range_comes_first_whole(chats: Chats, query: str):
    got = _turns(chats, query)
    span = {date(2023, 5, 2), date(2023, 5, 4)}
    n = sum(d in span for d in chats.day_of.values())
    assert {chats.day_of[i] for i in got[:n]} == span


def test_a_range_at_the_calendars_start_is_read_without_error():
    window = find_window("0001-01-01 to 0001-01-02", NOW)
    assert window is not None and window.end - window.start == timedelta(days=2)
