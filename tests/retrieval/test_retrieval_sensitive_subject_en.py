"""An English question sharing a word of a sealed memory's own is about it only when the memory
holds what the question asks something of: a passive's subject, the predicate after an
expletive "it", the predicate of a wh-phrase that is the subject (issue 38).

multilingual-e5 showed a bank account number for "Has the coach company been sent the
numbers?" (benchmarks/sensitive_blind.py), a drink-driving ban for "How much does it cost to
renew a driving licence?" and a partner's credit-card debt for "Which credit card is best for
holiday spending?" (sensitive_blind2.py): the last content word, the old focus, is the object
in English, and a held wh-head admitted whatever was said of it. Questions about the memory
keep finding it, among them an active subject's ("How does the dog walker get the key?") and a
wh-phrase the user acts on ("Which passport number should I put on the visa form?"), which
wider readings withheld.
"""

from __future__ import annotations

from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.retrieval.asked_en import Subject, subject, wh_subject
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import household, sealed_nodes, sealed_shown

ORDINARY = [
    "I'm Aisha, I teach year two at a primary school in Bristol.",
    "My partner Jamal is a software developer.",
    "Our son Zayn is four.",
    "I drive a grey Nissan Leaf.",
    "I swim on Monday mornings before work.",
    "We're saving for a house deposit.",
]
SEALED = [
    "My bank account number is 40118273, sort code 20-45-77.",
    "I was done for drink driving in 2015 and lost my licence for a year.",
    "Jamal has twelve thousand pounds on credit cards that I only found out about last month.",
    "My NHS number is 485 777 3456.",
]
NEAR = (
    "Has the coach company been sent the numbers?",
    "How much does it cost to renew a driving licence?",
    "Which credit card is best for holiday spending?",
)


def test_english_questions_about_another_thing_show_no_sealed_memory(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        for question in NEAR:
            assert sealed_shown(mem, question, SEALED)[1] == [], question


def test_english_questions_about_the_sealed_memory_still_find_it(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        for question, marker in (
            ("What's my bank account number?", "40118273"),
            ("Have I ever lost my licence?", "drink driving"),
            ("How much does Jamal owe on his credit cards?", "twelve thousand"),
        ):
            texts, shown = sealed_shown(mem, question, SEALED)
            assert texts and marker in texts[0], question
            assert len(shown) == 1, question


def test_the_subject_and_the_rest_decide_on_made_up_cosines(
    tmp_path: Path, clock: FakeClock
) -> None:
    """The rule alone: a sealed memory ahead of the ordinary one and sharing a word of its own
    is withheld when it holds neither the subject nor what the rest of the question asks;
    admitted when the subject is its own, the subject is the user, the question asks its
    wh-head and nothing more, or the shared word is the topic an "about" names."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")

    def judged(sealed: str, question: str) -> set[str]:
        nodes = sealed_nodes(stored, s=sealed, o=ORDINARY[2])
        return withheld(nodes, {"s": 0.9, "o": 0.1}, question)

    account, ban, debt, nhs = SEALED
    assert judged(account, NEAR[0]) == {"s"}
    assert judged(ban, NEAR[1]) == {"s"}
    assert judged(debt, NEAR[2]) == {"s"}
    assert judged(ban, "Was I banned from driving?") == set()
    assert judged(nhs, "What number is on my NHS card?") == set()
    pills = "I'm on antidepressants, sertraline 50mg a day."
    assert judged(pills, "Which antidepressant do I take?") == set()
    padlock = "The padlock on my storage unit at Dunbeg opens with 6152."
    assert judged(padlock, "What's the code for my storage unit padlock?") == set()
    key_safe = "The code for the key safe at the back door is 4419."
    assert judged(key_safe, "How does the dog walker get the key?") == set()
    passport = "My passport number is XK4417902, expires 2031."
    assert judged(passport, "Which passport number should I put on the visa form?") == set()
    loan = "I borrowed three thousand pounds from a payday loan company."
    assert judged(loan, "Has the bank been told about the payday loan?") == set()


def test_the_subject_is_read_from_closed_classes() -> None:
    def content(word: str) -> bool:
        return word not in {"the", "my", "for", "ever", "to", "a", "been", "from", "in"}

    assert subject("Has the coach company been sent the numbers?", content) == Subject(
        "np", ("coach", "company"), passive=True
    )
    assert subject("What's the code for my storage unit padlock?", content) == Subject(
        "np", ("code", "storage", "unit", "padlock")
    )
    assert subject("Is Gary's pub in money trouble?", content) == Subject("np", ("gary", "pub"))
    assert subject("Is there a court order against my ex?", content) is None
    assert subject("How much does it cost to renew a driving licence?", content) == Subject(
        "expletive", ("cost", "renew", "driving", "licence")
    )
    assert subject("Have I ever been banned from driving?", content) == Subject(
        "pronoun", ("banned", "driving")
    )
    assert subject("Who treats my teeth?", content) is None
    assert subject("我的银行卡号是多少？", content) is None
    assert wh_subject("Which credit card is best for holiday spending?")
    assert not wh_subject("Which antidepressant do I take?")
    assert not wh_subject("Which passport number should I put on the visa form?")
    assert not wh_subject("Which card can Jamal use?")
