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

import numpy as np

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
    sessions: dict[str | None, list[str]] = defaultdict(list)
    for node_id, node in turns.items():
        sessions[node.parent_id].append(node_id)
    out: dict[str, float] = {}
    for ids in sessions.values():
        out.update(zip(ids, _faded(ids, relevance, turns, reach), strict=True))
    return out


def _faded(
    ids: list[str], relevance: Mapping[str, float], turns: Mapping[str, MemoryNode], reach: float
) -> list[float]:
    """One session's lifts: every turn against every match at once (a turn-by-match array;
    the scan it replaced took 3.1 ms at p95 on LoCoMo's questions naming a time, whose
    candidates reach 500). The same quotient as the scan, so the same floats."""
    seq = np.array([turns[i].seq for i in ids], dtype=np.float64)
    rel = np.array([relevance.get(i, 0.0) for i in ids], dtype=np.float64)
    steps = np.diff(np.unique(seq))
    span = reach * (float(steps.min()) if steps.size else 1.0)
    live = rel > 0.0  # a match with no relevance lifts nothing
    if not live.any():
        return [0.0] * len(ids)
    faded = rel[live] / (1.0 + np.abs(seq[:, None] - seq[live][None, :]) / span)
    return [float(v) for v in faded.max(axis=1)]
