"""The listing of ``benchmarks.return_words_play`` (issue 38, helper back27): a superset of the
scenarios the query-time reading of a return by its own words can reach, read on texts alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from benchmarks.return_words_play import reachable, table
from benchmarks.scenarios import Probe, Scenario, ScenarioNode

T0 = datetime(2025, 3, 1, tzinfo=UTC)


def _scenario(*said: str) -> Scenario:
    nodes = tuple(
        ScenarioNode(f"s.v{j}", text, "fact", None, T0 + timedelta(days=14 * j))
        for j, text in enumerate(said)
    )
    probe = Probe("Where does the user buy paint?", None, frozenset({f"s.v{len(said) - 1}"}))
    return Scenario("s", "natural_change", "en", nodes, (probe,), T0 + timedelta(days=60))


def test_a_line_naming_the_first_value_by_a_word_the_second_lacks_is_reachable() -> None:
    assert reachable(
        _scenario(
            "I buy my paint from Wickes.",
            "Getting my paint from a trade counter in Salford now.",
            "Wickes had every colour in by eight, the Salford counter never opens on time.",
        )
    )


def test_a_stated_change_a_line_naming_shared_words_only_and_two_values_are_not() -> None:
    first, second = "I buy my paint from Wickes.", "Getting my paint from a trade counter now."
    assert not reachable(_scenario(first, second, "Getting my paint online now, Wickes shut."))
    assert not reachable(_scenario(first, second, "The paint from the counter dried patchy."))
    assert not reachable(_scenario(first, "Wickes had a sale on."))


def test_the_table_sums_each_row_and_names_a_moved_probe_of_a_totals_only_file_blind() -> None:
    """A totals-only file's probes carry no id (``play`` leaves it out): moved, "(blind)"."""
    probe = {"lang": "en", "kind": "back", "probe": 0}
    result = {
        "file": "colloquial_blind9.json",
        "marked": 2,
        "found": 1,
        "probes": [
            probe | {"id": "", "before": {"stale_rate": 1.0}, "after": {"stale_rate": 0.0}},
            probe | {"id": "", "before": {"stale_rate": 0.0}, "after": {"stale_rate": 0.0}},
        ],
    }
    lines = table(result)
    assert "  en back      stale_rate      1/2 -> 0/2  <-" in lines
    assert "  moved (blind) stale_rate 1 -> 0" in lines
