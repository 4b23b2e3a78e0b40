"""A speaker's next turn placed right after the turn it goes on from (issue 38, probing19).

The commonest hit@5 miss of the probing sets (blind9..11: 5 of 11) is an answer that follows the
turn naming the topic without naming it ("My sister called." / "She's pregnant!"; 老刘住院了 /
发现得早，左手有点麻). probing18 carried the antecedent's lexical match into the next turn as a
score (``benchmarks/probing_continued.py``): it gained, but a carried score moves the lexical
part's scale for every other turn and lifted replies after "how are you?" with whatever their
antecedent matched. Here nothing is scored: a continuation is *placed* directly after its
antecedent in the ranked hits, as :func:`hybridmem.retrieval.answers.answers_first` places an
answer with its question, only when the antecedent is itself a hit ranked above it.

A continuation of a turn: the same speaker's next turn of the same conversation (same parent),
the next sibling or the one after the other speaker's reply (``seq`` one or two on, the same
``speaker``). Readings (``--variant placed-…`` of :mod:`benchmarks.probing_variants`):

- ``any``: every antecedent among the hits, every continuation; chains follow (a placed turn
  brings its own continuation);
- ``named``: the antecedent holds a word of the question (a lexical match) and the
  continuation none (it goes on without naming the topic, which is the miss);
- ``named-user``: ``named``, the user's turns only (the companion's replies keep their
  places).

The engine is not changed: the patch wraps ``said_first`` as the retriever calls it (the last
ordering before packing, so the first five of a five-hit request are the reordered ones) and
reads the candidates' BM25 from ``Retriever.arrange``'s arguments.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from unittest import mock

from hybridmem.models import Hit, MemoryNode
from hybridmem.retrieval import retriever as retriever_module
from hybridmem.retrieval.referents import speaker_role
from hybridmem.retrieval.retriever import Retriever

READINGS = ("any", "named", "named-user")


def _goes_on(node: MemoryNode, later: MemoryNode) -> bool:
    """Whether ``later`` is ``node``'s speaker's next turn: same conversation and speaker,
    the next sibling or the one after a reply."""
    return (
        later.parent_id == node.parent_id
        and later.seq - node.seq in (1, 2)
        and speaker_role(later) == speaker_role(node)
        and speaker_role(node) is not None
    )


def placed_after(
    hits: Sequence[Hit],
    turns: Collection[str],
    matched: Collection[str],
    reading: str,
) -> list[Hit]:
    """``hits`` with each continuation ranked below its antecedent moved directly after it
    (``turns``: the conversation turns among the candidates; ``matched``: the ids with a
    lexical match)."""
    by_parent: dict[str | None, list[Hit]] = {}
    for hit in hits:
        if hit.node.id in turns:
            by_parent.setdefault(hit.node.parent_id, []).append(hit)
    rank = {h.node.id: i for i, h in enumerate(hits)}

    def continuation(hit: Hit) -> Hit | None:
        node = hit.node
        if reading != "any" and node.id not in matched:
            return None
        if reading == "named-user" and speaker_role(node) != "user":
            return None
        found = [
            h
            for h in by_parent.get(node.parent_id, ())
            if _goes_on(node, h.node)
            and rank[h.node.id] > rank[node.id]
            and (reading == "any" or h.node.id not in matched)
        ]
        if not found:
            return None
        nearest = min(found, key=lambda h: h.node.seq)
        # the speaker's own next turn only: a nearer one of the same speaker outranked it
        if nearest.node.seq - node.seq == 2 and any(
            h.node.seq == node.seq + 1 and speaker_role(h.node) == speaker_role(node)
            for h in by_parent.get(node.parent_id, ())
        ):
            return None
        return nearest

    order: list[Hit] = []
    done: set[str] = set()
    for hit in hits:
        chain: Hit | None = hit
        while chain is not None and chain.node.id not in done:
            order.append(chain)
            done.add(chain.node.id)
            chain = continuation(chain) if chain.node.id in turns else None
    return order


def variant(reading: str) -> Callable[[], Any]:
    """The patch of one reading."""

    @contextmanager
    def patched() -> Iterator[None]:
        held: list[Any] = [None]
        arrange, said = Retriever.arrange, retriever_module.said_first

        def arranging(self: Retriever, *args: Any, **kwargs: Any) -> Any:
            held[0] = kwargs.get("cands", args[5] if len(args) > 5 else None)
            return arrange(self, *args, **kwargs)

        def saying(query: str, hits: Any, places: int, turns: Any = (), *rest: Any) -> Any:
            out = said(query, hits, places, turns, *rest)
            cands = held[0]
            if cands is None or not turns:
                return out
            matched = {i for i, v in cands.bm25.items() if v > 0}
            return placed_after(out, turns, matched, reading)

        with (
            mock.patch.object(Retriever, "arrange", arranging),
            mock.patch.object(retriever_module, "said_first", saying),
        ):
            yield

    return patched
