"""Leave-one-conversation-out (benchmarks.tuning_coverage) and the day-pieces probe
(benchmarks.day_pieces): the arithmetic behind the docs' tables, and the probe's history as it
is asked (hash embedder: no model needed)."""

from __future__ import annotations

import pytest

from benchmarks.day_pieces import TEXT, run
from benchmarks.tuning_coverage import leave_one_out, summary


def _records(fracs: dict[str, float]) -> list[dict[str, object]]:
    return [{"conv": conv, "cat": 1, "frac": frac} for conv, frac in fracs.items()]


def test_each_conversation_is_read_with_the_choice_of_the_others():
    results = {
        "default": _records({"a": 0.9, "b": 0.5, "c": 0.5}),
        "other": _records({"a": 0.1, "b": 0.8, "c": 0.8}),
    }
    folds = {f["held_out"]: f for f in leave_one_out(results, "default")}
    # Left out a: b and c choose "other", which reads 0.1 on a (the default 0.9).
    assert folds["a"]["chosen"] == "other"
    assert folds["a"]["held_out_chosen"] == pytest.approx(0.1)
    assert folds["a"]["held_out_default"] == pytest.approx(0.9)
    # Left out b: a and c tie (0.7 each way), and a tie goes to the default.
    assert folds["b"]["chosen"] == "default"


def test_summary_keeps_adversarial_questions_apart():
    records = [
        {"conv": "a", "cat": 1, "frac": 1.0},
        {"conv": "a", "cat": 4, "frac": 0.5},
        {"conv": "a", "cat": 5, "frac": 0.0},
    ]
    s = summary(records)
    assert s["all"] == pytest.approx(0.75)
    assert s["a"] == pytest.approx(0.75)
    assert s["cat5"] == 0.0


def test_day_pieces_asks_about_a_day_in_both_languages():
    out = run("hash", 1000)
    for lang in TEXT:
        r = out[lang]
        assert r["pieces"] == 3
        assert r["day_turns"] == 66  # both languages' chats of the asked day
        assert r["day_context_tokens"] <= 1000
