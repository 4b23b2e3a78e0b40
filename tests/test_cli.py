"""The command line: every command documented, JSON output, clear errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hybridmem.cli import app

runner = CliRunner()
COMMANDS = ["demo", "add", "search", "tree", "show", "stats", "reindex"]


def invoke(*args: str):
    from hybridmem.errors import HybridMemError

    result = runner.invoke(app, list(args))
    if isinstance(result.exception, HybridMemError):
        return result
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command):
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "--db" in result.output or command == "demo"


def test_add_search_tree_show_stats_round_trip(tmp_path):
    db = str(tmp_path / "m")
    common = ["--db", db, "--embedder", "hash", "--user", "u1"]
    task = json.loads(invoke("add", "Expense claim #7", "--type", "task", *common, "--json").stdout)
    assert task["node_type"] == "task"
    ev = json.loads(
        invoke(
            "add",
            "finance returned the invoice",
            "--parent",
            task["id"],
            "--importance",
            "0.9",
            *common,
            "--json",
        ).stdout
    )
    assert ev["parent_id"] == task["id"] and ev["importance"] == 0.9
    found = json.loads(invoke("search", "invoice returned", *common, "--json").stdout)
    assert found["hits"][0]["node"]["id"] == ev["id"]
    assert found["tokens"] > 0 and "Current task path:" in found["context"]
    tree = json.loads(invoke("tree", *common, "--json").stdout)
    assert tree["active"] == task["id"] and len(tree["nodes"]) == 3
    shown = json.loads(invoke("show", ev["id"], *common, "--json").stdout)
    assert shown["path"][-2:] == [task["id"], ev["id"]]
    stats = json.loads(invoke("stats", "--db", db, "--embedder", "hash", "--json").stdout)
    assert stats["nodes"] == 3 and stats["vectors"] == 3
    human = invoke("tree", *common)
    assert "Expense claim #7" in human.stdout and "active" in human.stdout


def test_engine_errors_exit_2_with_one_clear_line(tmp_path):
    import subprocess
    import sys

    db = str(tmp_path / "m")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "hybridmem.cli",
            "add",
            "x",
            "--importance",
            "3",
            "--db",
            db,
            "--embedder",
            "hash",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "InvalidWeightError" in proc.stderr and "importance" in proc.stderr
    assert "Traceback" not in proc.stderr
