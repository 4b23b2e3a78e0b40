"""``hybridmem search`` keeps a sensitive memory out of hits and context unless the query is
about it or ``--include-sensitive`` is given (issue 38), text and JSON output alike."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.cli import ExitCode, app
from hybridmem.privacy import PrivacyConfig, generate_key

LUNCH = "lunch with the team at noon"
SECRET = "diagnosis from the clinic Quorvantilex"


@pytest.fixture
def store(tmp_path, clock, monkeypatch) -> tuple[str, str]:
    key = generate_key()
    monkeypatch.setenv("HYBRIDMEM_KEY", key)
    db = tmp_path / "m"
    privacy = PrivacyConfig(key=key)
    with HybridMemory(db, embedder=HashEmbedder(64), clock=clock, privacy=privacy) as mem:
        task = mem.add("claim task", node_type="task", user_id="u1")
        mem.add(LUNCH, parent_id=task.id, user_id="u1")
        secret = mem.add(SECRET, parent_id=task.id, user_id="u1", sensitive=True)
    return str(db), secret.id


def search(db: str, query: str, *flags: str) -> str:
    result = CliRunner().invoke(
        app, ["search", query, "--db", db, "--user", "u1", "--scope", "user", *flags]
    )
    assert result.exit_code == ExitCode.OK, result.output
    return result.output


def test_search_withholds_sensitive_memories_unless_asked(store):
    db, secret = store
    out = json.loads(search(db, LUNCH, "--json"))
    assert secret not in [h["node"]["id"] for h in out["hits"]]
    assert "Quorvantilex" not in out["context"]
    assert "Quorvantilex" not in search(db, LUNCH)  # the table and the context as printed
    opened = json.loads(search(db, LUNCH, "--include-sensitive", "--json"))
    assert secret in [h["node"]["id"] for h in opened["hits"]]
    assert "Quorvantilex" in opened["context"]
    assert "Quorvantilex" in search(db, LUNCH, "--include-sensitive")
    # A query about it finds it without the flag.
    asked = json.loads(search(db, SECRET, "--json"))
    assert asked["hits"][0]["node"]["id"] == secret
