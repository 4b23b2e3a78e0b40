"""benchmarks.locomo_channels and locomo_nearest (issue 38, helper locomo14): a missed
evidence turn's rank by each channel, the hits packed above it, what it is lost to; a skipped
hit's nearest sentence as its shorter print."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import numpy as np

from benchmarks.locomo_channels import above, bucket, channel_ranks
from benchmarks.locomo_nearest import shortener
from hybridmem.models import Hit, ScoreBreakdown
from hybridmem.retrieval.shortened import ELISION
from hybridmem.testing.nodes import memory_node

NOW = datetime(2026, 12, 6, tzinfo=UTC)


def _hit(node_id: str, session: str, similarity: float, lexical: float, parent: float) -> Hit:
    node = memory_node(node_id, NOW, parent_id=session, depth=2)
    features = {"similarity": similarity, "lexical": lexical, "parent": parent}
    parts = {"similarity": 0.2 * similarity, "lexical": 0.2 * lexical, "parent": 0.4 * parent}
    score = sum(parts.values())
    return Hit(node, score, ScoreBreakdown(features, parts, score, 1.0, ("vector",)))


# The engine's order (by score): two turns of the strong session A first, then B's turn,
# whose own match is the best by similarity but whose session lifts it least.
RANKED = [
    _hit("a1", "A", 0.6, 1.0, 1.0),
    _hit("a2", "A", 0.5, 0.0, 1.0),
    _hit("b1", "B", 0.9, 0.0, 0.1),
]


def test_each_channel_ranks_the_candidates_on_its_own() -> None:
    by = channel_ranks(RANKED)
    assert by["similarity"] == {"b1": 1, "a1": 2, "a2": 3}
    assert by["lexical"] == {"a1": 1}  # a turn matching no word has no lexical rank
    # Direct: 0.2 * (similarity + lexical): a1 0.32, b1 0.18, a2 0.10.
    assert by["direct"] == {"a1": 1, "b1": 2, "a2": 3}


def test_the_hits_packed_above_a_missed_turn_are_described() -> None:
    got = above(RANKED, 3, {"a1", "a2"})
    assert got["above_packed"] == 2
    assert got["above_same_session"] == 0
    assert got["above_top_session"] == 2
    assert got["above_no_word"] == 1  # a2
    assert got["above_lower_direct"] == 1  # a2's own match is weaker than b1's


def _row(**kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"place": "ranked 26-50", "rank": 40, "rank_lexical": None}
    return {**base, **kw}


def test_a_missed_turn_is_lost_to_one_thing() -> None:
    assert bucket({"place": "never a candidate"}) == "never a candidate"
    assert bucket(_row(place="did not fit", rank_direct=3, rank_similarity=3)) == "budget"
    assert (
        bucket(_row(rank_direct=20, rank_similarity=30))
        == "propagated features (own match within 25)"
    )
    assert bucket(_row(rank_direct=40, rank_similarity=11)) == "one channel within 25, the mix not"
    assert (
        bucket(_row(rank_direct=40, rank_similarity=60, rank_lexical=5))
        == "one channel within 25, the mix not"
    )
    assert bucket(_row(rank_direct=70, rank_similarity=60)) == "both channels past 25"


def test_a_skipped_hit_with_no_matching_sentence_is_offered_its_nearest_one() -> None:
    node = _hit("n1", "A", 0.5, 0.0, 0.0).node
    node = replace(
        node,
        content="Melanie: Thanks, Caroline! The kids loved the clay. We made bowls. See you soon!",
    )
    query = np.array([1.0, 0.0])

    def embed(parts: list[str]) -> np.ndarray:
        # The sentence about what was made is the one nearest the question.
        return np.array([[1.0, 0.0] if "bowls" in p else [0.0, 1.0] for p in parts])

    question = "Which pottery pieces came out of the class?"  # no word in common
    near = shortener(question, query, embed, "nearest if no match", {"n1"})
    assert near(node) == [
        f"Melanie: {ELISION} The kids loved the clay. We made bowls. See you soon!",
        f"Melanie: {ELISION} We made bowls. {ELISION}",
    ]
    # Not offered (packed whole, or below the last packed hit): the engine's prints only.
    assert shortener(question, query, embed, "nearest if no match", set())(node) == []
