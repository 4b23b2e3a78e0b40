"""benchmarks.dense_losses (the table of hybridmem against its own channels per half and
where each item the dense channel wins is lost) and fusion_paired's ``vector floor`` (issue 38,
dense23)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from benchmarks.dense_losses import by_part, dropped_at, table
from benchmarks.fusion_paired import fuse_vector_floor
from hybridmem.config import ScoreWeights
from hybridmem.retrieval import fusion
from hybridmem.retrieval.candidates import Candidates


def _items(scores: dict[str, float]) -> dict[str, dict[str, object]]:
    return {
        k: {"half": "tune" if int(k) % 2 == 0 else "check", "score": v} for k, v in scores.items()
    }


def test_the_table_counts_the_items_the_dense_channel_wins_in_each_half():
    results = {
        "default/en": {
            "minmax": {"items": _items({"0": 1.0, "1": 0.0, "2": 1.0, "3": 1.0})},
            "dense": {"items": _items({"0": 0.0, "1": 1.0, "2": 1.0, "3": 0.0})},
            "lexical": {"items": _items({"0": 1.0, "1": 0.0, "2": 0.0, "3": 0.0})},
        }
    }
    tune, check = table(results)
    assert (tune["half"], tune["minmax"], tune["dense"], tune["lexical"]) == ("tune", 1.0, 0.5, 0.5)
    assert tune["dense_wins"] == [] and tune["dense_losses"] == 1
    assert check["dense_wins"] == ["1"] and check["dense_losses"] == 1
    assert "rrf" not in check  # a method the run did not hold is left out, not invented


def test_the_step_that_puts_the_relevant_memory_past_the_cut():
    steps = {"score": 3, "share_places": 6, "pack": 6, "final": 6}
    assert dropped_at(steps, 5) == "share_places"
    assert dropped_at({"score": 7, "final": 7}, 5) == "score"
    assert dropped_at({"score": 30, "pack": None}, None) == "pack"
    assert dropped_at({"score": 2, "pack": 2}, 5) == "kept"


def test_only_evidence_the_dense_channel_packed_is_counted_and_by_where_it_stood():
    row = {
        "half": "check",
        "cut": None,
        "dropped_at": "pack",
        "packed": 20,
        "above": [{"by": "parent"}, {"by": "lexical"}, {"by": "parent"}],
        "each": {
            "score": {"c:1": 40, "c:2": 10, "c:3": None, "c:4": 50},
            "final": {"c:1": None, "c:2": None, "c:3": None, "c:4": None},
        },
        "dense_packed": ["c:1", "c:2", "c:3"],
    }
    summary = by_part([row])
    assert summary["tune"]["items"] == 0
    check = summary["check"]
    assert check["beaten_by"] == {"parent": 2, "lexical": 1}
    # c:4 the dense channel did not pack either: not one of its wins.
    assert check["evidence_left_out"] == {
        "by the score": 1,
        "after scoring": 1,
        "not a candidate": 1,
    }


def test_the_vector_floor_keeps_the_dense_channels_own_scale():
    # Three vector candidates and one brought by the lexical channel alone, far in meaning.
    ids = ["a", "b", "c", "lex"]
    cands = Candidates(
        nodes=dict.fromkeys(ids),  # type: ignore[arg-type]
        sources={"a": {"vector"}, "b": {"vector", "lexical"}, "c": {"vector"}, "lex": {"lexical"}},
        cosine={"a": 0.90, "b": 0.86, "c": 0.80, "lex": 0.30},
        bm25={"b": 1.0, "lex": 4.0},
        returnable=SimpleNamespace(ids=lambda nodes, unfolded: list(nodes)),  # type: ignore[arg-type]
    )
    weights = ScoreWeights()
    cands.fuse(weights, "minmax")
    shipped = dict(cands.similarity)
    fuse_vector_floor(cands, weights, "minmax")
    own = fusion.fuse_similarity(cands.cosine, ["a", "b", "c"], "minmax")
    for i in ("a", "b", "c"):
        assert cands.similarity[i] == pytest.approx(own[i])
    assert cands.similarity["lex"] == 0.0
    # The shipped scale squeezes the vector candidates' gaps: c keeps most of the best's share.
    assert shipped["c"] > 0.8 and cands.similarity["c"] == 0.0
    assert cands.lexical == fusion.fuse_lexical(cands.bm25, ids, "minmax")
