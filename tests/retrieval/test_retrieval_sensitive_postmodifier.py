"""A word a question shares with a sealed memory inside a postmodifier says which thing its head
is (hybridmem/retrieval/shared_words.py, roles_zh.py; issue 38): "What's the number of the
locksmith who fixed the key safe?" got a sealed key-safe code by "key safe", "Where is the safe
that the hotel gives guests?" a sealed safe code by "safe", and "存折上的利息怎么算？" a sealed
passbook PIN by "存折" (benchmarks/sealed_probe_blind3.py, multilingual-e5). The head is the
locksmith, the hotel's safe, the interest: another matter. Questions whose postmodifier is the
memory's own matter (a head the memory holds, the user's own act) still get it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval.roles_zh import de_phrases
from hybridmem.retrieval.sensitive import withheld
from hybridmem.retrieval.shared_words import postmodifiers

AHEAD = {"a": 0.80, "s": 0.84}
"""The sealed memory ahead of the ordinary one: the dense channel says yes, words decide."""

KEY_SAFE = "The code for the key safe at the back door is 4419."
PASSBOOK = "存折的密码是123580。"


def _nodes(lunch: MemoryNode, ordinary: str, sealed: str) -> dict[str, MemoryNode]:
    return {
        "a": replace(lunch, id="a", content=ordinary, sensitive=False),
        "s": replace(lunch, id="s", content=sealed, sensitive=True),
    }


@pytest.mark.parametrize(
    ("sealed", "question"),
    [
        (KEY_SAFE, "What's the number of the locksmith who fixed the key safe?"),
        ("The studio safe code is 5582.", "Where is the safe that the hotel gives guests?"),
        (
            "The padlock on my storage unit opens with 6152.",
            "What's the code for the padlock on the school gate?",
        ),
    ],
)
def test_an_english_postmodifier_of_another_thing(
    lunch: MemoryNode, sealed: str, question: str
) -> None:
    """Before: admitted by the shared "key safe", "safe", "padlock"."""
    assert withheld(_nodes(lunch, "I walk our collie every evening.", sealed), AHEAD, question)


@pytest.mark.parametrize(
    ("sealed", "question"),
    [
        (KEY_SAFE, "What's the code that opens the key safe?"),
        ("The key safe by the back door is 2846.", "What's the key safe number by the back door?"),
        (
            "The padlock on my storage unit opens with 6152.",
            "What's the combination of the padlock that locks my storage unit?",
        ),
        ("The studio safe code is 5582.", "What's the code for the safe at the studio?"),
        ("I owe 12,400 pounds on my credit card.", "What's the amount I owe on my credit card?"),
        (
            "My work login password for the court system is Harbour#9.",
            "What's the password I use to log into the court system?",
        ),
    ],
)
def test_an_english_postmodifier_of_the_memorys_own_matter(
    lunch: MemoryNode, sealed: str, question: str
) -> None:
    """A head the memory holds, a noun of the phrase it may attach to, the user's own act."""
    nodes = _nodes(lunch, "I walk our collie every evening.", sealed)
    assert withheld(nodes, AHEAD, question) == set(), question


def test_a_chinese_de_phrase_of_another_thing(lunch: MemoryNode) -> None:
    """Before: "存折上的利息怎么算？" admitted by 存折."""
    nodes = _nodes(lunch, "我每天早上跳绳半小时。", PASSBOOK)
    assert withheld(nodes, AHEAD, "存折上的利息怎么算？") == {"s"}
    assert withheld(nodes, AHEAD, "我存折的密码是多少？") == set()
    safe = _nodes(lunch, "我每天早上跳绳半小时。", "保险柜密码是730425。")
    assert withheld(safe, AHEAD, "家里保险柜的密码是多少？") == set()
    # The modifier states the memory's own act (欠): the money is what it owes.
    debt = _nodes(lunch, "我每天早上跳绳半小时。", "我信用卡欠了八万多，每个月只还最低。")
    assert withheld(debt, AHEAD, "我信用卡欠的钱有多少？") == set()


def test_postmodifiers_and_de_phrases() -> None:
    assert postmodifiers("What's the number of the locksmith who fixed the key safe?") == [
        (["number", "locksmith"], ["fixed", "key", "safe"], False)
    ]
    assert postmodifiers("Where is the safe that the hotel gives guests?") == [
        (["safe"], ["hotel", "gives", "guests"], False)
    ]
    assert postmodifiers("What's the code for the padlock on the school gate?") == [
        (["code", "padlock"], ["school", "gate"], False)
    ]
    # A reduced relative clause, by its subject; the user's own act is marked so.
    assert postmodifiers("Is the dog my sister adopted settling in?") == [
        (["dog"], ["sister", "adopted", "settling"], False)
    ]
    assert postmodifiers("What's the amount I owe on my credit card?") == [
        (["amount"], ["owe", "credit", "card"], True)
    ]
    # A verb's object is no noun phrase a determiner opens.
    assert postmodifiers("What am I taking at night?") == []
    assert de_phrases("存折上的利息怎么算？") == [(["利息"], ["存折"], False)]
    assert de_phrases("隔壁公司打的那场官司上新闻了吗？") == [
        (["官司"], ["隔壁", "公司", "打"], False)
    ]
    assert de_phrases("保险柜是在哪家店买的？") == []
    assert de_phrases("我在吃的药叫什么？") == [(["药"], ["吃"], True)]
    assert postmodifiers("存折上的利息怎么算？") == []
    assert de_phrases("Where is the safe that the hotel gives guests?") == []


# -- with the default model, end to end ---------------------------------------------------------
@dataclass(frozen=True)
class Newcomer:
    mem: HybridMemory
    sealed: dict[str, str]
    """Sealed memory id by its marker."""


@pytest.fixture(scope="module")
def newcomer(
    tmp_path_factory: pytest.TempPathFactory, e5: MultilingualE5Embedder
) -> Iterator[Newcomer]:
    """An English user with ordinary facts and a sealed key-safe code, and a Chinese one with a
    sealed passbook PIN; the default (multilingual) model, a key set."""
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    path = tmp_path_factory.mktemp("postmodifier") / "m"
    facts = {
        "en": (
            "I'm a deckhand on the ferry out of Oban.",
            "My partner Iain is a joiner.",
            "We've got a collie called Moss.",
            "I swim at the leisure centre on Tuesday evenings.",
            "My mum has a caravan near Fort William.",
            "I'm coeliac, so nothing with gluten.",
        ),
        "zh": (
            "我在沈阳一家幼儿园当老师。",
            "我老公在铁路局开火车。",
            "我每天早上跳绳半小时。",
            "我对花粉过敏。",
            "我周末在学钢琴。",
        ),
    }
    sealed = {  # (user, text) by marker
        "4419": ("en", KEY_SAFE),
        "123580": ("zh", PASSBOOK),
    }
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(path, embedder=e5, clock=clock, privacy=privacy) as mem:
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
    """The sealed memories (by marker) in the hits or the context."""
    r = n.mem.retrieve(question, user_id=user, record_access=False)
    hits = [h.node.id for h in r.hits]
    return [m for m, i in n.sealed.items() if i in hits or m in r.context]


@pytest.mark.parametrize(
    ("user", "question"),
    [
        ("en", "What's the number of the locksmith who fixed the key safe?"),
        ("en", "Where is the safe that the hotel gives guests?"),
        ("zh", "存折上的利息怎么算？"),
    ],
)
def test_near_questions_get_no_sealed_memory(newcomer: Newcomer, user: str, question: str) -> None:
    """Before: the key-safe code or the passbook PIN in the hits and the context."""
    assert _sealed_shown(newcomer, user, question) == []


@pytest.mark.parametrize(
    ("user", "question", "marker"),
    [
        ("en", "What's the code for the key safe at the back door?", "4419"),
        ("en", "What's the code that opens the key safe?", "4419"),
        ("zh", "我存折的密码是多少？", "123580"),
    ],
)
def test_questions_about_it_get_it_first(
    newcomer: Newcomer, user: str, question: str, marker: str
) -> None:
    r = newcomer.mem.retrieve(question, user_id=user, record_access=False)
    assert r.hits[0].node.id == newcomer.sealed[marker]
    assert _sealed_shown(newcomer, user, question) == [marker]
