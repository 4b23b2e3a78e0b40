"""The same speaker's next turn carries its antecedent's match without a pronoun (issue 38,
probing18; measured, not shipped: ``docs/benchmarks.md``).

``referents.carry_into`` carries one term's share of a matched turn's BM25 into the same
speaker's next turn only along a third-person pronoun and only for a question about someone.
The answers that go on from a turn naming the topic without naming it ("Ofsted phoned today" /
the companion's "How are you feeling?" / "terrified to be honest…"; 我家那口子跑长途 / 他跑这个
多少年了？ / 十几年了，腰坐坏了) carry nothing. :func:`variant` patches the engine so that, at
the first step from a matched turn, that next turn carries the same share (the pronoun carry's,
no new constant) when it is read as a continuation:

- ``any``: every next turn of the speaker (and a pronoun turn for a question about no one, one
  step); a matched turn takes the share too;
- ``asked``: only a turn answering the other speaker's question (the reply between ends in a
  question mark: ``answers.asks``), for any question; pronoun chains as in the engine;
- ``complement``: a turn holding a word of the question its antecedent lacks (the two turns
  together hold more of the question than either);
- ``complement-asked``: both of the last two;
- ``…-capped``: the carried turn's match no higher than its antecedent's (or its own), so the
  lexical part's min-max scale is not moved by a carry.

The engine is not changed: the patch replaces ``carry_into`` as the retriever calls it, opens
its ``asks_about_someone`` gate in ``Retriever.expand`` only (the window rule reads it too and
keeps the engine's reading), and keeps ``by_pronoun`` to questions about someone.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any
from unittest import mock

from hybridmem.lexical import stemmed_terms
from hybridmem.models import MemoryNode
from hybridmem.retrieval import referents
from hybridmem.retrieval.answers import asks
from hybridmem.store import TreeStore

MODES = ("any", "asked", "complement", "complement-asked")
CAPPED = ("complement-capped", "complement-asked-capped")


def _next_turns(
    store: TreeStore,
    turns: Sequence[MemoryNode],
    statuses: Sequence[str],
    window: float,
    known: Mapping[str, Sequence[str]],
) -> tuple[dict[str, MemoryNode], set[str]]:
    """``referents.speakers_next_turn`` and the ids of the next turns reached over a reply that
    asks (the other speaker's question between)."""
    by_id = {n.id: n for n in turns}
    first = referents._next_sibling(store, turns, statuses, window, known)
    role = referents.speaker_role
    out = {i: n for i, n in first.items() if role(n) == role(by_id[i])}
    replies = {i: n for i, n in first.items() if i not in out}
    second = referents._next_sibling(store, list(replies.values()), statuses, window, known)
    answering: set[str] = set()
    for origin, reply in replies.items():
        after, turn = second.get(reply.id), by_id[origin]
        if (
            after is not None
            and role(after) == role(turn)
            and abs((after.created_at - turn.created_at).total_seconds()) <= window
        ):
            out[origin] = after
            if asks(reply.content):
                answering.add(after.id)
    return out, answering


def carried(
    mode: str,
    store: TreeStore,
    query: str,
    bm25: Mapping[str, float],
    matched: Sequence[MemoryNode],
    statuses: Sequence[str],
    window: float,
    known: Mapping[str, Sequence[str]],
    origins: dict[str, str] | None,
) -> dict[str, tuple[MemoryNode, float]]:
    """``referents.carried_matches`` with the continuation of ``mode`` at the first step."""
    person = referents.asks_about_someone(query)
    asked = stemmed_terms(query)
    out: dict[str, tuple[MemoryNode, float]] = {}
    share: dict[str, float] = {}
    held: dict[str, frozenset[str]] = {}
    for node in matched:
        terms = asked & stemmed_terms(node.content)
        if terms and bm25.get(node.id, 0.0) > 0:
            share[node.id] = bm25[node.id] / len(referents._words(terms))
            held[node.id] = terms
    frontier, first = [n for n in matched if n.id in share], True
    while frontier:
        step: list[MemoryNode] = []
        nexts, answering = _next_turns(store, frontier, statuses, window, known)
        for origin, turn in nexts.items():
            words = stemmed_terms(turn.content)
            pronoun = referents.refers_back(turn.content)
            goes_on = first and (
                mode == "any"
                or (mode == "asked" and turn.id in answering)
                or (mode.startswith("complement") and bool(asked & words - held[origin]))
            )
            if mode.startswith("complement-asked"):
                goes_on = goes_on and turn.id in answering
            own = turn.id in held  # matched itself
            can = (pronoun and (person or (mode == "any" and first))) or goes_on
            if turn.id in out or not can or (own and not (goes_on or mode == "any")):
                continue
            if not held[origin] - words:
                continue  # it holds every matched term itself
            if not own:
                share[turn.id], held[turn.id] = share[origin], held[origin]
            if origins is not None:
                origins[turn.id] = origins.get(origin, origin)
            score = bm25.get(turn.id, 0.0) + share[origin]
            if mode.endswith("-capped"):  # no higher than the turn it goes on from
                score = max(bm25.get(turn.id, 0.0), min(score, bm25.get(origin, score)))
            out[turn.id] = (turn, score)
            if pronoun and person and not own:
                step.append(turn)
        frontier, first = step, False
    return out


def variant(mode: str) -> Callable[[], Any]:
    """A context manager factory patching the retriever with the continuation of ``mode``."""

    @contextmanager
    def patched() -> Iterator[None]:
        real_about, real_by_pronoun = referents.asks_about_someone, referents.by_pronoun

        def about(query: str) -> bool:
            # Retriever.expand's gate opens for every question; the carry reads the real one.
            return sys._getframe(1).f_code.co_name == "expand" or real_about(query)

        def carry_into(
            store: TreeStore,
            query: str,
            bm25: dict[str, float],
            turns: Sequence[MemoryNode],
            statuses: Sequence[str],
            window: float,
            known: Mapping[str, Sequence[str]],
            origins: dict[str, str] | None = None,
        ) -> set[str]:
            matched = [n for n in turns if n.id in bm25]
            out = carried(mode, store, query, bm25, matched, statuses, window, known, origins)
            bm25.update({node_id: score for node_id, (_, score) in out.items()})
            return set(out)

        def by_pronoun(embedder: Any, vectors: Any, query: str, *args: Any) -> None:
            if real_about(query):
                real_by_pronoun(embedder, vectors, query, *args)

        with (
            mock.patch("hybridmem.retrieval.retriever.asks_about_someone", about),
            mock.patch("hybridmem.retrieval.retriever.carry_into", carry_into),
            mock.patch("hybridmem.retrieval.retriever.by_pronoun", by_pronoun),
        ):
            yield

    return patched
