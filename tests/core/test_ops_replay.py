"""Live writes and replay are one implementation: for every op type the engine registers, the
state after live writes equals snapshot + replay of the op log, node for node.

Hypothesis draws sequences of public calls that between them produce every op (add, bump,
set_active, update, move, delete, evolve, maintain, restore, erase, finish); each example checks the
full replay and a replay that stops half way. The in-memory vector index (shipped in the
package) keeps the examples fast; restore rebuilds it like it rebuilds Chroma.
"""

from __future__ import annotations

import dataclasses
import io
import random
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hybridmem import FakeClock, HybridMemory
from hybridmem.index import InMemoryIndex
from tests.backends import both_backends  # noqa: F401 - runs the every-op script on both stores

EXCLUDED = {"access_count", "last_accessed_at", "index_state"}
# Erasure blanks the op-log payloads of what it erases (its point), so ops of surviving
# nodes that referred to an erased node before it went (a move under it) no longer replay:
# the random scripts use the erase calls only at the end (ERASES), where the full replay
# must still match. Keeping structure in scrubbed payloads would lift this; see
# docs/durability.md.
CALLS = (
    "task",
    "batch",
    "fact",
    "update",
    "rescope",
    "move",
    "activate",
    "delete",
    "maintain",
    "restore_archived",
    "import",
    "grant",
    "revoke",
    "finish",
    "decompress",
)
ERASES = ("erase_node", "erase_user")


def state(mem: HybridMemory) -> dict:
    nodes = {
        node_id: {
            f.name: getattr(n, f.name) for f in dataclasses.fields(n) if f.name not in EXCLUDED
        }
        for node_id, n in mem.store.get_many(mem.store.all_ids()).items()
    }
    active = {u: mem.store.get_active(u) for u in ("u1", "u2", "u3")}
    ops = [(r.seq, r.op, r.node_id, r.user_id, r.payload, r.at) for r in mem.oplog()]
    grants = {u: mem.grants(user_id=u) for u in ("u1", "u2", "u3")}
    return {"nodes": nodes, "active": active, "ops": ops, "grants": grants}


def call(mem: HybridMemory, clock: FakeClock, name: str, seed: int) -> None:
    rng = random.Random(seed)
    clock.advance(seconds=rng.randrange(1, 5000))
    user = rng.choice(["u1", "u2"])
    nodes = list(mem.store.get_many(mem.store.all_ids(user_id=user)).values())
    inner = [n for n in nodes if n.parent_id is not None]
    tasks = [n for n in inner if n.node_type == "task"]
    if name == "task" or not tasks:
        mem.add(f"task {seed}", node_type="task", user_id=user)
    elif name == "batch":
        tag = f"{seed}-{mem.store.last_seq()}"  # unique even when a script repeats a seed
        parent = rng.choice(tasks).id
        mem.add_many(
            [
                {"content": f"step {seed} 报销单", "parent_id": parent, "id": f"b{tag}"},
                {"content": f"raw {seed}", "parent_id": f"b{tag}", "tier": "buffer"},
            ],
            user_id=user,
        )
    elif name == "fact":
        city = rng.choice(["Shanghai", "Chengdu", "Berlin"])
        mem.add(f"I live in {city}.", node_type="fact", user_id=user, slot="user.residence")
    elif name == "update" and inner:
        target = rng.choice(inner)
        mem.update(target.id, content=f"{target.content} v{seed}", importance=rng.random())
    elif name == "rescope" and inner:
        target = rng.choice(inner)
        mem.update(target.id, node_type="event" if target.node_type == "task" else "task")
    elif name == "move" and inner:
        node, to = rng.choice(inner), rng.choice(tasks)
        if node.id != to.id and node.id not in to.path:
            mem.move(node.id, to.id)
    elif name == "activate":
        mem.set_active(rng.choice(tasks).id, user_id=user)
    elif name == "delete" and inner:
        mem.delete(rng.choice(inner).id, subtree=rng.random() < 0.5)
    elif name == "maintain":
        clock.advance(days=rng.choice([1, 30, 400]))
        mem.maintain(max_nodes=rng.choice([None, 3]))
    elif name == "restore_archived":
        archived = [n for n in inner if n.status == "archived"]
        if archived:
            mem.restore_archived(rng.choice(archived).id)
    elif name == "finish":
        running = [t for t in tasks if not t.metadata.get("finished_at")]
        if running:
            outcome = f"done {seed} 报销" if rng.random() < 0.7 else None
            mem.finish_task(rng.choice(running).id, outcome=outcome)
    elif name == "decompress":
        summaries = [n for n in inner if n.node_type == "summary" and n.status == "active"]
        if summaries:
            mem.decompress(rng.choice(summaries).id)
    elif name == "erase_node" and inner:
        mem.erase(rng.choice(inner).id, subtree=rng.random() < 0.5, compact=False)
    elif name == "erase_user" and rng.random() < 0.5 and mem.root(user_id="u3"):
        mem.erase(user_id="u3", compact=False)
    elif name == "grant":
        agents = ["planner", "executor", "reviewer"]
        to, other = rng.sample(agents, 2)
        kind = rng.choice(["agent", "subtree", "shared"])
        mem.grant(
            user_id=user,
            to_agent=to,
            perms=rng.choice(["read", "write"]),
            from_agent=other if kind == "agent" else None,
            subtree=rng.choice(tasks).id if kind == "subtree" else None,
            shared=kind == "shared",
        )
    elif name == "revoke" and mem.grants(user_id=user):
        mem.revoke(rng.choice(mem.grants(user_id=user)).id, user_id=user)
    elif name == "import" and mem.root(user_id=user):
        buf = io.StringIO()
        mem.export_user(user, buf)
        buf.seek(0)
        mem.import_jsonl(buf, user_id="u3", new_ids=True)


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    st.lists(st.tuples(st.sampled_from(CALLS), st.integers(0, 10**6)), min_size=12, max_size=40),
    st.lists(st.tuples(st.sampled_from(ERASES), st.integers(0, 10**6)), max_size=3),
)
def test_restore_replays_every_op_to_the_live_state(tmp_path_factory, script, erases):
    path = tmp_path_factory.mktemp("ops")
    clock = FakeClock(datetime(2025, 1, 1, tzinfo=UTC))
    with HybridMemory(path, embedder="hash", clock=clock, index=InMemoryIndex()) as mem:
        start = mem.checkpoint()
        half = len(script) // 2
        for name, seed in script[:half]:
            call(mem, clock, name, seed)
        middle_seq, middle = mem.store.last_seq(), state(mem)
        for name, seed in [*script[half:], *erases]:
            call(mem, clock, name, seed)
        live = state(mem)
        mem.restore(start)
        assert state(mem) == live
        if not erases:  # erased content does not come back, by design
            mem.restore(start, to_seq=middle_seq)
            assert state(mem)["nodes"] == middle["nodes"]
            assert state(mem)["active"] == middle["active"]


def test_the_scripts_reach_every_registered_op(open_mem):
    """The property above is only as strong as its coverage: one long script must produce
    every op the engine registers (and replay them all, on both stores)."""
    clock = FakeClock(datetime(2025, 1, 1, tzinfo=UTC))
    rng = random.Random(7)
    with open_mem(embedder="hash", clock=clock, index=InMemoryIndex()) as mem:
        start = mem.checkpoint()
        for name in ("task", "batch", "batch", "fact", "fact", "task", "finish"):
            call(mem, clock, name, rng.randrange(10**6))
        for _ in range(120):
            call(mem, clock, rng.choice(CALLS), rng.randrange(10**6))
        for name in ("maintain", "restore_archived", "import", "erase_node", "erase_user"):
            call(mem, clock, name, rng.randrange(10**6))
        clock.advance(days=2)
        seen = {r.op for r in mem.oplog()}
        live = state(mem)
        mem.restore(start)
        assert state(mem) == live
    assert set(mem.engine.ops) <= seen, f"never exercised: {set(mem.engine.ops) - seen}"
