"""Export / import (JSON Lines): a user's memory moves between stores, encryption respected."""

from __future__ import annotations

import io
import json

import pytest
from typer.testing import CliRunner

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.cli import app
from hybridmem.errors import ImportFormatError, KeyUnavailableError, NodeNotFoundError
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.testing.checks import consistency, find_bytes

MARK = "Plonkvarsity"


def open_mem(path, key=None) -> HybridMemory:
    return HybridMemory(
        path, embedder=HashEmbedder(64), privacy=PrivacyConfig(key=key, key_env="HM_TEST_NOKEY")
    )


def build(mem: HybridMemory) -> dict[str, str]:
    task = mem.add("claim #7", node_type="task", user_id="u1", metadata={"k": [1, 2]})
    ev = mem.add("invoice returned", parent_id=task.id, user_id="u1", importance=0.9)
    secret = mem.add(f"bank account {MARK}", parent_id=ev.id, user_id="u1", sensitive=True)
    old = mem.add("old note", parent_id=task.id, user_id="u1")
    mem.update(old.id, status="archived")
    mem.set_active(ev.id, user_id="u1")
    mem.add("someone else", user_id="u2")
    return {"task": task.id, "ev": ev.id, "secret": secret.id, "old": old.id}


def shape(mem: HybridMemory, user: str) -> list[tuple]:
    root = mem.root(user_id=user)
    return sorted(
        (
            n.id,
            n.parent_id if n.parent_id != root.id else "ROOT",
            n.content,
            n.node_type,
            n.status,
            n.sensitive,
            n.importance,
            n.metadata,
            n.created_at,
        )
        for n in mem.subtree(root.id, user_id=user)[1:]
    )


def test_round_trip_between_stores_with_different_keys(tmp_path):
    src_key, dst_key = generate_key(), generate_key()
    out = tmp_path / "u1.jsonl"
    with open_mem(tmp_path / "a", src_key) as mem:
        ids = build(mem)
        report = mem.export_user("u1", out)
        assert report.nodes == 5 and report.sensitive == 1 and report.active_id == ids["ev"]
        expected = shape(mem, "u1")
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["kind"] == "header" and lines[0]["user_id"] == "u1"
    assert all(r.get("user_id", "u1") == "u1" for r in lines)  # no other tenant's node
    assert "someone else" not in out.read_text(encoding="utf-8")
    with open_mem(tmp_path / "b", dst_key) as mem:
        got = mem.import_jsonl(out)
        assert got.nodes == 4 and got.sensitive == 1
        assert shape(mem, "u1") == expected
        assert mem.active_node(user_id="u1").id == ids["ev"]
        assert mem.get(ids["secret"]).content == f"bank account {MARK}"
        assert consistency(mem).ok
    assert find_bytes(tmp_path / "b", MARK) == []  # re-encrypted with the new store's key


def test_export_needs_the_key_for_sensitive_nodes(tmp_path):
    key = generate_key()
    with open_mem(tmp_path / "a", key) as mem:
        build(mem)
    with open_mem(tmp_path / "a", None) as mem:
        with pytest.raises(KeyUnavailableError):
            mem.export_user("u1", io.StringIO())
        with pytest.raises(NodeNotFoundError):
            mem.export_user("nobody", io.StringIO())


def test_copy_into_same_store_as_another_user(tmp_path):
    with open_mem(tmp_path / "a", generate_key()) as mem:
        build(mem)
        buf = io.StringIO()
        mem.export_user("u1", buf)
        buf.seek(0)
        with pytest.raises(Exception, match="already exists"):
            mem.import_jsonl(buf, user_id="u3")
        buf.seek(0)
        report = mem.import_jsonl(buf, user_id="u3", new_ids=True)
        assert report.nodes == 4
        assert sorted(n.content for n in mem.subtree(mem.root(user_id="u3").id)[1:]) == sorted(
            c[2] for c in shape(mem, "u1")
        )
        assert consistency(mem).ok


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("not json\n", "line 1: not JSON"),
        ('{"kind": "node"}\n', "header first"),
        ('{"kind": "header", "format": "hybridmem-export", "version": 99}\n', "version 99"),
        (
            '{"kind": "header", "format": "hybridmem-export", "version": 1, "user_id": "u"}\n'
            '{"kind": "node", "id": "r", "parent_id": null, "node_type": "root", "content": "x"}\n'
            '{"kind": "node", "id": "a", "parent_id": "zz", "node_type": "fact", "content": "y"}\n',
            "line 3: parent 'zz'",
        ),
        (
            '{"kind": "header", "format": "hybridmem-export", "version": 1, "user_id": "u"}\n'
            '{"kind": "node", "id": "r", "parent_id": null, "node_type": "root", "content": "x"}\n'
            '{"kind": "node", "id": "a", "parent_id": "r"}\n',
            "line 3: missing field",
        ),
        (
            '{"kind": "header", "format": "hybridmem-export", "version": 1, "user_id": "u"}\n'
            "[1, 2]\n",
            "line 2: expected a JSON object",
        ),
    ],
)
def test_malformed_imports_are_refused_and_write_nothing(tmp_path, text, message):
    with open_mem(tmp_path / "a") as mem:
        with pytest.raises(ImportFormatError, match=message):
            mem.import_jsonl(io.StringIO(text))
        assert mem.stats().nodes == 0


def test_cli_export_import(tmp_path, monkeypatch):
    monkeypatch.setenv("HYBRIDMEM_KEY", generate_key())
    runner = CliRunner()
    a, b = (
        ["--db", str(tmp_path / "a"), "--embedder", "hash"],
        ["--db", str(tmp_path / "b"), "--embedder", "hash"],
    )
    assert runner.invoke(app, ["add", "plain memory", "--user", "u1", *a]).exit_code == 0
    added = runner.invoke(app, ["add", f"secret {MARK}", "--sensitive", "--user", "u1", *a])
    assert added.exit_code == 0, added.output
    out = tmp_path / "e.jsonl"
    exported = runner.invoke(app, ["export", "--user", "u1", "--out", str(out), *a])
    assert exported.exit_code == 0, exported.output
    assert find_bytes(tmp_path / "a", MARK) == []
    imported = runner.invoke(app, ["import", str(out), "--user", "u7", *b, "--json"])
    assert imported.exit_code == 0, imported.output
    assert json.loads(imported.stdout)["nodes"] == 2
    tree = json.loads(runner.invoke(app, ["tree", "--user", "u7", *b, "--json"]).stdout)
    assert f"secret {MARK}" in [n["content"] for n in tree["nodes"]]
