"""benchmarks/first_day_compare.py counts every question a run gained or lost, per task, sealed
questions included, so a change that wins one question and loses another is not read as a tie."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.first_day_compare import compare


def _run(path: Path, misses: list[tuple[str, int]], sealed: list[str]) -> Path:
    user = {
        "lang": "en",
        "hit_at_1": 0.9,
        "new_above_old": True,
        "sensitive_leaks": 0,
        "secret_first": "1/1",
        "misses": [{"question": q, "task": t} for q, t in misses],
        "secret_misses": [{"question": q} for q in sealed],
    }
    path.write_text(json.dumps({"users": [user]}), encoding="utf-8")
    return path


def test_a_question_won_and_another_lost_count_apart(tmp_path: Path) -> None:
    before = _run(tmp_path / "b.json", [("Which bank am I with?", 0), ("Where's Mum?", 1)], [])
    after = _run(tmp_path / "a.json", [("Where's Mum?", 1), ("Where's Mum?", 0)], ["PIN?"])
    assert compare(before, after) == (1, 2)


def test_identical_runs_gain_and_lose_nothing(tmp_path: Path) -> None:
    run = _run(tmp_path / "r.json", [("Where's Mum?", 1)], ["PIN?"])
    assert compare(run, run) == (0, 0)
