"""The recovery commands: checkpoint, snapshots, restore, verify [--repair], history."""

from __future__ import annotations

import json

import numpy as np
from typer.testing import CliRunner

from hybridmem import HybridMemory
from hybridmem.cli import app
from hybridmem.core import content_hash, index_metadata

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_every_recovery_command_has_help():
    for command in ("checkpoint", "snapshots", "restore", "verify", "history"):
        result = run(command, "--help")
        assert result.exit_code == 0 and "--db" in result.output


def test_checkpoint_restore_verify_history_round_trip(tmp_path):
    db = str(tmp_path / "m")
    common = ["--db", db, "--embedder", "hash"]
    with HybridMemory(db, embedder="hash") as mem:
        node = mem.add("Expense claim #7", node_type="task")
    snap = json.loads(run("checkpoint", *common, "--json").stdout)
    assert snap["seq"] > 0
    with HybridMemory(db, embedder="hash") as mem:
        mem.update(node.id, content="Expense claim #7, resubmitted")
    listed = json.loads(run("snapshots", *common, "--json").stdout)
    assert [s["name"] for s in listed] == [snap["name"]]
    history = json.loads(run("history", node.id, "--user", "default", *common, "--json").stdout)
    assert [h["op"] for h in history] == ["add", "set_active", "update"]
    restored = json.loads(
        run("restore", snap["name"], "--to-seq", str(snap["seq"]), *common, "--json").stdout
    )
    assert restored["restored_to_seq"] == snap["seq"]
    with HybridMemory(db, embedder="hash") as mem:
        assert mem.get(node.id).content == "Expense claim #7"
    result = run("verify", *common)
    assert result.exit_code == 0 and "clean" in result.output


def test_verify_exits_1_on_disagreement_and_repair_fixes_it(tmp_path):
    db = str(tmp_path / "m")
    with HybridMemory(db, embedder="hash") as mem:
        node = mem.add("something")
        # A vector written for other text than SQLite holds (open does not compare them).
        mem.index.upsert(
            [node.id],
            np.ones((1, mem.embedder.dimension), np.float32),
            [{**index_metadata(node), "content_hash": content_hash("older text")}],
            ["older text"],
        )
    result = run("verify", "--db", db, "--embedder", "hash", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["stale"] == [node.id]
    result = run("verify", "--db", db, "--embedder", "hash", "--repair")
    assert result.exit_code == 0 and "re-indexed 1 nodes" in result.output


def test_history_needs_the_user_and_hides_other_tenants_payloads(tmp_path):
    db = str(tmp_path / "m")
    common = ["--db", db, "--embedder", "hash"]
    with HybridMemory(db, embedder="hash") as mem:
        node = mem.add("u1 private payroll note", user_id="u1")
    missing = run("history", node.id, *common)
    assert missing.exit_code != 0 and "--user" in missing.output
    other = run("history", node.id, "--user", "u2", *common, "--json")
    assert other.exit_code != 0
    assert "payroll" not in other.output
    own = run("history", node.id, "--user", "u1", *common, "--json")
    assert own.exit_code == 0, own.output
    assert "payroll" in own.stdout
