"""A second maintenance run at the same ``now`` changes nothing: the tables byte for byte, the
op log too (what a user who runs maintenance twice, or replays it after a crash, relies on).

Four ways a run used to leave work for the next one at the same moment: fading took one level
of a faded subtree per run (a parent with live children is guarded, and its children faded
after it was met); a light long-lifecycle memory was promoted by one run and demoted by the
next, again and again; a short-term memory whose lifecycle one run extended was promoted by the
next; an expired buffer under an expired buffer held its parent back until the next run (and
the note it was the only child of stayed live).
"""

from __future__ import annotations

from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from tests.evolution.test_maintenance_reads_once import _build
from tests.store_tables import store_tables

U = "u1"


def test_a_second_run_at_the_same_now_writes_nothing(tmp_path: Path) -> None:
    clock = FakeClock()
    _build(tmp_path / "m", clock)
    for days in (30, 1, 40, 100):
        clock.advance(days=days)
        with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
            first = mem.maintain(now=clock())
        after = store_tables(tmp_path / "m")
        with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
            dry = mem.maintain(now=clock(), dry_run=True)
            again = mem.maintain(now=clock())
        assert not dry.changed and not again.changed, (days, dry.counts, again.counts)
        assert store_tables(tmp_path / "m") == after
        if days == 30:
            # The first run faded sessions whose last live turns it faded (both languages).
            faded = {a.node_id for a in first.actions if a.action == "fade"}
            with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
                kinds = {(mem.get(i).user_id, mem.get(i).node_type) for i in faded}
            assert {("u-en", "session"), ("u-zh", "session")} <= kinds


def test_a_light_settled_memory_is_not_promoted_to_be_demoted_next_run(
    mem: HybridMemory, clock: FakeClock
) -> None:
    fact = mem.add("My blood type is A", node_type="fact", user_id=U, importance=0.2)
    zh = mem.add("我的血型是A型", node_type="fact", user_id=U, importance=0.2)
    clock.advance(days=30)
    assert mem.maintain().counts.get("promote") == 2
    clock.advance(days=600)  # weight now below demote_below: back to the working tier
    assert mem.maintain().counts.get("demote") == 2
    for _ in range(3):
        assert not mem.maintain().changed
        clock.advance(days=1)
    assert {mem.get(fact.id).tier, mem.get(zh.id).tier} == {"working"}


def test_a_lifecycle_extended_by_use_is_promoted_in_the_same_run(
    mem: HybridMemory, clock: FakeClock
) -> None:
    notes = [
        mem.add("Waiting for the plumber's call back", user_id=U),
        mem.add("还在等水管工回电话", user_id=U),
    ]
    assert {n.lifecycle for n in notes} == {"short_term"}
    for _ in range(3):
        mem.store.touch([n.id for n in notes], clock())
    clock.advance(days=1)
    report = mem.maintain()
    assert report.counts.get("extend_lifecycle") == 2
    assert {(mem.get(n.id).lifecycle, mem.get(n.id).tier) for n in notes} == {
        ("long_term", "long_term")
    }
    ops = len(mem.oplog())
    assert not mem.maintain().changed and len(mem.oplog()) == ops


def test_a_replayed_run_after_the_first_is_a_no_op_on_every_user(tmp_path: Path) -> None:
    clock = FakeClock()
    _build(tmp_path / "m", clock)
    clock.advance(days=30)
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        for user in ("u-en", "u-zh"):
            assert mem.maintain(now=clock(), user_id=user).changed
        after = store_tables(tmp_path / "m")
        replay = mem.maintain(now=clock())
    assert not replay.changed and store_tables(tmp_path / "m") == after


def test_expired_buffers_free_their_parent_in_the_same_run(
    mem: HybridMemory, clock: FakeClock
) -> None:
    raw = mem.add("user: can you book a table?", user_id=U, tier="buffer")
    under = mem.add("assistant: 好的，订了两个人的位子", parent_id=raw.id, user_id=U, tier="buffer")
    note = mem.add("Asked about a table for two", user_id=U, activate=False)
    turn = mem.add("user: 七点可以吗", parent_id=note.id, user_id=U, tier="buffer")
    clock.advance(days=400)
    first = mem.maintain()
    # Both raw buffers of the chain go, and the note whose only child expired fades with it.
    assert {a.node_id for a in first.actions if a.action == "expire_buffer"} == {
        raw.id,
        under.id,
        turn.id,
    }
    assert mem.get(note.id).status == "archived"
    ops = len(mem.oplog())
    assert not mem.maintain().changed and len(mem.oplog()) == ops
