"""benchmarks.parity_fusions: the knob-free fusions measured against hybridmem's own channels
(issue 38, parity15), and channel_parity's summary of a row's ``why`` cases."""

from __future__ import annotations

import pytest

from benchmarks.channel_parity import why_summary
from benchmarks.parity_fusions import (
    lexical_at_similarity,
    lexical_over_median,
    similarity_over_median,
)
from hybridmem.retrieval import fusion


def test_a_match_no_stronger_than_the_typical_one_counts_nothing():
    # One strong match, three that share a word the whole bank says, one non-match.
    bm25 = {"topic": 6.0, "a": 1.0, "b": 1.0, "c": 1.2, "none": 0.0}
    ids = list(bm25)
    lex = lexical_over_median(bm25, ids)
    assert lex["topic"] == pytest.approx(1.0)
    assert lex["a"] == lex["b"] == lex["none"] == 0.0
    assert 0 < lex["c"] < 0.1
    # The shipped scale gives the common-word matches a sixth of the best.
    assert fusion.fuse_lexical(bm25, ids, "minmax")["a"] == pytest.approx(1 / 6)


def test_too_few_matches_keep_the_shipped_lexical_scale():
    bm25 = {"x": 2.0, "y": 1.0, "z": 0.0}
    assert lexical_over_median(bm25, list(bm25)) == fusion.fuse_lexical(bm25, list(bm25), "minmax")


def test_the_farthest_memory_of_a_small_bank_does_not_stretch_the_similarity_scale():
    # A bank where every memory is a candidate: one far outlier.
    cosine = {"best": 0.90, "near": 0.86, "mid": 0.84, "low": 0.83, "outlier": 0.20}
    ids = list(cosine)
    shipped = fusion.fuse_similarity(cosine, ids, "minmax")
    floored = similarity_over_median(cosine, ids)
    assert shipped["mid"] > 0.9  # the outlier squeezes the rest near the top
    assert floored["best"] == pytest.approx(1.0)
    assert floored["mid"] == 0.0 and floored["outlier"] == 0.0
    assert floored["near"] == pytest.approx(0.02 / 0.06)


def test_a_lexical_match_far_in_meaning_counts_least():
    lex = {"far": 1.0, "close": 0.5, "mid": 0.8, "none": 0.0}
    cosine = {"far": 0.1, "close": 0.9, "mid": 0.5, "none": 0.95}
    out = lexical_at_similarity(lex, cosine)
    assert out["far"] == pytest.approx(1.0 / 3)
    assert out["close"] == pytest.approx(0.5)
    assert out["mid"] == pytest.approx(0.8 * 2 / 3)
    assert out["none"] == 0.0


def test_why_summary_counts_the_lost_dialogues_and_the_parts_by_half():
    cases = [
        {
            "dialogue": 28,
            "half": "tune",
            "hybridmem_rank": 13,
            "dense_rank": 0,
            "above_by": {"lexical": 12, "importance": 1},
        },
        {
            "dialogue": 30,
            "half": "tune",
            "hybridmem_rank": 4,
            "dense_rank": 2,
            "above_by": {"lexical": 3},
        },
        {
            "dialogue": 15,
            "half": "check",
            "hybridmem_rank": None,
            "dense_rank": 1,
            "above_by": {"similarity": 5},
        },
    ]
    out = why_summary(cases, "dense")
    assert out["tune"] == {
        "cases": 2,
        "lost_top5": [28],
        "above_by": {"lexical": 15, "importance": 1},
    }
    assert out["check"]["lost_top5"] == [15]
