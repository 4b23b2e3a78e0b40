"""The first-day step count (benchmarks/first_day_steps.py): the reordering steps are wrapped only
while a variant runs, and a move of the first hit is counted by step and effect."""

from __future__ import annotations

from benchmarks import first_day_steps
from benchmarks.first_day_steps import STEPS, patched, tally
from hybridmem.retrieval import newer_values, retriever


def test_the_steps_are_restored_after_a_variant() -> None:
    before = {name: getattr(retriever, name) for name in STEPS}
    successor = newer_values._successor
    with patched(first_day_steps.CONDITIONS["shown"]):
        assert all(getattr(retriever, name) is not before[name] for name in STEPS)
        assert newer_values._successor is not successor
    assert {name: getattr(retriever, name) for name in STEPS} == before
    assert newer_values._successor is successor


def test_moves_are_counted_by_step_and_effect() -> None:
    rows = [
        {"moves": [{"step": "newer_first", "effect": "loss"}]},
        {"moves": [{"step": "newer_first", "effect": "loss"}, {"step": "said_first"}]},
    ]
    rows[1]["moves"][1]["effect"] = "gain"
    found = tally({"en A": {"engine": {"steps": rows}}}, "engine")
    assert found == {("newer_first", "loss"): 2, ("said_first", "gain"): 1}
