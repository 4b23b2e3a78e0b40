"""The audit log: who did what and when, content-free, queryable, tamper-evident."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from typer.testing import CliRunner

from hybridmem import HybridMemory
from hybridmem.cli import app
from hybridmem.errors import InvalidArgumentError
from hybridmem.privacy import PrivacyConfig

MARK = "Wombatquixel"


def open_mem(path, clock, actor="agent-7", **privacy) -> HybridMemory:
    return HybridMemory(
        path,
        embedder="hash",
        clock=clock,
        actor=actor,
        privacy=PrivacyConfig(key_env="HM_TEST_NOKEY", **privacy),
    )


def test_every_mutation_is_audited_with_actor_and_no_content(tmp_path, clock):
    with open_mem(tmp_path / "m", clock) as mem:
        task = mem.add(f"task {MARK}", node_type="task", user_id="u1")
        note = mem.add(f"note {MARK}", user_id="u1", metadata={"secret": MARK})
        clock.advance(minutes=5)
        mem.update(note.id, content=f"edited {MARK}", importance=0.9)
        mem.update(note.id, status="archived")
        other = mem.add("other task", node_type="task", user_id="u1")
        mem.move(note.id, other.id)
        mem.delete(note.id)
        actions = [(e.action, e.node_id) for e in mem.audit_log(user_id="u1")]
        assert ("create", task.id) in actions and ("create", note.id) in actions
        assert ("update", note.id) in actions and ("archive", note.id) in actions
        assert ("move", note.id) in actions and ("delete", note.id) in actions
        assert ("activate", task.id) in actions
        entries = mem.audit_log()
        assert {e.actor for e in entries} == {"agent-7"}
        update = next(e for e in entries if e.action == "update")
        assert update.detail["fields"] == ["content", "importance"]
        raw = mem.store.conn.execute("SELECT * FROM audit_log").fetchall()
        assert MARK.lower() not in repr(raw).lower()
        assert mem.verify_audit().ok


def test_query_filters(tmp_path, clock):
    with open_mem(tmp_path / "m", clock, actor="alice") as mem:
        a = mem.add("one", user_id="u1")
    start = clock()
    clock.advance(hours=1)
    with open_mem(tmp_path / "m", clock, actor="bob") as mem:
        b = mem.add("two", user_id="u2")
        assert {e.user_id for e in mem.audit_log(actor="bob")} == {"u2"}
        assert [e.node_id for e in mem.audit_log(node_id=a.id)] == [a.id]
        assert all(e.at >= start + timedelta(hours=1) for e in mem.audit_log(since=clock()))
        assert {e.actor for e in mem.audit_log(until=clock())} == {"alice"}
        assert len(mem.audit_log(limit=2)) == 2
        assert [e.action for e in mem.audit_trail(b.id, user_id="u2")] == ["create"]
        with pytest.raises(InvalidArgumentError):
            mem.audit_log(limit=0)


def test_reads_are_audited_when_configured(tmp_path, clock):
    with open_mem(tmp_path / "m", clock, audit_reads=True) as mem:
        task = mem.add("task", node_type="task", user_id="u1")
        note = mem.add("a fact about invoices", user_id="u1")
        mem.get(note.id, user_id="u1")
        mem.children(task.id)
        mem.retrieve("invoices", user_id="u1")
        reads = [e.action for e in mem.audit_log() if e.action.startswith(("read", "retrieve"))]
        assert reads == ["read", "read", "read_children", "retrieve"]
        assert mem.verify_audit().ok
    with open_mem(tmp_path / "m2", clock) as mem:  # off by default
        node = mem.add("x", user_id="u1")
        mem.get(node.id)
        assert [e.action for e in mem.audit_log()] == ["create", "create"]


def test_failed_write_leaves_no_audit_entry(tmp_path, clock):
    with open_mem(tmp_path / "m", clock) as mem:
        mem.add("first", user_id="u1", id="n1")
        before = len(mem.audit_log())
        with pytest.raises(InvalidArgumentError):
            mem.add("again", user_id="u1", id="n1")
        assert len(mem.audit_log()) == before


@pytest.mark.parametrize(
    "tamper",
    [
        "UPDATE audit_log SET actor = 'mallory' WHERE seq = 2",
        "UPDATE audit_log SET detail = '{}' WHERE seq = 1",
        "DELETE FROM audit_log WHERE seq = 2",
        "DELETE FROM audit_log WHERE seq = (SELECT max(seq) FROM audit_log)",
        "UPDATE audit_log SET at = '2020-01-01T00:00:00+00:00' WHERE seq = 3",
    ],
)
def test_tampering_is_detected(tmp_path, clock, tamper):
    path = tmp_path / "m"
    with open_mem(path, clock) as mem:
        mem.add("task", node_type="task", user_id="u1")
        mem.add("note", user_id="u1")
        assert mem.verify_audit().ok
        mem.store.conn.execute(tamper)
        result = mem.verify_audit()
        assert not result.ok and result.first_bad_seq is not None and result.reason
    runner = CliRunner()
    out = runner.invoke(app, ["audit", "verify", "--db", str(path), "--embedder", "hash"])
    assert out.exit_code == 1 and "BROKEN" in out.output


def test_cli_audit_verify_and_log(tmp_path, clock):
    path = tmp_path / "m"
    with open_mem(path, clock) as mem:
        mem.add("task", node_type="task", user_id="u1")
    runner = CliRunner()
    common = ["--db", str(path), "--embedder", "hash"]
    ok = runner.invoke(app, ["audit", "verify", *common])
    assert ok.exit_code == 0 and "OK" in ok.output
    log = runner.invoke(app, ["audit", "log", "--user", "u1", *common, "--json"])
    assert log.exit_code == 0 and '"action": "create"' in log.output


@pytest.mark.parametrize(
    "command",
    [["audit", "verify"], ["audit", "log"], ["export"], ["import"], ["erase"], ["rotate-key"]],
)
def test_privacy_commands_have_help(command):
    result = CliRunner().invoke(app, [*command, "--help"])
    assert result.exit_code == 0 and "--db" in result.output


def test_cli_keygen_and_rotate_key(tmp_path, monkeypatch):
    runner = CliRunner()
    old = runner.invoke(app, ["keygen"]).stdout.strip()
    new = runner.invoke(app, ["keygen"]).stdout.strip()
    assert old != new and len(old) == 44
    common = ["--db", str(tmp_path / "m"), "--embedder", "hash"]
    monkeypatch.setenv("HYBRIDMEM_KEY", old)
    added = runner.invoke(app, ["add", "secret", "--sensitive", "--user", "u1", *common, "--json"])
    node_id = json.loads(added.stdout)["id"]
    missing = runner.invoke(app, ["rotate-key", *common])
    assert missing.exit_code == 3 and "HYBRIDMEM_NEW_KEY" in missing.output
    monkeypatch.setenv("HYBRIDMEM_NEW_KEY", new)
    rotated = runner.invoke(app, ["rotate-key", *common])
    assert rotated.exit_code == 0 and "re-encrypted 1 nodes" in rotated.output
    stale = runner.invoke(app, ["show", node_id, "--user", "u1", *common])
    assert stale.exit_code == 7 and "WrongKeyError" in stale.output  # 7: key
    monkeypatch.setenv("HYBRIDMEM_KEY", new)
    shown = runner.invoke(app, ["show", node_id, "--user", "u1", *common, "--json"])
    assert json.loads(shown.stdout)["node"]["content"] == "secret"
