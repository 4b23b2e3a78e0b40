"""benchmarks/shown_colloquial.py runs the colloquial sets with the reported variant alone and
puts every variant back after (issue 38, helper shown24)."""

from __future__ import annotations

from benchmarks import evolution_scenarios
from benchmarks.shown_colloquial import REPORTED, reported_only


def test_only_the_reported_variant_runs_inside_and_every_variant_after() -> None:
    every = [v.name for v in evolution_scenarios.variants()]
    with reported_only():
        assert [v.name for v in evolution_scenarios.variants()] == [REPORTED]
    assert [v.name for v in evolution_scenarios.variants()] == every
    assert REPORTED in every
