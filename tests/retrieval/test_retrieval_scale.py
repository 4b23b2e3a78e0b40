"""The per-query scale (similarity min-max, lexical over the best BM25) is taken over the
candidates a retrieval can return, nothing else (issue 38): the user's root, a node another
agent or session owns, one a filter excludes and a sealed memory the question is not about
neither set its ends nor pick whose neighbours join, so two stores that differ only by such a
node rank and score the same question the same. Real SQLite and Chroma in tmp_path, the hash
embedder, time injected."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory, MemoryConfig, RetrievalConfig
from hybridmem.models import RetrievalResult
from hybridmem.privacy import PrivacyConfig, generate_key

U = "u1"
START = datetime(2024, 7, 1, 9, 0, tzinfo=UTC)
FACTS = [
    "I live in Hamburg near the harbour",
    "my sister lives in Munich",
    "I prefer a window seat on long trains",
    "the dentist appointment is on Friday",
    "I am allergic to peanuts",
    "my dog is called Bruno",
]
UNRELATED = "quarterly xylophone tuning invoice from Oslo"
"""Shares no word with the facts or the questions: the least similar candidate of each."""
QUESTIONS = [
    "where do I live?",
    "what seat do I like on trains?",
    "what is my dog called?",
    "when is the dentist?",
]


def _open(path: Path, clock: FakeClock) -> HybridMemory:
    privacy = PrivacyConfig(key=generate_key())
    return HybridMemory(path, embedder=HashEmbedder(64), clock=clock, privacy=privacy)


def _scores(result: RetrievalResult) -> list[tuple[str, float]]:
    """The hits in order with their similarity feature (the lexical one also reads the index's
    corpus statistics, which every stored row counts in)."""
    return [(h.node.content, round(h.breakdown.features["similarity"], 9)) for h in result.hits]


def _facts(
    mem: HybridMemory, clock: FakeClock, extra: Callable[[], None] | None, task_open: bool
) -> None:
    """The facts, ``extra`` added among them; under an open task when ``task_open`` (the root
    is then on the path, never a candidate), else with no task at all (the root a candidate)."""
    parent = None
    if task_open:
        parent = mem.add("Home", node_type="task", user_id=U).id
        mem.set_active(parent, user_id=U)
    for n, text in enumerate(FACTS):
        mem.add(text, parent_id=parent, user_id=U)
        clock.advance(minutes=1)
        if n == 2 and extra is not None:
            extra()  # in the middle, so that it is never first or last by creation
    clock.advance(minutes=1)


def _pair(
    tmp_path: Path,
    add: Callable[[HybridMemory], Callable[[], None]],
    ask: Callable[..., object],
    task_open: bool = True,
) -> None:
    """The same questions on a store with and one without the extra node: same ranked scores."""
    got = []
    for name, with_extra in (("with", True), ("without", False)):
        clock = FakeClock(START)
        with _open(tmp_path / name, clock) as mem:
            _facts(mem, clock, add(mem) if with_extra else None, task_open)
            results = [ask(mem, q) for q in QUESTIONS]
            for result in results:
                _ends(result)  # type: ignore[arg-type]
            got.append([_scores(r) for r in results])  # type: ignore[arg-type]
    assert got[0] == got[1]


def _ends(result: RetrievalResult) -> None:
    """Every candidate is returned in these tests, so the ends of each scale are hits: the
    least similar at 0, the most at 1, the best lexical match at 1."""
    assert result.hits, result.query
    sims = [h.breakdown.features["similarity"] for h in result.hits]
    assert min(sims) == pytest.approx(0.0), result.query
    assert max(sims) == pytest.approx(1.0), result.query
    lexical = [h.breakdown.features["lexical"] for h in result.hits]
    assert max(lexical) in (0.0, pytest.approx(1.0)), result.query


def test_the_users_root_does_not_set_the_similarity_scale(mem_path, clock) -> None:
    with _open(mem_path, clock) as mem:
        for text in FACTS:
            mem.add(text, user_id=U)
            clock.advance(minutes=1)
        for question in QUESTIONS:
            result = mem.retrieve(question, user_id=U, scope="user", top_k=50, token_budget=None)
            assert all(h.node.node_type != "root" for h in result.hits)
            _ends(result)  # whatever the root's own similarity
            for hit in result.hits:
                assert sum(hit.breakdown.parts.values()) == pytest.approx(hit.score)


def test_another_agents_memory_does_not_move_this_agents_ranking(tmp_path) -> None:
    def extra(mem: HybridMemory) -> Callable[[], None]:
        return lambda: mem.add(UNRELATED, user_id=U, agent_id="other")

    _pair(
        tmp_path,
        extra,
        lambda mem, q: mem.retrieve(
            q, user_id=U, agent_id="me", scope="user", top_k=50, record_access=False
        ),
    )


def test_another_sessions_memory_does_not_move_this_sessions_ranking(tmp_path) -> None:
    def extra(mem: HybridMemory) -> Callable[[], None]:
        return lambda: mem.add(UNRELATED, user_id=U, session_id="s2")

    _pair(
        tmp_path,
        extra,
        lambda mem, q: mem.retrieve(
            q, user_id=U, session_id="s1", scope="user", top_k=50, record_access=False
        ),
    )


def test_a_node_the_filter_excludes_does_not_move_the_ranking(tmp_path) -> None:
    def extra(mem: HybridMemory) -> Callable[[], None]:
        # A lexical candidate of every question (the filter is applied to the vector search
        # only), the best BM25 of most: it must not be the lexical scale's top either.
        return lambda: mem.add("live seat dog dentist", user_id=U, node_type="fact")

    _pair(
        tmp_path,
        extra,
        lambda mem, q: mem.retrieve(
            q, user_id=U, scope="user", top_k=50, node_types="event", record_access=False
        ),
    )


def test_a_withheld_sealed_memory_does_not_move_an_ordinary_question(tmp_path) -> None:
    def extra(mem: HybridMemory) -> Callable[[], None]:
        return lambda: mem.add(
            "my bank PIN is 4711 and the IBAN DE89 3704", user_id=U, sensitive=True
        )

    # No task open: the root is a candidate. The engine re-scaled only when it withheld
    # something, so the root left the scale when a secret was in the store, not otherwise.
    _pair(
        tmp_path,
        extra,
        lambda mem, q: mem.retrieve(q, user_id=U, scope="user", top_k=50, record_access=False),
        task_open=False,
    )


def test_a_withheld_sealed_turn_brings_none_of_its_neighbours(tmp_path, clock) -> None:
    """Only the best candidates bring their conversational neighbours: a sealed turn the
    question is not about is not among them, so its neighbour (similar to nothing) does not
    show up in an ordinary answer because a secret sits next to it."""
    question = "what did you tell me about it then?"
    secret = "you told me about it then: PIN 4711"  # the closest, but no word of the question
    beside = "Brussels sprouts casserole recipe"
    retrieval = RetrievalConfig(vector_candidates=3, expand_neighbours=1, recent_children=0)
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(
        tmp_path / "m",
        embedder=HashEmbedder(256),
        clock=clock,
        privacy=privacy,
        config=MemoryConfig(retrieval=retrieval),
    ) as mem:
        task = mem.add("Trip", node_type="task", user_id=U)
        chat = mem.add("chat one", node_type="session", parent_id=task.id, user_id=U)
        for text in (
            "we planned the trip to Lisbon in May",
            "the hotel is close to the old harbour",
            "I booked the flight for the second week",
        ):
            mem.add(text, parent_id=chat.id, user_id=U)
            clock.advance(minutes=1)
        other = mem.add("chat two", node_type="session", parent_id=task.id, user_id=U)
        mem.add(secret, parent_id=other.id, user_id=U, sensitive=True)
        clock.advance(minutes=1)
        mem.add(beside, parent_id=other.id, user_id=U)

        def contents(**kwargs: bool) -> list[str]:
            result = mem.retrieve(
                question, user_id=U, task_id=task.id, record_access=False, **kwargs
            )
            return [h.node.content for h in result.hits]

        opened = contents(include_sensitive=True)
        assert opened[0] == secret and beside in opened  # admitted, it brings its neighbour
        ordinary = contents()
        assert secret not in ordinary
        assert beside not in ordinary
