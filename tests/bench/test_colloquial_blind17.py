"""The seventeenth colloquial blind set (issue 38): the committed file is what its module
writes, eight a language of each kind, no statement or question of an earlier set reused, a
third-person change the value's successor, a mention remark a polluter of the value."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from benchmarks import scenarios_colloquial17
from benchmarks.colloquial_report import kind_of
from benchmarks.scenario_files import load_scenarios, scenario_to_json
from tests.bench.test_colloquial_blind_sets import said

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"
EARLIER = ("colloquial_dev", "colloquial_blind", *(f"colloquial_blind{i}" for i in range(2, 17)))


def test_the_committed_file_is_what_the_module_writes() -> None:
    committed = json.loads((DATA / "colloquial_blind17.json").read_text(encoding="utf-8"))
    assert committed == [scenario_to_json(sc) for sc in scenarios_colloquial17.build()]


def test_each_kind_has_eight_a_language_labelled_as_its_kind_says() -> None:
    scenarios = load_scenarios(DATA / "colloquial_blind17.json")
    counts = Counter((sc.lang, kind_of(sc)) for sc in scenarios)
    assert counts == {(lang, kind): 8 for lang in ("en", "zh") for kind in ("third", "mention")}
    for sc in scenarios:
        (probe,) = sc.probes
        assert sum(n.id.startswith(f"{sc.id}.f") for n in sc.nodes) == 6
        if kind_of(sc) == "mention":
            assert sc.family == "one_offs"
            assert probe.gold == {f"{sc.id}.habit"}
            assert probe.polluters == {f"{sc.id}.remark"}
            assert not probe.stale
        else:
            assert probe.gold == {f"{sc.id}.v1"}
            assert probe.stale == {f"{sc.id}.v0"}


def test_no_statement_or_question_of_an_earlier_set_is_reused() -> None:
    earlier = set().union(*(said(n) for n in EARLIER))
    assert not said("colloquial_blind17") & earlier
