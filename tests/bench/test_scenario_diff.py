"""The moved-scenario selection (benchmarks/evolution_models/scenario_diff.py): a scenario is
selected exactly when one of its readings differs from the old dump, so a colloquial run on the
selection alone gives a rule change's whole effect."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.evolution_models import scenario_diff


def _scenario(sid: str, *texts: str) -> dict[str, object]:
    return {"id": sid, "lang": "en", "nodes": [{"content": t} for t in texts], "probes": []}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    scenarios = [
        _scenario("a", "I live in Leeds.", "Traffic hasn't moved in twenty minutes."),
        _scenario("b", "I work as a nurse.", "Where do I work?"),
    ]
    (folder / "colloquial_x.json").write_text(json.dumps(scenarios), "utf-8")
    monkeypatch.setattr(scenario_diff, "DATA", folder)
    return folder


def test_only_a_scenario_whose_reading_moved_is_selected(data: Path, tmp_path: Path) -> None:
    old = scenario_diff.read_scenarios()
    assert set(old["colloquial_x"]) == {"a", "b"}
    # The old code read one string of "a" otherwise: its digest differs, "b"'s does not.
    old["colloquial_x"]["a"] = "0" * 40
    dump = tmp_path / "old.json"
    dump.write_text(json.dumps(old), "utf-8")
    written = scenario_diff.select(dump, tmp_path / "moved")
    assert written == {"colloquial_x": 1}
    kept = json.loads((tmp_path / "moved" / "colloquial_x.json").read_text("utf-8"))
    assert [s["id"] for s in kept] == ["a"]


def test_the_same_code_selects_nothing(data: Path, tmp_path: Path) -> None:
    dump = tmp_path / "old.json"
    assert scenario_diff.main(["--dump", str(dump)]) == 0
    assert scenario_diff.select(dump, tmp_path / "moved") == {}


def test_a_digest_follows_the_readings_not_the_layout() -> None:
    one = _scenario("a", "I live in Leeds.")
    assert scenario_diff.digest(one) == scenario_diff.digest({**one, "id": "renamed"})
    assert scenario_diff.digest(one) != scenario_diff.digest(_scenario("a", "I work in Leeds."))
