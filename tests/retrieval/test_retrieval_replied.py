"""The companion's reply brings the user's turn it replies to (issue 38, probing23).

A user gives news without naming its subject ("physio says it's a pulley strain, no climbing
for six weeks"); the companion says it back with the subject's name ("A pulley strain and six
weeks off climbing just as you were getting into bouldering"). A question naming the subject
("am I still going bouldering?") finds the reply; what the user said rides in the reply's hit,
printed before it. A turn the context holds keeps its own place; a tight budget keeps every hit
it would have packed. Real SQLite and Chroma in tmp_path, the e5 model, time injected; English
and Chinese.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.config import RetrievalConfig
from hybridmem.embedding import Embedder
from hybridmem.errors import InvalidArgumentError
from hybridmem.models import Hit, RetrievalResult
from tests.companion_chats import START, Sessions, U, tell_days

EN: Sessions = [
    [
        ("user", "my mate dragged me to a climbing gym last night"),
        ("assistant", "Oh fun! How did you find it?"),
        ("user", "loved it, got up my first V2"),
        (
            "assistant",
            "Your first V2 on your first go, brilliant! Are you going back?",
        ),
    ],
    [
        ("user", "hurt my finger at the wall, heard a pop"),
        ("assistant", "A pop doesn't sound good. Have you had your finger looked at?"),
        ("user", "physio says it's a pulley strain, no climbing for six weeks"),
        (
            "assistant",
            "A pulley strain and six weeks off just as you were getting into bouldering, "
            "that's gutting. Rest will get you back on the bouldering wall quicker.",
        ),
    ],
    [("user", "booked the car in for its MOT"), ("assistant", "Good luck with the MOT.")],
    [("user", "made a curry for my sister"), ("assistant", "Lovely, what kind of curry?")],
]
ZH: Sessions = [
    [
        ("user", "同事拉我去了一家岩馆"),
        ("assistant", "好玩吗？感觉怎么样？"),
        ("user", "太好玩了，爬上了一条V2"),
        ("assistant", "第一次就爬上V2，太厉害了！还会再去吗？"),
    ],
    [
        ("user", "手指头受伤了，听到啪的一声"),
        ("assistant", "听到啪的一声可不太好，去看医生了吗？"),
        ("user", "医生说是滑车韧带拉伤，六个礼拜不能爬"),
        (
            "assistant",
            "滑车韧带拉伤，六个礼拜不能攀岩，刚爱上攀岩就要停下来，真可惜。好好休息才能早点回攀岩馆。",
        ),
    ],
    [("user", "车子约了年检"), ("assistant", "年检祝顺利。")],
    [("user", "给我姐做了一锅咖喱"), ("assistant", "真好，做的什么咖喱？")],
]
CASES = [(EN, "am I still going bouldering?"), (ZH, "我现在还去攀岩吗？")]
IDS = ["en", "zh"]
NEWS, REPLY = "d1-2", "d1-3"  # the user's news and the companion's reply naming its subject


def _ask(
    path: Path,
    e5: Embedder,
    sessions: Sessions,
    query: str,
    *,
    top_k: int,
    budget: int | None = None,
    on: bool = True,
) -> RetrievalResult:
    clock = FakeClock(START)
    config = MemoryConfig(retrieval=RetrievalConfig(join_replied_turns=on))
    with HybridMemory(path, embedder=e5, clock=clock, config=config) as mem:
        task_id = tell_days(mem, clock, START, enumerate(sessions))
        clock.set(START + timedelta(days=len(sessions) + 1))
        return mem.retrieve(
            query,
            user_id=U,
            task_id=task_id,
            top_k=top_k,
            token_budget=budget,
            record_access=False,
        )


def _cites(hit: Hit) -> set[str]:
    return {m for n in (hit.node, *hit.merged) for m in n.source_ids}


@pytest.mark.parametrize(("sessions", "query"), CASES, ids=IDS)
def test_every_reply_among_the_hits_is_read_with_what_the_user_said(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str
):
    for top_k in (2, 3, 5):
        got = _ask(tmp_path / f"m{top_k}", e5, sessions, query, top_k=top_k)
        assert len(got.hits) <= top_k
        cited = set().union(*(_cites(h) for h in got.hits))
        for hit in got.hits:
            (turn,) = hit.node.source_ids
            day, i = turn.split("-")
            if sessions[int(day[1:])][int(i)][0] == "assistant" and i != "0":
                assert f"{day}-{int(i) - 1}" in cited, (top_k, turn, got.hits)
        if REPLY in cited:
            (pair,) = [h for h in got.hits if REPLY in _cites(h)]
            assert NEWS in _cites(pair) or NEWS in cited
            news = sessions[1][2][1]
            assert news in got.context  # the reader is shown what the user said
            if NEWS in _cites(pair) and pair.node.source_ids == (REPLY,):
                assert pair.node.content.index(news) < pair.node.content.index(sessions[1][3][1])


@pytest.mark.parametrize(("sessions", "query"), CASES, ids=IDS)
def test_the_users_news_comes_back_only_through_the_reply(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str
):
    # The situation the step is for: the reply among the first hits, the news not.
    before = _ask(tmp_path / "off", e5, sessions, query, top_k=1, on=False)
    off = [h.node.source_ids for h in before.hits]
    assert (REPLY,) in off and (NEWS,) not in off, off
    got = _ask(tmp_path / "m", e5, sessions, query, top_k=1)
    assert [h.node.source_ids for h in got.hits] == off  # the same places, in the same order
    (pair,) = [h for h in got.hits if REPLY in _cites(h)]
    assert NEWS in _cites(pair)


@pytest.mark.parametrize(("sessions", "query"), CASES, ids=IDS)
def test_a_tight_budget_keeps_every_hit_it_held(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str
):
    for budget in (40, 60, 90):
        got = _ask(tmp_path / f"m{budget}", e5, sessions, query, top_k=50, budget=budget)
        off = _ask(tmp_path / f"o{budget}", e5, sessions, query, top_k=50, budget=budget, on=False)
        assert [h.node.source_ids for h in got.hits] == [h.node.source_ids for h in off.hits]
        assert got.tokens <= budget


def test_the_switch_takes_only_a_bool():
    with pytest.raises(InvalidArgumentError, match="join_replied_turns"):
        RetrievalConfig(join_replied_turns="no")  # type: ignore[arg-type]
