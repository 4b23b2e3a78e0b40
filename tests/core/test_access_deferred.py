"""Use statistics recorded by a retrieve wait for the next write instead of taking a write
transaction per read: this store's reads see them at once, other connections once written,
and nothing but those statistics can be lost."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.store import base

U = "u1"


def _on_disk(path, node_id: str) -> tuple[int, str | None]:
    conn = sqlite3.connect(path / "memory.sqlite3")
    try:
        row = conn.execute(
            "SELECT access_count, last_accessed_at FROM nodes WHERE id = ?", (node_id,)
        ).fetchone()
    finally:
        conn.close()
    return int(row[0]), row[1]


def _memory(tmp_path, clock) -> tuple[HybridMemory, str, str]:
    mem = HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock)
    task = mem.add("Trip planning", node_type="task", user_id=U)
    node = mem.add("hotel booking confirmed", parent_id=task.id, user_id=U)
    return mem, task.id, node.id


def test_a_retrieve_takes_no_write_transaction_and_its_reads_see_the_use(tmp_path, clock):
    mem, task, node = _memory(tmp_path, clock)
    with mem:
        changes = mem.store.conn.total_changes
        clock.advance(hours=2)
        for _ in range(3):
            mem.retrieve("hotel booking", user_id=U, task_id=task)
        assert mem.store.conn.total_changes == changes  # nothing written by the reads
        seen = mem.get(node, user_id=U)
        assert seen.access_count == 3 and seen.last_accessed_at == clock()
        shown = {r.node.id: r.node for r in mem.inspect(user_id=U)}
        assert shown[node].access_count == 3
        assert _on_disk(tmp_path / "m", node) == (0, None)  # not yet for other processes
        mem.add("another note", parent_id=task, user_id=U)  # the next write carries them
        count, at = _on_disk(tmp_path / "m", node)
        assert count == 3 and at is not None
        clock.advance(hours=1)
        mem.retrieve("hotel booking", user_id=U, task_id=task)
    assert _on_disk(tmp_path / "m", node)[0] == 4  # close writes what waited


def test_uses_are_written_after_a_batch_of_retrieves(tmp_path, clock, monkeypatch):
    monkeypatch.setattr(base, "ACCESS_BATCH", 5)
    import hybridmem.store.nodes as nodes

    monkeypatch.setattr(nodes, "ACCESS_BATCH", 5)
    mem, task, node = _memory(tmp_path, clock)
    with mem:
        for _ in range(4):
            mem.retrieve("hotel booking", user_id=U, task_id=task)
        assert _on_disk(tmp_path / "m", node)[0] == 0
        mem.retrieve("hotel booking", user_id=U, task_id=task)
        assert _on_disk(tmp_path / "m", node)[0] == 5


def test_a_later_use_never_moves_the_last_access_back(tmp_path, clock):
    mem, task, node = _memory(tmp_path, clock)
    with mem:
        clock.advance(days=1)
        mem.retrieve("hotel booking", user_id=U, task_id=task)
        first = mem.get(node, user_id=U).last_accessed_at
        # An older use recorded later (another thread's retrieve that started earlier).
        mem.store.touch([node], first - timedelta(hours=5))
        assert mem.get(node, user_id=U).last_accessed_at == first
        mem.add("a write", parent_id=task, user_id=U)
        assert mem.get(node, user_id=U).last_accessed_at == first
        assert mem.get(node, user_id=U).access_count == 2


def test_a_failed_write_keeps_the_waiting_uses(tmp_path, clock):
    mem, task, node = _memory(tmp_path, clock)
    with mem:
        mem.retrieve("hotel booking", user_id=U, task_id=task)
        try:
            with mem.store.transaction():
                raise RuntimeError("the write fails after the uses were written in it")
        except RuntimeError:
            pass
        assert mem.get(node, user_id=U).access_count == 1
    assert _on_disk(tmp_path / "m", node)[0] == 1
