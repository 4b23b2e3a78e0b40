"""The tuning tools' bookkeeping: how cross-validation folds choose and how the LoCoMo error
analysis counts missed evidence (the retrieval runs themselves need the dev data and a model;
these check the arithmetic the docs' tables are built from)."""

from __future__ import annotations

from benchmarks.tuning_cv import folds
from benchmarks.tuning_errors import bucket, summarise


def test_each_fold_is_chosen_on_one_half_and_read_on_the_other():
    result = {
        "a": {"locomo": {"tune": 0.90, "check": 0.70}, "zh": {"tune": 0.80, "check": 0.60}},
        "b": {"locomo": {"tune": 0.80, "check": 0.85}, "zh": {"tune": 0.70, "check": 0.90}},
    }
    first, second = folds(result)
    assert (first["chosen_on"], first["config"]) == ("tune", "a")
    assert first["held_out_half"] == {"locomo": 0.70, "zh": 0.60}
    assert (second["chosen_on"], second["config"]) == ("check", "b")
    assert second["held_out_half"] == {"locomo": 0.80, "zh": 0.70}


def test_error_summary_counts_each_missed_turn_by_cause_and_rank():
    records = [
        {
            "category": 1,
            "frac": 0.5,
            "packed_hits": 20,
            "last_rank": 22,
            "candidates": 100,
            "hit_tokens": [30, 40],
            "evidence": [
                {"id": "D1:1", "rank": 3, "why": "packed", "sources": ["vector"]},
                {"id": "D1:2", "rank": None, "why": "not a candidate", "sources": []},
            ],
        },
        {
            "category": 4,
            "frac": 0.0,
            "packed_hits": 24,
            "last_rank": 30,
            "candidates": 120,
            "hit_tokens": [20],
            "evidence": [{"id": "D2:5", "rank": 55, "why": "ranked low", "sources": ["lexical"]}],
        },
    ]
    out = summarise(records)
    assert out["all"]["why"] == {"packed": 1, "not a candidate": 1, "ranked low": 1}
    assert out["all"]["missed_rank"] == {"absent": 1, "<=80": 1}
    assert out["all"]["frac"] == 0.25 and out["cat1"]["questions"] == 1
    assert out["cat4"]["missed_sources"] == {"lexical": 1}
    assert out["all"]["tokens_per_hit"] == 30


def test_rank_buckets():
    assert [bucket(r) for r in (None, 1, 5, 6, 40, 41, 160, 161)] == [
        "absent",
        "<=5",
        "<=5",
        "<=10",
        "<=40",
        "<=80",
        "<=160",
        ">160",
    ]
