"""A question about a sealed memory that names none of its words, read by the kind it asks for
(hybridmem/retrieval/private_kinds.py, issue 38): admitted when the dense channel puts it ahead
of every ordinary candidate and the question names nothing else; a question near it but about
something else still does not get it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval.private_kinds import asked_kind, beyond_kind, compatible
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import sealed_nodes


def test_a_paraphrase_of_a_health_matter_gets_it(lunch: MemoryNode) -> None:
    """Before: withheld for want of a word in common ("medication" / "sertraline")."""
    en = sealed_nodes(lunch, a="I work as a sound engineer.", s="I'm on sertraline, 50mg a day.")
    assert withheld(en, {"a": 0.80, "s": 0.83}, "What medication am I on?") == set()
    zh = sealed_nodes(lunch, a="我是一名前端程序员。", s="我有抑郁症，一直在吃药。")
    assert withheld(zh, {"a": 0.80, "s": 0.82}, "我有什么病？") == set()
    # The kind's own phrase is no other subject: "慢性" of "慢性病", "mental" of "mental health".
    assert withheld(zh, {"a": 0.80, "s": 0.82}, "我有什么慢性病吗？") == set()
    assert withheld(en, {"a": 0.80, "s": 0.83}, "What mental health condition do I have?") == set()
    # Still the dense channel's: an ordinary memory closer keeps it out.
    assert withheld(en, {"a": 0.84, "s": 0.83}, "What medication am I on?") == {"s"}


def test_a_question_near_it_but_about_something_else_does_not_get_it(lunch: MemoryNode) -> None:
    """multilingual-e5 put a sealed gout diagnosis 0.03 ahead of everything for "我的腰是什么毛病？"
    (benchmarks/first_day_fifth.py), asked about a slipped disc: the question names "腰", which
    the gout memory does not hold."""
    zh = sealed_nodes(lunch, a="我在重庆开出租车。", s="我有痛风，发作的时候吃秋水仙碱。")
    assert withheld(zh, {"a": 0.80, "s": 0.83}, "我的腰是什么毛病？") == {"s"}
    # An ordinary candidate the question names by a word: the question is about that one.
    en = sealed_nodes(
        lunch,
        a="I collect my prescriptions from the Boots on Whiteladies Road.",
        s="I have epilepsy and take lamotrigine every morning.",
    )
    assert withheld(en, {"a": 0.80, "s": 0.83}, "Which pharmacy has my prescriptions?") == {"s"}
    zh2 = sealed_nodes(lunch, a="我对青霉素过敏。", s="我有多囊卵巢综合征，在吃达英-35。")
    assert withheld(zh2, {"a": 0.80, "s": 0.83}, "我对什么药过敏？") == {"s"}
    # The kind of someone else's matter: "老婆" stands right before "身体" but is not part of it.
    assert withheld(zh, {"a": 0.80, "s": 0.83}, "我老婆身体怎么样？") == {"s"}
    assert withheld(en, {"a": 0.80, "s": 0.83}, "What medication is my wife on?") == {"s"}
    # No kind asked: being ahead is still not enough without a word in common.
    assert withheld(en, {"a": 0.80, "s": 0.83}, "What do I do for a living?") == {"s"}


def test_another_kind_is_no_answer(lunch: MemoryNode) -> None:
    """Asked in English about a Chinese home address, the door code was the closest sealed
    memory and the dense channel alone admitted it (benchmarks/first_day_fifth.py)."""
    nodes = sealed_nodes(
        lunch,
        a="我岳父岳母住在万州。",
        s1="我家门锁密码是520131。",
        s2="我家住在渝北区龙湖花园8栋2单元1703。",
    )
    nodes["s2"] = replace(nodes["s2"], metadata={"slot": "user.residence"})
    cosine = {"a": 0.80, "s1": 0.82, "s2": 0.81}
    assert withheld(nodes, cosine, "What is my home address?") == {"s1"}
    # A health question whose closest sealed memory is a PIN does not get the PIN.
    en = sealed_nodes(
        lunch, a="I work as a sound engineer.", s="The PIN for my Monzo card is 5093."
    )
    assert withheld(en, {"a": 0.80, "s": 0.83}, "What medication am I on?") == {"s"}
    # One memory at most on the kind alone: the closest of those alike (neither names a kind;
    # one stated as the kind asked would go first, see test_retrieval_sensitive_stated_kind).
    two = sealed_nodes(lunch, a="I am a nurse.", s1="I have epilepsy.", s2="I have asthma.")
    assert withheld(two, {"a": 0.8, "s1": 0.83, "s2": 0.82}, "What illness do I have?") == {"s2"}


def test_a_word_in_common_about_someone_else_is_not_enough(lunch: MemoryNode) -> None:
    """Before: "What is my partner's address?" got the user's sealed home address by the word
    "address" (benchmarks/sealed_probe.py)."""
    home = "My home address is 27 Belgrave Road, Bristol BS8 2AB."
    en = sealed_nodes(lunch, a="My partner Dev drives a bus.", s=home)
    cosine = {"a": 0.80, "s": 0.83}
    assert withheld(en, cosine, "What is my partner's address?") == {"s"}
    assert withheld(en, cosine, "What is my home address?") == set()
    # A memory naming the one asked about is still theirs to get.
    named = sealed_nodes(lunch, a="My partner Dev drives a bus.", s="Dev's PIN is 4410.")
    assert withheld(named, cosine, "What is Dev's PIN?") == set()
    zh = sealed_nodes(lunch, a="我在重庆开出租车。", s="我欠了房东三个月房租。")
    assert withheld(zh, cosine, "我老婆欠房租吗？") == {"s"}
    assert withheld(zh, cosine, "我欠房租吗？") == set()


def test_kinds_are_read_by_category_words(lunch: MemoryNode) -> None:
    assert asked_kind("Where should the parcel be delivered to?") == "address"
    assert asked_kind("快递寄到哪里？") == "address"
    assert asked_kind("我的证件号是多少？") == "identity"
    assert asked_kind("What is my Alipay password?") == "code"
    assert asked_kind("我一年挣多少钱？") == "money"
    assert asked_kind("What do I do for a living?") is None
    # Two kinds named: none singles out one memory.
    assert asked_kind("What are my passport number and PIN?") is None
    code = replace(lunch, content="存折的密码是123580。")
    assert not compatible("health", code)
    assert compatible("code", code)
    assert compatible("health", replace(lunch, content="I have epilepsy."))  # kind unknown
    assert compatible("address", replace(lunch, content="我家住在南京。"), "user.residence")
    assert beyond_kind("我的腰是什么毛病？", {"腰", "毛病"}, {"痛风"}) == {"腰"}
    assert beyond_kind("When is my therapy session?", {"therapy", "session"}, set()) == set()


# -- with the default model, end to end ---------------------------------------------------------
@dataclass(frozen=True)
class Newcomers:
    mem: HybridMemory
    secrets: dict[str, str]
    """Sealed memory id by key; "en-" keys belong to user "en", "zh-" keys to user "zh"."""


MARKERS = {"en-med": "sertraline", "en-pin": "7731", "zh-med": "抑郁症", "zh-pin": "902415"}


@pytest.fixture(scope="module")
def newcomers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Newcomers]:
    """Two users in one store, one per language, each with ordinary facts, a sealed health
    matter and a sealed PIN; the default (multilingual) model, a key set."""
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    path = tmp_path_factory.mktemp("kinds") / "m"
    privacy = PrivacyConfig(key=generate_key())
    facts = {
        "en": (
            "I work as a sound engineer at a recording studio in Leeds.",
            "My girlfriend Sofia is a nurse on the children's ward.",
            "I'm allergic to peanuts.",
            "I'm teaching myself the cello.",
            "My accountant is Janet Moss, she does my tax return every year.",
            "I get the train into Leeds every morning, it takes forty minutes.",
        ),
        "zh": (
            "我是一名前端程序员，在深圳南山区上班。",
            "我乳糖不耐受，喝牛奶会拉肚子。",
            "我养了两只猫，一只叫橘子，一只叫芝麻。",
            "我一般坐公司的班车上班，四十分钟左右。",
            "我最近在自学吉他。",
            "房东姓黄，每个月五号收房租。",
        ),
    }
    secrets = {
        "en-med": "I'm on sertraline, 50mg a day, for depression.",
        "en-pin": "My bank card PIN is 7731.",
        "zh-med": "我有抑郁症，一直在吃药。",
        "zh-pin": "我的支付宝支付密码是902415。",
    }
    with HybridMemory(path, embedder=MultilingualE5Embedder(), clock=clock, privacy=privacy) as mem:
        for user, texts in facts.items():
            for text in texts:
                mem.add(text, node_type="fact", user_id=user)
                clock.advance(minutes=3)
        ids = {}
        for key, text in secrets.items():
            user = key.split("-")[0]
            ids[key] = mem.add(text, node_type="fact", user_id=user, sensitive=True).id
            clock.advance(minutes=3)
        yield Newcomers(mem, ids)


def _sealed_in(n: Newcomers, user: str, question: str) -> list[str]:
    """The sealed memories (by key) among the hits or in the context, first hit first."""
    r = n.mem.retrieve(question, user_id=user, record_access=False)
    hits = [h.node.id for h in r.hits]
    shown = [k for k, i in n.secrets.items() if i in hits or MARKERS[k] in r.context]
    return sorted(shown, key=lambda k: hits.index(n.secrets[k]) if n.secrets[k] in hits else 99)


@pytest.mark.parametrize(
    ("user", "question", "key"),
    [("en", "What medication am I on?", "en-med"), ("zh", "我有什么病？", "zh-med")],
)
def test_asked_by_kind_with_the_default_model(
    newcomers: Newcomers, user: str, question: str, key: str
) -> None:
    """Before: withheld (no word in common), though the question asks for nothing else."""
    assert _sealed_in(newcomers, user, question) == [key]
    r = newcomers.mem.retrieve(question, user_id=user, record_access=False)
    assert r.hits[0].node.id == newcomers.secrets[key]


@pytest.mark.parametrize(
    ("user", "question"),
    [
        ("en", "Is satay sauce OK for me?"),
        ("en", "Who does my taxes?"),
        ("en", "How long is my commute?"),
        ("en", "What does Sofia do at the hospital?"),
        ("en", "Which instrument am I learning?"),
        ("zh", "我能喝牛奶吗？"),
        ("zh", "我怎么去上班？"),
        ("zh", "房租哪天交？"),
        ("zh", "我在学什么乐器？"),
    ],
)
def test_near_questions_get_no_sealed_memory(
    newcomers: Newcomers, user: str, question: str
) -> None:
    assert _sealed_in(newcomers, user, question) == []
