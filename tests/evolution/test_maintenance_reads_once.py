"""Maintenance reads a user's nodes once a call and decides exactly as when every step read
them itself (``evolution/maintain/user_state.py``)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.evolution.maintain.user_state import UserState
from hybridmem.models import MemoryNode
from hybridmem.store.records import NodeRows
from tests.store_tables import store_tables

EN, ZH = "u-en", "u-zh"
_LINES = {
    EN: (
        "Tax filing",
        ("Checked the invoice again", "Asked about the deadline", "Read the notes once more"),
        ("My deadline is Monday", "My deadline is Friday"),
        "Went running by the river in the morning",
    ),
    ZH: (
        "报税",
        ("又看了一遍发票", "问了截止日期的事", "把笔记又读了一遍"),
        ("我的截止日期是周一", "我的截止日期是周五"),
        "早上去河边跑步了",
    ),
}


def _build(path: Path, clock: FakeClock) -> None:
    """Two users' months: finished and idle tasks of sessions, small sessions to fold, a
    value said twice, a recurring episode, a probe."""
    with HybridMemory(path, embedder=HashEmbedder(64), clock=clock) as mem:
        for user, (title, turns, values, episode) in _LINES.items():
            for k in range(4):
                task = mem.add(f"{title} {k}", node_type="task", user_id=user, activate=False)
                for s in range(3):
                    session = mem.add(
                        f"{title} {k} chat {s}",
                        node_type="session",
                        parent_id=task.id,
                        user_id=user,
                        activate=False,
                    )
                    for line in turns[: 1 + (s + k) % 3]:
                        mem.add(line, parent_id=session.id, user_id=user)
                if k % 2 == 0:
                    mem.finish_task(task.id, user_id=user)
                mem.add(episode, node_type="event", parent_id=task.id, user_id=user)
                clock.advance(days=9)
            for value in values:
                mem.add(value, node_type="fact", user_id=user, slot="deadline")
                clock.advance(days=2)
            mem.add_probe(user_id=user)


@contextmanager
def _every_step_reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Maintenance as before the shared state: each step reads the user's nodes itself."""
    with monkeypatch.context() as patch:
        patch.setattr(UserState, "current", lambda self: UserState.read(self.core, self.user_id))
        patch.setattr(
            UserState, "active_now", lambda self: self.core.engine.store.get_active(self.user_id)
        )
        yield


def _maintain_days(path: Path, clock: FakeClock, days: int) -> list[dict[str, int]]:
    with HybridMemory(path, embedder=HashEmbedder(64), clock=clock) as mem:
        counts = []
        for _ in range(days):
            clock.advance(days=1)
            counts.append(mem.maintain(now=clock()).counts)
        return counts


def test_maintenance_writes_the_same_tables_as_when_every_step_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = FakeClock()
    _build(tmp_path / "built", start)
    shared, alone = tmp_path / "shared", tmp_path / "alone"
    shutil.copytree(tmp_path / "built", shared)
    shutil.copytree(tmp_path / "built", alone)
    later = start() + timedelta(days=30)

    counts = _maintain_days(shared, FakeClock(later), 3)
    with _every_step_reads(monkeypatch):
        assert _maintain_days(alone, FakeClock(later), 3) == counts

    # Every step had work to write on the first day (else the comparison proves little).
    kinds = set(counts[0])
    assert {"compress_create", "compress", "settle", "probe_reading"} <= kinds
    assert any(k.startswith("distil_") for k in kinds)
    before, after = store_tables(alone), store_tables(shared)
    assert before["nodes"] and before == after


def test_a_run_with_nothing_to_write_scans_each_user_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    _build(tmp_path / "m", clock)
    clock.advance(days=30)
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        mem.maintain(now=clock())
        scans: list[str] = []
        store = mem.store
        scan = store.user_nodes_again

        def counted(user: str, known: NodeRows | None = None) -> tuple[list[MemoryNode], NodeRows]:
            scans.append(user)
            return scan(user, known)

        monkeypatch.setattr(store, "user_nodes_again", counted)
        # A second run at the same moment has nothing to write (test_maintenance_twice_same_now).
        again = mem.maintain(now=clock())
        assert not again.changed
        assert sorted(scans) == [EN, ZH]
        scans.clear()
        clock.advance(days=1)
        dry = mem.maintain(now=clock(), dry_run=True)
        assert "probe_reading" in dry.counts and sorted(scans) == [EN, ZH]
