"""The development sets of third-person value changes and mention remarks (issue 38, helpers
stale18 and stale19): each committed file is what its module writes, ten a language of each
kind, each labelled as its kind says, no statement or question of a colloquial set before it
reused."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from benchmarks import scenarios_thirdperson_dev, scenarios_thirdperson_dev2
from benchmarks.colloquial_report import kind_of
from benchmarks.scenario_files import load_scenarios, scenario_to_json
from tests.bench.test_colloquial_blind_sets import said

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"
BEFORE = ("colloquial_dev", "colloquial_blind", *(f"colloquial_blind{i}" for i in range(2, 18)))
# name -> (module, its change kind, the sets written before it)
SETS: dict[str, tuple[ModuleType, str, tuple[str, ...]]] = {
    "colloquial_thirdperson_dev": (scenarios_thirdperson_dev, "third", BEFORE),
    "colloquial_thirdperson_dev2": (
        scenarios_thirdperson_dev2,
        "event",
        (*BEFORE, "colloquial_thirdperson_dev", "colloquial_blind18"),
    ),
}


@pytest.mark.parametrize("name", SETS)
def test_the_committed_file_is_what_the_module_writes(name: str) -> None:
    committed = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    assert committed == [scenario_to_json(sc) for sc in SETS[name][0].build()]


@pytest.mark.parametrize("name", SETS)
def test_each_kind_has_ten_a_language_labelled_as_its_kind_says(name: str) -> None:
    change = SETS[name][1]
    scenarios = load_scenarios(DATA / f"{name}.json")
    counts = Counter((sc.lang, kind_of(sc)) for sc in scenarios)
    assert counts == {(lang, kind): 10 for lang in ("en", "zh") for kind in (change, "mention")}
    for sc in scenarios:
        (probe,) = sc.probes
        if kind_of(sc) == "mention":
            assert probe.gold == {f"{sc.id}.habit"}
            assert probe.polluters == {f"{sc.id}.remark"}
        else:
            assert probe.gold == {f"{sc.id}.v1"}
            assert probe.stale == {f"{sc.id}.v0"}


@pytest.mark.parametrize("name", SETS)
def test_no_statement_or_question_of_an_earlier_set_is_reused(name: str) -> None:
    earlier = set().union(*(said(n) for n in SETS[name][2]))
    assert not said(name) & earlier
