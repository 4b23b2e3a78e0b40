"""benchmarks.probing_places: the folds pick by hit@5, then MRR, then the smaller value."""

from __future__ import annotations

from benchmarks.probing_places import choose, means


def _row(by: dict[int, tuple[float, float]]) -> dict[str, object]:
    return {
        "lang": "en",
        "fold": "A",
        "type": "passing",
        "by": {str(v): {"hit@5": h, "rr": r, "frac": 1.0} for v, (h, r) in by.items()},
    }


def test_the_fold_picks_hit_at_5_then_mrr_then_the_smaller_value():
    rows = [_row({0: (0.0, 0.2), 5: (1.0, 0.5), 10: (1.0, 0.5)})]
    assert choose(rows, [0, 5, 10]) == 5
    rows = [_row({0: (0.0, 0.2), 5: (1.0, 0.5), 10: (1.0, 1.0)})]
    assert choose(rows, [0, 5, 10]) == 10
    assert means(rows, 10) == {"hit@5": 1.0, "rr": 1.0, "frac": 1.0}
