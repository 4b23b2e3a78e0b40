"""The readings the colloquial diagnosis of issue 38 measured (benchmarks only, not shipped):
a relative pair-model decision and a value given with its reason."""

from __future__ import annotations

from benchmarks.newer_pairs import mutual_best, mutual_best_standing
from benchmarks.stale_causes import value_with_reason


def _pair(p: float, old_any: list[float], new_any: list[float]) -> dict[str, object]:
    return {
        "pair_model": p,
        "p_old_any": old_any,
        "p_new_any": new_any,
        "p_old_others": [],
        "p_new_others": [],
    }


def test_the_margin_is_against_both_statements_other_readings():
    assert mutual_best(_pair(0.21, [0.10, 0.08], [0.10]))
    assert not mutual_best(_pair(0.495, [0.22], [0.475, 0.5]))
    # No other standing statement: the standing margin holds vacuously.
    assert mutual_best_standing(_pair(0.2, [0.9], [0.9]))
    # Records of an older run, without the relative readings, never fire.
    assert not mutual_best({"pair_model": 0.9})


def test_a_value_with_its_reason_versus_a_want_or_a_vent():
    assert value_with_reason("上班坐八点一刻那班地铁，早的太挤了。")
    assert value_with_reason("Back at the Leeds office, remote got lonely.")
    assert not value_with_reason("legs are dead, I want a taxi to the office today")
    assert not value_with_reason("今天气死我了")
    # The shape of many labelled moods too, which is why it was not shipped.
    assert value_with_reason("终于下班了，累瘫")
