"""Where a sealed English memory says something is, and whose act a relative clause states, are
not what the memory is about (issue 38, helper sensitive23).

multilingual-e5 and all-MiniLM-L6-v2 showed "Dad's ashes are buried under the apple tree..."
for "When should I prune the apple tree?" and "I've hidden Mum's diamond ring in a bag of frozen
peas..." for "What can I cook with frozen peas?" (benchmarks/sensitive_blind6.py), and e5 a
payday loan "...Sanjay doesn't know." for "What tablets am I on that work doesn't know about?"
(benchmarks/sensitive_blind5.py). Questions about the memories, among them ones naming the
place in a place phrase of their own, keep finding them.
"""

from __future__ import annotations

from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.lexical import stemmed_terms
from hybridmem.retrieval.places_en import only_where, place_words
from hybridmem.retrieval.relatives_en import said_of_another
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import household, sealed_nodes, sealed_shown

ORDINARY = [
    "I'm Dwayne, I drive lorries for a haulage firm out of Wolverhampton.",
    "My mate Gaz has the allotment next to mine by the canal.",
    "I have a ginger cat called Marmalade.",
    "I'm on blood pressure tablets from the GP.",
    "My wife Kerry works on the tills at Asda.",
]
ASHES = (
    "Dad's ashes are buried under the apple tree on my allotment, which the council doesn't allow."
)
RING = "I've hidden Mum's diamond ring in a bag of frozen peas at the back of the freezer."
LOAN = "I've taken out a payday loan of 1,800 pounds and Kerry doesn't know."
SEALED = [ASHES, RING, LOAN]
NEAR = (
    "When should I prune the apple tree?",
    "What can I cook with frozen peas?",
    "What tablets am I on that work doesn't know about?",
)


def test_questions_about_the_place_or_another_subject_show_no_sealed_memory(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        for question in NEAR:
            assert sealed_shown(mem, question, SEALED)[1] == [], question


def test_questions_about_the_sealed_memories_still_find_them(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        for question, marker in (
            ("Where are Dad's ashes buried?", "ashes"),
            ("What's buried under the apple tree?", "ashes"),
            ("What did I hide in the bag of frozen peas?", "diamond ring"),
            ("How much is the payday loan Kerry doesn't know about?", "payday loan"),
        ):
            texts, shown = sealed_shown(mem, question, SEALED)
            assert texts and marker in texts[0], question
            assert len(shown) == 1, question


def test_the_place_and_the_relative_clause_decide_on_made_up_cosines(
    tmp_path: Path, clock: FakeClock
) -> None:
    """The rule alone: a sealed memory ahead of the ordinary one is withheld when it holds the
    shared words only in its place phrase and the question acts on that thing, or when they are
    a relative clause's act said of a subject it does not name; admitted when the question asks
    the place, names it in a place phrase, or names the memory's subject."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")

    def judged(sealed: str, question: str) -> set[str]:
        nodes = sealed_nodes(stored, s=sealed, o=ORDINARY[2])
        return withheld(nodes, {"s": 0.9, "o": 0.1}, question)

    assert judged(ASHES, NEAR[0]) == {"s"}
    assert judged(RING, NEAR[1]) == {"s"}
    assert judged(LOAN, NEAR[2]) == {"s"}
    assert judged(ASHES, "What's buried under the apple tree?") == set()
    assert judged(ASHES, "Where's the apple tree?") == set()
    assert judged(RING, "What did I put in the bag of frozen peas?") == set()
    assert judged(LOAN, "Which loan have I got that Kerry doesn't know about?") == set()


def test_place_words_read_the_phrase_a_locative_preposition_and_a_determiner_open() -> None:
    inside, outside = place_words(ASHES)
    assert {"appl", "tre", "allotment"} <= inside
    assert {"ash", "buri"} <= outside and not inside & {"ash", "buri"}
    inside, _ = place_words(RING)
    assert {"bag", "frozen", "pea", "freezer"} <= inside
    # A source, an agent and a bare noun are no place.
    assert place_words("I borrowed money from a payday lender.")[0] == frozenset()
    assert place_words("Vik was cautioned by the police.")[0] == frozenset()
    assert place_words("I keep 200 pounds in cash.")[0] == frozenset()
    assert not only_where("Where did I hide the ring?", stemmed_terms(RING), RING)


def test_a_relative_clause_with_a_pronoun_subject_is_not_read() -> None:
    loan = stemmed_terms(LOAN)
    assert said_of_another(NEAR[2], loan)
    assert not said_of_another("What did I buy that she doesn't know about?", loan)
    assert not said_of_another("Which loan does Kerry not know about?", loan)
