"""A session's lift reaches the turns near its match (issue 38, LoCoMo multi-hop).

One strong match lifted every turn of its session alike, so the small talk at the other end
of a long session outranked another session's answer. The lift now fades with the turns
between a turn and the session's matches. Real SQLite and Chroma in tmp_path, the e5 model,
time injected; English and Chinese.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.config import RetrievalConfig
from hybridmem.embedding import Embedder
from hybridmem.errors import InvalidArgumentError
from hybridmem.retrieval.expansion import parent_feature
from hybridmem.retrieval.session_reach import session_lift

U = "u1"
START = datetime(2023, 5, 8, 18, 0, tzinfo=UTC)


def _session(mem: HybridMemory, clock: FakeClock, task_id: str, day: int, turns: list[str]):
    clock.set(START + timedelta(days=day))
    session = mem.add(f"Session {day}", node_type="session", parent_id=task_id, user_id=U)
    nodes = []
    for text in turns:
        clock.advance(minutes=1)
        nodes.append(mem.add(text, node_type="event", parent_id=session.id, user_id=U))
    return nodes


def test_the_lift_fades_with_the_turns_between(tmp_path: Path, e5: Embedder):
    clock = FakeClock(START)
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        task = mem.add("Chats", node_type="task", user_id=U)
        turns = _session(mem, clock, task.id, 0, [f"turn {i}" for i in range(9)])
        nodes = {n.id: n for n in turns}
        relevance = {turns[0].id: 0.8, turns[6].id: 0.4}
        lift = session_lift(relevance, nodes, 2.0)
        assert lift[turns[0].id] == pytest.approx(0.8)  # the match keeps its whole lift
        assert lift[turns[2].id] == pytest.approx(0.4)  # ``reach`` turns away: half
        assert lift[turns[6].id] == pytest.approx(0.4)  # its own match beats the far one
        assert lift[turns[8].id] == pytest.approx(0.4 / 2)
        # No reach: the session's best for every turn, as before.
        assert session_lift(relevance, nodes, None) == parent_feature(relevance, nodes)


@pytest.mark.parametrize("reach", [0, -1.0, float("inf"), float("nan"), "8"])
def test_a_reach_must_be_a_positive_number(reach: object):
    with pytest.raises(InvalidArgumentError):
        RetrievalConfig(session_reach=reach)  # type: ignore[arg-type]


SMALL_TALK_EN = [
    "haha yeah",
    "ok cool",
    "sounds good",
    "lol true",
    "for sure",
    "nice one",
    "right?",
    "totally",
    "mm hmm",
    "oh really",
    "no way",
    "that's funny",
    "I guess so",
    "fair enough",
    "same here",
    "good point",
    "yep yep",
    "oh well",
    "makes sense",
    "cool cool",
    "hmm maybe",
    "ha, classic",
    "so true",
    "got it",
    "alright then",
    "wow okay",
    "I know right",
    "yeah no",
    "anyway",
    "oh nice",
    "lmao",
    "sure thing",
    "no worries",
    "yeah exactly",
    "heh",
    "oh wow",
    "true true",
    "ok ok",
    "right right",
]
SMALL_TALK_ZH = [
    "哈哈是啊",
    "好的好的",
    "听起来不错",
    "确实",
    "那当然",
    "厉害了",
    "对吧？",
    "完全同意",
    "嗯嗯",
    "真的吗",
    "不会吧",
    "笑死",
    "应该是吧",
    "也对",
    "我也是",
    "有道理",
    "是的是的",
    "好吧",
    "说得通",
    "可以可以",
    "也许吧",
    "经典",
    "太对了",
    "明白了",
    "那行",
    "哇哦",
    "就是说",
    "倒也是",
    "反正",
    "不错哦",
    "哈哈哈",
    "没问题",
    "没事没事",
    "对对对",
    "嘿嘿",
    "天哪",
    "真是",
    "行行行",
    "嗯对",
]
# A long chat: a hundred lines of small talk after the match (pairs of the phrases above, so
# that no two lines are the same words and none is folded into another).
LONG_EN = [
    "We finally booked the trip to Lisbon for our anniversary in June!",
    *(f"{a}, {b}" for a in SMALL_TALK_EN[:10] for b in SMALL_TALK_EN[10:20]),
]
LONG_ZH = [
    "我们终于订好了六月去里斯本的周年旅行！",
    *(f"{a}，{b}" for a in SMALL_TALK_ZH[:10] for b in SMALL_TALK_ZH[10:20]),
]
ANSWER_EN = "Oh, and my sister Nadia is joining us in Portugal."
ANSWER_ZH = "对了，我妹妹娜迪亚也跟我们去葡萄牙。"


@pytest.mark.parametrize(
    ("long", "answer", "query"),
    [
        (LONG_EN, ANSWER_EN, "Who else is coming on the Lisbon trip?"),
        (LONG_ZH, ANSWER_ZH, "里斯本旅行还有谁一起去？"),
    ],
    ids=["en", "zh"],
)
def test_another_days_answer_outranks_the_far_end_of_a_matching_session(
    tmp_path: Path, e5: Embedder, long: list[str], answer: str, query: str
):
    # The score's own order: the first places' sharing among sessions (session_places) would
    # give the answer's session a place whatever its lift.
    config = MemoryConfig(retrieval=RetrievalConfig(session_places=0))
    clock = FakeClock(START)
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock, config=config) as mem:
        task = mem.add("Chats", node_type="task", user_id=U)
        _session(mem, clock, task.id, 0, long)
        (said,) = _session(mem, clock, task.id, 5, [answer])
        clock.set(START + timedelta(days=8))
        res = mem.retrieve(query, user_id=U, task_id=task.id, top_k=120, record_access=False)
        ranked = [h.node.content for h in res.hits]
    assert ranked[0] == long[0]  # the match itself keeps its lift and its place
    # The far end of the long session among the candidates (the vector search brings some).
    far_end = [ranked.index(t) for t in long[-20:] if t in ranked]
    assert far_end, ranked
    assert ranked.index(said.content) < min(far_end), ranked
