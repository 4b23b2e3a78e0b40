"""A question in the other language than the newcomer's sealed memories brings only the one it
asks about (hybridmem/retrieval/sensitive.py, issue 38). Real SQLite and Chroma in tmp_path, a
fake clock.

Where the question and a sealed memory share no script, words cannot be compared and the
question's similarity admits one memory at most: the closest, of those stated as the kind
asked. The others were withheld only when they were stated as that kind too: one of unknown
kind ahead of every ordinary memory went through beside the answer. With multilingual-e5,
"我工作系统的登录密码是什么？" of an English newcomer got the court-system password and "I have
a non-molestation order against my ex." in its hits and context, and "What's my bank card PIN?"
of a Chinese one got 农行卡的密码 and 我是失信被执行人 (benchmarks/first_day_eighth.py, the first
leaks of any first-day set). The rule with made-up similarities; the leak with the real model."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import sealed_nodes


def test_only_the_one_stated_as_the_kind_of_two_ahead_in_another_script(
    lunch: MemoryNode,
) -> None:
    nodes = sealed_nodes(
        lunch,
        a="I sing alto in a community choir.",
        s1="My work login password is Harbour#9.",
        s2="I have a court order against my ex.",
    )
    cosine = {"a": 0.30, "s1": 0.40, "s2": 0.31}
    # Both are ahead of the ordinary memory and neither shares a script with the question:
    # the password is the one asked for, the court order goes nowhere.
    assert withheld(nodes, cosine, "我工作系统的登录密码是什么？") == {"s2"}
    # The same when the one of unknown kind is the closer of the two.
    cosine = {"a": 0.30, "s1": 0.40, "s2": 0.45}
    assert withheld(nodes, cosine, "我工作系统的登录密码是什么？") == {"s2"}


ZH_FACTS = (
    "我在郑州开挖掘机，跟着一个包工头干。",
    "我媳妇在超市当收银员。",
    "我闺女今年上初三，明年中考。",
    "我每天骑摩托车去工地。",
    "我爹以前是村里的电工，现在退休在家。",
    "我表哥在广州开大货车。",
)
ZH_SEALED = (
    "我是失信被执行人，坐不了高铁和飞机。",
    "我偷偷攒了八万私房钱，媳妇不知道。",
    "我农行卡的密码是583920。",
    "我年轻时在传销窝里待过半年。",
)
EN_FACTS = (
    "I'm a court stenographer at the Crown Court in Leeds.",
    "My husband Declan is a postman.",
    "I walk to work along the river, it takes twenty-five minutes.",
    "I like my steak well done.",
    "I sing alto in a community choir on Monday nights.",
    "I'm an early-to-bed person, lights out by ten.",
)
EN_SEALED = (
    "I had an affair last year and Declan never found out.",
    "I was declared bankrupt in 2018.",
    "I have a non-molestation order against my ex.",
    "My work login password for the court system is Harbour#9.",
)


@pytest.mark.parametrize(
    ("facts", "sealed", "question", "answer"),
    [
        (ZH_FACTS, ZH_SEALED, "What's my bank card PIN?", "583920"),
        (EN_FACTS, EN_SEALED, "我工作系统的登录密码是什么？", "Harbour#9"),
    ],
)
def test_asked_in_the_other_language_only_the_answer_comes(
    tmp_path: Path,
    e5: MultilingualE5Embedder,
    facts: tuple[str, ...],
    sealed: tuple[str, ...],
    question: str,
    answer: str,
) -> None:
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock, privacy=privacy) as mem:
        for text in facts:
            mem.add(text, node_type="fact", user_id="u1")
            clock.advance(minutes=3)
        for text in sealed:
            mem.add(text, node_type="fact", user_id="u1", sensitive=True)
            clock.advance(minutes=3)
        r = mem.retrieve(question, user_id="u1", record_access=False)
    assert r.hits and answer in r.hits[0].node.content
    others = [t for t in sealed if answer not in t]
    assert not [h for h in r.hits if h.node.content in others]
    for text in others:
        assert text not in r.context
