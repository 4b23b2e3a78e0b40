"""benchmarks.set_orders: the set-level orderings the issue 38 negative result rests on."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from benchmarks.set_orders import cover_order, dpp_order, interleave_order, shared_parent_order
from hybridmem.models import Hit, MemoryNode, ScoreBreakdown
from hybridmem.testing.nodes import memory_node

NOW = datetime(2026, 12, 5, tzinfo=UTC)


def _hit(
    node_id: str, score: float, session: str = "s", parent: float = 0.0, text: str = ""
) -> Hit:
    node = memory_node(node_id, NOW, parent_id=session, content=text or node_id, depth=2)
    parts = {"similarity": score - parent, "parent": parent}
    return Hit(node, score, ScoreBreakdown(dict(parts), parts, score, 1.0, ()))


def _ids(hits: list[Hit]) -> list[str]:
    return [h.node.id for h in hits]


def test_a_sessions_later_turns_yield_only_their_shared_parent_part():
    hits = [
        _hit("a1", 0.80, "A", parent=0.30),
        _hit("a2", 0.60, "A", parent=0.30),
        _hit("a3", 0.55, "A", parent=0.30),
        _hit("b1", 0.50, "B", parent=0.10),
    ]
    # a2: 0.30 + 0.30/2 = 0.45 < b1 0.50; then a3 (0.25 + 0.10) still below a2's 0.45.
    assert _ids(shared_parent_order(hits)) == ["a1", "b1", "a2", "a3"]


def test_no_parent_part_keeps_the_rank_order():
    hits = [_hit("x", 0.9), _hit("y", 0.5), _hit("z", 0.4)]
    assert _ids(shared_parent_order(hits)) == ["x", "y", "z"]


def test_the_best_hit_of_each_unmatched_query_term_comes_first():
    hits = [
        _hit("1", 0.9, text="the horse painting"),
        _hit("2", 0.8, text="another horse"),
        _hit("3", 0.7, text="a sunset"),
        _hit("4", 0.6, text="sunset lake"),
    ]
    assert _ids(cover_order(hits, "horse sunset")) == ["1", "3", "2", "4"]


def test_a_near_duplicate_yields_to_a_different_memory():
    hits = [_hit("a", 0.9), _hit("a again", 0.85), _hit("b", 0.7), _hit("c", 0.3)]
    vectors = {
        "a": np.array([1.0, 0.0, 0.0]),
        "a again": np.array([0.99, 0.05, 0.0]),
        "b": np.array([0.0, 1.0, 0.0]),
        "c": np.array([0.0, 0.0, 1.0]),
    }
    assert _ids(dpp_order(hits, vectors))[:2] == ["a", "b"]


def test_multi_hop_ranks_reads_evidence_past_the_budget_by_each_part():
    from benchmarks.multi_hop_ranks import FITS, summarise

    def row(covers, session, own, parent):
        return {
            "covers": covers,
            "session": session,
            "similarity": own,
            "lexical": 0.0,
            "own": own,
            "speaker": 0.0,
            "parent": parent,
            "neighbour": 0.0,
        }

    # A flood of one session's weak turns above, and the evidence just past the budget
    # with more own relevance than any of them: it ranks first by own relevance alone.
    hits = [row([f"D1:{i}"], "D1", 0.1, 0.3) for i in range(FITS)] + [row(["D2:1"], "D2", 0.2, 0.2)]
    out = summarise([{"evidence": ["D2:1"], "hits": hits}])
    assert out["evidence_turns_at_24_49"] == 1
    assert out["own_above_median_of_packed_non_evidence"] == 1
    assert out["rank_by_part_alone"]["own"] == {"median": 0, "within_24": 1}
    assert out["top24_largest_session_mean"] == FITS and out["top24_sessions_mean"] == 1


def test_interleave_takes_each_sessions_best_before_any_second():
    hits = [
        _hit("a1", 0.9, "A", parent=0.3),
        _hit("a2", 0.8, "A", parent=0.3),
        _hit("b1", 0.7, "B", parent=0.2),
        _hit("fact", 0.6),
        _hit("b2", 0.5, "B", parent=0.2),
    ]
    assert _ids(interleave_order(hits)) == ["a1", "b1", "fact", "a2", "b2"]


def test_a_question_turns_lexical_match_goes_to_its_answer():
    from dataclasses import replace
    from datetime import timedelta

    from benchmarks.set_orders import answers_lexical

    def turn(node_id: str, minute: int, speaker: str, text: str) -> MemoryNode:
        node = _hit(node_id, 0.0, "D1", text=text).node
        return replace(
            node, created_at=NOW + timedelta(minutes=minute), metadata={"speaker": speaker}
        )

    nodes = {
        "q": turn("q", 0, "Nate", "Nate: Do you have any hobbies you love?"),
        "a": turn("a", 1, "Joanna", "Joanna: Writing and hanging with friends!"),
    }
    neighbours = {"q": ("a",), "a": ("q",)}
    kept = answers_lexical(nodes, {"q": 3.0}, neighbours, set(nodes), move=False)
    assert kept == {"q": 3.0, "a": 3.0}
    moved = answers_lexical(nodes, {"q": 3.0}, neighbours, set(nodes), move=True)
    assert moved == {"q": 0.0, "a": 3.0}
