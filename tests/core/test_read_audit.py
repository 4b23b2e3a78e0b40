"""With ``PrivacyConfig(audit_reads=True)`` every read of the facade is audited, each once, the
same way: action, user, the nodes returned; nothing when the setting is off."""

from __future__ import annotations

from fastapi.testclient import TestClient

from hybridmem import HybridMemory
from hybridmem.privacy import PrivacyConfig
from hybridmem.server import create_app

READS = {
    "read",
    "read_children",
    "read_path",
    "read_subtree",
    "read_all",
    "read_root",
    "read_active",
    "read_users",
    "resolve_id",
    "retrieve",
}


def open_mem(path, clock, **privacy) -> HybridMemory:
    return HybridMemory(
        path,
        embedder="hash",
        clock=clock,
        privacy=PrivacyConfig(key_env="HM_TEST_NOKEY", **privacy),
    )


def reads_of(mem: HybridMemory) -> list[tuple[str, str | None, str | None, list[str]]]:
    return [
        (e.action, e.user_id, e.node_id, list(e.detail.get("ids", [])))
        for e in mem.audit_log()
        if e.action in READS
    ]


def test_root_users_active_node_and_resolve_id_are_audited(tmp_path, clock):
    with open_mem(tmp_path / "m", clock, audit_reads=True) as mem:
        task = mem.add("Plan the Porto trip", node_type="task", user_id="u1")
        note = mem.add("Buy train tickets", user_id="u1")
        root = mem.root(user_id="u1")
        assert root is not None
        assert mem.active_node(user_id="u1") == mem.store.get(task.id)
        assert mem.users() == {"u1": 3}
        assert mem.resolve_id(note.id[-8:]) == note.id
        assert mem.resolve_id(note.id, user_id="u1") == note.id
        assert mem.root(user_id="nobody") is None
        assert reads_of(mem) == [
            ("read_root", "u1", root.id, []),
            ("read_active", "u1", task.id, []),
            ("read_users", None, None, []),
            ("resolve_id", "u1", note.id, []),
            ("resolve_id", "u1", note.id, []),
            ("read_root", "nobody", None, []),
        ]
        assert mem.verify_audit().ok


def test_the_reads_audited_before_are_audited_as_before(tmp_path, clock):
    with open_mem(tmp_path / "m", clock, audit_reads=True) as mem:
        task = mem.add("Plan the Porto trip", node_type="task", user_id="u1")
        note = mem.add("Buy train tickets", user_id="u1")
        root = mem.root(user_id="u1")
        assert root is not None
        start = len(reads_of(mem))
        mem.get(note.id)
        mem.children(task.id)
        mem.path_to_root(note.id)
        mem.subtree(task.id)
        mem.get_all(user_id="u1")
        mem.retrieve("train tickets", user_id="u1", record_access=False)
        assert [r[0] for r in reads_of(mem)[start:]] == [
            "read",
            "read",
            "read_children",
            "read",
            "read_path",
            "read",
            "read_subtree",
            "read_all",
            "retrieve",
        ]
        path = next(r for r in reads_of(mem) if r[0] == "read_path")
        assert path == ("read_path", "u1", None, [root.id, task.id])


def test_nothing_is_audited_when_the_setting_is_off(tmp_path, clock):
    with open_mem(tmp_path / "m", clock) as mem:
        note = mem.add("Buy train tickets", user_id="u1")
        mem.root(user_id="u1")
        mem.active_node(user_id="u1")
        mem.users()
        mem.resolve_id(note.id[-8:])
        mem.get(note.id)
        assert reads_of(mem) == []


def test_a_scoped_add_and_a_health_probe_record_no_read(tmp_path, clock):
    with open_mem(tmp_path / "m", clock, audit_reads=True) as mem:
        view = mem.scoped(user_id="u1", agent_id="a1")
        view.add("Plan the Porto trip", node_type="task")
        view.add("Buy train tickets")  # placed under the active task: not the caller's read
        with TestClient(create_app(mem)) as client:
            assert client.get("/v1/health").status_code == 200
        assert reads_of(mem) == []
