"""``probing_variants --compare``: two runs' figures side by side, and the questions that moved."""

from __future__ import annotations

from typing import Any

from benchmarks.probing_variants import compare


def _run(hit: float, frac: float) -> dict[str, Any]:
    rows = {
        "q1": {"frac": frac, "hit@5": hit, "first": 1.0},
        "q2": {"frac": 1.0, "hit@5": 1.0, "first": 0.5},
    }
    summary = {"en": {"frac": (frac + 1) / 2, "hit@5": (hit + 1) / 2, "first": 0.75}}
    return {"dev": {"summary": summary, "items": rows}}


def test_the_moves_of_a_question_are_listed_under_its_set() -> None:
    lines = compare(_run(1.0, 1.0), _run(0.0, 0.75))
    assert lines[0] == "dev en: frac 1.000->0.875, hit@5 1.000->0.500, first 0.750->0.750"
    assert lines[1:] == ["  q1: frac 1->0.75, hit@5 1->0"]


def test_a_set_missing_from_the_before_run_is_left_out() -> None:
    assert compare({}, _run(1.0, 1.0)) == []
