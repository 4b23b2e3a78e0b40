"""The seventh colloquial blind set (issue 38): the committed file is what its module writes,
it has the kinds and sizes its docstring promises, and it uses no statement or question of an
earlier set."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from benchmarks import scenarios_colloquial7
from benchmarks.colloquial_report import kind_of
from benchmarks.scenario_files import load_scenarios, scenario_to_json

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"
EARLIER = ("colloquial_dev", "colloquial_blind", *(f"colloquial_blind{i}" for i in (2, 3, 4, 5, 6)))
KINDS = ("back", "flip", "both", "repeat")


def test_the_committed_file_is_what_the_module_writes():
    committed = json.loads((DATA / "colloquial_blind7.json").read_text(encoding="utf-8"))
    assert committed == [scenario_to_json(sc) for sc in scenarios_colloquial7.build()]


def test_every_kind_has_six_a_language_and_the_report_splits_them():
    scenarios = load_scenarios(DATA / "colloquial_blind7.json")
    counts = Counter((sc.lang, kind_of(sc)) for sc in scenarios)
    assert counts == {(lang, kind): 6 for lang in ("en", "zh") for kind in KINDS}
    for sc in scenarios:
        (probe,) = sc.probes
        assert probe.gold and probe.stale and not probe.gold & probe.stale


def test_a_flip_counts_both_statements_of_the_other_value_stale():
    flips = [sc for sc in scenarios_colloquial7.build() if kind_of(sc) == "flip"]
    for sc in flips:
        (probe,) = sc.probes
        assert probe.gold == {f"{sc.id}.v3"}
        assert probe.stale == {f"{sc.id}.v0", f"{sc.id}.v2"}


def test_no_statement_or_question_of_an_earlier_set_is_reused():
    def said(name: str) -> set[str]:
        out: set[str] = set()
        for sc in load_scenarios(DATA / f"{name}.json"):
            out.update(n.content for n in sc.nodes if n.node_type == "fact")
            out.update(p.query for p in sc.probes)
        return out

    earlier = set().union(*(said(name) for name in EARLIER))
    assert not said("colloquial_blind7") & earlier


def test_a_repeat_control_answers_with_either_statement_of_the_new_value():
    repeats = [sc for sc in scenarios_colloquial7.build() if kind_of(sc) == "repeat"]
    for sc in repeats:
        (probe,) = sc.probes
        assert probe.gold == {f"{sc.id}.v1", f"{sc.id}.v2"}
        assert probe.stale == {f"{sc.id}.v0"}
