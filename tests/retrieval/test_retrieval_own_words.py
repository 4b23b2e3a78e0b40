"""A question about what the user said gets the user's turns first (issue 38, probing questions).

A companion's replies repeat the user's subject at length, in the question's words ("The
marathon is a great goal! Marathon plans…"); asked "what did I tell you about the marathon?",
the user's own turns (which say "the Edinburgh one in May", "my calves") must hold the first
places, the replies after them. A question about both speakers ("what did we talk about?") or
about the subject itself keeps the replies where the score puts them. A session's bare node
(its title only) takes no first place. Real SQLite and Chroma in tmp_path, the e5 model, the
clock injected; English and Chinese.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder
from hybridmem.retrieval.own_words import asks_own_words
from tests.companion_chats import U, tell_days

START = datetime(2025, 9, 1, 19, 0, tzinfo=UTC)

Sessions = list[tuple[int, list[tuple[str, str]]]]
"""(day after START, [(role, text), ...]) per session."""

EN: Sessions = [
    (
        0,
        [
            ("user", "I signed up for the Edinburgh one in May, my mate dared me"),
            (
                "assistant",
                "A marathon is a great goal! Most marathon plans start about sixteen weeks "
                "before the marathon, and marathon runners build their long run slowly.",
            ),
            ("user", "we'll see, I haven't run since school"),
            (
                "assistant",
                "Plenty of first-time marathon runners start from nothing. Marathon training "
                "is about patience: easy runs, one long run a week and rest.",
            ),
        ],
    ),
    (
        4,
        [
            ("user", "my calves are killing me after Sunday, had to walk the last mile home"),
            (
                "assistant",
                "Sore calves are common in marathon training. Stretch, rest, and don't "
                "increase your marathon mileage too fast.",
            ),
        ],
    ),
    (
        6,
        [
            ("user", "my sister's coming up next weekend with the kids"),
            ("assistant", "Lovely, have a good time with your sister."),
        ],
    ),
]
ZH: Sessions = [
    (
        0,
        [
            ("user", "我报名了明年四月的无锡那场，朋友激我的"),
            (
                "assistant",
                "跑马拉松是个很棒的目标！马拉松训练一般提前四个月开始，马拉松跑者要慢慢增加长距离跑。",
            ),
            ("user", "走着瞧吧，我上学以后就没跑过步"),
            (
                "assistant",
                "很多第一次跑马拉松的人都是零基础。马拉松训练讲究耐心：轻松跑、每周一次长距离、好好休息。",
            ),
        ],
    ),
    (
        4,
        [
            ("user", "周日跑完小腿疼死了，最后一公里是走回家的"),
            (
                "assistant",
                "马拉松训练中小腿酸痛很常见，多拉伸、多休息，马拉松跑量不要加得太快。",
            ),
        ],
    ),
    (
        6,
        [
            ("user", "下周末我姐带孩子来玩"),
            ("assistant", "真好，跟姐姐好好聚聚。"),
        ],
    ),
]
USER_TURNS = {"d0-0", "d0-2", "d4-0"}
"""The user's turns on the subject (the others are the companion's, and the sister)."""


@dataclass(frozen=True)
class Chat:
    mem: HybridMemory
    task: str
    lang: str


@pytest.fixture(params=["en", "zh"])
def chat(request: pytest.FixtureRequest, tmp_path: Path, e5: Embedder) -> Iterator[Chat]:
    sessions = EN if request.param == "en" else ZH
    clock = FakeClock(START)
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        task_id = tell_days(mem, clock, START, sessions)
        clock.set(START + timedelta(days=8))
        yield Chat(mem, task_id, request.param)


def _first(c: Chat, query: str, k: int) -> list[tuple[str, str]]:
    """The first ``k`` hits as (node type, cited message id)."""
    res = c.mem.retrieve(query, user_id=U, task_id=c.task, top_k=k, record_access=False)
    return [(h.node.node_type, next(iter(h.node.source_ids), "")) for h in res.hits]


ASK_OWN = {"en": "what did I tell you about the marathon?", "zh": "我跟你说过马拉松什么？"}
ASK_BOTH = {"en": "what did we talk about the marathon?", "zh": "我们聊过马拉松什么？"}


def test_the_users_own_turns_come_before_the_replies(chat: Chat):
    first = [mid for _, mid in _first(chat, ASK_OWN[chat.lang], 3)]
    assert set(first) == USER_TURNS, first


def test_a_question_about_both_speakers_keeps_the_replies(chat: Chat):
    first = [mid for _, mid in _first(chat, ASK_BOTH[chat.lang], 3)]
    assert set(first) - USER_TURNS, first  # a reply still among the first three


def test_a_days_bare_session_node_takes_no_first_place(chat: Chat):
    query = {"en": "on the 5th of September, what did I say?", "zh": "9月5号我跟你说了什么？"}
    first = _first(chat, query[chat.lang], 2)
    assert [mid for _, mid in first][:1] == ["d4-0"], first
    assert "session" not in {kind for kind, _ in first}, first


@pytest.mark.parametrize(
    "query",
    [
        "what did I tell you about the allotment?",
        "on 21 June, what did I say about Sam?",
        "what was I going on about yesterday?",
        "did I mention my knee?",
        "6月25号那天我跟你说我弟什么了？",
        "6月份我跟你聊过猫的什么事？",
        "我之前说过想去哪儿玩？",
    ],
)
def test_questions_about_the_users_words(query: str):
    assert asks_own_words(query)


@pytest.mark.parametrize(
    "query",
    [
        "what did we talk about last weekend?",
        "where do I work now?",
        "what did the doctor tell me?",
        "上周末我们聊了啥？",
        "医生跟我说了什么？",
    ],
)
def test_other_questions_are_not_about_the_users_words(query: str):
    assert not asks_own_words(query)


ASKED: Sessions = [
    (
        0,
        [
            ("user", "hi, first time using this"),
            ("assistant", "Welcome! What do you do for work, and do you enjoy your job?"),
            ("user", "I fix lifts for Otis, mostly in office blocks"),
            ("assistant", "Interesting! Is it a physical job? Do you like the work?"),
            ("user", "yeah, lots of ladders"),
        ],
    ),
    (2, [("user", "my sister's coming up next weekend with the kids")]),
]


def test_the_users_answer_to_a_companion_question_comes_first(tmp_path: Path, e5: Embedder):
    clock = FakeClock(START)
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        task_id = tell_days(mem, clock, START, ASKED)
        clock.set(START + timedelta(days=4))
        first = _first(Chat(mem, task_id, "en"), "what did I tell you about my job?", 2)
    assert first[0][1] == "d0-2", first
