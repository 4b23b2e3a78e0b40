"""The write path: attaching, batching, updating, moving, deleting, and refusing bad input."""

from __future__ import annotations

import math
import re
import sqlite3
from datetime import UTC, datetime

import pytest

from hybridmem import HashEmbedder, HybridMemory, MemoryConfig, NodeInput, lexical
from hybridmem.errors import (
    AmbiguousIdError,
    ContentTooLongError,
    CycleError,
    EmbedderMismatchError,
    EmptyContentError,
    HybridMemError,
    InvalidArgumentError,
    InvalidContentError,
    InvalidWeightError,
    NodeNotFoundError,
    StoreClosedError,
)
from hybridmem.store import Scope
from tests.backends import OpenMem, both_backends  # noqa: F401 - runs this module on both stores


def vector_ids(mem: HybridMemory) -> set[str]:
    return mem.index.get_ids()


def lexical_hits(mem: HybridMemory, word: str, user: str = "u1") -> list[str]:
    """Ids the lexical index finds for ``word`` (on either backend's index)."""
    found = mem.store.lexical_search(lexical.match_expression(word), Scope(user), ["active"], 10)
    return [node_id for node_id, _ in found]


def test_first_add_creates_the_users_root_and_a_task_becomes_active(mem):
    task = mem.add("Expense claim #7: submitted", node_type="task", user_id="u1")
    root = mem.root(user_id="u1")
    assert root is not None and root.node_type == "root"
    assert task.parent_id == root.id
    assert mem.active_node(user_id="u1").id == task.id
    assert task.task_id == task.id


def test_node_without_parent_goes_under_active_node_and_new_task_under_root(mem):
    t1 = mem.add("Claim #7", node_type="task", user_id="u1")
    ev = mem.add("Finance returned it", user_id="u1")
    assert ev.parent_id == t1.id and ev.task_id == t1.id
    t2 = mem.add("Claim #8", node_type="task", user_id="u1")
    assert t2.parent_id == mem.root(user_id="u1").id
    state = mem.add(
        "Next step: re-upload invoice", parent_id=t1.id, node_type="state", user_id="u1"
    )
    assert mem.active_node(user_id="u1").id == state.id
    fact = mem.add("no activation", parent_id=t1.id, node_type="fact", user_id="u1", activate=False)
    assert mem.active_node(user_id="u1").id == state.id
    assert fact.parent_id == t1.id


def test_ancestors_are_bumped_but_never_above_one(mem):
    task = mem.add("Claim", node_type="task", user_id="u1")
    for i in range(40):
        mem.add(f"step {i}", parent_id=task.id, user_id="u1")
    task = mem.get(task.id)
    assert 0 < task.activity <= 1.0
    assert math.isclose(task.activity, 1.0)
    assert task.last_accessed_at is not None


def test_add_many_links_parents_within_the_batch_and_keeps_fields(mem, clock):
    when = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    nodes = mem.add_many(
        [
            {"id": "conv-1", "content": "Conversation", "node_type": "task"},
            {
                "id": "conv-1:s1",
                "content": "Session 1",
                "node_type": "session",
                "parent_id": "conv-1",
                "created_at": when,
            },
            NodeInput(
                content="Caroline: I went to a support group",
                parent_id="conv-1:s1",
                id="conv-1:D1:3",
                source_id="D1:3",
                created_at=when,
                metadata={"speaker": "Caroline"},
                importance=0.7,
            ),
        ],
        user_id="u1",
    )
    assert [n.id for n in nodes] == ["conv-1", "conv-1:s1", "conv-1:D1:3"]
    turn = mem.get("conv-1:D1:3")
    assert turn.path[-2:] == ("conv-1", "conv-1:s1")
    assert turn.task_id == "conv-1"
    assert turn.created_at == when and turn.source_id == "D1:3"
    assert turn.metadata == {"speaker": "Caroline"} and turn.importance == 0.7
    assert {"conv-1", "conv-1:s1", "conv-1:D1:3"} <= vector_ids(mem)
    assert [n.seq for n in nodes] == sorted(n.seq for n in nodes)


def test_generated_ids_grow_in_the_order_nodes_are_written(mem):
    # New ids append to every B-tree keyed by node id instead of landing on random pages
    # (core/ids.py): within a batch, across calls, and beside ids the caller chose.
    first = mem.add_many(
        [{"content": f"step {i} of the plan", "node_type": "event"} for i in range(50)],
        user_id="u1",
    )
    chosen = mem.add("a note with its own id", user_id="u1", id="my-note")
    later = [mem.add(f"later event {i}", user_id="u1") for i in range(5)]
    minted = [n.id for n in [*first, *later]]
    assert all(re.fullmatch("[0-9a-f]{32}", i) for i in minted)
    assert minted == sorted(minted) and len(set(minted)) == len(minted)
    assert chosen.id == "my-note"
    assert re.fullmatch("root-[0-9a-f]{32}", first[0].path[0])


def test_an_id_is_found_by_its_last_characters_as_tables_show_it(mem):
    batch = mem.add_many([{"content": f"event {i}"} for i in range(20)], user_id="u1")
    other = mem.add("someone else's note", user_id="u2")
    # Ids are random hex: about one suffix in a hundred is all digits, and upper-casing
    # it changes nothing, so the case check takes an id whose suffix holds a letter.
    target = next(n.id for n in batch if not n.id[-10:].isdigit())
    assert mem.resolve_id(target[-10:]) == target
    assert mem.resolve_id(target[-10:], user_id="u1") == target
    assert mem.resolve_id(target) == target  # a full id as is
    with pytest.raises(NodeNotFoundError):
        mem.resolve_id(target[-10:].upper())  # the same case in both stores
    with pytest.raises(NodeNotFoundError):
        mem.resolve_id(other.id[-10:], user_id="u1")  # another user's node: not found
    # A batch's ids share their first characters (the creation time): too short a
    # beginning is ambiguous, and says so.
    with pytest.raises(AmbiguousIdError, match="give more characters"):
        mem.resolve_id(target[:6])


def test_add_many_is_all_or_nothing(mem):
    mem.add("existing", user_id="u1")
    before = mem.stats()
    with pytest.raises(NodeNotFoundError):
        mem.add_many(
            [
                {"content": "ok", "id": "a"},
                {"content": "orphan", "parent_id": "nope"},
            ],
            user_id="u1",
        )
    with pytest.raises(InvalidWeightError):
        mem.add_many([{"content": "ok"}, {"content": "bad", "importance": 2}], user_id="u1")
    after = mem.stats()
    assert after.nodes == before.nodes and after.vectors == before.vectors
    assert after.last_seq == before.last_seq


def test_update_reembeds_only_when_content_changes(mem, embedder):
    node = mem.add("Invoice is unreadable", user_id="u1")
    embedder.texts.clear()
    same = mem.update(node.id, importance=0.9)
    assert embedder.texts == [] and same.importance == 0.9 and same.version == node.version + 1
    mem.update(node.id, content="Invoice is unreadable")
    assert embedder.texts == []
    changed = mem.update(node.id, content="Invoice re-uploaded, readable now")
    assert embedder.texts == ["Invoice re-uploaded, readable now"]
    assert changed.content_hash != node.content_hash and changed.index_state == "indexed"
    res = mem.retrieve("re-uploaded readable", user_id="u1")
    assert res.hits[0].node.id == node.id


def test_update_with_stale_version_is_a_conflict(mem):
    from hybridmem.errors import ConflictError

    node = mem.add("v1", user_id="u1")
    mem.update(node.id, content="v2", expected_version=node.version)
    with pytest.raises(ConflictError):
        mem.update(node.id, content="v3", expected_version=node.version)
    assert mem.get(node.id).content == "v2"


def test_move_updates_paths_scope_and_rejects_cycles(mem):
    t1 = mem.add("Claim 7", node_type="task", user_id="u1")
    t2 = mem.add("Claim 8", node_type="task", user_id="u1")
    a = mem.add("a", parent_id=t1.id, user_id="u1")
    b = mem.add("b", parent_id=a.id, user_id="u1")
    moved = mem.move(a.id, t2.id)
    assert moved.parent_id == t2.id and moved.task_id == t2.id
    child = mem.get(b.id)
    assert child.path[-2:] == (t2.id, a.id) and child.task_id == t2.id
    assert child.depth == moved.depth + 1
    # Chroma metadata followed: the moved nodes are found in t2's scope, not t1's.
    in_t2 = {h.node.id for h in mem.retrieve("a b", user_id="u1", task_id=t2.id).hits}
    in_t1 = {h.node.id for h in mem.retrieve("a b", user_id="u1", task_id=t1.id).hits}
    assert {a.id, b.id} <= in_t2 and not ({a.id, b.id} & in_t1)
    with pytest.raises(CycleError):
        mem.move(t2.id, b.id)
    with pytest.raises(CycleError):
        mem.move(a.id, a.id)
    with pytest.raises(CycleError):  # the root is everyone's ancestor
        mem.move(mem.root(user_id="u1").id, t1.id)


def test_delete_subtree_removes_rows_terms_and_vectors(mem):
    task = mem.add("Claim", node_type="task", user_id="u1")
    child = mem.add("child", parent_id=task.id, user_id="u1")
    mem.add("grandchild", parent_id=child.id, user_id="u1")
    keep = mem.add("other", user_id="u2")
    assert len(lexical_hits(mem, "grandchild")) == 1
    assert mem.delete(task.id, user_id="u1") == 3
    assert lexical_hits(mem, "grandchild") == [] and lexical_hits(mem, "other", "u2") == [keep.id]
    ids = vector_ids(mem)
    assert task.id not in ids and child.id not in ids and keep.id in ids
    with pytest.raises(NodeNotFoundError):
        mem.get(child.id)
    # The active node (the deleted task) falls back to its surviving ancestor, the root.
    assert mem.active_node(user_id="u1").id == mem.root(user_id="u1").id


def test_delete_single_node_reattaches_children(mem):
    task = mem.add("Claim", node_type="task", user_id="u1")
    mid = mem.add("mid", parent_id=task.id, user_id="u1")
    leaf = mem.add("leaf", parent_id=mid.id, user_id="u1")
    assert mem.delete(mid.id, subtree=False) == 1
    leaf = mem.get(leaf.id)
    assert leaf.parent_id == task.id and leaf.path[-1] == task.id and leaf.depth == 2


def test_other_users_parent_is_refused_and_ids_do_not_leak(mem):
    theirs = mem.add("private", user_id="u2")
    with pytest.raises(NodeNotFoundError) as other:  # exactly like a missing id (issue 35)
        mem.add("sneaky", parent_id=theirs.id, user_id="u1")
    with pytest.raises(NodeNotFoundError) as missing:
        mem.add("sneaky", parent_id="no-such-node", user_id="u1")
    assert str(other.value).replace(theirs.id, "?") == str(missing.value).replace(
        "no-such-node", "?"
    )
    with pytest.raises(NodeNotFoundError):
        mem.get(theirs.id, user_id="u1")
    with pytest.raises(NodeNotFoundError):
        mem.retrieve("private", user_id="u1", task_id=theirs.id)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"content": ""}, EmptyContentError),
        ({"content": "   \n"}, EmptyContentError),
        ({"content": 42}, InvalidContentError),
        ({"content": "a\x00b"}, InvalidContentError),
        ({"content": "bad \ud800 surrogate"}, InvalidContentError),
        ({"content": "x" * 101}, ContentTooLongError),
        ({"content": "ok", "importance": 1.5}, InvalidWeightError),
        ({"content": "ok", "importance": -0.1}, InvalidWeightError),
        ({"content": "ok", "confidence": float("nan")}, InvalidWeightError),
        ({"content": "ok", "confidence": True}, InvalidWeightError),
        ({"content": "ok", "parent_id": "missing"}, NodeNotFoundError),
        ({"content": "ok", "parent_id": "bad id with spaces"}, InvalidArgumentError),
        ({"content": "ok", "node_type": "Not A Type"}, InvalidArgumentError),
        ({"content": "ok", "node_type": "root"}, InvalidArgumentError),
        ({"content": "ok", "metadata": {"x": object()}}, InvalidArgumentError),
        ({"content": "ok", "user_id": ""}, InvalidArgumentError),
    ],
)
def test_bad_input_raises_a_named_error_and_writes_nothing(open_mem, clock, kwargs, error):
    config = MemoryConfig(max_content_chars=100)
    with open_mem(embedder=HashEmbedder(64), clock=clock, config=config) as mem:
        mem.add("existing", user_id="u1")
        before = mem.stats()
        kwargs = {"user_id": "u1", **kwargs}
        with pytest.raises(error) as info:
            mem.add(**kwargs)
        assert isinstance(info.value, HybridMemError)
        assert str(info.value)
        after = mem.stats()
        assert (after.nodes, after.vectors, after.last_seq) == (
            before.nodes,
            before.vectors,
            before.last_seq,
        )


def test_closed_store_refuses_every_call(open_mem, clock):
    mem = open_mem(embedder=HashEmbedder(64), clock=clock)
    node = mem.add("x", user_id="u1")
    mem.close()
    for call in (
        lambda: mem.add("y"),
        lambda: mem.get(node.id),
        lambda: mem.retrieve("x"),
        lambda: mem.stats(),
        lambda: mem.delete(node.id),
    ):
        with pytest.raises(StoreClosedError):
            call()


def test_store_survives_reopen_and_refuses_another_embedder(open_mem, clock):
    with open_mem(embedder=HashEmbedder(64), clock=clock) as mem:
        task = mem.add("Claim", node_type="task", user_id="u1")
    with open_mem(embedder=HashEmbedder(64), clock=clock) as mem:
        assert mem.active_node(user_id="u1").id == task.id
    with pytest.raises(EmbedderMismatchError, match="reindex"):
        open_mem(embedder=HashEmbedder(32), clock=clock)
    with open_mem(embedder=HashEmbedder(32), clock=clock, reindex=True) as mem:
        assert mem.stats().vectors == 2 and mem.stats().dimension == 32
        assert mem.retrieve("Claim", user_id="u1").path[-1].id == task.id


def test_pending_index_work_is_finished_on_open(open_mem, clock):
    with open_mem(embedder=HashEmbedder(64), clock=clock) as mem:
        node = mem.add("written before the crash", user_id="u1")
        # Simulate a crash after the store's commit and before the Chroma write.
        mem.index.delete([node.id])
        mem.store.set_index_state([node.id], "pending")
    with open_mem(embedder=HashEmbedder(64), clock=clock) as mem:
        assert node.id in mem.index.get_ids()
        assert mem.get(node.id).index_state == "indexed"


def test_corrupt_sqlite_file_is_a_clear_error_not_a_fresh_store(tmp_path):
    from hybridmem.errors import CorruptStoreError

    path = tmp_path / "m"
    path.mkdir()
    (path / "memory.sqlite3").write_bytes(b"this is not a database" * 100)
    with pytest.raises(CorruptStoreError, match="restore"):
        HybridMemory(path, embedder=HashEmbedder(64))
    assert (path / "memory.sqlite3").read_bytes().startswith(b"this is not")


def test_oplog_records_every_mutation_in_order(mem):
    task = mem.add("Claim", node_type="task", user_id="u1")
    mem.update(task.id, content="Claim #7")
    mem.delete(task.id)
    ops = [r.op for r in mem.oplog()]
    assert ops == ["add", "add", "set_active", "update", "delete", "set_active"]
    seqs = [r.seq for r in mem.oplog()]
    assert seqs == list(range(1, len(seqs) + 1))
    assert mem.verify().seq_gaps == ()


def test_wal_mode_is_on(mem_path):
    with HybridMemory(mem_path, embedder=HashEmbedder(64)) as mem:
        mode = mem.store.conn.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"
        assert isinstance(mem.store.conn, sqlite3.Connection)


def _shape(mem: HybridMemory, user: str) -> list[tuple]:
    """Every node of a user as a caller sees it: place in the tree, scope, evolution state
    (seq and ids left out: those differ between two memories)."""
    root = mem.root(user_id=user)
    assert root is not None
    out = []
    for node in mem.subtree(root.id, user_id=user):
        parent = mem.get(node.parent_id, user_id=user).content if node.parent_id else None
        group = node.conflict_group
        if group and group.startswith("sim:"):
            group = "sim:" + mem.get(group[4:], user_id=user).content
        out.append(
            (
                node.content,
                parent,
                node.node_type,
                node.depth,
                node.status,
                node.importance,
                node.confidence,
                group,
                node.tier,
                node.lifecycle,
            )
        )
    return sorted(out, key=repr)


def test_add_many_batches_give_the_same_tree_as_adding_one_by_one(tmp_path, clock):
    items = [
        {"id": "t1", "content": "Trip to Lisbon", "node_type": "task"},
        {"content": "booked the flight TP123", "parent_id": "t1"},
        {
            "content": "I prefer aisle seats on long flights",
            "parent_id": "t1",
            "node_type": "preference",
        },
        {"content": "hotel near the river", "parent_id": "t1"},
        {
            "content": "I prefer aisle seats on every flight",
            "parent_id": "t1",
            "node_type": "preference",
        },
        {"content": "My passport expires in 2031", "parent_id": "t1", "node_type": "fact"},
        {"id": "t2", "content": "Visa paperwork", "node_type": "task", "parent_id": "t1"},
        {"content": "what if the visa is late?", "parent_id": "t2", "node_type": "fact"},
        {"content": "the consulate called back", "parent_id": "t2"},
        {
            "content": "I prefer aisle seats on long flights",
            "parent_id": "t2",
            "node_type": "preference",
        },
    ]
    batched = HybridMemory(tmp_path / "a", embedder=HashEmbedder(), clock=clock)
    single = HybridMemory(tmp_path / "b", embedder=HashEmbedder(), clock=clock)
    batched.add_many([dict(i) for i in items], user_id="u1")
    for item in items:
        single.add_many([dict(item)], user_id="u1")
    assert _shape(batched, "u1") == _shape(single, "u1")
    # Children come back in the order they were given, and the log replays to the same tree.
    kids = [n.content for n in batched.children("t1", user_id="u1")]
    assert kids == [i["content"] for i in items if i.get("parent_id") == "t1"]
    assert batched.verify_audit().ok
    assert [op.seq for op in batched.oplog()] == list(range(1, len(batched.oplog()) + 1))
    report = batched.verify()
    assert report.clean
    batched.close()
    single.close()


def test_pools_read_once_take_in_the_batch_s_own_writes(tmp_path, clock, monkeypatch):
    """A batch with a fact every few items writes the queued items before each fact; the
    siblings and repeats the planner read stay remembered and take those writes in (they are
    not read again per fact), and the tree is the one adding item by item gives."""
    items: list[dict[str, object]] = [
        {"id": "t1", "content": "Moving house", "node_type": "task"},
        {"id": "t2", "content": "Garden", "node_type": "task"},
    ]
    for i in range(12):
        parent = "t1" if i % 2 else "t2"
        items.append({"content": f"note {i % 5} about boxes", "parent_id": parent})
        if i % 3 == 2:
            items.append(
                {
                    "content": f"My {['van', 'key', 'lease', 'dog'][i // 3]} is ready",
                    "parent_id": parent,
                    "node_type": "fact",
                }
            )
    items.append({"content": "note 1 about boxes", "parent_id": "t1"})  # an exact repeat
    batched = HybridMemory(tmp_path / "a", embedder=HashEmbedder(), clock=clock)
    single = HybridMemory(tmp_path / "b", embedder=HashEmbedder(), clock=clock)
    reads: list[str] = []
    original = batched.store.recent_children
    monkeypatch.setattr(
        batched.store,
        "recent_children",
        lambda node_id, *a: reads.append(node_id) or original(node_id, *a),
    )
    batched.add_many([dict(i) for i in items], user_id="u1")
    for item in items:
        single.add_many([dict(item)], user_id="u1")
    assert _shape(batched, "u1") == _shape(single, "u1")
    facts = sum(1 for i in items if i.get("node_type") == "fact")
    assert len(reads) < facts + 2  # not once per fact and parent
    batched.close()
    single.close()


def test_known_vectors_stack_rows_in_the_order_asked():
    from hybridmem.core import KnownVectors

    known = KnownVectors({f"v{i}": [float(i), 1.0] for i in range(5)})
    assert known.matrix(["v3", "v0"]).tolist() == [[3.0, 1.0], [0.0, 1.0]]
    known["v9"] = [9.0, 1.0]
    for _ in range(3):  # growing past the first allocation keeps earlier rows
        assert known.matrix(["v9", "v1", "v3"]).tolist() == [[9.0, 1.0], [1.0, 1.0], [3.0, 1.0]]


def test_a_batch_item_repeating_one_written_earlier_in_the_batch_reinforces_it(mem):
    # The fact between them makes the batch write the first note before the third is planned:
    # reads the planner shared between the batch's items must not hide that write.
    task = mem.add("Weekend chores", node_type="task", user_id="u1")
    first, fact, again = mem.add_many(
        [
            {"content": "walked the dog in the park", "parent_id": task.id},
            {"content": "My name is Bob", "parent_id": task.id, "node_type": "fact"},
            {"content": "walked the dog in the park", "parent_id": task.id},
        ],
        user_id="u1",
    )
    assert again.id == first.id and fact.id != first.id
    kids = [n.content for n in mem.children(task.id, user_id="u1")]
    assert kids.count("walked the dog in the park") == 1


def _counted_calls(monkeypatch: pytest.MonkeyPatch, store: object, *names: str) -> dict[str, int]:
    """How often each of the store's methods ``names`` is called from now on (a method never
    called has no entry)."""
    calls: dict[str, int] = {}
    for name in names:
        real = getattr(store, name)

        def counted(*args, _real=real, _name=name, **kwargs):
            calls[_name] = calls.get(_name, 0) + 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(store, name, counted)
    return calls


def test_a_batch_under_one_task_reads_siblings_and_repeats_once(mem, monkeypatch):
    # On PostgreSQL every store read is a round trip: planning 200 notes under one task must
    # not ask the store the same two questions 200 times.
    task = mem.add("Inbox", node_type="task", user_id="u1")
    older = mem.add("an older note already stored", parent_id=task.id, user_id="u1")
    calls = _counted_calls(
        monkeypatch, mem.store, "recent_children", "live_repeats", "live_repeats_among"
    )
    notes = [{"content": f"note number {i} about topic {i * 7}", "parent_id": task.id}
             for i in range(200)]  # fmt: skip
    notes.append({"content": "an older note already stored", "parent_id": task.id})
    written = mem.add_many(notes, user_id="u1")
    assert calls == {"recent_children": 1, "live_repeats_among": 1}
    # The shared reads still found the stored repeat.
    assert written[-1].id == older.id
    assert len(mem.children(task.id, user_id="u1")) == 201


def _decided(mem: HybridMemory) -> list[str]:
    """What the planner decided for every node of u1's tree (status, conflict group and
    metadata; node ids replaced by their contents: ids differ between two memories)."""
    root = mem.root(user_id="u1")
    assert root is not None
    nodes = mem.subtree(root.id, user_id="u1")
    content = {n.id: n.content for n in nodes}
    return sorted(
        re.sub(
            "[0-9a-f]{32}",
            lambda m: content.get(m.group(), m.group()),
            repr((n.content, n.status, n.conflict_group, sorted(n.metadata.items()))),
        )
        for n in nodes
    )


def _story(seed: int) -> list[dict[str, object]]:
    """A random import: events, exact and near repeats, facts changing slot values (the
    same slot again, a second mention confirming a challenger), preferences similar enough
    to group by similarity, and items given an older or newer ``created_at``."""
    import random

    rng = random.Random(seed)
    cities = ["Paris", "Lyon", "Berlin"]
    jobs = ["a nurse", "a carpenter", "a teacher"]
    drinks = ["oat milk", "black coffee", "green tea"]
    items: list[dict[str, object]] = [
        {"id": "t1", "content": "Moving house", "node_type": "task"},
        {"id": "t2", "content": "Garden", "node_type": "task"},
    ]
    for _ in range(70):
        parent = rng.choice(["t1", "t2"])
        kind = rng.random()
        if kind < 0.35:
            item: dict[str, object] = {
                "content": rng.choice(["walked the dog", "Walked the dog!", "packed boxes"])
                + f" {rng.randrange(4)}",
            }
        elif kind < 0.6:
            item = {
                "content": rng.choice(
                    [f"I live in {rng.choice(cities)}", f"I work as {rng.choice(jobs)}"]
                ),
                "node_type": "fact",
            }
        elif kind < 0.85:
            item = {
                "content": f"I prefer {rng.choice(drinks)} in the morning",
                "node_type": "preference",
            }
        else:
            item = {"content": f"what if I moved to {rng.choice(cities)}?", "node_type": "fact"}
        item["parent_id"] = parent
        if rng.random() < 0.15:
            day = rng.choice([1, 2, 28])
            item["created_at"] = datetime(2024, 6 if day == 28 else 7, day, 8, 0, tzinfo=UTC)
        items.append(item)
    return items


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_batch_planned_without_writing_each_fact_first_gives_the_item_by_item_tree(
    tmp_path, clock, monkeypatch, seed
):
    """The batch's planner sees queued items through its shared reads (conflict pools and
    groups, challengers, siblings, repeats) instead of the store, so facts no longer make
    the batch write its queue first: the tree, every node's evolution state and metadata
    are still exactly what adding the items one by one gives, and the batch writes its
    adds in far fewer statements than it has facts."""
    items = _story(seed)
    batched = HybridMemory(tmp_path / "a", embedder=HashEmbedder(), clock=clock)
    single = HybridMemory(tmp_path / "b", embedder=HashEmbedder(), clock=clock)
    flushes: list[int] = []
    original = batched.engine.commit_run
    monkeypatch.setattr(
        batched.engine,
        "commit_run",
        lambda entries, **kw: flushes.append(len(entries)) or original(entries, **kw),
    )
    reads = _counted_calls(
        monkeypatch,
        batched.store,
        "conflict_group_deciding",
        "conflict_pool",
        "active_nodes_of_types",
    )
    batched.add_many([dict(i) for i in items], user_id="u1")
    for item in items:
        single.add_many([dict(item)], user_id="u1")

    def metadata(mem: HybridMemory) -> list[str]:
        root = mem.root(user_id="u1")
        assert root is not None
        nodes = mem.subtree(root.id, user_id="u1")
        content = {n.id: n.content for n in nodes}  # ids differ between the two memories
        return sorted(
            re.sub(
                "[0-9a-f]{32}",
                lambda m: content.get(m.group(), m.group()),
                repr((n.content, n.status, sorted(n.metadata.items()))),
            )
            for n in nodes
        )

    assert _shape(batched, "u1") == _shape(single, "u1")
    assert _decided(batched) == _decided(single)
    # The queue (adds and changes to older nodes) is written only before a read from the store
    # (and at its end), not before and after each of its facts.
    changes = sum(1 for op in batched.oplog() if op.op == "evolve")
    facts = sum(1 for i in items if i.get("node_type") in ("fact", "preference"))
    assert len(flushes) <= changes + 2 < 2 * facts
    # Each pool is read once, and again only after a change it cannot follow.
    assert sum(reads.values()) <= 12 + changes
    assert batched.verify().clean
    batched.close()
    single.close()


def test_a_process_the_index_gives_no_vectors_decides_as_the_index_owner(
    tmp_path, clock, monkeypatch
):
    """Older nodes' vectors (a preference's conflict pool, a near repeat's siblings) are read
    from the copies the store keeps beside the rows: a process the vector index answers
    nothing (one that does not own the embedded index gets no vectors from it) groups and
    merges exactly as the owner does, and the owner asks its index for none."""
    items = _story(3)
    owner = HybridMemory(tmp_path / "a", embedder=HashEmbedder(), clock=clock)
    blind = HybridMemory(tmp_path / "b", embedder=HashEmbedder(), clock=clock)
    asked: list[str] = []
    real = owner.index.get_vectors
    monkeypatch.setattr(owner.index, "get_vectors", lambda ids: asked.extend(ids) or real(ids))
    monkeypatch.setattr(blind.index, "get_vectors", lambda ids: {})
    for item in items:  # one by one: every older node's vector comes from storage
        owner.add_many([dict(item)], user_id="u1")
        blind.add_many([dict(item)], user_id="u1")
    root = owner.root(user_id="u1")
    assert root is not None
    groups = {n.conflict_group for n in owner.subtree(root.id, user_id="u1")}
    assert any(g and g.startswith("sim:") for g in groups)  # the story groups by vectors
    assert _decided(owner) == _decided(blind)
    assert asked == []
    owner.close()
    blind.close()


def test_facts_that_change_nothing_are_written_with_the_rest_of_the_batch(mem, monkeypatch):
    # A fact used to make the batch write its queue before and after planning it (its
    # conflict pool was read from the store): an import with a fact every third item wrote
    # row by row.
    task = mem.add("Inbox", node_type="task", user_id="u1")
    words = [f"w{i}x" for i in range(60)]
    items: list[dict[str, object]] = []
    for i in range(20):
        three = " ".join(words[3 * i : 3 * i + 3])
        kind = "event" if i % 3 else ("fact" if i % 2 else "preference")
        items.append({"content": f"{three} noted", "parent_id": task.id, "node_type": kind})
    flushes: list[int] = []
    original = mem.engine.commit_run
    monkeypatch.setattr(
        mem.engine,
        "commit_run",
        lambda entries, **kw: flushes.append(len(entries)) or original(entries, **kw),
    )
    written = mem.add_many(items, user_id="u1")
    assert not [op for op in mem.oplog() if op.op == "evolve"]
    assert flushes == [20]
    assert [n.node_type for n in written] == [i["node_type"] for i in items]
