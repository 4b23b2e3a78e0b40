"""A word a question shares with a sealed memory is still evidence when the only word of its
noun phrase the memory does not hold is the phrase's head: the head says what of the thing is
asked ("my HIV *status*", "the gun cabinet *combination*", "the *number* for the garage
keypad"), a modifier which thing ("my *library* card number") (hybridmem/retrieval/
phrase_heads.py, issue 38). Before, "What's my HIV status?" withheld a sealed "I'm HIV
positive..." because the memory does not say "status" (benchmarks/sealed_trace.py: four
first-day questions about a sealed memory, multilingual-e5)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval.phrase_heads import head_index
from hybridmem.retrieval.sensitive import withheld
from hybridmem.retrieval.shared_words import phrases
from tests.sealed_nodes import sealed_nodes

AHEAD = {"a": 0.80, "s": 0.84}
"""The sealed memory ahead of the ordinary one: the dense channel says yes, words decide."""


def test_a_head_the_memory_does_not_hold_asks_for_what_of_the_thing(lunch: MemoryNode) -> None:
    """Each failed before: the head ("status", "combination", "number") was read as
    qualifying the shared words."""
    hiv = sealed_nodes(lunch, a="I teach maths at a sixth-form college.", s="I'm HIV positive.")
    assert withheld(hiv, AHEAD, "What's my HIV status?") == set()
    cabinet = sealed_nodes(
        lunch, a="I shoot clays most Sundays.", s="The gun cabinet code is 5521."
    )
    assert withheld(cabinet, AHEAD, "What's the gun cabinet combination?") == set()
    keypad = sealed_nodes(lunch, a="I park on the drive.", s="The garage keypad code is 7781.")
    assert withheld(keypad, AHEAD, "What's the number for the garage keypad?") == set()


def test_a_modifier_the_memory_does_not_hold_still_names_another_thing(
    lunch: MemoryNode,
) -> None:
    pin = sealed_nodes(
        lunch, a="I teach maths at a sixth-form college.", s="My bank card PIN is 7305."
    )
    assert withheld(pin, AHEAD, "What's my library card number?") == {"s"}
    assert withheld(pin, AHEAD, "What's my bank's phone number?") == {"s"}
    keypad = sealed_nodes(lunch, a="I park on the drive.", s="The garage keypad code is 7781.")
    assert withheld(keypad, AHEAD, "What's the garage owner's phone number?") == {"s"}
    cabinet = sealed_nodes(
        lunch, a="I shoot clays most Sundays.", s="The gun cabinet code is 5521."
    )
    assert withheld(cabinet, AHEAD, "What's the gun shop's address?") == {"s"}


def test_chinese_is_read_as_before(lunch: MemoryNode) -> None:
    """The phrase reading is English only: Chinese words are compared as before."""
    cabinet = sealed_nodes(lunch, a="我周末去打飞碟。", s="枪柜的密码是5521。")
    assert withheld(cabinet, AHEAD, "枪柜的密码是多少？") == set()
    assert withheld(cabinet, AHEAD, "WiFi密码是多少？") == {"s"}


def test_the_head_is_the_word_before_of_or_for_else_the_last() -> None:
    def head(question: str) -> list[str]:
        return [p[head_index(question, p)] for p in phrases(question)]

    assert head("What's my HIV status?") == ["status"]
    assert head("What's the number for the gun cabinet?") == ["number"]
    assert head("What's my bank's phone number?") == ["number"]
    assert head("What's the door code for the gym?") == ["code"]
    assert head("What is the code of the key safe?") == ["code"]


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
    """One user with ordinary facts and three sealed memories; the default model, a key set."""
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    path = tmp_path_factory.mktemp("head") / "m"
    facts = (
        "I teach maths at a sixth-form college in Sheffield.",
        "My husband Owen is a firefighter.",
        "I swim at the leisure centre on Tuesday evenings.",
        "I shoot clays with my brother most Sundays.",
        "I'm allergic to penicillin.",
        "I drive a blue Skoda Octavia.",
    )
    sealed = {
        "HIV": "I was diagnosed HIV positive in 2016, I'm on daily tablets.",
        "5521": "The gun cabinet code is 5521.",
        "7305": "My bank card PIN is 7305.",
    }
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(path, embedder=e5, clock=clock, privacy=privacy) as mem:
        for text in facts:
            mem.add(text, node_type="fact", user_id="u")
            clock.advance(minutes=3)
        ids = {}
        for marker, text in sealed.items():
            ids[marker] = mem.add(text, node_type="fact", user_id="u", sensitive=True).id
            clock.advance(minutes=3)
        yield Newcomer(mem, ids)


def _sealed_shown(n: Newcomer, question: str) -> list[str]:
    """The sealed memories (by marker) in the hits or the context, first hit first."""
    r = n.mem.retrieve(question, user_id="u", record_access=False)
    hits = [h.node.id for h in r.hits]
    shown = [m for m, i in n.sealed.items() if i in hits or m in r.context]
    return sorted(shown, key=lambda m: hits.index(n.sealed[m]) if n.sealed[m] in hits else 99)


@pytest.mark.parametrize(
    ("question", "marker"),
    [("What's my HIV status?", "HIV"), ("What's the gun cabinet combination?", "5521")],
)
def test_a_question_asking_for_the_things_attribute_gets_it_first(
    newcomer: Newcomer, question: str, marker: str
) -> None:
    """Before: withheld, not in the hits at all."""
    assert _sealed_shown(newcomer, question) == [marker]
    r = newcomer.mem.retrieve(question, user_id="u", record_access=False)
    assert r.hits[0].node.id == newcomer.sealed[marker]


@pytest.mark.parametrize(
    "question",
    ["What's my library card number?", "What's the gun shop's address?", "Who is my GP?"],
)
def test_near_questions_get_no_sealed_memory(newcomer: Newcomer, question: str) -> None:
    assert _sealed_shown(newcomer, question) == []


def test_a_question_word_asks_nothing_beyond_the_kind(lunch: MemoryNode) -> None:
    """A question asking for a kind of private matter by a colloquial question word ("啥") or
    an aspect adverb ("ever"): those name nothing the memory must hold. Before, each was
    withheld as asking beyond the kind (sensitive._named_beyond)."""
    zh = sealed_nodes(lunch, a="我在菜市场卖豆腐。", s="我前年做了乳腺癌手术。")
    assert withheld(zh, {"a": 0.80, "s": 0.82}, "我有啥慢性病？") == set()
    assert withheld(zh, {"a": 0.80, "s": 0.82}, "我有过啥重病吗？") == set()
    en = sealed_nodes(lunch, a="I fix boilers for a living.", s="I was on heroin in my twenties.")
    assert withheld(en, {"a": 0.80, "s": 0.82}, "Did I ever have a drug habit?") == set()
    # A word naming something else still keeps it out, question word or not.
    assert withheld(zh, {"a": 0.80, "s": 0.82}, "我脚上得过啥病？") == {"s"}
    assert withheld(en, {"a": 0.80, "s": 0.82}, "Did my brother ever have a drug habit?") == {"s"}
