"""Export / import (JSON Lines): a user's memory moves between stores, encryption respected."""

from __future__ import annotations

import errno
import io
import json
import os

import pytest
from typer.testing import CliRunner

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.cli import app
from hybridmem.errors import (
    FileAccessError,
    ImportFormatError,
    InvalidArgumentError,
    KeyUnavailableError,
    NodeNotFoundError,
)
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
        got = mem.import_jsonl(out, user_id="u1")
        assert got.nodes == 4 and got.sensitive == 1
        assert shape(mem, "u1") == expected
        assert mem.active_node(user_id="u1").id == ids["ev"]
        assert mem.get(ids["secret"]).content == f"bank account {MARK}"
        assert consistency(mem).ok
    # Re-encrypted with the new store's key.
    assert find_bytes(tmp_path / "b", MARK, hnsw_counted_only=True) == []


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
            mem.import_jsonl(io.StringIO(text), user_id="u")
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
    assert find_bytes(tmp_path / "a", MARK, hnsw_counted_only=True) == []
    imported = runner.invoke(app, ["import", str(out), "--user", "u7", *b, "--json"])
    assert imported.exit_code == 0, imported.output
    assert json.loads(imported.stdout)["nodes"] == 2
    tree = json.loads(runner.invoke(app, ["tree", "--user", "u7", *b, "--json"]).stdout)
    assert f"secret {MARK}" in [n["content"] for n in tree["nodes"]]


def test_the_file_header_never_chooses_the_tenant(tmp_path):
    """An export whose header names the victim can only land where the caller says."""
    with open_mem(tmp_path / "a", generate_key()) as mem:
        build(mem)
        victim_active = mem.active_node(user_id="u1").id
        buf = io.StringIO()
        mem.export_user("u1", buf)
        before = mem.stats().nodes
        with pytest.raises(InvalidArgumentError, match=r"import needs user_id.*'u1'"):
            mem.import_jsonl(io.StringIO(buf.getvalue()))
        assert mem.stats().nodes == before
        report = mem.import_jsonl(io.StringIO(buf.getvalue()), user_id="attacker", new_ids=True)
        assert report.user_id == "attacker" and report.nodes == 4
        assert mem.active_node(user_id="u1").id == victim_active
        assert mem.users()["u1"] == 5  # root + 4: nothing was added to the victim
        # The active id named by the file became the attacker's own copy, not u1's node.
        assert mem.active_node(user_id="attacker").user_id == "attacker"
        assert consistency(mem).ok


def test_import_keeps_the_receiving_users_own_active_node(tmp_path):
    with open_mem(tmp_path / "a", generate_key()) as mem:
        build(mem)
        buf = io.StringIO()
        mem.export_user("u1", buf)
        mine = mem.add("my current task", node_type="task", user_id="u3")
        report = mem.import_jsonl(io.StringIO(buf.getvalue()), user_id="u3", new_ids=True)
        assert report.active_id is None
        assert mem.active_node(user_id="u3").id == mine.id


def test_import_refuses_ids_of_another_users_nodes(tmp_path):
    """Kept ids that belong to another user are refused whole: nothing of theirs changes."""
    with open_mem(tmp_path / "a", generate_key()) as mem:
        ids = build(mem)
        buf = io.StringIO()
        mem.export_user("u1", buf)
        before = shape(mem, "u1")
        with pytest.raises(Exception, match="already exists"):
            mem.import_jsonl(io.StringIO(buf.getvalue()), user_id="u9")
        assert shape(mem, "u1") == before and mem.root(user_id="u9") is None
        assert mem.active_node(user_id="u1").id == ids["ev"]


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (
            '{"kind": "node", "id": "a", "parent_id": ["r"], "node_type": "fact", "content": "y"}',
            "line 3: parent",
        ),
        (
            '{"kind": "node", "id": "a", "parent_id": "r", "node_type": "fact", "content": "y",'
            ' "status": "deleted"}',
            "line 3: status must be one of",
        ),
        (
            '{"kind": "node", "id": "a", "parent_id": "r", "node_type": "fact", "content": 7}',
            "line 3: content must be a str",
        ),
        (
            '{"kind": "node", "id": "r", "parent_id": "r", "node_type": "fact", "content": "y"}',
            "line 3: id must be a string not used before",
        ),
        ("[" * 100_000, "line 3: JSON too large or too deep"),
    ],
)
def test_hostile_records_name_their_line(tmp_path, record, message):
    text = (
        '{"kind": "header", "format": "hybridmem-export", "version": 1, "user_id": "u"}\n'
        '{"kind": "node", "id": "r", "parent_id": null, "node_type": "root", "content": "x"}\n'
        + record
        + "\n"
    )
    with open_mem(tmp_path / "a") as mem:
        with pytest.raises(ImportFormatError, match=message):
            mem.import_jsonl(io.StringIO(text), user_id="u")
        assert mem.stats().nodes == 0


def test_export_to_a_path_is_private_atomic_and_never_inside_the_store(tmp_path):
    with open_mem(tmp_path / "a", generate_key()) as mem:
        build(mem)
        out = tmp_path / "u1.jsonl"
        out.write_text("previous export\n")
        out.chmod(0o644)
        mem.export_user("u1", out)
        assert out.stat().st_mode & 0o777 == 0o600  # decrypted content: owner only
        assert f"bank account {MARK}" in out.read_text(encoding="utf-8")
        for inside in (tmp_path / "a" / "memory.sqlite3", tmp_path / "a" / "x.jsonl"):
            with pytest.raises(InvalidArgumentError, match="inside the store directory"):
                mem.export_user("u1", inside)
        link = tmp_path / "innocent.jsonl"
        link.symlink_to(tmp_path / "a" / "memory.sqlite3")
        with pytest.raises(InvalidArgumentError, match="inside the store directory"):
            mem.export_user("u1", link)
        assert consistency(mem).ok


def test_a_failed_export_keeps_the_previous_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    out = tmp_path / "u1.jsonl"
    out.write_text("previous export\n")
    with open_mem(tmp_path / "a", generate_key()) as mem:
        build(mem)

        def full_disk(fd):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(os, "fsync", full_disk)
        with pytest.raises(FileAccessError, match=r"u1\.jsonl.*No space left"):
            mem.export_user("u1", out)
        monkeypatch.undo()
        assert consistency(mem).ok
    assert out.read_text() == "previous export\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
