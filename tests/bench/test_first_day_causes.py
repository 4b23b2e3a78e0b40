"""benchmarks/first_day_causes.py names each first-day miss by where the answer was lost: a step
after scoring, no score at all, or the score part that puts the first above it; and
benchmarks/statement_lexical.py's ``coverage`` weighs a statement's word match by the share of
the question it holds (issue 38, helper firstday26)."""

from __future__ import annotations

from datetime import UTC, datetime

from benchmarks.first_day_causes import cause
from benchmarks.statement_lexical import covered
from hybridmem.config import ScoreWeights
from hybridmem.models import Hit
from hybridmem.scoring import score
from hybridmem.testing.nodes import memory_node

AT = datetime(2025, 3, 3, tzinfo=UTC)


def _hit(node_id: str, content: str, **features: float) -> Hit:
    node = memory_node(node_id, AT, content=content, node_type="fact")
    breakdown = score(features, ScoreWeights(), weight=1.0, sources=("vector",))
    return Hit(node=node, score=breakdown.score, breakdown=breakdown)


def test_the_part_that_puts_the_first_above_the_answer_is_the_cause() -> None:
    first = _hit("a", "I go out every morning.", similarity=0.5, lexical=1.0)
    answer = _hit("b", "I'm allergic to latex.", similarity=0.7, lexical=0.0)
    why, scored_first, want, _ = cause([first, answer], [first, answer], [], "latex")
    assert (why, scored_first, want) == ("lexical", first, answer)
    why, *_ = cause([answer, first], [answer, first], [], "morning")
    assert why == "similarity"


def test_an_answer_first_as_scored_is_lost_to_the_step_that_moved_it() -> None:
    answer = _hit("a", "我对海鲜过敏。", similarity=1.0)
    other = _hit("b", "我每周四打乒乓球。", similarity=0.5)
    moves = [("merge_duplicates", "a", "a"), ("newer_first", "a", "b")]
    assert cause([other, answer], [answer, other], moves, "海鲜")[0] == "step:newer_first"


def test_an_answer_never_scored_is_absent() -> None:
    other = _hit("b", "I swim in the sea.", similarity=1.0)
    assert cause([other], [other], [], "scissors")[0] == "absent"


def test_coverage_scales_a_statement_by_the_share_of_the_question_it_holds() -> None:
    both = memory_node("a", AT, content="Our twins sit their exams.", node_type="fact")
    one = memory_node("b", AT, content="The twins' school meets on Thursdays.", node_type="fact")
    turn = memory_node("c", AT, content="the twins sit exams", node_type="event")
    nodes = {"a": both, "b": one, "c": turn}
    bm25 = {"a": 2.0, "b": 2.0, "c": 2.0}
    out = covered("When do the twins sit exams?", nodes, bm25, ("fact", "preference"))
    assert out["c"] == 2.0  # a conversation turn is not a statement: as it was
    assert out["a"] > out["b"] > 0.0
