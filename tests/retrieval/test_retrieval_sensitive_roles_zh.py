"""A Chinese question sharing a word with a sealed memory, read by whose matter each is and what
the word does in it (hybridmem/retrieval/roles_zh.py, issue 38). On the blind sealed probes
(benchmarks/sealed_probe_blind*.py, multilingual-e5) "朋友欠我的钱还了吗？" got "我欠了朋友五万块钱
还没还。" (the same act, roles swapped), "我朋友怀孕几个月了？" got it by "朋友" (the friend's
pregnancy; the memory only mentions the friend), and "这个月房贷还了多少？" got a credit-card
debt by "月" (a time word). Questions about the memories still get them, "我身份证号码是什么？"
too (it shares only "身份" and "身份证": read as part of the kind word "身份证", "身份" lost it, so
"身份证过期了去哪里换？" still gets the ID number)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval.roles_zh import SPEAKER, holder, incidental
from hybridmem.retrieval.sensitive import withheld

AHEAD = {"a": 0.80, "s": 0.84}
"""The sealed memory ahead of the ordinary one: the dense channel says yes, words decide."""

DEBT = "我欠了朋友五万块钱还没还。"
ID = "我的身份证号是330106199003154821。"
CARD = "我信用卡欠了八万多，每个月只还最低。"
GAMBLING = "我偷偷给我弟还了十二万的赌债。"


def _nodes(lunch: MemoryNode, sealed: str, ordinary: str = "我每天骑电动车上班。") -> dict:
    return {
        "a": replace(lunch, id="a", content=ordinary, sensitive=False),
        "s": replace(lunch, id="s", content=sealed, sensitive=True),
    }


def test_the_holder_is_read_from_where_the_person_stands() -> None:
    assert holder("我朋友怀孕几个月了？") == "朋友"
    assert holder("我的朋友欠我多少钱？") == "朋友"
    assert holder("朋友欠我的钱还了吗？") == "朋友"
    assert holder("我弟的赌债是谁还的？") == "弟"
    # A person in an argument does not hold the clause: the speaker does.
    assert holder(DEBT) == SPEAKER
    assert holder("我跟朋友借了多少钱？") == SPEAKER
    assert holder(GAMBLING) == SPEAKER
    assert holder(ID) == SPEAKER
    # A thing opens it, or it is not Chinese.
    assert holder("身份证过期了去哪里换？") is None
    assert holder("What do I owe my friend?") is None


def test_a_time_word_places_the_question_a_number_is_a_value() -> None:
    assert "月" in incidental("这个月房贷还了多少？", {"月", "房贷"})
    assert incidental("我欠朋友五万块钱吗？", {"五万", "朋友"}) == set()


@pytest.mark.parametrize(
    ("sealed", "question"),
    [
        (DEBT, "朋友欠我的钱还了吗？"),  # roles swapped: the friend's debt to me
        (DEBT, "我的朋友欠我多少钱？"),
        (DEBT, "我朋友怀孕几个月了？"),  # the friend's matter; the memory only mentions them
        (CARD, "这个月房贷还了多少？"),  # "月" only says when
    ],
)
def test_near_questions_are_withheld(lunch: MemoryNode, sealed: str, question: str) -> None:
    assert withheld(_nodes(lunch, sealed), AHEAD, question) == {"s"}


@pytest.mark.parametrize(
    ("sealed", "question"),
    [
        (DEBT, "我欠朋友多少钱？"),
        (DEBT, "我欠了谁的钱？"),
        (ID, "我的身份证号是多少？"),
        (ID, "我身份证号码是什么？"),
        (ID, "填表要写身份证，号码多少？"),
        (CARD, "我信用卡欠了多少？"),
        (GAMBLING, "我弟的赌债是谁还的？"),  # the brother's debt, in the memory
        (GAMBLING, "我给我弟还了多少钱？"),
    ],
)
def test_questions_about_it_are_not(lunch: MemoryNode, sealed: str, question: str) -> None:
    assert withheld(_nodes(lunch, sealed), AHEAD, question) == set()


# -- with the default model, end to end ---------------------------------------------------------
@dataclass(frozen=True)
class Newcomer:
    mem: HybridMemory
    sealed: dict[str, str]
    """Sealed memory id by its marker."""


@pytest.fixture(scope="module")
def newcomer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Newcomer]:
    """A Chinese user with ordinary facts and three sealed memories (a debt to a friend, an ID
    number, a credit-card debt); the default (multilingual) model, a key set."""
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    path = tmp_path_factory.mktemp("roles_zh") / "m"
    privacy = PrivacyConfig(key=generate_key())
    facts = (
        "我是一名小学语文老师。",
        "我每天骑电动车上班。",
        "我女儿在学钢琴。",
        "我不吃香菜。",
        "我住在杭州。",
    )
    sealed = {"五万": DEBT, "330106199003154821": ID, "八万": CARD}
    with HybridMemory(path, embedder=MultilingualE5Embedder(), clock=clock, privacy=privacy) as mem:
        for text in facts:
            mem.add(text, node_type="fact", user_id="zh")
            clock.advance(minutes=3)
        ids = {}
        for marker, text in sealed.items():
            ids[marker] = mem.add(text, node_type="fact", user_id="zh", sensitive=True).id
            clock.advance(minutes=3)
        yield Newcomer(mem, ids)


def _sealed_shown(n: Newcomer, question: str) -> list[str]:
    """The sealed memories (by marker) in the hits or the context, first hit first."""
    r = n.mem.retrieve(question, user_id="zh", record_access=False)
    hits = [h.node.id for h in r.hits]
    shown = [m for m, i in n.sealed.items() if i in hits or m in r.context]
    return sorted(shown, key=lambda m: hits.index(n.sealed[m]) if n.sealed[m] in hits else 99)


@pytest.mark.parametrize(
    "question",
    [
        "朋友欠我的钱还了吗？",
        "我朋友怀孕几个月了？",
        "这个月房贷还了多少？",
    ],
)
def test_near_questions_get_no_sealed_memory(newcomer: Newcomer, question: str) -> None:
    assert _sealed_shown(newcomer, question) == []


@pytest.mark.parametrize(
    ("question", "marker"),
    [
        ("我欠朋友多少钱？", "五万"),
        ("我的身份证号是多少？", "330106199003154821"),
        ("我信用卡欠了多少？", "八万"),
    ],
)
def test_questions_about_it_get_it_first(newcomer: Newcomer, question: str, marker: str) -> None:
    r = newcomer.mem.retrieve(question, user_id="zh", record_access=False)
    assert r.hits[0].node.id == newcomer.sealed[marker]
    assert _sealed_shown(newcomer, question) == [marker]
