"""A conflict group is read as the members its policy decides on (the newest settled value
and every waiting challenger), not member by member: a group of thousands of restatements
costs a new statement what a few members cost, with the same decisions, tree and op log as
reading every member."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from benchmarks.group_scale import every_member
from hybridmem import HashEmbedder, HybridMemory
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.core.evolution_marks import current_of
from hybridmem.evolution.write import conflicts
from hybridmem.models import MemoryNode
from hybridmem.testing.nodes import memory_node
from tests.backends import OpenMem, both_backends  # noqa: F401 - both stores
from tests.core.test_embed_ahead import _log
from tests.core.test_tree_writes import _shape

T0 = datetime(2024, 1, 1, tzinfo=UTC)
WORDS = ["oat", "almond", "soy", "dark", "light", "roast", "milk", "tea"]


def _member(rng: random.Random, k: int) -> MemoryNode:
    status = rng.choice(["active", "active", "candidate", "archived", "archived"])
    metadata: dict[str, object] = {}
    if rng.random() < 0.35:
        metadata["awaiting"] = "confirmation"
    elif rng.random() < 0.1:
        metadata["awaiting"] = "no"
    if rng.random() < 0.25:  # said again (a repeat merged into it): maybe the value said last
        said = T0 + timedelta(days=rng.randrange(6))
        metadata["provenance"] = [{"at": said.isoformat(timespec="microseconds")}]
    # The draws in the order the fields were written out before: same seed, same members.
    content = "I drink " + " ".join(rng.choices(WORDS, k=2))
    confidence = rng.choice([0.3, 0.6, 0.8, 0.95])
    created_at = T0 + timedelta(days=rng.randrange(4))  # ties: seq decides
    seq = rng.randrange(10_000)
    tier = rng.choice(["working", "long_term"])
    return memory_node(
        f"n{k}",
        created_at,
        content=content,
        node_type="preference",
        confidence=confidence,
        updated_at=T0,
        seq=seq,
        status=status,
        content_hash=f"h{k}",
        metadata=metadata,
        tier=tier,
        conflict_group="slot:drink",
    )


def _unit(rng: random.Random, near: np.ndarray | None = None) -> np.ndarray:
    v = np.array([rng.gauss(0, 1) for _ in range(8)])
    if near is not None:
        v = near + 0.05 * v
    return v / np.linalg.norm(v)


def test_the_deciding_members_give_every_decision_reading_every_member_gives():
    """Random groups (settled, demoted, archived, candidate and waiting members, long-term
    values, tied dates, members said again since) and newcomers: ``decide`` on the deciding
    members alone gives the same decision (status, changes, merges, metadata) as on every
    member, and never asks for the vector of another member."""
    cfg = EvolutionConfig()
    seen: set[str] = set()
    for seed in range(600):
        rng = random.Random(seed)
        members = [_member(rng, k) for k in range(rng.randrange(12))]
        seqs = rng.sample(range(10_000), len(members))  # distinct, as in a store
        members = [replace(m, seq=s) for m, s in zip(members, seqs, strict=True)]
        members.sort(key=lambda m: (m.created_at, m.seq))
        vectors = {m.id: _unit(rng) for m in members}
        current = current_of(members)
        near = vectors[current.id] if current is not None and rng.random() < 0.3 else None
        content = "I drink " + " ".join(rng.choices(WORDS, k=2))
        args = {
            "content": content,
            "vector": _unit(rng, near),
            "confidence": rng.choice([0.3, 0.6, 0.8, 0.95, 1.0]),
            "group": "slot:drink",
            "new_id": "new",
            "cfg": cfg,
            "at": T0 + timedelta(days=6),
        }
        deciding = conflicts.deciding_members(members)
        assert {m.id for m in deciding} <= {m.id for m in members}
        assert deciding == sorted(deciding, key=lambda m: (m.created_at, m.seq))
        every = conflicts.decide(members=members, vectors=vectors, **args)
        only = {m.id: vectors[m.id] for m in deciding}
        assert conflicts.decide(members=deciding, vectors=only, **args) == every
        seen.add(every.decision)
    # The random groups reach every branch of the policy.
    assert seen == {
        "new",
        "restated",
        "low_confidence",
        "awaiting_confirmation",
        "supersede",
        "coexist",
    }


def _deciding_ids(mem: HybridMemory, group: str) -> list[str]:
    return [m.id for m in mem.store.conflict_group_deciding("u1", group)]


def _expected_ids(mem: HybridMemory, group: str) -> list[str]:
    members = mem.store.conflict_group_members("u1", group)
    return [m.id for m in conflicts.deciding_members(members)]


def _stamp(rng: random.Random, now: datetime) -> str:
    """A repeat's date: before, at or after the undated statements (written ``now``)."""
    return (now + timedelta(minutes=rng.randrange(-2, 3))).isoformat(timespec="microseconds")


def test_the_store_reads_the_deciding_members_off_its_indexes(open_mem: OpenMem, clock):
    """Both stores answer ``conflict_group_deciding`` with exactly the deciding members of
    every member, through random writes and edits (archived, candidate and waiting members,
    dated and undated statements, members said again, a waiting member in a status no write
    path gives it)."""
    mem = open_mem(embedder=HashEmbedder(), clock=clock)
    rng, again = random.Random(7), random.Random(11)
    group = "slot:drink"
    ids: list[str] = []
    checked = 0
    for step in range(60):
        when = T0 + timedelta(days=rng.randrange(30)) if rng.random() < 0.4 else None
        node = mem.add(
            "I drink " + " ".join(rng.choices(WORDS, k=3)),
            node_type="preference",
            slot="drink",
            user_id="u1",
            confidence=rng.choice([0.3, 0.6, 0.8, 0.95]),
            tier=rng.choice([None, "long_term"]),
            created_at=when,
        )
        ids.append(node.id)
        if rng.random() < 0.3:
            target = rng.choice(ids)
            edit = rng.choice(
                [
                    {"status": "archived"},
                    {"status": "candidate", "metadata": {"awaiting": "confirmation"}},
                    {"status": "active", "metadata": {"awaiting": "confirmation"}},
                    {"status": "active", "metadata": {"awaiting": "no"}},
                ]
            )
            mem.update(target, user_id="u1", **edit)
        if again.random() < 0.3:  # said again (a repeat's provenance), maybe since the newest
            stamp = _stamp(again, clock())
            mem.update(again.choice(ids), user_id="u1", metadata={"provenance": [{"at": stamp}]})
        if step % 3 == 2:
            assert _deciding_ids(mem, group) == _expected_ids(mem, group)
            checked += 1
    # A waiting member in a status no write path gives it (an edit): still read.
    mem.update(ids[0], user_id="u1", status="candidate", metadata={"awaiting": "confirmation"})
    assert ids[0] in _deciding_ids(mem, group) == _expected_ids(mem, group)
    members = mem.store.conflict_group_members("u1", group)
    statuses = {m.status for m in members}
    assert statuses == {"active", "candidate", "archived"} and len(members) == 60
    assert any(m.status == "candidate" and conflicts.is_waiting(m) for m in members)
    assert 0 < len(_deciding_ids(mem, group)) < len(members) and checked == 20
    # An older settled member said again since the newest was written (a move back) is read.
    older = next(m for m in members if conflicts.is_settled(m))
    stamp = (clock() + timedelta(minutes=5)).isoformat(timespec="microseconds")
    mem.update(older.id, user_id="u1", metadata={"provenance": [{"at": stamp}]})
    assert older.id in _deciding_ids(mem, group) == _expected_ids(mem, group)
    assert mem.store.conflict_group_deciding("u1", "slot:nothing") == []


def _import(seed: int) -> list[list[dict[str, object]]]:
    """Three batches of one slot's values: restatements (archived), changes of long-term
    values (waiting, then confirmed), low-confidence ones, dated ones."""
    rng = random.Random(seed)
    values = ["oat milk", "almond milk", "black coffee"]
    batches = []
    for _ in range(3):
        batch: list[dict[str, object]] = [{"id": f"t{seed}-{len(batches)}", "content": "Kitchen"}]
        for k in range(40):
            item: dict[str, object] = {
                # A chosen id: restatements are not merged into the node they repeat.
                "id": f"s{seed}-{len(batches)}-{k}",
                "content": rng.choice(["I drink", "i drink", "I  drink"])
                + f" {rng.choice(values)}",
                "node_type": "preference",
                "slot": "drink",
                "parent_id": batch[0]["id"],
                "confidence": rng.choice([0.3, 0.6, 0.8, 0.8, 0.95]),
            }
            if rng.random() < 0.3:
                item["tier"] = "long_term"
            if rng.random() < 0.2:
                item["created_at"] = T0 + timedelta(days=rng.randrange(5))
            batch.append(item)
        batches.append(batch)
    return batches


@pytest.mark.parametrize("seed", [1, 2])
def test_a_batch_reading_the_deciding_members_writes_what_reading_every_member_writes(
    open_mem: OpenMem, clock, monkeypatch, seed
):
    """Batches of one slot's values (restated, waiting, confirmed, superseded, demoted, low
    confidence, dated), with edits between them: the same tree and op log as the writer
    reading every member of the group, and as adding item by item; the batch reads the group
    once, and again only after its settled value was archived."""
    new = open_mem("new", embedder=HashEmbedder(), clock=clock)
    old = open_mem("old", embedder=HashEmbedder(), clock=clock)
    single = open_mem("single", embedder=HashEmbedder(), clock=clock)
    monkeypatch.setattr(old.engine.planner, "_group_members", every_member(old.engine.planner))
    reads: list[str] = []
    real = new.store.conflict_group_deciding
    monkeypatch.setattr(
        new.store,
        "conflict_group_deciding",
        lambda user, group: reads.append(group) or real(user, group),
    )
    rng = random.Random(seed)
    for batch in _import(seed):
        for mem in (new, old):
            mem.add_many([dict(i) for i in batch], user_id="u1")
        for item in batch:
            single.add_many([dict(item)], user_id="u1")
        # The same edit in each memory: a member waits in a status no write gives it.
        content = str(rng.choice(batch[1:])["content"])
        for mem in (new, old, single):
            hit = [
                m
                for m in mem.store.conflict_group_members("u1", "slot:drink")
                if m.content == content
            ][-1]
            mem.update(
                hit.id, user_id="u1", status="candidate", metadata={"awaiting": "confirmation"}
            )
    assert _log(new) == _log(old)
    assert _shape(new, "u1") == _shape(old, "u1") == _shape(single, "u1")
    decisions = [op.payload.get("decision") for op in new.oplog() if op.op == "add"]
    assert {"restated", "awaiting_confirmation", "supersede", "low_confidence"} <= set(decisions)
    superseded = sum(1 for op in new.oplog() if op.op == "evolve" and "supersede" in repr(op))
    assert 3 <= len(reads) <= 3 + superseded
    members = new.store.conflict_group_members("u1", "slot:drink")
    assert len(members) > 10 * len(_deciding_ids(new, "slot:drink"))
