"""``benchmarks.newer_first_variants compare`` (issue 38, helper newer17): two first-day runs
side by side, the questions gained and lost named, but never a blind set's (the sixteenth's
misses are the next change's blind reading)."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.newer_first_variants import compare


def _user(lang: str, hit: float, misses: list[str], above: bool = True) -> dict[str, object]:
    return {
        "lang": lang,
        "hit_at_1": hit,
        "new_above_old": above,
        "sensitive_leaks": 0,
        "misses": [{"question": q} for q in misses],
    }


def _write(where: Path, name: str, variant: str, users: list[dict[str, object]]) -> None:
    path = where / f"{name}_{variant}.json"
    path.write_text(json.dumps({"users": users}, ensure_ascii=False), encoding="utf-8")


def test_compare_names_gains_and_losses_and_counts_new_above_old(tmp_path: Path) -> None:
    _write(tmp_path, "twelfth", "none", [_user("zh", 0.5, ["喜酒上我能喝多少？"])])
    _write(
        tmp_path,
        "twelfth",
        "cand",
        [_user("zh", 0.5, ["Which network is my phone on?"], above=False)],
    )
    lines = compare(tmp_path, "none", "cand", ["twelfth"])
    assert "new-above-old fails 0->1" in lines[0]
    assert "   zh gained: 喜酒上我能喝多少？" in lines
    assert "   zh lost:   Which network is my phone on?" in lines


def test_compare_gives_a_blind_set_by_its_figures_only(tmp_path: Path) -> None:
    _write(tmp_path, "sixteenth", "none", [_user("en", 0.5, ["a hidden question"])])
    _write(tmp_path, "sixteenth", "cand", [_user("en", 0.75, [])])
    lines = compare(tmp_path, "none", "cand", ["sixteenth"])
    assert lines == [lines[0]]
    assert "0.500->0.750" in lines[0]
    assert "hidden" not in "\n".join(lines)
