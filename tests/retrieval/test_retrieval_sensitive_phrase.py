"""A word a question shares with a sealed memory, qualified in the question's noun phrase by a
word the memory does not hold, names another thing (hybridmem/retrieval/shared_words.py, issue
38): "What's my library card number?" got a sealed bank card PIN by "card" and a passport number
by "number", "What's my bank's phone number?" the PIN by "bank", "What's the door code for the
gym?" a key safe's code by "door" (benchmarks/sealed_probe_blind.py, multilingual-e5). Questions
about the memory, in its words or fewer, still get it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval.sensitive import withheld
from hybridmem.retrieval.shared_words import phrases
from tests.sealed_nodes import sealed_nodes

AHEAD = {"a": 0.80, "s": 0.84}
"""The sealed memory ahead of the ordinary one: the dense channel says yes, words decide."""


def test_a_word_qualified_otherwise_names_another_thing(lunch: MemoryNode) -> None:
    pin = sealed_nodes(
        lunch, a="I teach maths at a sixth-form college.", s="My bank card PIN is 7305."
    )
    assert withheld(pin, AHEAD, "What's my library card number?") == {"s"}
    assert withheld(pin, AHEAD, "What's my bank's phone number?") == {"s"}
    passport = sealed_nodes(
        lunch, a="I teach maths at a sixth-form college.", s="My passport number is XK4417902."
    )
    assert withheld(passport, AHEAD, "What's my library card number?") == {"s"}
    safe = sealed_nodes(
        lunch,
        a="I walk our collie every evening.",
        s="The code for the key safe at the back door is 4419.",
    )
    assert withheld(safe, AHEAD, "What's the door code for the gym?") == {"s"}


def test_questions_in_the_memorys_words_or_fewer_still_get_it(lunch: MemoryNode) -> None:
    pin = sealed_nodes(
        lunch, a="I teach maths at a sixth-form college.", s="My bank card PIN is 7305."
    )
    for question in (
        "What's the PIN for my bank card?",
        "What is my card PIN?",
        "I'm at the cash machine, what's the code for my card?",
    ):
        assert withheld(pin, AHEAD, question) == set(), question
    safe = sealed_nodes(
        lunch,
        a="I walk our collie every evening.",
        s="The code for the key safe at the back door is 4419.",
    )
    assert withheld(safe, AHEAD, "What opens the key safe at the back door?") == set()
    assert withheld(safe, AHEAD, "What is the code of the key safe?") == set()
    cover = sealed_nodes(
        lunch, a="I'm a freelance translator.", s="My health insurance policy number is VHI-882."
    )
    assert withheld(cover, AHEAD, "What's my VHI policy number?") == set()
    assert withheld(cover, AHEAD, "Which number do I give the hospital for my cover?") == set()
    # A verb's "for" is no postmodifier: "taking" (an ordinary memory's "takes" too) does not
    # qualify "depression" (found by benchmarks/sealed_probe_blind2.py after the phrase rule).
    pills = sealed_nodes(
        lunch,
        a="I get the train into Leeds, it takes forty minutes.",
        s="I'm on sertraline, 50mg a day, for depression.",
    )
    assert withheld(pills, AHEAD, "What am I taking for depression?") == set()


def test_chinese_is_read_as_before(lunch: MemoryNode) -> None:
    """Chinese is not spaced: a jieba term holds its compound, and the phrase reading leaves it
    alone; the kind-word and ordinary-word tests still decide."""
    zh = sealed_nodes(lunch, a="我的银行卡是工商银行的。", s="我的银行卡密码是660218。")
    assert phrases("我的银行卡密码是多少？") == []
    assert withheld(zh, AHEAD, "我的银行卡密码是多少？") == set()
    assert withheld(zh, AHEAD, "WiFi密码是多少？") == {"s"}


def test_phrases_join_a_holder_and_a_postmodifier() -> None:
    assert phrases("What's my bank's phone number?") == [["bank", "phone", "number"]]
    assert phrases("What's the door code for the gym?") == [["door", "code", "gym"]]
    assert phrases("How do I open the gun cabinet?") == [["open"], ["gun", "cabinet"]]
    assert phrases("What is the PIN for my Wi-Fi?") == [["pin", "wi", "fi"]]
    assert phrases("What am I taking for depression?") == [["taking"], ["depression"]]
    assert phrases("Is my health insurance up to date?") == [["health", "insurance"], ["date"]]


# -- with the default model, end to end ---------------------------------------------------------
@dataclass(frozen=True)
class Newcomer:
    mem: HybridMemory
    sealed: dict[str, str]
    """Sealed memory id by its marker."""


@pytest.fixture(scope="module")
def newcomer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Newcomer]:
    """One user with ordinary facts, a sealed bank card PIN and a sealed passport number, and
    one Chinese user with a sealed PIN; the default (multilingual) model, a key set."""
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    path = tmp_path_factory.mktemp("phrase") / "m"
    privacy = PrivacyConfig(key=generate_key())
    facts = {
        "en": (
            "I teach maths at a sixth-form college in Sheffield.",
            "My husband Owen is a firefighter.",
            "I swim at the leisure centre on Tuesday evenings.",
            "Our son Rhys is learning the trumpet.",
            "I can't stand coriander.",
            "I drive a blue Skoda Octavia.",
        ),
        "zh": (
            "我是一名小学语文老师。",
            "我每天骑电动车上班。",
            "我女儿在学钢琴。",
            "我不吃香菜。",
        ),
    }
    sealed = {  # (user, text) by marker
        "7305": ("en", "My bank card PIN is 7305."),
        "XK4417902": ("en", "My passport number is XK4417902, expires 2031."),
        "660218": ("zh", "我的银行卡密码是660218。"),
    }
    with HybridMemory(path, embedder=MultilingualE5Embedder(), clock=clock, privacy=privacy) as mem:
        for user, texts in facts.items():
            for text in texts:
                mem.add(text, node_type="fact", user_id=user)
                clock.advance(minutes=3)
        ids = {}
        for marker, (user, text) in sealed.items():
            ids[marker] = mem.add(text, node_type="fact", user_id=user, sensitive=True).id
            clock.advance(minutes=3)
        yield Newcomer(mem, ids)


def _sealed_shown(n: Newcomer, user: str, question: str) -> list[str]:
    """The sealed memories (by marker) in the hits or the context, first hit first."""
    r = n.mem.retrieve(question, user_id=user, record_access=False)
    hits = [h.node.id for h in r.hits]
    shown = [m for m, i in n.sealed.items() if i in hits or m in r.context]
    return sorted(shown, key=lambda m: hits.index(n.sealed[m]) if n.sealed[m] in hits else 99)


@pytest.mark.parametrize(
    "question", ["What's my library card number?", "What's my bank's phone number?"]
)
def test_near_questions_get_no_sealed_memory(newcomer: Newcomer, question: str) -> None:
    """Before: the PIN or the passport number in the hits and the context."""
    assert _sealed_shown(newcomer, "en", question) == []


@pytest.mark.parametrize(
    ("user", "question", "marker"),
    [
        ("en", "What's the PIN for my bank card?", "7305"),
        ("en", "What is my passport number?", "XK4417902"),
        ("zh", "我的银行卡密码是多少？", "660218"),
    ],
)
def test_questions_about_it_get_it_first(
    newcomer: Newcomer, user: str, question: str, marker: str
) -> None:
    assert _sealed_shown(newcomer, user, question) == [marker]
    r = newcomer.mem.retrieve(question, user_id=user, record_access=False)
    assert r.hits[0].node.id == newcomer.sealed[marker]


def test_a_near_chinese_question_gets_none(newcomer: Newcomer) -> None:
    assert _sealed_shown(newcomer, "zh", "WiFi密码是多少？") == []
