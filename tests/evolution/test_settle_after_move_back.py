"""A value moved back to, and the value it left, across maintenance (issue 38, a move back).

Maintenance archives a group's demoted value ``settle_after_days`` after it was demoted, unless
it was used since. It counted those days from the newer value's first writing: a move back to
a value first written months ago left the value it left demoted "for months" at once, and the
next maintenance archived it the day after the move back (live and after a replay of the op
log). The demotion now records when it was said (``demoted_at``), and maintenance counts from
there; a store written before the mark settles as before.

And after a move back, a new statement: the write path read the group's current value as the
member written last (the value the move back left), readers as the member said last (the move
back). The new value then demoted the value already left, and the move back stayed undemoted
beside it: never settled, and at full weight against the new value.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.models import MemoryNode
from hybridmem.store import DB_FILE, tamper
from tests.backends import OpenMem, both_backends  # noqa: F401 - both stores

U = "u1"
CASES = [
    (
        "I drink green tea in the evening.",
        "I've switched to chamomile in the evenings.",
        "These days I drink rooibos in the evening.",
    ),
    ("我住在杭州。", "我搬到上海了。", "我现在搬到南京了。"),
]
FIRST_TO_BACK = 60
"""Days from the first statement to the move back: more than ``settle_after_days`` (30)."""


def _slot(node: MemoryNode) -> str:
    assert node.conflict_group is not None
    return node.conflict_group.removeprefix("slot:")


def _moved_back(mem: HybridMemory, clock: FakeClock, old: str, new: str) -> tuple[str, str]:
    """``old``, then ``new`` three days later, then ``old`` again ``FIRST_TO_BACK`` days after
    the first: the ids of the move back (the first node) and of the value it left."""
    first = mem.add(old, node_type="fact", user_id=U)
    clock.advance(days=3)
    change = mem.add(new, node_type="fact", user_id=U)
    assert change.conflict_group == first.conflict_group is not None
    clock.advance(days=FIRST_TO_BACK - 3)
    assert mem.add(old, node_type="fact", user_id=U).id == first.id  # a repeat: the move back
    return first.id, change.id


def _statuses(mem: HybridMemory, *ids: str) -> list[str]:
    found = [mem.get(i) for i in ids]
    return [n.status if n is not None else "missing" for n in found]


@pytest.mark.parametrize(("old", "new", "third"), CASES)
def test_the_value_a_move_back_left_settles_from_the_move_back(
    open_mem: OpenMem, clock: FakeClock, old: str, new: str, third: str
) -> None:
    with open_mem(embedder=HashEmbedder(128), clock=clock) as mem:
        settle = mem.config.evolution.settle_after_days
        snap = mem.checkpoint()
        back, left = _moved_back(mem, clock, old, new)
        clock.advance(days=1)
        mem.maintain(user_id=U)
        # The next day: the value left is demoted, live, not yet settled; the move back is
        # the current value, not demoted.
        assert _statuses(mem, back, left) == ["active", "active"]
        assert mem.get(left).metadata["demoted_by"] == back
        assert "demoted_by" not in mem.get(back).metadata
        assert mem.current_value(_slot(mem.get(back)), user_id=U).id == back
        # The same after the op log is replayed, and a maintenance after it.
        clock.advance(days=1)
        mem.restore(snap)
        mem.maintain(user_id=U)
        assert _statuses(mem, back, left) == ["active", "active"]
        assert mem.current_value(_slot(mem.get(back)), user_id=U).id == back
        # settle_after_days after the move back (not used since): the value left settles.
        clock.advance(days=settle)
        mem.maintain(user_id=U)
        assert _statuses(mem, back, left) == ["active", "archived"]
        assert mem.get(left).metadata["archived_action"] == "settle"
        assert mem.current_value(_slot(mem.get(back)), user_id=U).id == back


@pytest.mark.parametrize(("old", "new", "third"), CASES)
def test_a_change_settles_from_when_it_was_said_in_an_imported_history(
    open_mem: OpenMem, clock: FakeClock, old: str, new: str, third: str
) -> None:
    """Statements dated by the caller (an imported history): the demotion is dated by the
    statement that made it, not by when the store wrote it."""
    with open_mem(embedder=HashEmbedder(128), clock=clock) as mem:
        settle = mem.config.evolution.settle_after_days
        start = clock() - timedelta(days=200)
        first = mem.add(old, node_type="fact", user_id=U, created_at=start)
        change = mem.add(
            new,
            node_type="fact",
            user_id=U,
            created_at=start + timedelta(days=10),
        )
        assert mem.get(first.id).metadata["demoted_by"] == change.id
        mem.maintain(user_id=U)  # 190 days after the change: the old value settles
        assert _statuses(mem, first.id, change.id) == ["archived", "active"]
        assert mem.verify().clean
        assert settle < 190


@pytest.mark.parametrize(("old", "new", "third"), CASES)
def test_after_a_move_back_a_new_value_demotes_the_move_back(
    open_mem: OpenMem, clock: FakeClock, old: str, new: str, third: str
) -> None:
    with open_mem(embedder=HashEmbedder(128), clock=clock) as mem:
        snap = mem.checkpoint()
        back, left = _moved_back(mem, clock, old, new)
        clock.advance(days=2)
        latest = mem.add(third, node_type="fact", user_id=U).id
        assert mem.get(latest).conflict_group == mem.get(back).conflict_group

        def check() -> None:
            slot = _slot(mem.get(back))
            assert mem.current_value(slot, user_id=U).id == latest
            assert mem.get(back).metadata["demoted_by"] == latest
            assert mem.get(left).metadata["demoted_by"] == back  # left before, still so
            assert "demoted_by" not in mem.get(latest).metadata
            live = {r.node.id for r in mem.inspect(user_id=U, statuses=["active"])}
            current = [
                r.node.id for r in mem.inspect(user_id=U, statuses=["active"]) if r.group_current
            ]
            assert current == [latest] and {back, latest} <= live

        check()
        mem.restore(snap)
        check()
        # The move back, demoted by the new value, settles like any older value.
        clock.advance(days=mem.config.evolution.settle_after_days + 1)
        mem.maintain(user_id=U)
        assert _statuses(mem, back, latest) == ["archived", "active"]


def test_a_store_written_before_the_mark_opens_and_settles_as_before(
    tmp_path: Path, clock: FakeClock
) -> None:
    """A demotion recorded without ``demoted_at`` (a store written before it): maintenance
    counts from the newer value's writing, as it did."""
    old, new, _ = CASES[0]
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        first = mem.add(old, node_type="fact", user_id=U)
        clock.advance(days=3)
        change = mem.add(new, node_type="fact", user_id=U)
    conn = sqlite3.connect(tmp_path / "m" / DB_FILE, isolation_level=None)
    tamper.register(conn)  # hybridmem's own function: the row-hash trigger keeps the mac
    (raw,) = conn.execute("SELECT metadata FROM nodes WHERE id = ?", (first.id,)).fetchone()
    meta = json.loads(raw)
    meta.pop("demoted_at", None)
    conn.execute("UPDATE nodes SET metadata = ? WHERE id = ?", (json.dumps(meta), first.id))
    conn.close()
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        assert mem.get(first.id).metadata["demoted_by"] == change.id
        clock.advance(days=mem.config.evolution.settle_after_days - 1)
        mem.maintain(user_id=U)
        assert _statuses(mem, first.id, change.id) == ["active", "active"]
        clock.advance(days=2)
        mem.maintain(user_id=U)
        assert _statuses(mem, first.id, change.id) == ["archived", "active"]
        assert mem.verify().clean


@pytest.mark.parametrize(("old", "new", "third"), CASES)
def test_the_value_left_settles_when_the_move_back_is_superseded(
    tmp_path: Path, clock: FakeClock, old: str, new: str, third: str
) -> None:
    """A move back, then a change of it that supersedes it (archived): the value the move back
    left is older still, and settles ``settle_after_days`` after the move back. Before, it
    waited for its demoter to be live again, so it stayed a live older value for good."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        first = mem.add(old, node_type="fact", user_id=U, confidence=0.7)
        clock.advance(days=3)
        left = mem.add(new, node_type="fact", user_id=U, confidence=0.7).id
        clock.advance(days=3)
        assert mem.add(old, node_type="fact", user_id=U).id == first.id  # the move back
        clock.advance(days=3)
        latest = mem.add(third, node_type="fact", user_id=U, confidence=1.0).id
        assert mem.get(first.id).metadata.get("superseded_by") == latest
        assert mem.get(left).metadata["demoted_by"] == first.id
        clock.advance(days=mem.config.evolution.settle_after_days - 4)
        mem.maintain(user_id=U)
        assert _statuses(mem, left, latest) == ["active", "active"]
        clock.advance(days=2)
        mem.maintain(user_id=U)
        assert _statuses(mem, first.id, left, latest) == ["archived", "archived", "active"]
        assert mem.get(left).metadata["archived_action"] == "settle"
