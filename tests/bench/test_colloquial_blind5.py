"""The fifth colloquial blind set (issue 38): it has the kinds and sizes its docstring
promises, and it uses no statement of an earlier set (a blind set on attributes the earlier sets
do not use). That the committed file is what its module writes is tested with the other sets'
(``test_colloquial_blind_sets``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from benchmarks.colloquial_report import kind_of
from benchmarks.scenario_files import load_scenarios
from tests.bench.test_colloquial_blind_sets import said

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"
EARLIER = ("colloquial_dev", "colloquial_blind", *(f"colloquial_blind{i}" for i in (2, 3, 4)))


def test_every_change_kind_has_eight_a_language_and_the_report_splits_them():
    scenarios = load_scenarios(DATA / "colloquial_blind5.json")
    counts = Counter((sc.lang, kind_of(sc)) for sc in scenarios)
    for lang in ("en", "zh"):
        for kind in ("plain", "back", "style"):
            assert counts[(lang, kind)] == 8
        assert counts[(lang, "stop")] == 4
        assert counts[(lang, "both")] == 4
    for sc in scenarios:
        (probe,) = sc.probes
        assert probe.gold and probe.stale and not probe.gold & probe.stale


def test_no_statement_or_question_of_an_earlier_set_is_reused():
    earlier = set().union(*(said(name) for name in EARLIER))
    # Disclosed in the module's docstring: one control asks the first set's want question.
    assert said("colloquial_blind5") & earlier == {"How does the user get to work?"}
