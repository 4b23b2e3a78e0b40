"""A carried pronoun turn is read against the question with the person's name said as the
pronoun (issue 38, person13): "what does Theo do?" finds "he's a grad student in urban
planning" over the turns that name Theo, each matching the name in words and vector.
Real SQLite and Chroma in ``tmp_path``, the e5 model."""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.config import RetrievalConfig
from hybridmem.embedding import Embedder
from hybridmem.retrieval.referents import pronoun_reading
from tests.companion_chats import Sessions, ask_history

# The answer names nobody: it follows the turn naming Theo, after the assistant's reply.
THEO: Sessions = [
    [
        ("user", "went bouldering for the first time with my roommate Theo!!"),
        ("assistant", "How was it?"),
        ("user", "theo's been climbing for like four years so he kept showing off on the overhang"),
        ("assistant", "Sounds like he's a good guide though."),
        (
            "user",
            "yeah he's patient. he's a grad student in urban planning so he has evenings free",
        ),
        ("assistant", "Will you go again?"),
    ],
    [("user", "started reading Project Hail Mary, theo lent it to me"), ("assistant", "Nice.")],
    [("user", "celebrated by going climbing with theo, sent my first V3!!"), ("assistant", "Wow!")],
    [("user", "theo says i'm a natural, he's lying but i'll take it"), ("assistant", "Ha.")],
]
ZH: Sessions = [
    [
        ("user", "跟男朋友吵架了，因为他又忘了我们说好的周末去看展"),
        ("assistant", "被放鸽子确实难受。他怎么解释的？"),
        ("user", "说临时要陪客户打球。他是做销售的，周末经常被叫走"),
        ("assistant", "工作性质确实难避免。"),
    ],
    [("user", "又跟男朋友吵了，说我太在意工作"), ("assistant", "你们有好好聊聊吗？")],
    [("user", "男朋友说陪我一起学日语，结果上课睡着了"), ("assistant", "哈哈")],
    [("user", "男朋友今天给我买了奶茶"), ("assistant", "真甜")],
    [("user", "跟男朋友去吃了火锅，男朋友吃不了辣"), ("assistant", "哈哈")],
]


@pytest.mark.parametrize(
    ("sessions", "query", "answer"),
    [(THEO, "what does Theo do?", "d0-4"), (ZH, "我男朋友是做什么的？", "d0-2")],
    ids=["en", "zh"],
)
def test_the_answer_said_by_pronoun_is_among_the_first_hits(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str, answer: str
):
    on = RetrievalConfig(carry_referents=True)
    found = ask_history(tmp_path / "m", e5, sessions, query, on, top_k=5)
    assert answer in found, found  # "he's a grad student in urban planning" / 他是做销售的


def test_the_question_is_read_with_the_pronoun():
    assert pronoun_reading("what does Theo do?", "he") == "what does he do?"
    assert pronoun_reading("what did my little sister say?", "she") == "what did she say?"
    assert pronoun_reading("我男朋友是做什么的？", "他") == "他是做什么的？"
    assert pronoun_reading("what do I do for work?", "he") is None  # it names nobody
