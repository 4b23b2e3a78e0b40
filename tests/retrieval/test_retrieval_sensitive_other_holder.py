"""A word a question shares with a sealed memory is another thing's when the question says
whose it is otherwise (issue 38, helper sensitive21): an English wh-head alone whose modifier in
the memory the question does not name, the rest naming things the memory holds none of and none
of them the user's; a Chinese question opening with a 的-phrase the memory holds nothing of.

multilingual-e5 and MiniLM showed a sealed NHS number for "What number do I ring to book a GP
appointment?" and a sealed fibroid operation for 乐乐的扁桃体要不要做手术？ (乐乐 is the user's
son; benchmarks/sensitive_blind3.py). Questions about the memories keep finding them, among
them one naming the user's own thing ("Which number do I give the hospital for my cover?") and
one naming the memory's modifier ("Which passport number should I put on the visa form?").
"""

from __future__ import annotations

from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.retrieval.roles_zh import topic
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import household, sealed_nodes, sealed_shown

ORDINARY = [
    "I'm Bethany, I run a mobile dog-grooming van in Plymouth.",
    "My partner Luke is a postman.",
    "I swim at the lido on Sunday mornings.",
    "我叫刘晓燕，在南京一家幼儿园当老师。",
    "儿子乐乐今年五岁。",
    "我骑电动车上班。",
]
SEALED = [
    "My NHS number is 485 777 3456.",
    "我子宫里长了肌瘤，下个月要做手术。",
]
NEAR = ("What number do I ring to book a GP appointment?", "乐乐的扁桃体要不要做手术？")


def test_questions_about_another_things_word_show_no_sealed_memory(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        for question in NEAR:
            assert sealed_shown(mem, question, SEALED)[1] == [], question


def test_questions_about_the_sealed_memory_still_find_it(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        for question, marker in (
            ("What's my NHS number?", "485"),
            ("我下个月要做什么手术？", "肌瘤"),
        ):
            texts, shown = sealed_shown(mem, question, SEALED)
            assert texts and marker in texts[0], question
            assert len(shown) == 1, question


def test_whose_the_shared_word_is_decides_on_made_up_cosines(
    tmp_path: Path, clock: FakeClock
) -> None:
    """The rule alone: a sealed memory ahead of the ordinary one and sharing a word of its own
    is withheld when the question says the word is another thing's; admitted when the question
    names the memory's modifier, the user's own thing, or opens with a phrase of the memory's."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")

    def judged(sealed: str, question: str) -> set[str]:
        nodes = sealed_nodes(stored, s=sealed, o=ORDINARY[2])
        return withheld(nodes, {"s": 0.9, "o": 0.1}, question)

    nhs, fibroid = SEALED
    assert judged(nhs, NEAR[0]) == {"s"}
    assert judged(fibroid, NEAR[1]) == {"s"}
    assert judged(nhs, "What number is on my NHS card?") == set()
    policy = "My health insurance policy number is VHI-88213-77."
    assert judged(policy, "Which number do I give the hospital for my cover?") == set()
    passport = "My passport number is XK4417902, expires 2031."
    assert judged(passport, "Which passport number should I put on the visa form?") == set()
    safe = "家里保险柜的密码是640213。"
    assert judged(safe, "家里保险柜的密码是多少？") == set()


def test_the_topic_is_the_phrase_a_question_opens_with() -> None:
    assert topic("乐乐的扁桃体要不要做手术？") == (["扁桃体"], ["乐乐"], False)
    assert topic("我妈的白内障手术安排在哪天？") == (["白内障", "手术"], ["妈"], False)
    assert topic("去年做的手术疼吗？") is None  # a time word opens it
    assert topic("保险柜怎么打开？") is None
    assert topic("What number do I ring?") is None
