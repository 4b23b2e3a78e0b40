"""The node weight of the evolution layer: pure functions, ``now`` always passed in.

``weight = (Σ w_k·f_k / Σ w_k) × recency ** recency_power`` over importance, confidence and use,
where recency decays from the later of creation and last access with the half-life of the
node's lifecycle class (:func:`hybridmem.scoring.recency`). Retrieval updates
``last_accessed_at``, so a memory that keeps being useful keeps its weight (passive renewal).
"""

from __future__ import annotations

from datetime import datetime

from hybridmem import scoring
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.models import MemoryNode

DEFAULT_HALF_LIFE_DAYS = 30.0


def half_life(node: MemoryNode, config: EvolutionConfig) -> float:
    """Days for this node's recency to halve (its lifecycle's half-life)."""
    return config.half_lives.for_lifecycle(node.lifecycle, DEFAULT_HALF_LIFE_DAYS)


def node_weight(node: MemoryNode, now: datetime, config: EvolutionConfig) -> float:
    """The node's weight in [0, 1] at ``now`` (what forgetting and pruning sort by)."""
    w = config.weights
    base_total = w.importance + w.confidence + w.use
    base = (
        w.importance * node.importance + w.confidence * node.confidence + w.use * scoring.use(node)
    ) / base_total
    fresh = scoring.recency(node, now, half_life(node, config))
    return base * fresh**w.recency_power


def is_protected(node: MemoryNode, config: EvolutionConfig) -> bool:
    """Protected nodes are never archived by forgetting or pruning.

    The protected types (preferences, profiles...) are protected once they are standing
    memories; an unconfirmed *candidate* preference ("I hate rain", said once) is not.
    """
    return (
        (
            node.node_type in config.protected_types
            and node.status != "candidate"
            and node.metadata.get("awaiting") != "confirmation"
        )
        or node.parent_id is None
        or bool(node.metadata.get("pinned"))
    )
