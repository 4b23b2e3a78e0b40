"""One sealed memory no longer locks the whole user out of the read commands: without the key,
``tree``, ``search``, ``show`` and ``inspect`` show the user's other memories, the sealed one
masked, exit 0 and say in one stderr line how many were masked and how to supply the key."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hybridmem import HybridMemory
from hybridmem.cli import ExitCode, app
from hybridmem.config.privacy import PrivacyConfig
from hybridmem.core.sealed import MASKED
from hybridmem.privacy import generate_key

runner = CliRunner()
SECRET = "My PIN is 4711"


def invoke(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exit_code != ExitCode.INTERNAL, result.output
    return result


@pytest.fixture
def sealed_store(tmp_path, monkeypatch):
    """alice: two plain memories and one sealed; bob: one plain. No key in the environment."""
    monkeypatch.delenv("HYBRIDMEM_KEY", raising=False)
    key = generate_key()
    db = tmp_path / "m"
    with HybridMemory(db, embedder="hash", privacy=PrivacyConfig(key=key)) as mem:
        berlin = mem.add("I live in Berlin.", node_type="fact", user_id="alice")
        pin = mem.add(SECRET, node_type="fact", user_id="alice", sensitive=True)
        mem.add("Lunch with Bob on Friday", user_id="alice")
        mem.add("Trip to Rome", node_type="task", user_id="bob")
    return db, key, berlin.id, pin.id


def _one_hint(stderr: str, count: int) -> None:
    lines = [line for line in stderr.splitlines() if line.strip()]
    text = " ".join(lines)
    assert f"{count} memory is sealed" in text or f"{count} memories are sealed" in text
    assert "HYBRIDMEM_KEY" in text


def test_tree_shows_the_rest_with_the_sealed_one_masked(sealed_store):
    db, _key, berlin, pin = sealed_store
    out = invoke("tree", "--db", str(db), "--user", "alice")
    assert out.exit_code == 0, out.output
    assert "I live in Berlin." in out.stdout and "Lunch with Bob" in out.stdout
    assert MASKED in out.stdout and SECRET not in out.output and "hmenc1:" not in out.output
    _one_hint(out.stderr, 1)
    # --json: stdout is one JSON document, the sealed node's content masked
    as_json = invoke("tree", "--db", str(db), "--user", "alice", "--json")
    assert as_json.exit_code == 0
    nodes = {n["id"]: n for n in json.loads(as_json.stdout)["nodes"]}
    assert nodes[pin]["content"] == MASKED and nodes[berlin]["content"] == "I live in Berlin."
    _one_hint(as_json.stderr, 1)
    # another user with nothing sealed: no hint at all
    bob = invoke("tree", "--db", str(db), "--user", "bob")
    assert bob.exit_code == 0 and "sealed" not in bob.stderr


def test_search_show_and_inspect_mask_instead_of_exit_7(sealed_store):
    db, _key, berlin, pin = sealed_store
    search = invoke("search", "PIN 4711", "--db", str(db), "--user", "alice", "--read-only")
    assert search.exit_code == 0, search.output
    assert SECRET not in search.output and "hmenc1:" not in search.output
    hits = json.loads(
        invoke(
            "search", "Berlin", "--db", str(db), "--user", "alice", "--read-only", "--json"
        ).stdout
    )["hits"]
    assert berlin in {h["node"]["id"] for h in hits}
    shown = invoke("show", pin[-10:], "--db", str(db))
    assert shown.exit_code == 0 and MASKED in shown.stdout and SECRET not in shown.output
    _one_hint(shown.stderr, 1)
    inspected = invoke("inspect", "--db", str(db), "--user", "alice")
    assert inspected.exit_code == 0
    # inspect reads rows as stored: the ciphertext is never printed either
    assert "hmenc1:" not in inspected.output and "Berlin" in inspected.stdout
    _one_hint(inspected.stderr, 1)
    history = invoke("history", pin[-10:], "--db", str(db), "--user", "alice")
    assert history.exit_code == 0 and "content=[sealed]" in history.stdout
    assert "hmenc1:" not in history.stdout


def test_with_the_key_nothing_is_masked_and_a_wrong_key_still_exits_7(sealed_store, monkeypatch):
    db, key, _berlin, pin = sealed_store
    monkeypatch.setenv("HYBRIDMEM_KEY", key)
    out = invoke("tree", "--db", str(db), "--user", "alice")
    assert out.exit_code == 0 and SECRET in out.stdout and "sealed" not in out.stderr
    inspected = invoke("inspect", "--db", str(db), "--user", "alice")
    assert SECRET in inspected.stdout.replace("\n", " ") or "4711" in inspected.stdout
    monkeypatch.setenv("HYBRIDMEM_KEY", generate_key())
    assert invoke("tree", "--db", str(db), "--user", "alice").exit_code == ExitCode.KEY
    assert invoke("show", pin, "--db", str(db)).exit_code == ExitCode.KEY
