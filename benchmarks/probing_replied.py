"""A companion's question among the hits brings its answer, not the turn it replies to
(issue 38, probing23: a measurement, the engine unchanged).

The engine's reply join (:mod:`hybridmem.retrieval.replied`) brings the user's turn a
companion's reply replies to. When that reply ends in a question ("That sounds like the call
you've been waiting for! What did Dawn say?"), the user's next turn answers it ("I got it!!!
starting in April") and, when the context lacks it, is what a later question about the subject
asks for (probing blind13 o6). The variant ``replied-asks-answer`` of
:mod:`benchmarks.probing_variants` brings, for a companion's reply that asks, the user's next
turn (when not packed) instead; other replies as the engine does.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from unittest import mock

from hybridmem.models import Hit, MemoryNode
from hybridmem.retrieval import continuations, referents
from hybridmem.retrieval.answers import asks
from hybridmem.retrieval.candidates import Candidates
from hybridmem.retrieval.replied import COMPANION, USER, replied_turns


def asked_answers(
    store: Any,
    packed: Sequence[Hit],
    cands: Candidates,
    statuses: Sequence[str],
    window: float,
) -> dict[str, MemoryNode]:
    """:func:`replied_turns`, a reply that asks mapped to the user's next turn instead when
    the context lacks that turn."""
    out = replied_turns(store, packed, cands, statuses, window)
    turns = cands.turns or set()
    asking = [
        h.node
        for h in packed
        if h.node.id in turns
        and referents.speaker_role(h.node) == COMPANION
        and asks(h.node.content)
    ]
    if not asking:
        return out
    shown = {n.id for h in packed for n in (h.node, *h.merged)}
    after = referents._next_sibling(store, asking, statuses, window, cands.neighbours)
    for i, node in after.items():
        if referents.speaker_role(node) == USER and node.id not in shown:
            out[i] = node
    return out


@contextmanager
def asks_answer() -> Iterator[None]:
    """The engine with :func:`asked_answers` in place of its reply join."""
    with mock.patch.object(continuations, "replied_turns", asked_answers):
        yield
