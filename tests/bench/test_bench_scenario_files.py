"""Scenario files: the agent-scenario benchmarks on scenarios people write themselves.

A generated set written with ``--dump`` loads back equal (every family of both generators);
every broken file is refused with a message naming the file, the scenario and the field; and a
hand-written file (English and Chinese, ``tests/data/own_scenarios.json``: a value change,
hypotheticals, sibling tickets, a paused task) runs through both entry points with the hash
embedder, beside the baselines of the same run.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from benchmarks import evolution_scenarios, scenarios, scenarios_changes
from benchmarks.cli import app
from benchmarks.scenario_files import (
    FAMILIES,
    FAMILY_RULES,
    ScenarioFileError,
    dump_scenarios,
    load_scenarios,
    scenario_to_json,
)
from hybridmem.errors import FileAccessError, InvalidArgumentError

OWN = Path(__file__).resolve().parents[1] / "data" / "own_scenarios.json"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "benchmarks.md"
runner = CliRunner()


def _generated(family: str) -> dict[str, Any]:
    """A valid scenario of ``family`` from its generator, as the file writes it."""
    gen = scenarios if family in scenarios.FAMILIES else scenarios_changes
    (sc,) = gen.generate(seed=5, per_family=1, families=(family,))
    return scenario_to_json(sc)


def test_every_family_has_its_rule_written_down():
    assert set(FAMILY_RULES) == set(FAMILIES)
    assert set(FAMILIES) == set(scenarios.FAMILIES) | set(scenarios_changes.FAMILIES)


def test_dump_then_load_gives_the_same_scenarios_for_every_family(tmp_path):
    generated = (
        *scenarios.generate(seed=3, per_family=2),
        *scenarios_changes.generate(seed=3, per_family=2),
    )
    assert {sc.family for sc in generated} == set(FAMILIES)
    assert {sc.lang for sc in generated} == {"en", "zh"}
    path = dump_scenarios(generated, tmp_path / "all.json")
    assert load_scenarios(path) == generated
    # The file is readable text: Chinese is written as is, times carry their zone.
    text = path.read_text(encoding="utf-8")
    assert "报销单" in text and "+00:00" in text and "\\u" not in text


def test_the_clis_dump_what_they_run(tmp_path):
    target = tmp_path / "suite.json"
    result = runner.invoke(
        app, ["scenarios", "--dump", str(target), "--per-family", "1", "--seed", "4"]
    )
    assert result.exit_code == 0, result.output
    assert load_scenarios(target) == (
        *scenarios.generate(4, 1),
        *scenarios_changes.generate(seed=4, per_family=1),
    )
    evo = tmp_path / "evo.json"
    assert evolution_scenarios.main(["--dump", str(evo), "--per-family", "2", "--seed", "4"]) == 0
    loaded = load_scenarios(evo)
    assert loaded == evolution_scenarios.generated(2, 4)
    assert {sc.family for sc in loaded} == set(evolution_scenarios.FAMILIES)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A mutation: ``path`` like ``nodes.1.content`` (a missing value deletes the field)."""

    def apply(sc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = sc
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if value is _DELETE:
            del target[last]
        elif isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return apply


_DELETE = object()


def _parent_after_child(sc: dict[str, Any]) -> None:
    # The task node is written a day after the facts it holds.
    sc["nodes"][0]["created_at"] = "2025-12-01T00:00:00+00:00"
    sc["now"] = "2025-12-02T00:00:00+00:00"


def _duplicate_node(sc: dict[str, Any]) -> None:
    sc["nodes"][2]["id"] = sc["nodes"][1]["id"]


BROKEN: list[tuple[str, str, Callable[[dict[str, Any]], None], tuple[str, ...]]] = [
    ("unknown family", "value_change", _set("family", "gossip"), ("family", "'gossip'")),
    ("unknown language", "value_change", _set("lang", "fr"), ("lang", "unknown language 'fr'")),
    (
        "missing field",
        "value_change",
        _set("nodes.1.content", _DELETE),
        ("nodes[1]", "missing field 'content'"),
    ),
    (
        "unknown field",
        "hypothetical",
        _set("probes.0.polluter", []),
        ("probes[0]", "unknown field 'polluter'"),
    ),
    ("mistyped gold", "value_change", _set("probes.0.gold", "x"), ("probes[0].gold", "list")),
    ("mistyped cap", "pruning", _set("cap", "24"), ("cap", "whole number")),
    ("mistyped nodes", "venting", _set("nodes", {}), ("nodes", "non-empty list")),
    ("no nodes", "venting", _set("nodes", []), ("nodes", "non-empty list")),
    (
        "naive datetime",
        "value_change",
        _set("nodes.2.created_at", "2025-03-05T09:00:00"),
        ("nodes[2].created_at", "no time zone"),
    ),
    ("not a datetime", "sibling", _set("now", "next Tuesday"), ("now", "not an ISO-8601")),
    (
        "gold not a node",
        "value_change",
        _set("probes.0.gold", ["ghost"]),
        ("probes[0].gold", "['ghost'] not nodes of this scenario"),
    ),
    (
        "stale not a node",
        "natural_change",
        _set("probes.1.stale", ["ghost"]),
        ("probes[1].stale", "'ghost'"),
    ),
    (
        "polluter not a node",
        "one_offs",
        _set("probes.0.polluters", ["ghost"]),
        ("probes[0].polluters", "'ghost'"),
    ),
    (
        "parent not a node",
        "sibling",
        _set("nodes.1.parent_id", "ghost"),
        ("nodes[1].parent_id", "'ghost' is not a node"),
    ),
    ("parent after child", "sibling", _parent_after_child, ("parent_id", "written after")),
    ("duplicate node id", "hypothetical", _duplicate_node, ("nodes[2].id", "duplicate node id")),
    ("empty content", "hypothetical", _set("nodes.1.content", "  "), ("content", "is empty")),
    ("importance", "pruning", _set("nodes.1.importance", 1.5), ("importance", "[0, 1]")),
    ("node type", "venting", _set("nodes.0.node_type", "Fact"), ("node_type", "lowercase")),
    ("root node", "venting", _set("nodes.0.node_type", "root"), ("node_type", "'root'")),
    ("bad id", "venting", _set("id", ""), ("scenario #0, id", "printable")),
    (
        "now before a node",
        "slotless_change",
        _set("now", "2025-06-01T00:00:00+00:00"),
        ("created_at", "after the scenario's now"),
    ),
    (
        "task not a node",
        "value_change",
        _set("probes.0.task_id", "ghost"),
        ("probes[0].task_id", "'ghost' is not a node"),
    ),
    ("empty gold", "venting", _set("probes.0.gold", []), ("probes[0].gold", "is empty")),
    (
        "gold also stale",
        "slotless_change",
        lambda sc: sc["probes"][0]["stale"].extend(sc["probes"][0]["gold"]),
        ("probes[0].stale", "also in gold"),
    ),
    (
        "change without stale",
        "value_change",
        _set("probes.0.stale", []),
        ("probes[0].stale", "is empty", "stale_rate"),
    ),
    (
        "hypothetical without polluters",
        "hypothetical",
        _set("probes.2.polluters", []),
        ("probes[2].polluters", "is empty"),
    ),
    (
        "repeat with one copy",
        "repeats",
        lambda sc: sc["probes"][0].update(gold=sc["probes"][0]["gold"][:1]),
        ("probes[0].gold", "two or more copies"),
    ),
    ("pruning without needed", "pruning", _set("needed", _DELETE), ("needed", "missing")),
    ("pruning cap too big", "pruning", _set("cap", 49), ("cap", "between 1 and 48")),
    ("pruning without cap", "pruning", _set("cap", _DELETE), ("cap", "between 1 and 48")),
    (
        "active path without step",
        "active_path",
        lambda sc: sc["nodes"][2].update(id=sc["id"] + ".next"),
        ("nodes", ".step'", "resumes"),
    ),
    (
        "active path probe elsewhere",
        "active_path",
        lambda sc: sc["probes"][0].update(task_id=sc["id"] + ".chat"),
        ("probes[0].task_id", "ancestor"),
    ),
    ("needed where unread", "value_change", _set("needed", ["x"]), ("needed", "read only by")),
    ("cap where unread", "hypothetical", _set("cap", 3), ("cap", "read only by")),
    (
        "recurring with one mention",
        "recurring",
        lambda sc: sc.update(needed=sc["needed"][:1]),
        ("needed", "two or more mentions"),
    ),
    (
        "sibling probe without task",
        "sibling",
        _set("probes.0.task_id", None),
        ("probes[0].task_id", "'task' node"),
    ),
    ("no probes", "natural_change", _set("probes", []), ("probes", "is empty")),
]


@pytest.mark.parametrize(
    ("family", "mutate", "expected"),
    [case[1:] for case in BROKEN],
    ids=[case[0] for case in BROKEN],
)
def test_a_broken_file_is_refused_naming_the_problem(tmp_path, family, mutate, expected):
    sc = _generated(family)
    path = tmp_path / "broken.json"
    dump = copy.deepcopy(sc)
    path.write_text(json.dumps([sc]), encoding="utf-8")
    assert load_scenarios(path)  # the unbroken scenario is valid
    mutate(dump)
    path.write_text(json.dumps([dump]), encoding="utf-8")
    with pytest.raises(ScenarioFileError) as info:
        load_scenarios(path)
    message = str(info.value)
    assert str(path) in message
    assert isinstance(info.value, InvalidArgumentError) and isinstance(info.value, ValueError)
    if dump.get("id"):
        assert f"scenario {dump['id']!r}" in message
    for fragment in expected:
        assert fragment in message, (fragment, message)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[{", "not JSON"),
        ('{"id": "a"}', "non-empty JSON list"),
        ("[]", "non-empty JSON list"),
        ("[3]", "scenario #0: must be a JSON object"),
    ],
)
def test_a_file_that_is_not_a_list_of_scenarios_is_refused(tmp_path, text, expected):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioFileError, match=re.escape(expected)):
        load_scenarios(path)


def test_every_problem_is_reported_at_once_and_ids_are_unique(tmp_path):
    a, b = _generated("venting"), _generated("venting")
    b["lang"] = "xx"
    b["nodes"][0]["created_at"] = "2025-06-03"
    path = tmp_path / "two.json"
    path.write_text(json.dumps([a, b, a]), encoding="utf-8")
    with pytest.raises(ScenarioFileError) as info:
        load_scenarios(path)
    assert len(info.value.problems) == 3, info.value.problems
    assert "3 problems" in str(info.value)
    assert any("unknown language 'xx'" in p for p in info.value.problems)
    assert any("nodes[0].created_at" in p and "time zone" in p for p in info.value.problems)
    assert any("duplicate scenario id" in p for p in info.value.problems)
    with pytest.raises(FileAccessError, match="cannot read"):
        load_scenarios(tmp_path / "missing.json")
    (tmp_path / "latin1.json").write_bytes('[{"id": "caf\xe9"}]'.encode("latin-1"))
    with pytest.raises(ScenarioFileError, match="not UTF-8"):
        load_scenarios(tmp_path / "latin1.json")


def test_the_example_in_the_docs_loads(tmp_path):
    section = DOCS.read_text(encoding="utf-8").split("### Your own scenarios", 1)[1]
    block = re.search(r"```json\n(.*?)```", section, re.S)
    assert block is not None
    path = tmp_path / "example.json"
    path.write_text(block.group(1), encoding="utf-8")
    (example,) = load_scenarios(path)
    assert example.family == "value_change" and example.probes[0].stale


def test_the_handwritten_file_is_valid_and_bilingual():
    own = load_scenarios(OWN)
    assert {sc.lang for sc in own} == {"en", "zh"}
    assert {sc.family for sc in own} == {"value_change", "hypothetical", "sibling", "active_path"}


def test_the_suite_runs_a_scenario_file_beside_its_baselines(tmp_path):
    out = tmp_path / "own"
    args = ["scenarios", "--scenarios", str(OWN), "--embedder", "hash", "--crash-trials", "0"]
    result = runner.invoke(app, [*args, "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert (out / "scenarios_hit1.png").is_file()
    assert data["settings"]["scenario_source"] == str(OWN)
    assert data["settings"]["scenarios"] == 4
    rows = {(r["method"], r["group"], r["setting"]): r for r in data["rows"]}
    # Only the file's families, no generated scenario and no "feature absent" pruning row.
    assert {g for _, g, _ in rows} == {"value_change", "hypothetical", "sibling", "active_path"}
    methods = {m for m, _, _ in rows}
    assert {"bm25 (flat)", "dense (flat)", "hybridmem", "hm-no-tree"} <= methods
    for method in ("bm25 (flat)", "dense (flat)", "hybridmem"):
        assert rows[(method, "value_change", "stale_rate")]["n"] == 2
        assert rows[(method, "hypothetical", "pollution_rate")]["n"] == 2
        assert rows[(method, "sibling", "sibling_rate")]["n"] == 2
        assert rows[(method, "sibling", "hit@3")]["n"] == 2
        for key, row in rows.items():
            if key[0] == method and key[2] != "tokens":
                assert 0.0 <= row["metrics"]["value"] <= 1.0
    assert rows[("hybridmem", "value_change", "stale_kept")]["metrics"]["value"] == 1.0
    # The paused trip's task, state and next step (three needed ids) survive the cap of 6.
    assert rows[("hybridmem", "active_path", "false_forget_rate")]["n"] == 3
    assert rows[("hybridmem", "active_path", "false_forget_rate")]["metrics"]["value"] == 0.0
    assert ("bm25 (flat)", "active_path", "false_forget_rate") not in rows  # engine only
    # The tree scope keeps the two printer tickets apart; the flat store cannot.
    assert (
        rows[("hybridmem", "sibling", "sibling_rate")]["metrics"]["value"]
        < rows[("bm25 (flat)", "sibling", "sibling_rate")]["metrics"]["value"]
    )


def test_the_suite_refuses_a_broken_file_as_a_usage_error(tmp_path):
    sc = _generated("value_change")
    sc["lang"] = "de"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([sc]), encoding="utf-8")
    result = runner.invoke(app, ["scenarios", "--scenarios", str(bad), "--embedder", "hash"])
    assert result.exit_code == 2
    assert "unknown language 'de'" in result.output
    both = ["scenarios", "--scenarios", str(OWN), "--dump", str(tmp_path / "x.json")]
    assert runner.invoke(app, both).exit_code == 2
    with pytest.raises(SystemExit) as info:
        evolution_scenarios.main(["--scenarios", str(bad)])
    assert info.value.code == 2


def test_evolution_scenarios_runs_a_scenario_file_beside_its_baseline(tmp_path):
    assert evolution_scenarios.main(["--scenarios", str(OWN), "--out", str(tmp_path)]) == 0
    target = tmp_path / "evolution_scenarios_hash-own-scenarios.json"
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["source"] == str(OWN) and data["per_family"] is None
    # The sibling scenario is not measured by this benchmark: skipped, and said so.
    assert data["skipped"] == {"sibling": 1} and data["scenarios"] == 3
    got = {(r["variant"], r["family"], r["metric"]): r["n"] for r in data["rows"]}
    for variant in ("baseline", "evolution", "evolution+daily", "evolution+daily+confirmed"):
        assert got[(variant, "value_change", "stale_rate")] == 2
        assert got[(variant, "value_change", "hit@3")] == 2
        assert got[(variant, "hypothetical", "pollution_rate")] == 2
        assert got[(variant, "active_path", "false_forget_rate")] == 3
        assert got[(variant, "active_path", "recovery")] == 1
    assert {f for _, f, _ in got} == {"value_change", "hypothetical", "active_path"}
    value = {(r["variant"], r["family"], r["metric"]): r["value"] for r in data["rows"]}
    # The same run's baseline forgets the paused task's path; evolution keeps and resumes it.
    assert value[("evolution", "active_path", "false_forget_rate")] == 0.0
    assert value[("evolution", "active_path", "recovery")] == 1.0
    assert value[("baseline", "active_path", "recovery")] == 0.0
    # Asking only for families the file lacks is an error, not an empty run.
    with pytest.raises(SystemExit):
        evolution_scenarios.main(["--scenarios", str(OWN), "--families", "pruning"])


def test_both_commands_document_the_options(capsys):
    result = runner.invoke(app, ["scenarios", "--help"])
    assert result.exit_code == 0
    assert "--scenarios" in result.output and "--dump" in result.output
    with pytest.raises(SystemExit):
        evolution_scenarios.main(["--help"])
    text = capsys.readouterr().out
    assert "--scenarios" in text and "--dump" in text
