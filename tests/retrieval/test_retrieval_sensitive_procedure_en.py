"""An English question asking how anyone does an act to a thing of a kind, or asked of a
generic "you", is not about the user's sealed memory (issue 38, helper sensitive28).

multilingual-e5 and all-MiniLM-L6-v2 showed "I'm the one who reported our neighbour's
extension to the council, anonymously." for "How do I report a pothole to the council?" and
"I took diazepam from the pharmacy stock when I couldn't sleep." for "Can you take paracetamol
if you can't sleep?" (benchmarks/sensitive_blind10.py). A procedure on a definite or owned thing
("How do I open the gun cabinet?") and a question with a first person stay the user's case.
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
    "I'm Priya, a pharmacist at a Boots in Leicester.",
    "My husband Arjun is a software tester.",
    "I've got an underactive thyroid and take levothyroxine.",
    "We live in Oadby.",
    "I play badminton at the leisure centre every Wednesday.",
]
DIAZEPAM = "I took diazepam from the pharmacy stock when I couldn't sleep."
REPORTED = "I'm the one who reported our neighbour's extension to the council, anonymously."
SEALED = [DIAZEPAM, REPORTED]
POTHOLE = "How do I report a pothole to the council?"
PARACETAMOL = "Can you take paracetamol if you can't sleep?"


def test_a_procedure_or_a_generic_you_shows_no_sealed_memory(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        for question in (POTHOLE, PARACETAMOL):
            assert sealed_shown(mem, question, SEALED)[1] == [], question


def test_the_rule_on_made_up_cosines(tmp_path: Path, clock: FakeClock) -> None:
    """The rule alone: the sealed memory ahead of the ordinary one is withheld for the
    procedure and the generic "you", admitted for the same words asked as the user's."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")

    def judged(sealed: str, question: str) -> set[str]:
        nodes = sealed_nodes(stored, s=sealed, o=ORDINARY[0])
        return withheld(nodes, {"s": 0.9, "o": 0.1}, question)

    assert judged(REPORTED, POTHOLE) == {"s"}
    assert judged(DIAZEPAM, PARACETAMOL) == {"s"}
    assert judged(REPORTED, "Who did I report to the council?") == set()
    assert judged(DIAZEPAM, "What did I take from the pharmacy when I couldn't sleep?") == set()
    assert judged(DIAZEPAM, "Can I take paracetamol if I can't sleep?") == set()


def test_the_marks_of_a_procedure_and_of_a_generic_you() -> None:
    reported = stemmed_terms(REPORTED)
    assert in_general(POTHOLE, reported)
    assert in_general(PARACETAMOL, stemmed_terms(DIAZEPAM))
    for own in (
        "How do I report the extension to the council?",  # a definite object: a known one
        "How do I report my neighbour to the council?",  # the user's own
        "How did I report a pothole to the council?",  # a past event
        "Why do I report a pothole to the council?",  # no procedure asked
        "How do I report a pothole to Leicester council?",  # a name
    ):
        assert not in_general(own, reported), own
    safe = stemmed_terms("The code for the gun cabinet is 4471.")
    assert not in_general("How do I open the gun cabinet?", safe)
    password = stemmed_terms("My email password is Morningstar44.")
    assert not in_general("How do I change my email password?", password)
    assert not in_general("Can you remind me of my email password?", password)  # me, my
    assert not in_general("Can you sleep if I took diazepam?", stemmed_terms(DIAZEPAM))  # I
