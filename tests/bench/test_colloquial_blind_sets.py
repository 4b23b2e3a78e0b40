"""The colloquial sets written as modules (issue 38): each committed file is what its module
writes (the fifth set too); the sixth to twentieth blind sets and the two third-person
development sets have the kinds and sizes their modules' docstrings promise, each kind
labelled as it says, and use no statement or question of an earlier set.

A new set joins with one entry in ``SETS`` (its module, its kinds, ``PER_LANGUAGE`` if not six)
and its name at the end of ``ORDER``; what is particular to it stays in a test of its own."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from benchmarks import (
    scenarios_colloquial5,
    scenarios_colloquial6,
    scenarios_colloquial7,
    scenarios_colloquial8,
    scenarios_colloquial9,
    scenarios_colloquial10,
    scenarios_colloquial11,
    scenarios_colloquial12,
    scenarios_colloquial13,
    scenarios_colloquial14,
    scenarios_colloquial15,
    scenarios_colloquial16,
    scenarios_colloquial17,
    scenarios_colloquial18,
    scenarios_colloquial19,
    scenarios_colloquial20,
    scenarios_colloquial21,
    scenarios_colloquial22,
    scenarios_colloquial23,
    scenarios_colloquial24,
    scenarios_colloquial25,
    scenarios_colloquial26,
    scenarios_colloquial27,
    scenarios_colloquial28,
    scenarios_colloquial29,
    scenarios_colloquial30,
    scenarios_thirdperson_dev,
    scenarios_thirdperson_dev2,
)
from benchmarks.colloquial_report import kind_of
from benchmarks.scenario_files import load_scenarios, scenario_to_json

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"
SETS = {
    "colloquial_blind6": (
        scenarios_colloquial6,
        ("plain", "back", "style", "stop", "both", "instruct", "correct", "flip"),
    ),
    "colloquial_blind7": (scenarios_colloquial7, ("back", "flip", "both", "repeat")),
    "colloquial_blind8": (
        scenarios_colloquial8,
        ("plain", "style", "habit", "repeat", "oneoff"),
    ),
    "colloquial_blind9": (
        scenarios_colloquial9,
        ("plain", "back", "style", "repeat", "oneoff"),
    ),
    "colloquial_blind10": (
        scenarios_colloquial10,
        ("plain", "back", "style", "repeat", "oneoff"),
    ),
    "colloquial_blind11": (
        scenarios_colloquial11,
        ("plain", "back", "style", "repeat", "oneoff"),
    ),
    "colloquial_blind12": (
        scenarios_colloquial12,
        ("plain", "decision", "back", "style", "repeat", "oneoff", "mention"),
    ),
    "colloquial_blind13": (
        scenarios_colloquial13,
        ("plain", "back", "style", "repeat", "oneoff", "mention"),
    ),
    "colloquial_blind14": (
        scenarios_colloquial14,
        ("plain", "back", "style", "repeat", "oneoff", "mention"),
    ),
    "colloquial_blind15": (scenarios_colloquial15, ("ordinary", "mention")),
    "colloquial_blind16": (scenarios_colloquial16, ("plain", "back", "oneoff", "mention")),
    "colloquial_blind17": (scenarios_colloquial17, ("third", "mention")),
    "colloquial_thirdperson_dev": (scenarios_thirdperson_dev, ("third", "mention")),
    "colloquial_blind18": (scenarios_colloquial18, ("third", "back", "mention")),
    "colloquial_thirdperson_dev2": (scenarios_thirdperson_dev2, ("event", "mention")),
    "colloquial_blind19": (scenarios_colloquial19, ("third", "back", "mention")),
    "colloquial_blind20": (scenarios_colloquial20, ("third", "back", "style", "mention")),
    "colloquial_blind21": (scenarios_colloquial21, ("third", "back", "style", "mention")),
    "colloquial_blind22": (scenarios_colloquial22, ("change", "back", "mention")),
    "colloquial_blind23": (scenarios_colloquial23, ("back",)),
    "colloquial_blind24": (scenarios_colloquial24, ("back", "style")),
    "colloquial_blind25": (scenarios_colloquial25, ("mention", "other")),
    "colloquial_blind26": (scenarios_colloquial26, ("back", "visit")),
    "colloquial_blind27": (scenarios_colloquial27, ("change", "other", "mention")),
    "colloquial_blind28": (scenarios_colloquial28, ("style", "addition")),
    "colloquial_blind29": (scenarios_colloquial29, ("back", "long", "visit", "onward")),
    "colloquial_blind30": (scenarios_colloquial30, ("change", "mention", "short")),
}
# Scenarios a language of each kind where not six.
PER_LANGUAGE = {
    "colloquial_blind17": 8,
    "colloquial_thirdperson_dev": 10,
    "colloquial_blind18": 8,
    "colloquial_thirdperson_dev2": 10,
    "colloquial_blind19": 8,
    "colloquial_blind23": 8,
    "colloquial_blind24": 8,
    "colloquial_blind25": 8,
    "colloquial_blind27": 8,
    "colloquial_blind28": 8,
}
# Scenarios a language of each kind where the kinds differ in size.
PER_KIND = {
    "colloquial_blind22": {"mention": 8, "change": 6, "back": 4},
    "colloquial_blind26": {"back": 10, "visit": 4},
    "colloquial_blind29": {"back": 8, "long": 4, "visit": 4, "onward": 4},
}
# The sets' modules, the fifth set's too (its kinds and sizes are its own test's).
MODULES: dict[str, ModuleType] = {
    "colloquial_blind5": scenarios_colloquial5,
    **{name: module for name, (module, _) in SETS.items()},
}
ORDER = (
    "colloquial_dev",
    "colloquial_blind",
    *(f"colloquial_blind{i}" for i in range(2, 18)),
    "colloquial_thirdperson_dev",
    "colloquial_blind18",
    "colloquial_thirdperson_dev2",
    "colloquial_blind19",
    "colloquial_blind20",
    "colloquial_blind21",
    "colloquial_blind22",
    "colloquial_blind23",
    "colloquial_blind24",
    "colloquial_blind25",
    "colloquial_blind26",
    "colloquial_blind27",
    "colloquial_blind28",
    "colloquial_blind29",
    "colloquial_blind30",
)
# The controls whose wrong answer is a one-off remark, counted as pollution, not staleness.
POLLUTED = ("oneoff", "mention", "other", "short")
# A plain change of the value, however it is said: the value before it is stale.
CHANGES = ("plain", "ordinary", "third", "event", "change")
# The sets whose users say six facts of their own before the first value counted.
OTHER_FACTS = (
    "colloquial_blind14",
    "colloquial_blind16",
    "colloquial_blind17",
    "colloquial_thirdperson_dev",
    "colloquial_blind18",
    "colloquial_thirdperson_dev2",
    "colloquial_blind19",
    "colloquial_blind20",
    "colloquial_blind21",
    "colloquial_blind22",
    "colloquial_blind23",
    "colloquial_blind24",
    "colloquial_blind25",
    "colloquial_blind26",
    "colloquial_blind27",
    "colloquial_blind28",
    "colloquial_blind29",
    "colloquial_blind30",
)


def _built(name: str) -> list:
    return MODULES[name].build()


def _of_kind(kinds: tuple[str, ...]) -> list[str]:
    """The sets of ``SETS`` with a kind of ``kinds``."""
    return [n for n, (_, its) in SETS.items() if set(its) & set(kinds)]


@pytest.mark.parametrize("name", MODULES)
def test_the_committed_file_is_what_the_module_writes(name: str) -> None:
    committed = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    assert committed == [scenario_to_json(sc) for sc in _built(name)]


@pytest.mark.parametrize("name", SETS)
def test_every_kind_has_its_number_a_language_and_the_report_splits_them(name: str) -> None:
    scenarios = load_scenarios(DATA / f"{name}.json")
    counts = Counter((sc.lang, kind_of(sc)) for sc in scenarios)
    each = PER_KIND.get(name, dict.fromkeys(SETS[name][1], PER_LANGUAGE.get(name, 6)))
    assert counts == {(lang, kind): each[kind] for lang in ("en", "zh") for kind in SETS[name][1]}
    for sc in scenarios:
        (probe,) = sc.probes
        wrong = probe.polluters if kind_of(sc) in POLLUTED else probe.stale
        assert probe.gold and wrong and not probe.gold & wrong


@pytest.mark.parametrize("name", _of_kind(CHANGES))
def test_a_change_counts_the_value_before_it_stale(name: str) -> None:
    changes = [sc for sc in _built(name) if kind_of(sc) in CHANGES]
    assert changes
    for sc in changes:
        (probe,) = sc.probes
        assert probe.gold == {f"{sc.id}.v1"}
        assert probe.stale == {f"{sc.id}.v0"}


@pytest.mark.parametrize("name", _of_kind(("back",)))
def test_a_move_back_counts_only_the_value_in_between_stale(name: str) -> None:
    backs = [sc for sc in _built(name) if kind_of(sc) == "back"]
    for sc in backs:
        (probe,) = sc.probes
        assert probe.gold == {f"{sc.id}.v2"}
        assert probe.stale == {f"{sc.id}.v1"}


def test_the_twenty_ninth_sets_long_returns_and_onward_changes_count_both_values_left() -> None:
    """A return after two changes (A, B, C, A) counts B and C stale; an onward change's control
    (A, B, C) counts A and B stale; C or the return answers."""
    for sc in scenarios_colloquial29.build():
        (probe,) = sc.probes
        if kind_of(sc) == "long":
            assert probe.gold == {f"{sc.id}.v3"}
            assert probe.stale == {f"{sc.id}.v1", f"{sc.id}.v2"}
        elif kind_of(sc) == "onward":
            assert probe.gold == {f"{sc.id}.v2"}
            assert probe.stale == {f"{sc.id}.v0", f"{sc.id}.v1"}


@pytest.mark.parametrize("name", _of_kind(("flip",)))
def test_a_flip_counts_both_statements_of_the_other_value_stale(name: str) -> None:
    flips = [sc for sc in _built(name) if kind_of(sc) == "flip"]
    assert flips
    for sc in flips:
        (probe,) = sc.probes
        assert probe.gold == {f"{sc.id}.v3"}
        assert probe.stale == {f"{sc.id}.v0", f"{sc.id}.v2"}


def said(set_name: str) -> set[str]:
    """The facts stated and the questions asked in the colloquial set ``set_name``: a new set
    reuses none of an earlier set's (each set's own test)."""
    out: set[str] = set()
    for sc in load_scenarios(DATA / f"{set_name}.json"):
        out.update(n.content for n in sc.nodes if n.node_type == "fact")
        out.update(p.query for p in sc.probes)
    return out


@pytest.mark.parametrize("name", SETS)
def test_no_statement_or_question_of_an_earlier_set_is_reused(name: str) -> None:
    earlier = set().union(*(said(n) for n in ORDER[: ORDER.index(name)]))
    assert not said(name) & earlier


@pytest.mark.parametrize("name", _of_kind(("repeat",)))
def test_a_repeat_control_answers_with_either_statement_of_the_new_value(name: str) -> None:
    repeats = [sc for sc in _built(name) if kind_of(sc) == "repeat"]
    assert repeats
    for sc in repeats:
        (probe,) = sc.probes
        assert probe.gold == {f"{sc.id}.v1", f"{sc.id}.v2"}
        assert probe.stale == {f"{sc.id}.v0"}


@pytest.mark.parametrize("name", _of_kind(("oneoff",)))
def test_a_one_off_remark_is_a_polluter_of_the_habit_and_never_stale(name: str) -> None:
    oneoffs = [sc for sc in _built(name) if kind_of(sc) == "oneoff"]
    assert len(oneoffs) == 12
    for sc in oneoffs:
        (probe,) = sc.probes
        assert sc.family == "one_offs"
        assert probe.gold == {f"{sc.id}.habit"}
        assert probe.polluters == {f"{sc.id}.remark"}
        assert not probe.stale


@pytest.mark.parametrize(
    "name", ["colloquial_blind11", "colloquial_blind12", "colloquial_blind13", "colloquial_blind14"]
)
def test_the_later_sets_moves_back_say_no_again_and_name_one_value(name: str) -> None:
    """Its moves back are the ones left live: no cue that a value holds again (the pair
    model's ``says_again``) and no word of the value left."""
    from hybridmem.evolution.slots.pairs import says_again
    from hybridmem.evolution.write.named import words

    backs = [sc for sc in _built(name) if kind_of(sc) == "back"]
    assert len(backs) == 12
    for sc in backs:
        said = {n.id: n.content for n in sc.nodes}
        first, left, back = (said[f"{sc.id}.v{j}"] for j in range(3))
        assert not says_again(back)
        assert set(words(back)) & set(words(first)) - set(words(left))


@pytest.mark.parametrize("name", _of_kind(("mention",)))
def test_a_mention_remark_is_a_polluter_of_the_value_and_never_stale(name: str) -> None:
    mentions = [sc for sc in _built(name) if kind_of(sc) == "mention"]
    assert len(mentions) == 2 * PER_KIND.get(name, {}).get("mention", PER_LANGUAGE.get(name, 6))
    for sc in mentions:
        (probe,) = sc.probes
        assert sc.family == "one_offs"
        assert probe.gold == {f"{sc.id}.habit"}
        assert probe.polluters == {f"{sc.id}.remark"}
        assert not probe.stale


@pytest.mark.parametrize("name", _of_kind(("other",)))
def test_someone_elses_event_is_a_polluter_of_the_value_and_never_stale(name: str) -> None:
    others = [sc for sc in _built(name) if kind_of(sc) == "other"]
    assert len(others) == 2 * PER_LANGUAGE[name]
    for sc in others:
        (probe,) = sc.probes
        assert sc.family == "one_offs"
        assert probe.gold == {f"{sc.id}.habit"}
        assert probe.polluters == {f"{sc.id}.remark"}
        assert not probe.stale


@pytest.mark.parametrize("name", OTHER_FACTS)
def test_the_users_have_other_facts_before_the_first_value(name: str) -> None:
    """The writer meets the user's other facts as in use: six facts of the user's own,
    none on the asked attribute, written before anything the probe counts."""
    for sc in _built(name):
        (probe,) = sc.probes
        counted = probe.gold | probe.stale | probe.polluters
        first = min(n.created_at for n in sc.nodes if n.id in counted)
        others = [n for n in sc.nodes if n.id.startswith(f"{sc.id}.f")]
        assert len(others) == 6
        assert all(n.node_type == "fact" and n.created_at < first for n in others)
        assert not {n.id for n in others} & counted


def test_the_fourteenth_sets_changes_say_no_change_word() -> None:
    """Its plain changes, styles and moves back are the ones the writer's change-word gate
    does not see (stale15): no change word, no cue of a value holding again."""
    from hybridmem.evolution.slots.pairs import says_again, states_change

    for sc in scenarios_colloquial14.build():
        if kind_of(sc) in ("plain", "back", "style"):
            (probe,) = sc.probes
            (newest,) = (n.content for n in sc.nodes if n.id in probe.gold)
            assert not states_change(newest) and not says_again(newest)
