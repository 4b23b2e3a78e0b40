"""A single write costs a few round trips to PostgreSQL, and what ``add``, ``update`` and
``set_active`` return is the node the store holds (they no longer read it back to say so).

Round trips are counted as ``benchmarks/pg_roundtrips.py`` counts them: every time psycopg
waits for the server (a statement outside a pipeline, BEGIN and COMMIT included, each pipeline
sync and each result read inside one).
"""

from __future__ import annotations

import pytest

from benchmarks.pg_roundtrips import counted
from hybridmem import HybridMemory
from hybridmem.index import InMemoryIndex
from tests.backends import (
    OpenMem,
    both_backends,  # noqa: F401 - runs this module on both stores
)

U = "u1"


def test_writes_return_the_node_as_stored(open_mem: OpenMem) -> None:
    with open_mem(embedder="hash") as mem:
        task = mem.add("Trip to Lisbon", node_type="task", user_id=U)
        other = mem.add("Dentist", node_type="task", user_id=U, activate=False)
        note = mem.add("flight TP123 at 9:40", parent_id=task.id, user_id=U)
        assert note == mem.get(note.id) and note.index_state == "indexed"
        batch = mem.add_many(
            [{"content": "hotel near the river", "parent_id": task.id}, {"content": "pack"}],
            user_id=U,
        )
        assert batch == [mem.get(n.id) for n in batch]
        # A repeat reinforces the node it repeats: that node, as stored, comes back.
        again = mem.add("flight TP123 at 9:40", parent_id=task.id, user_id=U)
        assert again.id == note.id and again == mem.get(note.id)

        moved = mem.update(note.id, content="flight TP123 at 10:15", user_id=U)
        assert moved == mem.get(note.id)
        assert moved.version == again.version + 1 and moved.index_state == "indexed"
        ranked = mem.update(note.id, importance=0.9, metadata={"seat": "12A"}, user_id=U)
        assert ranked == mem.get(note.id) and ranked.metadata == {"seat": "12A"}
        retyped = mem.update(batch[0].id, node_type="task", user_id=U)  # re-scopes its subtree
        assert retyped == mem.get(batch[0].id) and retyped.task_id == batch[0].id

        assert mem.set_active(other.id, user_id=U) == mem.get(other.id)
        assert mem.active_node(user_id=U) == mem.get(other.id)


@pytest.mark.postgres
def test_a_single_add_update_or_set_active_takes_at_most_five_round_trips(pg_url: str) -> None:
    with HybridMemory(pg_url, embedder="hash", index=InMemoryIndex()) as mem:
        task = mem.add("Trip to Lisbon", node_type="task", user_id=U)
        other = mem.add("Dentist", node_type="task", user_id=U, activate=False)
        mem.add("passport renewed", parent_id=task.id, user_id=U)  # the first write's setup
        with counted() as add:
            note = mem.add("flight TP123 at 9:40", parent_id=task.id, user_id=U)
        with counted() as update:
            mem.update(note.id, content="flight TP123 at 10:15", user_id=U)
        with counted() as activate:
            mem.set_active(other.id, user_id=U)
        # Each still did all of its work: logged, audited (the chain intact), indexed.
        logged = [r.op for r in mem.store.read_ops(since=mem.store.last_seq() - 2)]
        assert logged[-2:] == ["update", "set_active"]
        trail = [e.action for e in mem.audit_trail(note.id, user_id=U)]
        assert trail[0] == "create" and trail[-1] == "update"
        assert mem.verify_audit().ok
        assert mem.get(note.id).content == "flight TP123 at 10:15"
        assert mem.get(note.id).index_state == "indexed"
        assert mem.active_node(user_id=U) == mem.get(other.id)
    assert add.round_trips <= 5, add
    assert update.round_trips <= 5, update
    assert activate.round_trips <= 5, activate


@pytest.mark.postgres
def test_writes_ask_the_server_for_the_heads_when_the_lock_does_not_hold_them(pg_url: str) -> None:
    """A write lock that lets other writers append meanwhile (``HEADS_UNDER_LOCK = False``):
    appends take their numbers and the audit tail from the server, and the logs stay whole."""
    with HybridMemory(pg_url, embedder="hash", index=InMemoryIndex()) as mem:
        mem.store.HEADS_UNDER_LOCK = False  # type: ignore[attr-defined]
        task = mem.add("Trip to Lisbon", node_type="task", user_id=U)
        mem.add_many([{"content": f"note {k}", "parent_id": task.id} for k in range(5)], user_id=U)
        note = mem.add("flight TP123 at 9:40", parent_id=task.id, user_id=U)
        mem.update(note.id, content="flight TP123 at 10:15", user_id=U)
        report = mem.verify()
        assert report.clean and report.seq_gaps == () and mem.verify_audit().ok
        assert report.last_seq == mem.store.last_seq() == len(mem.store.read_ops())
