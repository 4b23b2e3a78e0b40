"""The op log: a node's history, reading since a sequence number, no gaps after failures."""

from __future__ import annotations

import pytest

from hybridmem.errors import ConflictError, InvalidArgumentError, NodeNotFoundError
from hybridmem.recovery import OpRecord


def test_history_lists_a_nodes_changes_in_order(mem, clock):
    task = mem.add("Expense claim #7", node_type="task", user_id="u1")
    other = mem.add("Another claim", node_type="task", user_id="u1")
    note = mem.add("invoice unreadable", parent_id=task.id, user_id="u1")
    clock.advance(minutes=5)
    mem.update(note.id, content="invoice unreadable, re-uploaded", importance=0.9)
    mem.move(note.id, other.id)
    mem.set_active(task.id, user_id="u1")
    history = mem.history(note.id)
    assert [r.op for r in history] == ["add", "update", "move"]
    assert all(isinstance(r, OpRecord) for r in history)
    assert [r.seq for r in history] == sorted(r.seq for r in history)
    assert history[0].seq == note.seq
    assert history[1].payload == {"content": "invoice unreadable, re-uploaded", "importance": 0.9}
    assert history[1].at == clock()
    assert history[2].payload == {"from": task.id, "to": other.id}
    assert [r.op for r in mem.history(task.id)][-1] == "set_active"


def test_history_survives_deletion_and_names_subtree_deletes(mem):
    task = mem.add("task", node_type="task")
    child = mem.add("child", parent_id=task.id)
    mem.delete(task.id, subtree=True)
    assert [r.op for r in mem.history(child.id)] == ["add", "delete"]
    deleted = mem.history(child.id)[-1]
    assert deleted.node_id == task.id and child.id in deleted.payload["ids"]
    with pytest.raises(NodeNotFoundError):
        mem.history("never-existed")


def test_oplog_since_and_until(mem):
    mem.add("one")
    mark = mem.store.last_seq()
    mem.add("two")
    mem.add("three")
    later = mem.oplog(since=mark)
    assert [r.payload.get("content") for r in later if r.op == "add"] == ["two", "three"]
    assert all(r.seq > mark for r in later)
    assert mem.oplog(since=mark, until=mark + 1) == later[:1]
    assert len(mem.oplog(limit=2)) == 2
    with pytest.raises(InvalidArgumentError):
        mem.oplog(since=-1)


def test_failed_writes_leave_no_gap_in_the_sequence(mem):
    node = mem.add("one")
    with pytest.raises(InvalidArgumentError):  # fails inside the transaction: rolled back
        mem.add_many([{"content": "dup", "id": node.id}])
    with pytest.raises(ConflictError):
        mem.update(node.id, content="x", expected_version=99)
    after = mem.add("two")
    report = mem.verify()
    assert report.seq_gaps == () and report.first_seq == 1
    assert [r.seq for r in mem.oplog()] == list(range(1, report.last_seq + 1))
    assert after.seq == mem.history(after.id)[0].seq
