"""benchmarks.madial_hard_why: the dialogues the dense channel wins on a hard MADial form, and
the counts of why hybridmem loses them (issue 38, madial27)."""

from __future__ import annotations

from benchmarks.madial_hard_why import first_above, lost_items, summary


def test_lost_items_are_the_dialogues_the_dense_channel_scores_above_hybridmem():
    per = {
        "minmax": {"items": {"1": {"score": 0.0}, "2": {"score": 1.0}, "3": {"score": 0.0}}},
        "dense": {"items": {"1": {"score": 1.0}, "2": {"score": 0.0}, "3": {"score": 0.0}}},
    }
    assert lost_items(per) == ["1"]


def test_the_first_memory_above_is_read_against_the_relevant_one():
    row = {
        "top": {"lexical": 1.0, "similarity": 0.3},
        "relevant_features": {"lexical": 0.0, "similarity": 0.9},
    }
    assert first_above(row) == {
        "lexical_best": True,
        "nearer_by_dense": True,
        "relevant_lexical": 0.0,
    }
    assert first_above({"top": None}) == {}


def test_summary_counts_per_half_the_steps_parts_and_shapes():
    shape = {"lexical_best": True, "nearer_by_dense": True, "relevant_lexical": 0.0}
    rows = [
        {
            "key": "0",
            "half": "tune",
            "dropped_at": "score",
            "first_above": shape,
            "above": [{"by": "lexical"}, {"by": "similarity"}],
        },
        {
            "key": "2",
            "half": "tune",
            "dropped_at": "score",
            "first_above": {**shape, "nearer_by_dense": False, "relevant_lexical": 0.4},
            "above": [{"by": "lexical"}],
        },
        {"key": "1", "half": "check", "dropped_at": "score", "first_above": {}, "above": []},
    ]
    got = summary(rows)
    assert got["tune"]["items"] == ["0", "2"]
    assert got["tune"]["beaten_by"] == {"lexical": 2, "similarity": 1}
    assert got["tune"]["first_above_lexical_best"] == 2
    assert got["tune"]["first_above_lexical_best_and_farther"] == 1
    assert got["tune"]["relevant_without_lexical"] == 1
    assert got["check"]["items"] == ["1"] and got["check"]["beaten_by"] == {}
