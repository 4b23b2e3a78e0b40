"""Many agents, one memory (issue 33): private by default, shared readable, changes by grant,
filtered before ranking; grants are ops that survive reopen, restore and replay."""

from __future__ import annotations

import pytest

from hybridmem import HybridMemory
from hybridmem.embedding import HashEmbedder
from hybridmem.errors import (
    GrantNotFoundError,
    InvalidArgumentError,
    NodeNotFoundError,
    PermissionDeniedError,
)


def open_mem(path, **kwargs):
    return HybridMemory(path, embedder=HashEmbedder(64), **kwargs)


def test_private_by_default_shared_readable_no_write_without_grant(tmp_path):
    with open_mem(tmp_path / "m") as mem:
        shared = mem.add("the family budget is tight this month", user_id="u1")
        planner = mem.scoped(user_id="u1", agent_id="planner")
        executor = mem.scoped(user_id="u1", agent_id="executor")
        plan = planner.add("plan: visit the science museum on saturday")
        own = executor.add("booked the train tickets")

        # Another agent's memory is a missing id, word for word.
        with pytest.raises(NodeNotFoundError) as hidden:
            executor.get(plan.id)
        with pytest.raises(NodeNotFoundError) as missing:
            executor.get("no-such-node")
        assert str(hidden.value).replace(plan.id, "X") == str(missing.value).replace(
            "no-such-node", "X"
        )
        for change in (
            lambda: executor.update(plan.id, importance=0.1),
            lambda: executor.delete(plan.id),
            lambda: executor.move(plan.id, own.id),
            lambda: executor.erase(plan.id),
        ):
            with pytest.raises(NodeNotFoundError):
                change()

        # The user's shared memories: readable by every agent, changeable by none.
        assert executor.get(shared.id).content == shared.content
        with pytest.raises(PermissionDeniedError):
            executor.update(shared.id, content="the budget is fine")
        with pytest.raises(PermissionDeniedError):
            executor.delete(shared.id)
        assert mem.get(shared.id).content == shared.content
        assert executor.update(own.id, importance=0.9).importance == 0.9

        hits = {h.node.id for h in executor.retrieve("museum budget train", scope="user").hits}
        assert plan.id not in hits and shared.id in hits


def test_read_and_write_grants_and_revoke_seen_by_another_handle(tmp_path):
    with open_mem(tmp_path / "m") as mem:
        planner = mem.scoped(user_id="u1", agent_id="planner")
        executor = mem.scoped(user_id="u1", agent_id="executor")
        plan = planner.add("plan: visit the science museum on saturday")

        read = mem.grant(user_id="u1", to_agent="executor", from_agent="planner")
        assert read.perms == "read" and read.id
        assert executor.get(plan.id).content == plan.content
        assert plan.id in {h.node.id for h in executor.retrieve("museum", scope="user").hits}
        with pytest.raises(PermissionDeniedError):
            executor.update(plan.id, content="plan: stay home")

        write = mem.grant(user_id="u1", to_agent="executor", from_agent="planner", perms="write")
        assert executor.update(plan.id, content="plan: the museum on sunday").content.endswith(
            "sunday"
        )
        assert {g.id for g in mem.grants(user_id="u1", agent_id="executor")} == {
            read.id,
            write.id,
        }

        # A second handle on the same store: the revoke written here holds on its next call.
        with open_mem(tmp_path / "m") as other:
            remote = other.scoped(user_id="u1", agent_id="executor")
            assert remote.get(plan.id).id == plan.id
            mem.revoke(write.id, user_id="u1")
            mem.revoke(read.id, user_id="u1")
            with pytest.raises(NodeNotFoundError):
                remote.get(plan.id)
            assert plan.id not in {h.node.id for h in remote.retrieve("museum", scope="user").hits}
        with pytest.raises(NodeNotFoundError):
            executor.get(plan.id)
        with pytest.raises(GrantNotFoundError):
            mem.revoke(read.id, user_id="u1")


def test_subtree_and_shared_grants(tmp_path):
    with open_mem(tmp_path / "m") as mem:
        shared = mem.add("household rules: no phones at dinner", user_id="u1")
        planner = mem.scoped(user_id="u1", agent_id="planner")
        reviewer = mem.scoped(user_id="u1", agent_id="reviewer")
        trip = planner.add("trip to lisbon", node_type="task")
        leg = planner.add("flight on tuesday morning", parent_id=trip.id)
        other = planner.add("unrelated planner note about taxes", node_type="task")

        mem.grant(user_id="u1", to_agent="reviewer", subtree=trip.id)
        assert reviewer.get(leg.id).id == leg.id
        with pytest.raises(NodeNotFoundError):
            reviewer.get(other.id)
        assert {n.id for n in reviewer.subtree(trip.id)} == {trip.id, leg.id}
        hits = {h.node.id for h in reviewer.retrieve("flight tuesday lisbon", scope="user").hits}
        assert leg.id in hits and other.id not in hits
        with pytest.raises(PermissionDeniedError):
            reviewer.update(leg.id, importance=0.2)

        mem.grant(user_id="u1", to_agent="reviewer", shared=True, perms="write")
        assert reviewer.update(shared.id, importance=0.3).importance == 0.3


def test_grant_arguments_and_users_never_cross(tmp_path):
    with open_mem(tmp_path / "m") as mem:
        theirs = mem.add("bob's diary", user_id="bob")
        with pytest.raises(NodeNotFoundError, match="no node with id"):
            mem.grant(user_id="alice", to_agent="a", subtree=theirs.id)
        with pytest.raises(InvalidArgumentError, match="exactly one"):
            mem.grant(user_id="alice", to_agent="a")
        with pytest.raises(InvalidArgumentError, match="exactly one"):
            mem.grant(user_id="alice", to_agent="a", from_agent="b", shared=True)
        with pytest.raises(InvalidArgumentError, match="perms"):
            mem.grant(user_id="alice", to_agent="a", from_agent="b", perms="admin")
        g = mem.grant(user_id="bob", to_agent="a", from_agent="b")
        with pytest.raises(GrantNotFoundError):
            mem.revoke(g.id, user_id="alice")
        assert mem.grants(user_id="alice") == []
        # An agent's view shares only what it owns.
        agent = mem.scoped(user_id="bob", agent_id="b")
        with pytest.raises(PermissionDeniedError):
            agent.grant("c", shared=True)
        mine = agent.grant("c", perms="write")
        assert mine.from_agent == "b" and mine.by_agent == "b"


def test_grants_survive_reopen_restore_and_are_audited(tmp_path):
    path = tmp_path / "m"
    with open_mem(path) as mem:
        planner = mem.scoped(user_id="u1", agent_id="planner")
        plan = planner.add("plan: the science museum")
        kept = mem.grant(user_id="u1", to_agent="executor", from_agent="planner")
        mem.checkpoint()
        gone = mem.grant(user_id="u1", to_agent="reviewer", from_agent="planner")
        later = mem.grant(user_id="u1", to_agent="critic", from_agent="planner", perms="write")
        mem.revoke(gone.id, user_id="u1")
        actions = [e.action for e in mem.audit_log(user_id="u1")]
        assert actions.count("grant") == 3 and actions.count("revoke") == 1
    with open_mem(path) as mem:
        assert {g.id for g in mem.grants(user_id="u1")} == {kept.id, later.id}
        assert mem.scoped(user_id="u1", agent_id="executor").get(plan.id).id == plan.id
        mem.restore()  # the snapshot, then the op log after it replayed
        assert {g.id for g in mem.grants(user_id="u1")} == {kept.id, later.id}
        with pytest.raises(NodeNotFoundError):
            mem.scoped(user_id="u1", agent_id="reviewer").get(plan.id)


def test_a_flood_from_another_agent_does_not_starve_an_agents_own_search(tmp_path):
    """After the planner wrote 300 look-alike notes, the executor's own note is in its top 5:
    the read set is applied before the vector and lexical top-N are taken."""
    with open_mem(tmp_path / "m") as mem:
        planner = mem.scoped(user_id="u1", agent_id="planner")
        executor = mem.scoped(user_id="u1", agent_id="executor")
        mine = executor.add(
            "museum visit note: the executor bought the tickets at the front desk after a "
            "long queue"
        )
        mem.add_many(
            [
                {
                    "content": f"museum visit note {i}: details of exhibit hall {i}",
                    "agent_id": "planner",
                }
                for i in range(300)
            ],
            user_id="u1",
        )
        assert planner.get_all(limit=1)
        for scope in ("user", "task"):
            # Before issue 33: 0 candidates, 0 hits (the planner's notes took every slot).
            hits = executor.retrieve("museum visit note details", top_k=5, scope=scope).hits
            assert mine.id in [h.node.id for h in hits], scope
            assert all(h.node.agent_id in (None, "executor") for h in hits)


def test_writes_merge_only_within_what_the_writer_owns(tmp_path):
    with open_mem(tmp_path / "m") as mem:
        planner = mem.scoped(user_id="u1", agent_id="planner")
        executor = mem.scoped(user_id="u1", agent_id="executor")
        theirs = planner.add("I live in Berlin.", node_type="fact")
        mine = executor.add("I live in Berlin.", node_type="fact")
        assert mine.id != theirs.id and mine.agent_id == "executor"
        again = executor.add("I live in Berlin.", node_type="fact")
        assert again.id == mine.id  # a repeat of its own still merges
        moved = executor.add("I live in Paris now.", node_type="fact")
        # The executor's change of value never touches the planner's memory.
        assert mem.get(theirs.id).status == theirs.status
        assert mem.get(theirs.id).conflict_group != moved.conflict_group or not moved.conflict_group


def test_retrievals_leave_a_trace_when_asked(tmp_path):
    import hashlib

    from hybridmem import PrivacyConfig

    with open_mem(tmp_path / "m", privacy=PrivacyConfig(audit_retrievals=True)) as mem:
        executor = mem.scoped(user_id="u1", agent_id="executor")
        note = executor.add("the train leaves at nine")
        result = executor.retrieve("when does the train leave", scope="user")
        entry = [e for e in mem.audit_log(user_id="u1") if e.action == "retrieve"][-1]
        assert entry.detail["agent"] == "executor"
        assert (
            entry.detail["query_sha256"] == hashlib.sha256(b"when does the train leave").hexdigest()
        )
        assert (
            entry.detail["ids"] == [h.node.id for h in result.hits]
            and note.id in entry.detail["ids"]
        )
        assert "train" not in str(entry.detail)  # no text of the query or the memories
        assert not [e for e in mem.audit_log() if e.action == "read"]  # reads stay unlogged
        assert mem.verify_audit().ok
    with open_mem(tmp_path / "m2") as mem:  # off by default
        mem.add("x", user_id="u1")
        mem.retrieve("x", user_id="u1")
        assert "retrieve" not in [e.action for e in mem.audit_log()]


def test_distillation_keeps_each_agents_profiles_to_itself(tmp_path):
    with open_mem(tmp_path / "m") as mem:
        planner = mem.scoped(user_id="u1", agent_id="planner")
        executor = mem.scoped(user_id="u1", agent_id="executor")
        for day in ("monday", "tuesday", "wednesday", "thursday"):
            planner.add(f"went swimming at the pool on {day}")
        mem.maintain(deep=True, dry_run=False, user_id="u1")
        profiles = mem.get_all(user_id="u1", node_type="profile")
        assert profiles and all(p.agent_id == "planner" for p in profiles)
        assert not executor.get_all(node_type="profile")
        assert planner.get_all(node_type="profile")


SECOND_PROCESS = """
import sys
from hybridmem import HybridMemory
from hybridmem.embedding import HashEmbedder
from hybridmem.errors import NodeNotFoundError

mem = HybridMemory(sys.argv[1], embedder=HashEmbedder(64))
view = mem.scoped(user_id="u1", agent_id="executor")
print("ready", flush=True)
for line in sys.stdin:
    try:
        view.get(line.strip())
        print("seen", flush=True)
    except NodeNotFoundError:
        print("hidden", flush=True)
mem.close()
"""


def test_a_revoke_holds_on_the_next_call_of_another_process(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "m"
    with open_mem(path) as mem:
        plan = mem.scoped(user_id="u1", agent_id="planner").add("plan: the science museum")
        grant = mem.grant(user_id="u1", to_agent="executor", from_agent="planner")
        other = subprocess.Popen(
            [sys.executable, "-c", SECOND_PROCESS, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert other.stdout is not None and other.stdin is not None
            assert other.stdout.readline().strip() == "ready"

            def ask() -> str:
                other.stdin.write(plan.id + "\n")
                other.stdin.flush()
                return other.stdout.readline().strip()

            assert ask() == "seen"
            mem.revoke(grant.id, user_id="u1")
            assert ask() == "hidden"  # the same open handle, its very next call
            mem.grant(user_id="u1", to_agent="executor", subtree=plan.id)
            assert ask() == "seen"
        finally:
            other.stdin.close()
            other.wait(timeout=60)


def test_another_agents_task_as_retrieval_scope_is_a_missing_node(tmp_path):
    with open_mem(tmp_path / "m") as mem:
        task = mem.scoped(user_id="u1", agent_id="planner").add("trip", node_type="task")
        with pytest.raises(NodeNotFoundError, match="no node with id"):
            mem.retrieve("trip", user_id="u1", agent_id="executor", task_id=task.id)
        with pytest.raises(NodeNotFoundError, match="no node with id"):
            mem.scoped(user_id="u1", agent_id="executor").retrieve("trip", task_id=task.id)
        assert mem.retrieve("trip", user_id="u1", agent_id="planner", task_id=task.id)
