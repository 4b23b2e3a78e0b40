"""The mention items of ``benchmarks.mention_newer_first`` (issue 38): development items of
their own, so the twelfth blind set's mention controls stay blind, each a value answered
above a later remark that counts as pollution, in both languages."""

from __future__ import annotations

from pathlib import Path

from benchmarks.mention_newer_first import ITEMS, scenarios
from benchmarks.scenario_files import load_scenarios

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"


def test_the_items_share_no_statement_or_question_with_a_colloquial_set() -> None:
    said: set[str] = set()
    for path in DATA.glob("colloquial_*.json"):
        for sc in load_scenarios(path):
            said.update(n.content for n in sc.nodes)
            said.update(p.query for p in sc.probes)
    mine = {text for items in ITEMS.values() for item in items for text in item}
    assert not mine & said


def test_each_item_answers_with_the_value_and_counts_the_remark_as_pollution() -> None:
    built = scenarios()
    assert {sc.lang for sc in built} == {"en", "zh"}
    assert len(built) == sum(len(items) for items in ITEMS.values())
    for sc in built:
        (probe,) = sc.probes
        value = next(n for n in sc.nodes if n.id == f"{sc.id}.habit")
        remark = next(n for n in sc.nodes if n.id == f"{sc.id}.remark")
        assert value.created_at < remark.created_at
        assert probe.gold == {value.id}
        assert probe.polluters == {remark.id}
        assert not probe.stale
