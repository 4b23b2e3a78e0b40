"""Per-user locks with pipelined writes on PostgreSQL (issue 36): what the merged write path
does when another user's writer moves the logs meanwhile.

A single write chains its audit entries to the tail read with its first answer and numbers its
first ops with numbers its locks' statement took; another user's writer may append in between.
Two stores in one process stand for two processes (each its own connection); a real throwaway
PostgreSQL cluster and a real ``chroma run`` server (tests/conftest.py).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.postgres


def test_an_audit_tail_moved_by_another_user_is_chained_to_again(two):
    a, b = two
    a.add("Alice plans the trip", user_id="alice")  # both stores now read the tail with
    b.add("Bob plans the move", user_id="bob")  # each write's first answer
    with a.store.transaction("alice"):
        note = a.add("Alice books the train", user_id="alice")  # its tail read: b's entry
        moved = b.add("Bob books the van", user_id="bob")  # commits, moving the tail
    # a's COMMIT found the tail moved and appended its entries after b's: one chain, whole.
    assert a.verify_audit().ok and b.verify_audit().ok
    trail = a.audit_trail(note.id, user_id="alice")
    assert [e.action for e in trail] == ["create"]
    (bobs,) = b.audit_trail(moved.id, user_id="bob")
    assert trail[0].seq > bobs.seq
    # Every op logged, none numbered twice, the log in the order replay needs.
    ops = a.store.read_ops()
    assert len({op.seq for op in ops}) == len(ops)
    assert {note.id, moved.id} <= {op.node_id for op in ops if op.op == "add"}
    report = a.verify()
    assert report.clean and report.seq_gaps == (), report.summary()


def test_op_numbers_a_write_took_and_did_not_use_are_handed_out_again(two):
    a, _ = two
    task = a.add("Alice plans the trip", node_type="task", user_id="alice")
    last = a.store.last_seq()
    a.set_active(task.id, user_id="alice")  # one op of the two numbers its locks took
    a.update(task.id, importance=0.9, user_id="alice")  # likewise
    note = a.add("the train at 9:40", parent_id=task.id, user_id="alice")
    assert [op.seq for op in a.store.read_ops(since=last)] == list(range(last + 1, note.seq + 2))
    assert a.verify().seq_gaps == ()
