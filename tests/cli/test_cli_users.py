"""The command line's answers to a newcomer's first questions: which users are there, how do
I delete one memory, which of two values is the current one and what happens to the other."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from hybridmem import FakeClock, HybridMemory
from hybridmem.cli import ExitCode, app

runner = CliRunner()


def invoke(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exit_code != ExitCode.INTERNAL, result.output
    return result


def test_users_lists_each_user_with_its_node_count(tmp_path):
    db = tmp_path / "m"
    with HybridMemory(db, embedder="hash") as mem:
        mem.add("I like tea.", node_type="fact", user_id="alice")
        mem.add("Trip to Rome", node_type="task", user_id="bob")
        mem.add("Book the train", user_id="bob")
        expected = mem.users()
    out = invoke("users", "--db", str(db))
    assert out.exit_code == 0
    assert "2 users" in out.stdout and "alice" in out.stdout and "bob" in out.stdout
    listed = json.loads(invoke("users", "--db", str(db), "--json").stdout)["users"]
    assert {u["user"]: u["nodes"] for u in listed} == expected == {"alice": 2, "bob": 3}
    # a read command: no store is created for a mistyped --db
    assert invoke("users", "--db", str(tmp_path / "nope")).exit_code == 4


def test_tree_and_search_on_a_user_without_memories_name_the_users_there(tmp_path):
    db = tmp_path / "m"
    with HybridMemory(db, embedder="hash") as mem:
        mem.add("I live in Berlin.", node_type="fact", user_id="alice")
    tree = invoke("tree", "--db", str(db))  # --user defaults to 'default'
    assert tree.exit_code == 0
    assert "'default' has no memories" in tree.stdout and "alice (2)" in tree.stdout
    search = invoke("search", "where do I live?", "--db", str(db), "--read-only")
    assert search.exit_code == 0 and "alice (2)" in search.stderr
    # under --json the output stays one JSON document and names no other user
    as_json = json.loads(invoke("tree", "--db", str(db), "--json").stdout)
    assert as_json["nodes"] == []


def test_delete_resolves_a_short_id_and_removes_the_memory(tmp_path):
    db = tmp_path / "m"
    with HybridMemory(db, embedder="hash") as mem:
        task = mem.add("Trip to Rome", node_type="task", user_id="bob")
        step = mem.add("Book the train", user_id="bob")
        mem.add("Pack", user_id="bob", parent_id=step.id)
    out = invoke("delete", step.id[-10:], "--db", str(db), "--user", "bob", "--keep-children")
    assert out.exit_code == 0 and step.id in out.stdout and "(1 node)" in out.stdout
    assert invoke("show", step.id, "--db", str(db)).exit_code == 4
    with HybridMemory(db, read_only=True) as mem:
        kept = mem.children(task.id)
        assert [n.content for n in kept] == ["Pack"]  # the child moved up
        assert [r.op for r in mem.history(step.id, user_id="bob")][-1] == "delete"
    whole = json.loads(invoke("delete", task.id[-10:], "--db", str(db), "--json").stdout)
    assert whole == {"deleted": task.id, "nodes": 2}
    assert invoke("delete", "ffffffff", "--db", str(db)).exit_code == 4
    assert invoke("delete", task.id, "--db", str(db), "--user", "alice").exit_code == 4


def test_tree_marks_the_current_the_demoted_and_the_unconfirmed_value(tmp_path):
    from datetime import UTC, datetime

    db = tmp_path / "m"
    clock = FakeClock(datetime(2026, 3, 1, 9, 0, tzinfo=UTC))
    with HybridMemory(db, embedder="hash", clock=clock) as mem:
        berlin = mem.add("I live in Berlin.", node_type="fact", user_id="u1")
        hamburg = mem.add("I moved to Hamburg.", node_type="fact", user_id="u1")
        dark = mem.add(
            "I drink dark roast coffee.", node_type="preference", user_id="u1", tier="long_term"
        )
        light = mem.add("I drink light roast coffee now.", node_type="preference", user_id="u1")
        tea = mem.add("I like green tea.", node_type="fact", user_id="u1")
        groups = {n.id: mem.get(n.id).conflict_group for n in (berlin, hamburg, dark, light)}
    assert groups[berlin.id] == groups[hamburg.id] and groups[dark.id] == groups[light.id]
    out = invoke("tree", "--user", "u1", "--db", str(db))
    lines = " ".join(out.stdout.replace("│", " ").split())  # labels fold inside the tree
    assert "I moved to Hamburg. [current value]" in lines
    # the settle date: 30 days (companion preset) after the newer value came
    assert (
        "I live in Berlin. [demoted: maintenance archives it from 2026-03-31 unless it is used]"
        in lines
    )
    assert "I drink dark roast coffee. [current value]" in lines
    assert (
        "I drink light roast coffee now. [awaiting confirmation (1 of 2 mentions): saying it"
        " again confirms it]"
    ) in lines
    assert f"{tea.id[-10:]} fact working I like green tea." in lines
    assert "I like green tea. [" not in lines  # a lone value has no mark


def test_stats_json_says_null_for_vectors_it_did_not_count(tmp_path):
    db = tmp_path / "m"
    with HybridMemory(db, embedder="hash") as mem:
        mem.add("one", user_id="u1")
    cheap = json.loads(invoke("stats", "--db", str(db), "--json").stdout)
    assert cheap["vectors"] is None and cheap["nodes"] == 2
    counted = json.loads(invoke("stats", "--db", str(db), "--json", "--vectors").stdout)
    assert counted["vectors"] == 2  # the root and the memory


def test_help_reads_like_a_command_line():
    """Flags show no type (typer printed ``<bool>``), arguments read ``CONTENT``."""
    help_text = invoke("add", "--help").stdout
    assert "Usage: hybridmem add [OPTIONS] CONTENT" in " ".join(help_text.split())
    assert "<bool>" not in help_text and "<float>" in help_text
    assert "<bool>" not in invoke("--help").stdout


def test_inspect_says_which_protection_keeps_a_node(tmp_path):
    db = tmp_path / "m"
    with HybridMemory(db, embedder="hash") as mem:
        mem.add("Trip to Rome", node_type="task", user_id="u1")
        mem.add("Bring the charger", user_id="u1", metadata={"pinned": True})
    rows = json.loads(invoke("inspect", "--db", str(db), "--user", "u1", "--json").stdout)
    why = {row["node"]["content"]: row["kept_because"] for row in rows}
    assert why["Memory of u1"] == "the user's root (never forgotten)"
    assert why["Trip to Rome"].startswith("a task: this type is never forgotten")
    assert why["Bring the charger"].startswith("pinned")
