"""Pure scoring functions: node weights and the explainable retrieval score.

Nothing here does I/O or reads a clock; ``now`` is always an argument, so the same inputs give
the same score in tests, replays and production.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime
from functools import lru_cache

from hybridmem.config import ScoreWeights
from hybridmem.models import MemoryNode, ScoreBreakdown, TimeWindow

_LN2 = math.log(2.0)


def recency(node: MemoryNode, now: datetime, half_life_days: float) -> float:
    """Exponential decay in [0, 1] from the later of creation and last access.

    Retrieval updates ``last_accessed_at``, so a memory that keeps being useful stays fresh
    ("passive renewal"); one never used again fades smoothly, never falling off a cliff.
    """
    reference = node.created_at
    if node.last_accessed_at is not None and node.last_accessed_at > reference:
        reference = node.last_accessed_at
    age_days = max((now - reference).total_seconds(), 0.0) / 86_400.0
    return math.exp(-_LN2 * age_days / half_life_days)


def age_recency(node: MemoryNode, now: datetime, half_life_days: float) -> float:
    """Exponential decay in [0, 1] from the node's creation (its age), whatever its use.

    Ranking uses this rather than :func:`recency`: a memory read yesterday is not likelier to
    answer today's question, and letting reads lift it would make retrieval feed on itself.
    """
    age_days = max((now - node.created_at).total_seconds(), 0.0) / 86_400.0
    return math.exp(-_LN2 * age_days / half_life_days)


def half_life_for(
    node: MemoryNode, default_days: float, by_lifecycle: Mapping[str, float] | None = None
) -> float:
    """The recency half-life of ``node``: its lifecycle class's, else ``default_days``."""
    if by_lifecycle and node.lifecycle is not None and node.lifecycle in by_lifecycle:
        return float(by_lifecycle[node.lifecycle])
    return default_days


def use(node: MemoryNode) -> float:
    """How much the node has been used: retrievals (saturating) or subtree activity."""
    return max(1.0 - math.exp(-node.access_count / 5.0), node.activity)


def tree_proximity(node: MemoryNode, anchor: MemoryNode | None) -> float:
    """1 / (1 + edges between ``node`` and ``anchor``); 0 when there is no anchor."""
    if anchor is None:
        return 0.0
    a = (*node.path, node.id)
    b = (*anchor.path, anchor.id)
    common = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        common += 1
    return 1.0 / (1.0 + (len(a) - common) + (len(b) - common))


def node_weight(
    node: MemoryNode, now: datetime, weights: ScoreWeights, half_life_days: float
) -> float:
    """The node's own weight in [0, 1]: importance, recency, confidence and use combined.

    Used to drop weak candidates (``RetrievalConfig.min_weight``) and, by the forgetting layer,
    to choose what to archive first.
    """
    parts = {
        "importance": (weights.importance, node.importance),
        "recency": (weights.recency, recency(node, now, half_life_days)),
        "confidence": (weights.confidence, node.confidence),
        "use": (weights.use, use(node)),
    }
    total = sum(w for w, _ in parts.values())
    if total <= 0:
        return 1.0
    return sum(w * v for w, v in parts.values()) / total


@lru_cache(maxsize=256)
def _normalised(weights: ScoreWeights) -> tuple[tuple[str, float], ...]:
    """The weights scaled to add up to 1 (one query scores every candidate with the same)."""
    raw = weights.as_dict()
    total = sum(raw.values())
    return tuple((k, v / total) for k, v in raw.items())


def score(
    features: Mapping[str, float],
    weights: ScoreWeights,
    *,
    weight: float,
    sources: tuple[str, ...],
    window: TimeWindow | None = None,
) -> ScoreBreakdown:
    """Weighted mean of ``features`` (each in [0, 1]) with its per-feature parts.

    The weights are normalised to add up to 1 first, so each part is that feature's share of
    the score and the parts add up to the score exactly.
    """
    w = dict(_normalised(weights))
    clipped = {k: min(max(float(features.get(k, 0.0)), 0.0), 1.0) for k in w}
    parts = {k: w[k] * clipped[k] for k in w}
    return ScoreBreakdown(
        features=clipped,
        parts=parts,
        score=sum(parts.values()),
        weight=weight,
        sources=sources,
        weights=w,
        window=window,
    )
