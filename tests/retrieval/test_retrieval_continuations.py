"""The user's next turn rides with the turn naming its subject (issue 38, probing22).

A user names the subject in one turn and says the news in the next, the companion asking in
between ("took Pickle to the vet today" / "What did the vet say?" / "bloods came back, early
kidney disease"). A question about the subject matches the first turn; the answer shares no
word with it. With few hits asked for, the answer rides in its antecedent's hit; with many, the
companion's question and the user's answer both come back, the answer in its own place above
the question; a tight budget keeps every hit it would have packed. Real SQLite and Chroma in
tmp_path, the e5 model, time injected; English and Chinese.
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
        ("user", "took Pickle to the vet today"),
        ("assistant", "Oh no, what did the vet say?"),
        ("user", "bloods came back, early kidney disease. she's on a special diet now"),
        ("assistant", "I'm so sorry. At least it was caught early."),
    ],
    [
        ("user", "Pickle knocked the vase off the windowsill again"),
        ("assistant", "Cats love a windowsill."),
    ],
    [("user", "the vet's bill for the dog next door was huge apparently"), ("assistant", "Ouch.")],
    [("user", "Pickle slept on my laptop all evening"), ("assistant", "A warm spot!")],
    [("user", "booked the car in for its MOT"), ("assistant", "Good luck with it.")],
]
ZH: Sessions = [
    [
        ("user", "今天带团子去宠物医院了"),
        ("assistant", "怎么了？医生怎么说？"),
        ("user", "验血结果出来了，早期肾病，以后只能吃处方粮了"),
        ("assistant", "太心疼了，还好发现得早。"),
    ],
    [("user", "团子又把窗台上的花瓶推下去了"), ("assistant", "猫就爱窗台。")],
    [("user", "听说邻居家的狗看病花了好多钱"), ("assistant", "宠物看病确实贵。")],
    [("user", "团子一晚上都睡在我电脑上"), ("assistant", "那里暖和嘛！")],
    [("user", "车子约了年检"), ("assistant", "祝顺利。")],
]
CASES = [(EN, "how did Pickle's trip to the vet go?"), (ZH, "团子去宠物医院怎么样了？")]
IDS = ["en", "zh"]


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
    config = MemoryConfig(retrieval=RetrievalConfig(join_next_turns=on))
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
def test_the_news_rides_with_the_turn_naming_its_subject(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str
):
    got = _ask(tmp_path / "m", e5, sessions, query, top_k=2)
    assert len(got.hits) <= 2
    (pair,) = [h for h in got.hits if "d0-2" in _cites(h)]
    assert "d0-0" in _cites(pair)  # one hit, the subject's turn and the news after it
    assert sessions[0][2][1] in got.context  # and the reader is shown the news
    # Each turn its own hit (the engine before): the two places hold no word of the news.
    before = _ask(tmp_path / "off", e5, sessions, query, top_k=2, on=False)
    assert not [h for h in before.hits if "d0-2" in _cites(h)], before.hits


@pytest.mark.parametrize(("sessions", "query"), CASES, ids=IDS)
def test_an_answer_in_the_context_keeps_its_own_place(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str
):
    got = _ask(tmp_path / "m", e5, sessions, query, top_k=20)
    ids = [h.node.source_ids for h in got.hits]
    asked = next(i for i, s in enumerate(ids) if "d0-1" in s)  # the companion's question
    assert "d0-2" in ids[asked - 1]  # and the user's answer, its own hit, right above it
    assert sum("d0-2" in _cites(h) for h in got.hits) == 1  # cited once: no pair took it


@pytest.mark.parametrize(("sessions", "query"), CASES, ids=IDS)
def test_a_tight_budget_keeps_every_hit_it_held(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str
):
    for budget in (40, 60, 90):
        got = _ask(tmp_path / f"m{budget}", e5, sessions, query, top_k=50, budget=budget)
        off = _ask(tmp_path / f"o{budget}", e5, sessions, query, top_k=50, budget=budget, on=False)
        # The same hits in the same order (a store's ids are its own: compared by turn).
        assert [h.node.source_ids for h in got.hits] == [h.node.source_ids for h in off.hits]
        assert got.tokens <= budget


def test_the_switch_takes_only_a_bool():
    with pytest.raises(InvalidArgumentError, match="join_next_turns"):
        RetrievalConfig(join_next_turns="no")  # type: ignore[arg-type]
