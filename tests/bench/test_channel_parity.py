"""benchmarks.channel_parity: the per-half figures and the mark of a row below a channel."""

from __future__ import annotations

import pytest

from benchmarks.channel_parity import _mark, channel_wins, summary


def _items(scores, ranks=None):
    return {
        str(i): {
            "half": "tune" if i % 2 == 0 else "check",
            "score": s,
            **({"rank": ranks[i]} if ranks is not None else {}),
        }
        for i, s in enumerate(scores)
    }


def test_summary_gives_each_half_its_mean_and_mrr():
    per = {
        "hybridmem": _items([1, 1, 0, 1], [0, 1, None, 4]),
        "dense": _items([1, 0, 1, 1], [2, 9, 3, 0]),
    }
    rows = summary(per)
    assert list(rows) == ["tune", "check"]
    assert rows["tune"]["hybridmem"]["score"] == pytest.approx(0.5)
    assert rows["tune"]["hybridmem"]["mrr"] == pytest.approx((1 + 0) / 2)
    assert rows["check"]["dense"]["mrr"] == pytest.approx((1 / 10 + 1) / 2)
    assert rows["check"]["dense"]["n"] == 2


def test_a_row_is_marked_below_a_channel_on_its_score_or_its_second_figure():
    def row(score, mrr):
        return {"score": score, "mrr": mrr, "n": 40}

    assert _mark({"hybridmem": row(0.9, 0.7), "dense": row(0.9, 0.6)}) == "yes"
    assert _mark({"hybridmem": row(0.8, 0.7), "dense": row(0.85, 0.6)}) == "< dense"
    # hit@5 at or above, MRR below: the row holds, the second figure is named.
    mark = _mark({"hybridmem": row(0.9, 0.69), "dense": row(0.875, 0.71), "lexical": row(0.8, 0.5)})
    assert mark == "yes (mrr < dense)"
    # RRF is reported beside the channels but is no channel the engine must beat.
    assert _mark({"hybridmem": row(0.9, 0.6), "rrf": row(0.95, 0.7)}) == "yes"


def test_channel_wins_lists_the_items_a_channel_scores_higher_by_half():
    per = {"hybridmem": _items([1, 0, 1, 0]), "dense": _items([0, 1, 1, 0])}
    wins = channel_wins(per)
    assert wins["dense"] == {"wins": ["check:1"], "losses": ["tune:0"]}
    assert "lexical" not in wins
