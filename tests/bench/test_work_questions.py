"""The held-out work questions (``benchmarks/data/work_questions_blind.json``) are well formed:
ten job questions and five guards per language, each read once by ``benchmarks.work_questions``."""

from __future__ import annotations

from benchmarks.work_questions import read_all


def test_the_set_has_ten_job_questions_and_five_guards_per_language() -> None:
    result = read_all()
    assert set(result) == {"en", "zh"}
    for kinds in result.values():
        assert len(kinds["job"]) == 10 and len(kinds["not_job"]) == 5
        questions = [r["question"] for rows in kinds.values() for r in rows]
        assert len(set(questions)) == len(questions)
