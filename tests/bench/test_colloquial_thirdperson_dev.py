"""The development set of third-person value changes and mention remarks (issue 38, helper
stale18): the committed file is what its module writes, ten a language of each kind, each
labelled as its kind says, no statement or question of a colloquial set before it reused."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from benchmarks import scenarios_thirdperson_dev
from benchmarks.colloquial_report import kind_of
from benchmarks.scenario_files import load_scenarios, scenario_to_json
from tests.bench.test_colloquial_blind_sets import said

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"
NAME = "colloquial_thirdperson_dev"
EARLIER = ("colloquial_dev", "colloquial_blind", *(f"colloquial_blind{i}" for i in range(2, 18)))


def test_the_committed_file_is_what_the_module_writes() -> None:
    committed = json.loads((DATA / f"{NAME}.json").read_text(encoding="utf-8"))
    assert committed == [scenario_to_json(sc) for sc in scenarios_thirdperson_dev.build()]


def test_each_kind_has_ten_a_language_labelled_as_its_kind_says() -> None:
    scenarios = load_scenarios(DATA / f"{NAME}.json")
    counts = Counter((sc.lang, kind_of(sc)) for sc in scenarios)
    assert counts == {(lang, kind): 10 for lang in ("en", "zh") for kind in ("third", "mention")}
    for sc in scenarios:
        (probe,) = sc.probes
        if kind_of(sc) == "mention":
            assert probe.gold == {f"{sc.id}.habit"}
            assert probe.polluters == {f"{sc.id}.remark"}
        else:
            assert probe.gold == {f"{sc.id}.v1"}
            assert probe.stale == {f"{sc.id}.v0"}


def test_no_statement_or_question_of_an_earlier_set_is_reused() -> None:
    earlier = set().union(*(said(n) for n in EARLIER))
    assert not said(NAME) & earlier
