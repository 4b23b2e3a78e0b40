"""A session's lift reaches the turns near its match, fading with the turns between.

The ``parent`` feature says a turn's session holds a match: a question is likelier answered
in a conversation that talks about it. A session runs for dozens of turns over several
topics, though, and gave every turn its best relevance alike, so one strong match packed the
small talk from the other end of the session ("Awww! How long have you had them?") before
another session's answer (issue 38: LoCoMo's multi-hop evidence ranked past the budget). Here
a turn gets the best, over the session's candidates ``t``, of ``relevance(t) / (1 + d / reach)``,
``d`` the turns between the turn and ``t``: the matching turn keeps the whole lift, the
turns around it nearly all of it (the answer follows its question, the story goes on for a
few turns), a turn ``reach`` turns away half of it (``RetrievalConfig.session_reach``, 32).
``reach=None`` gives every turn the session's best relevance (the engine before:
:func:`hybridmem.retrieval.expansion.parent_feature`).

The distance is counted in turns from the sequence numbers (the store's write order): one
turn is the smallest gap between two of the session's candidates (a write path may number a
turn's bookkeeping too, so successive turns can be 2 apart; neighbour expansion makes two
successive turns candidates of nearly every matching session). With no two successive turns
among the candidates the gap read is larger than a turn, so the lift fades later, towards the
old whole-session lift, never sooner.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from itertools import pairwise

from hybridmem.models import MemoryNode
from hybridmem.retrieval.expansion import parent_feature

Whole = Callable[[Mapping[str, float], Mapping[str, MemoryNode]], dict[str, float]]


def session_lift(
    relevance: Mapping[str, float],
    turns: Mapping[str, MemoryNode],
    reach: float | None,
    whole: Whole = parent_feature,
) -> dict[str, float]:
    """For each turn, its session's lift: the best relevance among the candidates under its
    parent (itself included), each faded by its distance from the turn; with no ``reach``,
    ``whole`` (the session's best for every turn; the retriever passes its own name for it,
    which benchmarks swap for other lifts)."""
    if reach is None:
        return whole(relevance, turns)
    sessions: dict[str | None, list[tuple[float, int]]] = defaultdict(list)
    for node_id, node in turns.items():
        sessions[node.parent_id].append((relevance.get(node_id, 0.0), node.seq))
    step: dict[str | None, int] = {}
    for parent, matches in sessions.items():
        seqs = sorted({seq for _, seq in matches})
        step[parent] = min((b - a for a, b in pairwise(seqs)), default=1)
        matches.sort(reverse=True)  # best first: the scan below stops at the first too weak
    out: dict[str, float] = {}
    for node_id, node in turns.items():
        matches = sessions[node.parent_id]
        span = reach * step[node.parent_id]
        best = 0.0
        for rel, seq in matches:
            if rel <= best:  # fading only lowers it: no weaker match can win
                break
            best = max(best, rel / (1.0 + abs(node.seq - seq) / span))
        out[node_id] = best
    return out
