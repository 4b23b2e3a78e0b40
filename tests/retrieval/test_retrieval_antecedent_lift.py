"""A turn carried along a pronoun is lifted by its session as its antecedent is (issue 38,
probing13): the session's lift fades with the turns between a turn and the session's match
(``RetrievalConfig.session_reach``), but "yeah he's patient. he's a grad student" goes on
about the Theo its antecedent named, so it is read at the antecedent's place. Faded, the
answer fell below the other turns naming Theo (probing blind2 j8). Real SQLite and Chroma in
``tmp_path``, the e5 model; a short reach makes the fade strong enough to decide."""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.config import RetrievalConfig
from hybridmem.embedding import Embedder
from hybridmem.retrieval.referents import at_antecedent
from tests.companion_chats import Sessions, ask_history
from tests.retrieval.test_retrieval_pronoun_reading import THEO

ZH: Sessions = [
    [
        ("user", "第一次去攀岩，跟我男朋友一起去的"),
        ("assistant", "好玩吗？"),
        ("user", "我男朋友攀岩四年了，一直在岩壁上炫技"),
        ("assistant", "听起来他是个好教练。"),
        ("user", "他很有耐心。他在读研究生，学城市规划的，所以晚上有空"),
        ("assistant", "还会再去吗？"),
    ],
    [("user", "在看一本小说，男朋友借给我的"), ("assistant", "好看吗？")],
    [("user", "跟男朋友去攀岩庆祝，我爬上了第一条V3"), ("assistant", "厉害！")],
    [("user", "男朋友说我有天赋，他在哄我"), ("assistant", "哈哈")],
    [("user", "8月1号搬家，男朋友已经在量沙发尺寸了"), ("assistant", "好期待")],
]


@pytest.mark.parametrize(
    ("sessions", "query", "answer", "top_k"),
    # Where the answer ranks with the antecedent's lift: 3rd / 6th (4th / past 6th without).
    [(THEO, "what does Theo do?", "d0-4", 3), (ZH, "我男朋友是做什么的？", "d0-4", 6)],
    ids=["en", "zh"],
)
def test_a_faded_session_keeps_the_answer_said_by_pronoun_near_the_top(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str, answer: str, top_k: int
):
    faded = RetrievalConfig(carry_referents=True, session_reach=1.0)
    found = ask_history(tmp_path / "m", e5, sessions, query, faded, top_k=top_k)
    assert answer in found, found  # "he's a grad student in urban planning" / 他在读研究生


def test_a_carried_turn_takes_its_antecedents_lift_only_where_higher():
    lift = {"named": 0.9, "carried": 0.4, "chained": 0.95, "other": 0.3}
    got = at_antecedent(dict(lift), {"carried": "named", "chained": "named", "gone": "named"})
    assert got == {"named": 0.9, "carried": 0.9, "chained": 0.95, "other": 0.3}
