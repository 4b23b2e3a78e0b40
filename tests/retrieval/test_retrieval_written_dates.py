"""Date forms the readers missed, read as the days they name (issue 38, probing24).

Written dates ("the 26th of last month", 上个月26号, 10.15, 2026-10-15), a Chinese holiday's
break (国庆那几天: 1-7 October by the state's calendar), chat English ("on Sat", "a couple of
days ago", "three weeks back") and 半个月前. Each named no window, or a wrong one
(上个月26号 the whole month, 国庆那几天 only 1 October, "from the 2nd" February); forms
that are no date ("10.15元", "I sat down", 国庆节假期 as a topic) still name none."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.retrieval.timeexpr import find_window
from tests.companion_chats import U, tell_days

NOW = datetime(2026, 11, 19, 20, 0, tzinfo=UTC)  # a Thursday


def _days(query: str, now: datetime = NOW) -> tuple[date, date]:
    """The window's first and last day."""
    window = find_window(query, now)
    assert window is not None, query
    return window.start.date(), (window.end - timedelta(microseconds=1)).date()


@pytest.mark.parametrize(
    ("query", "first", "last"),
    [
        ("on the 26th of last month, what did I tell you about the job?", "2026-10-26", None),
        ("what did I say on the 3rd of this month?", "2026-11-03", None),
        ("上个月26号我跟你说了啥？", "2026-10-26", None),
        ("上月3号我说了什么", "2026-10-03", None),
        ("这个月五号我们聊了啥", "2026-11-05", None),
        ("10.15 我们聊了啥", "2026-10-15", None),
        ("10/15那天聊了啥", "2026-10-15", None),
        ("在11.5那天你说了啥", "2026-11-05", None),
        ("2025.12.24 我说了啥", "2025-12-24", None),
        ("2026-10-15聊了什么", "2026-10-15", None),
        ("12.24 我们聊了啥", "2025-12-24", None),  # no year: the latest not after now
        ("国庆那几天，我跟你讲相亲的事是咋说的？", "2026-10-01", "2026-10-07"),
        ("国庆放假那几天聊了啥", "2026-10-01", "2026-10-07"),
        ("十一那几天我说了啥", "2026-10-01", "2026-10-07"),
        ("春节那几天我说了啥", "2026-02-15", "2026-02-23"),  # the Saturday before is worked
        ("去年国庆那几天我说了啥", "2025-10-01", "2025-10-08"),  # 2025: with 中秋, eight days
        ("what did I say on Sat?", "2026-11-14", None),
        ("what did I tell you on Tues?", "2026-11-17", None),
        ("what did I tell you a couple of days ago?", "2026-11-17", None),
        ("what did I say a couple of weeks ago?", "2026-11-02", "2026-11-08"),
        ("what did I say three weeks back?", "2026-10-24", "2026-11-03"),
        ("半个月前我说了啥", "2026-11-01", "2026-11-07"),
    ],
)
def test_the_form_names_its_days(query: str, first: str, last: str | None) -> None:
    assert _days(query) == (date.fromisoformat(first), date.fromisoformat(last or first))


@pytest.mark.parametrize(
    "query",
    [
        "那个10.15元的套餐是啥",
        "我给那家店评了3.5分吗",
        "版本3.5 我说过啥",
        "what did I say when I sat down with Tom?",
        "what did I tell you about the sun?",
        "what did I tell you from the 2nd to the 5th?",  # not February
        "国庆节假期我去了哪里？",  # the vacation as a topic (.named_days)
        "国庆期间我去了哪里？",  # a season, as named_days reads it
        "每年国庆那几天我都干嘛",  # a habit
        "二十一那几天我说了啥",  # a number, not 十一
    ],
)
def test_what_is_no_date_names_no_window(query: str) -> None:
    assert find_window(query, NOW) is None


START = datetime(2026, 9, 20, 21, 0, tzinfo=UTC)


def _first_days(hits: list, n: int) -> set[date]:
    """The days of the first ``n`` user turns the hits cite (message ids ``d{day}-{i}``; a turn
    is stored as its message and the statement read from it, so a turn may be cited twice)."""
    cited = list(dict.fromkeys(m for h in hits for m in h.node.source_ids if m.startswith("d")))
    return {(START + timedelta(days=int(m[1:].split("-")[0]))).date() for m in cited[:n]}


def test_a_written_date_and_a_break_bring_their_days_chats(tmp_path) -> None:
    # The other days' chats share the questions' words (聊, 说); the asked days' do not. Days
    # two before and after the break and 10.15 hold chats too.
    clock = FakeClock(START)
    filler = [("user", "今天跟同事聊了聊天，说了好多话。")]
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        days = [(d, filler) for d in (5, 9, 19, 23, 27)]  # 9-25, 9-29, 10-9, 10-13, 10-17
        days += [
            (13, [("user", "妈妈给我安排的相亲对象是个小学老师。")]),  # 10-3
            (17, [("user", "回杭州的高铁上站了一个小时。")]),  # 10-7
            (25, [("user", "第一节游泳课呛了好几口水。"), ("user", "回来又改了一晚上作品集。")]),
        ]
        task = tell_days(mem, clock, START, sorted(days))
        clock.set(NOW)

        hits = mem.retrieve("10.15 我们聊了啥", user_id=U, task_id=task, top_k=6).hits
        assert _first_days(hits, 2) == {date(2026, 10, 15)}

        hits = mem.retrieve("国庆那几天我跟你说了啥？", user_id=U, task_id=task, top_k=6).hits
        assert _first_days(hits, 2) == {date(2026, 10, 3), date(2026, 10, 7)}
