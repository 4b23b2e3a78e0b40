"""The fifteenth to eighteenth colloquial blind sets (issue 38): each committed file is what
its module writes, it has the kinds and sizes its module's docstring promises, each labelled
as its kind says (a one-off or mention remark a polluter of the habit or value, a change the
value's successor, a move back's middle value stale), the users' other facts written first,
and no statement or question of an earlier set reused."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from benchmarks import (
    scenarios_colloquial15,
    scenarios_colloquial16,
    scenarios_colloquial17,
    scenarios_colloquial18,
)
from benchmarks.colloquial_report import kind_of
from benchmarks.scenario_files import load_scenarios, scenario_to_json
from tests.bench.test_colloquial_blind_sets import said

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"
# name -> (module, kinds, scenarios a language of each kind, other facts a user has first)
SETS: dict[str, tuple[ModuleType, tuple[str, ...], int, int]] = {
    "colloquial_blind15": (scenarios_colloquial15, ("ordinary", "mention"), 6, 0),
    "colloquial_blind16": (scenarios_colloquial16, ("plain", "back", "oneoff", "mention"), 6, 6),
    "colloquial_blind17": (scenarios_colloquial17, ("third", "mention"), 8, 6),
    "colloquial_blind18": (scenarios_colloquial18, ("third", "back", "mention"), 8, 6),
}
# The third-person development set was written between the seventeenth and eighteenth.
ORDER = (
    "colloquial_dev",
    "colloquial_blind",
    *(f"colloquial_blind{i}" for i in range(2, 18)),
    "colloquial_thirdperson_dev",
    "colloquial_blind18",
)
# The controls whose wrong answer is a remark, counted as pollution, not staleness.
POLLUTED = ("oneoff", "mention")


@pytest.mark.parametrize("name", SETS)
def test_the_committed_file_is_what_the_module_writes(name: str) -> None:
    committed = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    assert committed == [scenario_to_json(sc) for sc in SETS[name][0].build()]


@pytest.mark.parametrize("name", SETS)
def test_each_kind_has_its_size_a_language_labelled_as_its_kind_says(name: str) -> None:
    _module, kinds, size, facts = SETS[name]
    scenarios = load_scenarios(DATA / f"{name}.json")
    counts = Counter((sc.lang, kind_of(sc)) for sc in scenarios)
    assert counts == {(lang, kind): size for lang in ("en", "zh") for kind in kinds}
    for sc in scenarios:
        (probe,) = sc.probes
        assert sum(n.id.startswith(f"{sc.id}.f") for n in sc.nodes) == facts
        if kind_of(sc) in POLLUTED:
            assert sc.family == "one_offs"
            assert probe.gold == {f"{sc.id}.habit"}
            assert probe.polluters == {f"{sc.id}.remark"}
            assert not probe.stale
        elif kind_of(sc) == "back":
            assert probe.gold == {f"{sc.id}.v2"}
            assert probe.stale == {f"{sc.id}.v1"}
        else:
            assert probe.gold == {f"{sc.id}.v1"}
            assert probe.stale == {f"{sc.id}.v0"}


@pytest.mark.parametrize("name", SETS)
def test_no_statement_or_question_of_an_earlier_set_is_reused(name: str) -> None:
    earlier = set().union(*(said(n) for n in ORDER[: ORDER.index(name)]))
    assert not said(name) & earlier
