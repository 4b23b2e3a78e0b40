"""A day named by its number alone ("on the 8th", "4号那天") is that day of the month (issue 38).

dateparser read "on the 3rd" as March and "on the 12th" as last December, and "my 3rd time" as
March too; 4号那天 (no 月) named nothing. A number after today's is last month's day, unless the
question looks ahead ("what will happen on the 28th?"): then no window, as before."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.retrieval.timeexpr import find_window

NOW = datetime(2025, 10, 27, 20, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("query", "day"),
    [
        ("what did we talk about on the 8th?", date(2025, 10, 8)),
        ("on the 3rd, what did I tell you about Jess?", date(2025, 10, 3)),
        ("on the 7th what did I say about guitar?", date(2025, 10, 7)),
        ("what did we talk about on the 12th?", date(2025, 10, 12)),
        ("what did we talk about on the 27th?", date(2025, 10, 27)),
        ("what did we talk about on the 28th?", date(2025, 9, 28)),  # not yet this month
        ("what did I tell you on the 31st?", date(2025, 8, 31)),  # September has no 31st
        ("28号我们聊了啥", date(2025, 9, 28)),
        ("4号那天我们聊了什么？", date(2025, 10, 4)),
        ("9号我跟你说小刘怎么了？", date(2025, 10, 9)),
        ("十二号那天我说了啥", date(2025, 10, 12)),
    ],
)
def test_a_day_named_by_its_number_is_the_latest_such_day(query: str, day: date) -> None:
    window = find_window(query, NOW)
    assert window is not None, query
    assert (window.start.date(), window.end.date()) == (day, day + timedelta(days=1))


@pytest.mark.parametrize(
    ("query", "day"),
    [
        ("what did I say on the 3rd of October?", date(2025, 10, 3)),
        ("what did I say on October 3rd?", date(2025, 10, 3)),
        ("5月4号我们聊了什么？", date(2025, 5, 4)),
    ],
)
def test_a_full_date_is_read_as_before(query: str, day: date) -> None:
    window = find_window(query, NOW)
    assert window is not None
    assert window.start.date() == day


@pytest.mark.parametrize(
    "query",
    [
        "my 3rd time swimming, remember?",
        "how long ago was Caroline's 18th birthday?",
        "the 1st time I went climbing",
        "I live on the 3rd floor",
        "坐3号线去公司要多久？",
        "what will happen on the 28th?",  # a day to come this month: no memory of it
        "what am I going to do on the 30th?",
        "28号要干嘛？",
        "what did I tell you on the 0th?",
    ],
)
def test_an_ordinal_that_is_no_day_names_no_window(query: str) -> None:
    assert find_window(query, NOW) is None


def test_the_days_chats_come_first(tmp_path) -> None:
    clock = FakeClock(datetime(2025, 9, 1, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        asked: set[str] = set()
        for offset in range(40):
            day = date(2025, 9, 15) + timedelta(days=offset)
            if day >= NOW.date():
                break
            at = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=20)
            clock.set(at)
            for i, line in enumerate(("the bus was late", "I cooked dinner")):
                node = mem.add(
                    f"{line}, day {offset}", user_id="u", created_at=at + timedelta(minutes=i)
                )
                if day == date(2025, 10, 8):
                    asked.add(node.id)
        clock.set(NOW)
        for query in ("what did we talk about on the 8th?", "8号那天我们聊了什么？"):
            hits = mem.retrieve(query, user_id="u", top_k=2).hits
            assert {h.node.id for h in hits} == asked, query
