"""Day questions (issue 38): a question naming a day or a weekend gets that day's memories
first, in English and Chinese, however well other days match the rest of the question."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.retrieval.timeexpr import find_window

WEDNESDAY = datetime(2023, 5, 10, 12, 0, tzinfo=UTC)
SUNDAY = datetime(2023, 5, 14, 12, 0, tzinfo=UTC)
SATURDAY = datetime(2023, 5, 6, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("query", "now", "first", "days"),
    [
        ("what did we talk about last weekend?", WEDNESDAY, date(2023, 5, 6), 2),
        ("what did we talk about last weekend?", SUNDAY, date(2023, 5, 6), 2),
        ("what did we talk about last weekend?", SATURDAY, date(2023, 4, 29), 2),
        ("what did you do this weekend?", SUNDAY, date(2023, 5, 13), 2),
        ("the weekend before last", WEDNESDAY, date(2023, 4, 29), 2),
        ("上周末我们聊了什么？", WEDNESDAY, date(2023, 5, 6), 2),
        ("上个周末去哪儿了", SUNDAY, date(2023, 5, 6), 2),
        ("上上周末", WEDNESDAY, date(2023, 4, 29), 2),
        ("这周末做了什么", SUNDAY, date(2023, 5, 13), 2),
        ("4月27日那天我说了什么", WEDNESDAY, date(2023, 4, 27), 1),
        ("on May 4th, what did I tell you about Bruno?", WEDNESDAY, date(2023, 5, 4), 1),
    ],
)
def test_weekends_and_days_name_their_window(query, now, first, days):
    window = find_window(query, now)
    assert window is not None
    assert window.start == datetime.combine(first, datetime.min.time(), tzinfo=UTC)
    assert window.end - window.start == timedelta(days=days)


@pytest.mark.parametrize(
    "query",
    [
        "这周末做什么",  # asked on a Wednesday: a plan
        "what are you doing this weekend?",
        "我周末一般做什么？",  # a habit
        "I work on weekends",
        "I'm hiking over the weekend",  # as often a plan as a memory
    ],
)
def test_a_coming_weekend_or_a_habit_names_no_window(query):
    assert find_window(query, WEDNESDAY) is None


# -- a chat history over several days ---------------------------------------------------------
TOPIC_EN = {
    date(2023, 4, 27): "I took Bruno to the vet, he has an ear infection.",
    date(2023, 5, 2): "Bruno's ear is better now, the vet was happy.",
    date(2023, 5, 4): "Bruno ate my sock and we went back to the vet.",
    date(2023, 5, 6): "Bruno slept all day after the long walk.",
    date(2023, 5, 7): "Bruno chased a squirrel in the park.",
    date(2023, 5, 9): "Bruno has a new toy from the vet.",
}
TOPIC_ZH = {
    date(2023, 4, 27): "我带豆豆去看兽医，它耳朵发炎了。",
    date(2023, 5, 2): "豆豆的耳朵好多了，兽医很满意。",
    date(2023, 5, 4): "豆豆吃了我的袜子，我们又去了兽医那里。",
    date(2023, 5, 6): "豆豆散步回来睡了一整天。",
    date(2023, 5, 7): "豆豆在公园里追松鼠。",
    date(2023, 5, 9): "兽医送了豆豆一个新玩具。",
}
OTHER_EN = [
    "The weather was grey and cold.",
    "I had noodles for lunch at the office.",
    "My manager moved the deadline again.",
    "I listened to a podcast about history.",
    "I called my sister about her wedding.",
    "I cooked a mushroom risotto for dinner.",
]
OTHER_ZH = [
    "今天天气阴沉，有点冷。",
    "午饭在公司吃了面条。",
    "经理又把截止日期提前了。",
    "回家路上听了一个历史播客。",
    "给姐姐打电话聊她的婚礼。",
    "晚饭做了蘑菇烩饭。",
]


@dataclass(frozen=True)
class History:
    mem: HybridMemory
    task: str
    day_of: dict[str, date]
    topic: dict[tuple[str, date], str]


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Iterator[History]:
    """Six days of chats in English and in Chinese (one session a day each), the dog in every
    day's chat, and many turns a day: more than the window's candidates used to hold."""
    clock = FakeClock(datetime(2023, 4, 1, tzinfo=UTC))
    path = tmp_path_factory.mktemp("history") / "m"
    with HybridMemory(path, embedder=HashEmbedder(128), clock=clock) as mem:
        task = mem.add("Chats with my companion", node_type="task", user_id="u")
        day_of: dict[str, date] = {}
        topic: dict[tuple[str, date], str] = {}
        for lang, topics, other in (("en", TOPIC_EN, OTHER_EN), ("zh", TOPIC_ZH, OTHER_ZH)):
            for day, line in topics.items():
                at = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=9)
                session = mem.add(
                    f"chat {day.isoformat()} {lang}",
                    node_type="session",
                    parent_id=task.id,
                    user_id="u",
                    created_at=at,
                )
                turns = [f"{other[i % len(other)]} ({day:%d %b}, {i})" for i in range(30)]
                turns.insert(17, line)  # late in the day: past the first candidates
                for i, text in enumerate(turns):
                    node = mem.add(
                        text,
                        parent_id=session.id,
                        user_id="u",
                        created_at=at + timedelta(minutes=3 * i),
                    )
                    day_of[node.id] = day
                    if text == line:
                        topic[(lang, day)] = node.id
        clock.set(WEDNESDAY)
        yield History(mem, task.id, day_of, topic)


def _days(h: History, query: str) -> list[date]:
    """The days of the hits in rank order (turns only, not the session nodes)."""
    res = h.mem.retrieve(
        query, user_id="u", task_id=h.task, top_k=200, token_budget=4000, record_access=False
    )
    return [h.day_of[hit.node.id] for hit in res.hits if hit.node.id in h.day_of]


def _first_hit(h: History, query: str) -> str:
    res = h.mem.retrieve(query, user_id="u", task_id=h.task, top_k=5, record_access=False)
    return next(hit.node.id for hit in res.hits if hit.node.id in h.day_of)


@pytest.mark.parametrize(
    ("lang", "query", "day"),
    [
        ("en", "On May 4th, what did I tell you about Bruno and the vet?", date(2023, 5, 4)),
        ("en", "what did I tell you about Bruno on 2 May 2023?", date(2023, 5, 2)),
        ("zh", "5月4号我跟你说豆豆和兽医怎么了？", date(2023, 5, 4)),
        ("zh", "4月27日那天我说豆豆怎么了？", date(2023, 4, 27)),
    ],
)
def test_on_a_day_what_did_i_tell_you_about_x(history: History, lang, query, day):
    """The day's turn on the topic first, above the other days' turns on the same topic (which
    match the rest of the question as well), and every turn of that day retrieved, also those
    past the 50 earliest (the window's candidates were capped at 50, earliest first: a day of
    62 turns lost its evening)."""
    assert _first_hit(history, query) == history.topic[(lang, day)]
    days = _days(history, query)
    assert days.count(day) == list(history.day_of.values()).count(day)
    others = [history.topic[(lang, d)] for d in TOPIC_EN if d != day]
    ranked = _ranked(history, query)
    assert all(ranked.index(history.topic[(lang, day)]) < ranked.index(o) for o in others)


@pytest.mark.parametrize("query", ["what did we talk about last weekend?", "上周末我们聊了什么？"])
def test_last_weekend_gets_both_of_its_days(history: History, query):
    """Both days of the weekend (124 turns: more than the 50 the window used to hold), the
    first hits from it."""
    weekend = {date(2023, 5, 6), date(2023, 5, 7)}
    days = _days(history, query)
    assert sum(d in weekend for d in days) == sum(d in weekend for d in history.day_of.values())
    assert set(days[:10]) <= weekend


def _ranked(h: History, query: str) -> list[str]:
    res = h.mem.retrieve(
        query, user_id="u", task_id=h.task, top_k=200, token_budget=4000, record_access=False
    )
    return [hit.node.id for hit in res.hits]
