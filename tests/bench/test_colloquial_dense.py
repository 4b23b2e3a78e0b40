"""The colloquial sets with a newcomer's facts in every store: what is added, when, and from
which newcomers (development ones only)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.colloquial_dense import dense, personas
from benchmarks.first_day_seventh import SEVENTH
from benchmarks.scenario_files import load_scenarios

BLIND5 = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "colloquial_blind5.json"


def test_a_newcomers_facts_come_the_day_before_and_the_probes_are_kept():
    sc = load_scenarios(BLIND5)[0]
    newcomer = personas()[sc.lang][0]
    out = dense(sc, newcomer)
    added = [n for n in out.nodes if n not in sc.nodes]
    assert [n.content for n in added] == [text for text, _ in newcomer.facts]
    assert max(n.created_at for n in added) < min(n.created_at for n in sc.nodes)
    assert out.probes == sc.probes and out.id == sc.id
    assert len({n.id for n in out.nodes}) == len(out.nodes)


def test_only_development_newcomers_both_languages():
    people = personas()
    assert set(people) == {"en", "zh"} and all(len(v) >= 9 for v in people.values())
    held_out = {text for p in SEVENTH for text, _ in p.facts}
    assert not held_out & {text for v in people.values() for p in v for text, _ in p.facts}


def test_after_the_facts_are_newer_than_every_value_and_older_than_the_question():
    sc = load_scenarios(BLIND5)[0]
    out = dense(sc, personas()[sc.lang][0], after=True)
    added = [n for n in out.nodes if n not in sc.nodes]
    assert min(n.created_at for n in added) > max(n.created_at for n in sc.nodes)
    assert max(n.created_at for n in added) < sc.now
