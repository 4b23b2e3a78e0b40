"""An English question about a kind of thing in general is not about the user's sealed memory
(issue 38, helper sensitive24).

multilingual-e5 and all-MiniLM-L6-v2 showed "A genetic test showed I carry the BRCA1 mutation,
and I haven't told my sisters." for "Which genetic tests do they offer pregnant women at the
hospital?" (benchmarks/sensitive_blind6.py). A question marked as the user's own case (a
person, a name, a past event, a demonstrative, a definite article before the shared word)
keeps finding the memory.
"""

from __future__ import annotations

from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.lexical import stemmed_terms
from hybridmem.retrieval.generic_en import in_general
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import household, sealed_nodes, sealed_shown

ORDINARY = [
    "I'm Ines, I work as a midwife at Southmead Hospital in Bristol.",
    "My partner Tom is a sound engineer at a theatre.",
    "I'm allergic to penicillin.",
    "I cycle to work most days.",
]
GENETIC = "A genetic test showed I carry the BRCA1 mutation, and I haven't told my sisters."
SAFE = "The combination for the safe in the back office at work is 4-19-27."
SEALED = [GENETIC, SAFE]
GENERAL = "Which genetic tests do they offer pregnant women at the hospital?"


def test_a_question_about_the_kind_shows_no_sealed_memory(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        assert sealed_shown(mem, GENERAL, SEALED)[1] == []


def test_questions_about_the_users_own_case_still_find_it(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        for question, marker in (
            ("What did my genetic test show?", "BRCA1"),
            ("Which mutation do I carry?", "BRCA1"),
            ("What's the combination for the safe at work?", "4-19-27"),
        ):
            texts, shown = sealed_shown(mem, question, SEALED)
            assert texts and marker in texts[0], question
            assert len(shown) == 1, question


def test_the_rule_on_made_up_cosines(tmp_path: Path, clock: FakeClock) -> None:
    """The rule alone: the sealed memory ahead of the ordinary one is withheld for the question
    about the kind, admitted for the same words asked as the user's."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")

    def judged(question: str) -> set[str]:
        nodes = sealed_nodes(stored, s=GENETIC, o=ORDINARY[0])
        return withheld(nodes, {"s": 0.9, "o": 0.1}, question)

    assert judged(GENERAL) == {"s"}
    assert judged("Which genetic tests did they do on me at the hospital?") == set()


def test_the_marks_of_ones_own_case() -> None:
    words = stemmed_terms(GENETIC)
    assert in_general(GENERAL, words)
    assert in_general("Are genetic tests free on the NHS?", words) is False  # a name
    for own in (
        "Which genetic tests did they offer at the hospital?",  # a past event
        "What do genetic tests show about my sisters?",  # a person
        "Is that genetic test reliable?",  # a demonstrative
        "How reliable is the genetic test?",  # the definite article before the shared word
        "Which genetic tests does Carla offer?",  # a name
    ):
        assert not in_general(own, words), own
    # Nothing shared, or Chinese: not read.
    assert not in_general("Which vaccines do they offer pregnant women?", words)
    assert not in_general("孕妇能做哪些基因检测？", words)


def test_a_light_verbs_form_or_a_question_word_names_nothing_else(
    tmp_path: Path, clock: FakeClock
) -> None:
    """A question sharing only a word an ordinary memory holds too is admitted when it names
    nothing the sealed memory lacks; "went", "got" (a light verb's form) and 哪家 (a question
    word) are no such thing, as written. "evening" stems to "even", which is not read as
    closed."""
    interview = (
        "I've had two interviews for a job at a hospital pharmacy in Nottingham and my "
        "manager has no idea."
    )
    therapist = "I see a therapist for anxiety every other Thursday."
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")

    def judged(sealed: str, ordinary: str, question: str) -> set[str]:
        nodes = sealed_nodes(stored, s=sealed, o=ordinary)
        return withheld(nodes, {"s": 0.9, "o": 0.1}, question)

    priya = "I'm Priya, I'm a pharmacist at a Boots in Leicester."
    assert judged(interview, priya, "Where was that job I went for?") == set()
    assert judged(interview, priya, "Where was that job I cycled to?") == {"s"}
    assert judged(therapist, "I walk the dog every evening.", "What do I do every evening?") == {
        "s"
    }
