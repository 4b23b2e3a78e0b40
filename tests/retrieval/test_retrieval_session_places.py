"""The first places of a ranking are shared among sessions (issue 38, probing questions).

A companion echoes a question in one session ("Reading anything good at the moment?") and the
user's small talk follows it; days later, in another session, the user says what is sought. A
question matching the echo lifts the echo's whole session (the ``parent`` feature), and its
filler must not push the later answer out of the first places. Past the first places the
order is the score's, and a question about a day keeps that day's turns first. Real SQLite and
Chroma in tmp_path, the e5 model, time injected; English and Chinese.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.config import RetrievalConfig
from hybridmem.embedding import Embedder
from hybridmem.models import Hit, ScoreBreakdown
from hybridmem.retrieval.session_places import share_places
from hybridmem.testing.nodes import memory_node
from tests.companion_chats import U, tell_days

START = datetime(2025, 3, 3, 20, 0, tzinfo=UTC)

Sessions = list[tuple[int, list[tuple[str, str]]]]
"""(day after START, [(role, text), ...]) per session."""

EN: Sessions = [
    (
        0,
        [
            ("user", "hey, finally a quiet evening after the kids went down"),
            ("assistant", "Nice! Reading anything good at the moment?"),
            ("user", "haha not really"),
            ("assistant", "Fair enough, evenings are short."),
            ("user", "yeah"),
            ("assistant", "Anything else on your mind?"),
            ("user", "nope, just tired"),
            ("assistant", "Get some rest then."),
            ("user", "ok night"),
        ],
    ),
    (
        3,
        [("user", "my sister's visiting next month, she's bringing her new boyfriend")],
    ),
    (
        6,
        [
            ("user", "I'm on The Remains of the Day now, can't put it down on the train"),
            ("assistant", "A beautiful book."),
        ],
    ),
]
ZH: Sessions = [
    (
        0,
        [
            ("user", "终于下班了"),
            ("assistant", "辛苦啦！最近在看什么书吗？"),
            ("user", "哈哈没有"),
            ("assistant", "也是，下班都累了。"),
            ("user", "嗯嗯"),
            ("assistant", "还有别的想聊的吗？"),
            ("user", "没了，就是困"),
            ("assistant", "那早点休息。"),
            ("user", "好，晚安"),
        ],
    ),
    (3, [("user", "下个月我姐要来玩，还带她新男朋友")]),
    (6, [("user", "这几天在读余华的《活着》这本书，地铁上都停不下来")]),
]


def _chat(tmp_path: Path, e5: Embedder, sessions: Sessions, places: int | None = None):
    clock = FakeClock(START)
    config = MemoryConfig(
        retrieval=RetrievalConfig() if places is None else RetrievalConfig(session_places=places)
    )
    mem = HybridMemory(tmp_path / "m", embedder=e5, clock=clock, config=config)
    task_id = tell_days(mem, clock, START, sessions)
    clock.set(START + timedelta(days=8))
    return mem, task_id


def _first(mem: HybridMemory, task_id: str, query: str, k: int = 5) -> list[str]:
    res = mem.retrieve(query, user_id=U, task_id=task_id, top_k=k, record_access=False)
    return [next(iter(h.node.source_ids), "") for h in res.hits]


@pytest.mark.parametrize(
    ("sessions", "query"),
    [(EN, "what am I reading at the moment?"), (ZH, "我最近在看什么书？")],
    ids=["en", "zh"],
)
def test_an_echoed_sessions_filler_leaves_a_place_for_the_answer(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str
):
    mem, task_id = _chat(tmp_path, e5, sessions)
    with mem:
        first = _first(mem, task_id, query, k=5)
    assert "d6-0" in first, first
    assert "d0-1" in first, first  # the echo itself keeps its place


@pytest.mark.parametrize(
    ("sessions", "query"),
    [(EN, "what did I tell you on March 3rd?"), (ZH, "3月3号我跟你说了什么？")],
    ids=["en", "zh"],
)
def test_a_day_question_keeps_its_days_turns_first(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str
):
    mem, task_id = _chat(tmp_path, e5, sessions)
    with mem:
        res = mem.retrieve(query, user_id=U, task_id=task_id, top_k=5, record_access=False)
    days = [h.node.created_at.date() for h in res.hits]
    assert len(days) == 5 and set(days) == {START.date()}, days


def _hit(node_id: str, parent: str, score: float, lift: float) -> Hit:
    node = memory_node(
        node_id,
        START,
        user_id=U,
        parent_id=parent,
        confidence=0.8,
        seq=1,
        depth=3,
        path=("r", "t", parent),
        index_state="pending",
    )
    parts = {"similarity": score - lift, "parent": lift}
    breakdown = ScoreBreakdown(features={}, parts=parts, score=score, weight=1.0, sources=())
    return Hit(node=node, score=score, breakdown=breakdown)


def test_a_lifted_turn_yields_only_to_a_hit_earning_more_itself():
    hits = [
        _hit("echo", "s1", 0.9, 0.4),
        _hit("filler", "s1", 0.6, 0.4),  # earns 0.2 itself
        _hit("weak", "s2", 0.55, 0.3),  # earns 0.25: better than the filler
        _hit("answer", "s3", 0.5, 0.2),  # earns 0.3: the best of the rest
    ]
    turns = {h.node.id for h in hits}
    order = [h.node.id for h in share_places(hits, turns, 2)]
    assert order == ["echo", "answer", "filler", "weak"]  # past two places: the score's
    order = [h.node.id for h in share_places(hits, turns, 3)]
    assert order == ["echo", "answer", "weak", "filler"]
    assert [h.node.id for h in share_places(hits, turns, 0)] == [h.node.id for h in hits]
    # Past the first places the score's order: the rest in their order.
    many = hits + [_hit(f"t{i}", f"s{i % 3}", 0.4 - i / 100, 0.2) for i in range(10)]
    shared = share_places(many, {h.node.id for h in many}, 3)
    assert shared[3:] == [h for h in many if h not in shared[:3]]
    # A memory that is no turn has no session: never held back, never holding one.
    assert [h.node.id for h in share_places(hits, set(), 3)] == [h.node.id for h in hits]
