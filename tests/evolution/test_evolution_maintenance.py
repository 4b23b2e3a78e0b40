"""Forgetting, tiers, pruning, idempotence, dry runs, concurrency and restore."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from hybridmem import HashEmbedder, HybridMemory, MemoryConfig
from hybridmem.config.evolution import EvolutionConfig, preset, task_executor
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.maintain.weights import node_weight

U = "u1"


def _oplog_count(mem: HybridMemory) -> int:
    con = sqlite3.connect(mem.path / "memory.sqlite3")
    try:
        return int(con.execute("SELECT count(*) FROM oplog").fetchone()[0])
    finally:
        con.close()


def _snapshot(mem: HybridMemory) -> list[tuple]:
    return [
        (r.node.id, r.node.status, r.node.tier, r.node.version, r.node.content)
        for r in mem.inspect(user_id=U)
    ]


def test_decay_is_smooth_and_retrieval_renews(mem: HybridMemory, clock):
    used = mem.add("Parking spot is level 3, row F", user_id=U)
    idle = mem.add("Lunch menu had lentil soup", user_id=U)
    cfg = mem.config.evolution
    start = node_weight(mem.get(idle.id), clock(), cfg)
    previous = start
    for _ in range(48):  # hour by hour: no cliff anywhere
        clock.advance(hours=1)
        w = node_weight(mem.get(idle.id), clock(), cfg)
        assert 0 < w < previous and (previous - w) / previous < 0.01
        previous = w
    for _ in range(10):  # the parking spot keeps being useful
        clock.advance(days=5)
        mem.retrieve("parking spot level", user_id=U, top_k=1)
    mem.maintain()
    assert mem.get(used.id).status == "active"
    assert mem.get(idle.id).status == "archived"
    assert "weight" in mem.get(idle.id).metadata["archived_reason"]


def test_presets_differ_on_transient_data(tmp_path, clock):
    results = {}
    for name in ("companion", "task_executor"):
        cfg = MemoryConfig(evolution=preset(name))
        with HybridMemory(tmp_path / name, embedder=HashEmbedder(64), clock=clock, config=cfg) as m:
            node = m.add("Your verification code is 4471", node_type="fact", user_id=U)
            assert node.lifecycle == "transient"
            m.maintain(now=clock() + __import__("datetime").timedelta(hours=12))
            results[name] = m.get(node.id).status
    assert results == {"companion": "active", "task_executor": "archived"}
    assert task_executor().half_lives.transient < EvolutionConfig().half_lives.transient


def test_maintain_is_idempotent_and_dry_run_changes_nothing(mem: HybridMemory, clock):
    mem.add("I live in Shanghai.", node_type="fact", user_id=U)
    mem.add("What if I moved to Chengdu?", node_type="fact", user_id=U)
    for text in ("I'm on a diet.", "Still on my diet.", "My diet works."):
        mem.add(text, user_id=U)
    mem.add("My order number is 5521.", node_type="fact", user_id=U)
    clock.advance(days=20)
    before, ops = _snapshot(mem), _oplog_count(mem)
    dry = mem.maintain(dry_run=True)
    assert dry.dry_run and dry.changed
    assert _snapshot(mem) == before and _oplog_count(mem) == ops
    real = mem.maintain()
    # The dry run announced exactly what the real run did.
    assert sorted((a.node_id, a.action) for a in dry.actions if a.action != "distil_create") == (
        sorted((a.node_id, a.action) for a in real.actions if a.action != "distil_create")
    )
    assert real.counts.get("distil_create") == dry.counts.get("distil_create") == 1
    after = _snapshot(mem)
    again = mem.maintain()
    assert not again.changed and _snapshot(mem) == after


def test_prune_under_cap_archives_lowest_weight_leaves_only(tmp_path, clock):
    cfg = MemoryConfig(evolution=EvolutionConfig(max_active_nodes_per_user=6))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock, config=cfg) as mem:
        task = mem.add("Plan the trip", node_type="task", user_id=U)
        parent = mem.add("Hotel options", parent_id=task.id, user_id=U, importance=0.1)
        child = mem.add("Hotel A has a pool", parent_id=parent.id, user_id=U, importance=0.9)
        pref = mem.add("I prefer aisle seats", node_type="preference", user_id=U, importance=0.1)
        pinned = mem.add(
            "Passport expires 2031",
            parent_id=task.id,
            user_id=U,
            importance=0.1,
            metadata={"pinned": True},
        )
        leaves = [
            mem.add(f"note {i}", parent_id=task.id, user_id=U, importance=0.2 + 0.1 * i)
            for i in range(4)
        ]
        # Work moved on (the preference in focus): the trip is no longer the active task,
        # whose own notes the cap would keep (issue 32).
        mem.set_active(pref.id, user_id=U)
        clock.advance(days=2)
        report = mem.maintain()
        pruned = [a.node_id for a in report.actions if a.action == "prune"]
        status = {n: mem.get(n).status for n in [parent.id, child.id, pref.id, pinned.id]}
        assert status == dict.fromkeys(status, "active")  # protected, or has a live child
        # 10 active nodes, cap 6: the four notes go, lowest weight first; the child (a leaf
        # too) outweighs them, and its parent has a live child.
        assert pruned == [leaf.id for leaf in leaves]
        active = [r for r in mem.inspect(user_id=U, statuses=["active"])]
        assert len(active) == 6


def test_only_buffers_are_ever_deleted(mem: HybridMemory, clock):
    turn = mem.add("user: hi, can you book a table?", user_id=U, tier="buffer")
    kept = mem.add("Booked a table for two at 7pm", user_id=U)
    clock.advance(days=400)
    report = mem.maintain()
    assert report.counts.get("expire_buffer") == 1
    with pytest.raises(KeyError):
        mem.get(turn.id)
    assert mem.get(kept.id).status == "archived"  # forgotten, but still there
    assert mem.stats().vectors == mem.stats().nodes  # Chroma followed the deletion


def test_restore_archived(mem: HybridMemory, clock):
    node = mem.add("Temporary door code is 1234", node_type="fact", user_id=U)
    clock.advance(days=10)
    mem.maintain()
    assert mem.get(node.id).status == "archived"
    assert all(h.node.id != node.id for h in mem.retrieve("door code", user_id=U).hits)
    back = mem.restore_archived(node.id, user_id=U)
    assert back.status == "active" and "restored_at" in back.metadata
    assert back.metadata["archived_reason"]  # why it left is kept
    assert node.id in [h.node.id for h in mem.retrieve("door code", user_id=U).hits]
    with pytest.raises(InvalidArgumentError, match="not archived"):
        mem.restore_archived(node.id)


def test_maintenance_safe_while_writers_run(mem: HybridMemory, clock):
    for i in range(30):
        mem.add(f"old note {i}", user_id=U)
    clock.advance(days=200)
    errors: list[BaseException] = []
    written: list[str] = []

    def writer() -> None:
        try:
            for i in range(60):
                written.append(mem.add(f"fresh note {i}", user_id=U).id)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    thread = threading.Thread(target=writer)
    thread.start()
    reports = [mem.maintain() for _ in range(3)]
    thread.join()
    assert not errors
    assert all(mem.get(i).status == "active" for i in written)  # fresh writes untouched
    assert sum(r.counts.get("fade", 0) for r in reports) == 30
    assert mem.stats().by_index_state.get("pending", 0) == 0


def test_bad_arguments_name_the_problem(mem: HybridMemory):
    with pytest.raises(InvalidArgumentError, match="lifecycle"):
        mem.add("x", user_id=U, lifecycle="forever")
    with pytest.raises(InvalidArgumentError, match="tier"):
        mem.add("x", user_id=U, tier="attic")
    with pytest.raises(InvalidArgumentError, match="preset"):
        preset("hoarder")
    with pytest.raises(InvalidArgumentError, match="archive_below"):
        EvolutionConfig(archive_below=2.0)
    assert mem.stats().nodes == 0  # nothing was written


def test_long_term_tier_demoted_when_weight_falls_then_fades(mem: HybridMemory, clock):
    fact = mem.add("My old bike was a red Giant", node_type="fact", user_id=U, importance=0.3)
    pref = mem.add("I prefer window seats", node_type="preference", user_id=U, importance=0.3)
    clock.advance(days=4)
    mem.maintain()
    assert mem.get(fact.id).tier == mem.get(pref.id).tier == "long_term"
    clock.advance(days=365 * 2)
    report = mem.maintain()
    assert fact.id in {a.node_id for a in report.actions if a.action == "demote"}
    assert mem.get(fact.id).tier == "working"
    assert mem.get(pref.id).tier == "long_term"  # protected: a standing preference stays
    clock.advance(days=365)
    mem.maintain()
    assert mem.get(fact.id).status == "archived" and mem.get(pref.id).status == "active"


def test_evolution_ops_replay_on_restore(mem: HybridMemory, clock):
    snap = mem.checkpoint()
    mem.add("I live in Hangzhou.", node_type="fact", user_id=U, confidence=0.6)
    mem.add("I live in Suzhou.", node_type="fact", user_id=U, confidence=0.95)
    mem.add("What if I moved to Chengdu?", node_type="fact", user_id=U)
    mem.add("user: hello", user_id=U, tier="buffer")
    mem.add("My order number is 4410.", node_type="fact", user_id=U)
    for text in ("I'm on a diet.", "Still on my diet.", "My diet works."):
        mem.add(text, user_id=U)
    mem.add_probe(user_id=U)
    clock.advance(days=20)
    report = mem.maintain()
    assert {"expire_buffer", "fade", "distil_create", "probe_reading"} <= set(report.counts)

    def state() -> list[tuple]:
        return sorted(
            (n.id, n.status, n.lifecycle, n.tier, n.conflict_group, n.importance, n.metadata)
            for n in (r.node for r in mem.inspect(user_id=U))
        )

    before = state()
    mem.restore(snap)
    assert state() == before
    after = mem.add("I live in Ningbo.", node_type="fact", user_id=U, confidence=0.99)
    assert after.conflict_group == "slot:user.residence" and after.status == "active"
