"""``BatchReads``: answers kept current with a batch's writes, shown only the nodes they can
take in (``where``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hybridmem.core import BatchReads
from hybridmem.models import MemoryNode
from hybridmem.testing.nodes import memory_node


class _QueueingStore:
    """A stand-in store with a writer's queue: ``write`` (the reads' ``write_pending``)
    moves the queued nodes into ``stored``, records which it wrote and tells the reads."""

    def __init__(self, reads: BatchReads, stored: dict[str, MemoryNode] | None = None) -> None:
        self.reads = reads
        self.stored: dict[str, MemoryNode] = dict(stored or {})
        self.queued: dict[str, MemoryNode] = {}
        self.writes: list[list[str]] = []

    def write(self) -> None:
        self.writes.append(sorted(self.queued))
        self.stored.update(self.queued)
        self.queued.clear()
        self.reads.stored()


def _node(node_id: str, parent: str, group: str | None = None) -> MemoryNode:
    from datetime import UTC, datetime

    at = datetime(2024, 7, 1, tzinfo=UTC)
    return memory_node(
        node_id,
        at,
        user_id="u1",
        parent_id=parent,
        node_type="fact",
        conflict_group=group,
        confidence=0.8,
        last_accessed_at=at,
        seq=1,
        depth=2,
        path=("r", parent),
        task_id="r",
        index_state="pending",
    )


def test_a_new_node_reaches_only_the_answers_its_values_name():
    reads = BatchReads()
    calls: list[tuple[str, list[str], bool]] = []

    def grow(name: str, parent: str):
        def inner(pool, new, changed):
            calls.append((name, [n.id for n in new], changed))
            return pool + [n.id for n in new if n.parent_id == parent]

        return inner

    assert reads.get("a", lambda: [], grow("a", "p1"), where=("parent_id", "p1")) == []
    assert reads.get("b", lambda: [], grow("b", "p2"), where=("parent_id", "p2")) == []
    assert reads.get("any", lambda: [], grow("any", "p1")) == []
    assert reads.get("plain", lambda: ["read"]) == ["read"]
    x, y = _node("x", "p1"), _node("y", "p3")
    reads.added([x, y])
    assert calls == []  # grown when next asked for
    assert reads.get("a", lambda: ["never"]) == ["x"]
    assert reads.get("b", lambda: ["never"]) == []
    assert reads.get("any", lambda: ["never"]) == ["x"]
    # "a" saw x only, "b" nothing (not called), the one without ``where`` both; an answer
    # read without ``grow`` is dropped at any write (read again when next asked).
    assert sorted(calls) == [("a", ["x"], False), ("any", ["x", "y"], False)]
    assert reads.get("plain", lambda: ["again"]) == ["again"]
    calls.clear()
    # A change is shown to every answer: it may move a node out of one.
    reads.changed([replace(x, conflict_group="g")])
    for key in ("a", "b", "any"):
        reads.get(key, lambda: ["never"])
    assert sorted(c[0] for c in calls) == ["a", "any", "b"]
    # An answer whose grow cannot tell is dropped, with its ``where``.
    reads.get("c", lambda: [], lambda pool, new, changed: None, where=("parent_id", "p1"))
    reads.added([_node("z", "p1")])
    assert reads.get("c", lambda: ["re-read"]) == ["re-read"]
    reads.forget()
    assert reads.get("a", lambda: ["fresh"]) == ["fresh"]


def test_a_change_reaches_the_answers_its_old_and_new_values_name():
    """Given the old versions, a change reaches the answers named by the value it leaves and
    the one it takes (and those read without ``where``), and each ends as if read again."""
    reads = BatchReads()
    x, y = _node("x", "p1", group="g1"), _node("y", "p1", group="g3")
    stored = {"x": x, "y": y}
    shown: list[str] = []

    def group(name: str):
        def read() -> list[str]:
            return [i for i, n in stored.items() if n.conflict_group == name]

        def grow(pool, new, changed):
            shown.append(name)
            ids = {n.id for n in new}
            return [i for i in pool if i not in ids] + [
                n.id for n in new if n.conflict_group == name
            ]

        return reads.get(name, read, grow, where=("conflict_group", name))

    assert (group("g1"), group("g2"), group("g3")) == (["x"], [], ["y"])
    moved = replace(x, conflict_group="g2", version=2)
    stored["x"] = moved
    reads.changed([moved], {"x": x})
    assert (group("g1"), group("g2"), group("g3")) == ([], ["x"], ["y"])
    assert sorted(shown) == ["g1", "g2"]  # g3 neither held x nor takes it in
    # Without the old versions a change is shown to every answer.
    shown.clear()
    again = replace(moved, version=3)
    stored["x"] = again
    reads.changed([again])
    assert (group("g1"), group("g2"), group("g3")) == ([], ["x"], ["y"])
    assert sorted(shown) == ["g1", "g2", "g3"]


def test_a_read_from_the_store_waits_for_the_queued_changes():
    """While changes to older nodes are queued, unwritten, an answer read afresh from the
    store is read only once the writer wrote them (so it holds their new versions), and the
    batch sees the changed nodes' new versions meanwhile. Queued new nodes alone do not make
    it wait: the answers read before take them in (``added``)."""
    reads = BatchReads()
    store = _QueueingStore(reads)
    stored, queued, writes, write = store.stored, store.queued, store.writes, store.write

    def read() -> list[tuple[str, int]]:
        return sorted((n.id, n.version) for n in stored.values())

    reads.write_pending = write
    x = _node("x", "p1")
    queued["x"] = x
    reads.added([x])
    assert reads.get("a", read) == []
    assert writes == []
    write()
    moved = replace(x, conflict_group="g", version=2)
    queued["x"] = moved
    reads.changed([moved], {"x": x}, stored=False)
    assert reads.node("x") == moved
    assert reads.get("b", read) == [("x", 2)]
    assert writes == [["x"], ["x"]]
    assert reads.get("c", read) == [("x", 2)]
    assert len(writes) == 2  # written already: no second write
    again = replace(moved, version=3)
    stored["x"] = again
    reads.changed([again], {"x": moved})  # written with its op
    assert reads.get("d", read) == [("x", 3)]
    assert len(writes) == 2


@pytest.mark.parametrize("headroom", [1, 3, 256])
def test_a_kept_pool_matrix_equals_the_one_built_anew(headroom, monkeypatch):
    """A conflict pool changing as a batch goes (newest entries in, one or many at once, the
    oldest out of a full pool, members leaving, a member's group changed, a member without a
    vector, the pool read again): the matrix kept from one fact to the next has exactly the
    rows, order and bytes of the one built from scratch."""
    import random

    import numpy as np

    from hybridmem.core import KnownVectors
    from hybridmem.evolution.write import pool_vectors
    from hybridmem.evolution.write.pool_vectors import pool_matrix

    monkeypatch.setattr(pool_vectors, "HEADROOM", headroom)  # the buffer refilled often
    rng = random.Random(5)
    views: list = []
    stored = {
        f"s{i}": np.asarray(rng.random(), dtype=np.float32) * np.ones(4, np.float32)
        for i in range(30)
        if i % 7
    }  # s0, s7, ... have no vector in the index
    fetched: list[str] = []

    def index_vectors(ids, known):
        out = {i: known[i] for i in ids if i in known}
        rest = [i for i in ids if i not in out and i in stored]
        fetched.extend(rest)
        known.update({i: stored[i] for i in rest})
        out.update({i: stored[i] for i in rest})
        return out

    limit = 12
    pool = [(f"s{i}", None, i) for i in reversed(range(30))][:limit]
    kept_known, fresh_known = KnownVectors(), KnownVectors()
    memo: dict = {}
    for step in range(600):
        kind = rng.random()
        if kind < 0.45:  # queued nodes enter as the newest (they have their vectors)
            for j in range(rng.choice([1, 1, 1, 2, 3, 5, limit + 3])):
                node = f"q{step}-{j}"
                vec = rng.random() * np.ones(4, np.float32) + step
                kept_known[node] = fresh_known[node] = vec
                pool = [(node, None, 100 + step), *pool][:limit]
        elif kind < 0.6:  # a member joins a group: the pool changes in place
            k = rng.randrange(len(pool))
            pool = [*pool[:k], (pool[k][0], f"g{step}", pool[k][2]), *pool[k + 1 :]]
        elif kind < 0.7:  # an unseen stored node (maybe without a vector) enters
            node = f"s{rng.randrange(30)}"
            pool = [(node, None, 100 + step), *[e for e in pool if e[0] != node]][:limit]
        elif kind < 0.8 and pool:  # members leave (superseded), an older one may come back
            gone = set(rng.sample([e[0] for e in pool], rng.randint(1, min(3, len(pool)))))
            pool = [e for e in pool if e[0] not in gone]
            if rng.random() < 0.5:
                node = f"s{rng.randrange(30)}"
                if node not in {e[0] for e in pool}:
                    pool = [*pool, (node, None, -step)][:limit]
        elif kind < 0.85:  # the pool read again: equal entries in a new list
            pool = [tuple(e) for e in pool]
        elif kind < 0.9 and pool:  # a new node enters while the newest changes its group
            node = f"q{step}"
            kept_known[node] = fresh_known[node] = rng.random() * np.ones(4, np.float32)
            head = (pool[0][0], f"g{step}", pool[0][2])
            pool = [(node, None, 100 + step), head, *pool[1:]][:limit]
        kept = pool_matrix(pool, memo, "k", lambda ids: index_vectors(ids, kept_known), kept_known)
        fresh = pool_matrix(pool, {}, "k", lambda ids: index_vectors(ids, fresh_known), fresh_known)
        assert kept.known == fresh.known
        assert kept.has == fresh.has
        if fresh.known:
            assert kept.matrix.dtype == np.float32 and kept.matrix.flags.c_contiguous
            assert kept.matrix.tobytes() == fresh.matrix.tobytes()
        views.append((kept.matrix, kept.matrix.copy()))
    for view, copy in views:  # a later pool never wrote over an earlier one's rows
        assert view.tobytes() == copy.tobytes()


def test_a_first_read_while_changes_are_queued_is_grown_instead_of_writing_the_queue():
    """An answer first read while changes to older nodes are queued is the stored answer
    grown by the queued new nodes (those its ``where`` names) and the queued changes: what the
    store will answer once it holds them, without writing the queue; only an answer whose
    ``grow`` cannot tell (or that has none) makes the writer write the queue first."""
    reads = BatchReads()
    store = _QueueingStore(reads, {"s": _node("s", "p1")})
    stored, queued, writes, write = store.stored, store.queued, store.writes, store.write

    def under(parent: str | None):
        def read() -> list[tuple[str, int]]:
            return sorted(
                (n.id, n.version) for n in stored.values() if parent in (None, n.parent_id)
            )

        def grow(pool, new, changed):
            if changed and any(n.version > 5 for n in new):
                return None  # cannot tell
            held = dict(pool)
            for n in new:
                if parent in (None, n.parent_id):
                    held[n.id] = n.version
                else:
                    held.pop(n.id, None)
            return sorted(held.items())

        return read, grow

    reads.write_pending = write
    a, b = _node("a", "p1"), _node("b", "p2")
    for n in (a, b):
        queued[n.id] = n
    reads.added([a, b])
    s2 = replace(stored["s"], version=2)
    queued["s"] = s2
    reads.changed([s2], {"s": stored["s"]}, stored=False)
    read, grow = under("p1")
    assert reads.get("p1", read, grow, where=("parent_id", "p1")) == [("a", 1), ("s", 2)]
    read, grow = under(None)
    assert reads.get("all", read, grow) == [("a", 1), ("b", 1), ("s", 2)]
    assert writes == []  # nothing written for either read
    s9 = replace(s2, version=9)
    queued["s"] = s9
    reads.changed([s9], {"s": s2}, stored=False)
    read, grow = under("p2")
    assert reads.get("p2", read, grow, where=("parent_id", "p2")) == [("b", 1)]
    assert writes == [["a", "b", "s"]]  # grow could not tell: written, then read
    assert stored["s"].version == 9


def test_a_conflict_pool_grown_in_place_equals_the_sorted_one():
    """Changed members that stay in a conflict pool keep their places (no sort): the pool is
    exactly the one the merge-and-sort gives, through random changes (group joins, members
    leaving, members and outsiders changed at once) and new nodes, in full and part-full pools."""
    import random
    from datetime import UTC, datetime, timedelta
    from types import SimpleNamespace

    from hybridmem.evolution.write import batch_pools

    rng = random.Random(11)
    base = datetime(2026, 1, 1, tzinfo=UTC)

    def reference(pool, new, changed, keep):
        fresh = [(n.id, n.conflict_group, (n.created_at, n.seq)) for n in new if keep(n)]
        if not changed:
            return sorted([*pool, *fresh], key=lambda e: e[2], reverse=True)[:8]
        ids = {n.id for n in new}
        kept = [e for e in pool if e[0] not in ids]
        left = {e[0] for e in pool if e[0] in ids} - {e[0] for e in fresh}
        if left and len(pool) >= 8:
            return None
        return sorted([*kept, *fresh], key=lambda e: e[2], reverse=True)[:8]

    def keep(n):
        return n.status == "active"

    nodes: dict[str, SimpleNamespace] = {}
    for trial in range(400):
        nodes.clear()
        count = rng.randint(0, 14)
        for k in range(count):  # same second for some: the seq orders them
            at = base + timedelta(seconds=k // 2)
            nodes[f"n{k}"] = SimpleNamespace(
                id=f"n{k}", conflict_group=None, created_at=at, seq=k, status="active"
            )
        pool = sorted(
            [(n.id, n.conflict_group, (n.created_at, n.seq)) for n in nodes.values()],
            key=lambda e: e[2],
            reverse=True,
        )[: rng.randint(0, 8)]
        for _ in range(5):
            if rng.random() < 0.3:  # new nodes
                k = len(nodes)
                new = [
                    SimpleNamespace(
                        id=f"n{k + j}",
                        conflict_group=None,
                        created_at=base + timedelta(seconds=100 + k),
                        seq=k + j,
                        status=rng.choice(["active", "active", "candidate"]),
                    )
                    for j in range(rng.randint(1, 2))
                ]
                changed = False
            else:  # new versions of older nodes (held or not)
                picked = rng.sample(list(nodes), min(len(nodes), rng.randint(1, 3)))
                new = [
                    SimpleNamespace(
                        **{
                            **vars(nodes[i]),
                            "conflict_group": rng.choice([None, "g1", "g2"]),
                            "status": rng.choice(["active", "active", "active", "superseded"]),
                        }
                    )
                    for i in picked
                ]
                changed = True
            nodes.update((n.id, n) for n in new)
            want = reference(pool, new, changed, keep)
            got = batch_pools.pool_grown(pool, new, changed, keep, 8)
            assert got == want, (trial, pool, new)
            if got is None:
                break
            pool = got


def test_a_first_read_sees_the_queued_nodes_its_where_names_in_order():
    """A first read while changes are queued is grown by exactly the queued nodes its
    ``where`` names, in the order they were queued, whatever was read or stored before (the
    queue is indexed by the attributes asked for, not scanned per read)."""
    import random

    rng = random.Random(3)
    reads = BatchReads()
    reads.write_pending = lambda: None
    queued: list[MemoryNode] = []
    for step in range(300):
        roll = rng.random()
        if roll < 0.5:
            nodes = [
                _node(f"n{step}-{j}", rng.choice(["p1", "p2", "p3"]), rng.choice([None, "g1"]))
                for j in range(rng.randint(1, 3))
            ]
            reads.added(nodes)
            queued += nodes
        elif roll < 0.55:
            reads.stored()
            queued = []
        else:
            reads.changed([_node("old", "p9")], stored=False)  # a queued change: _fresh grows
            attribute = rng.choice(["parent_id", "conflict_group"])
            value = rng.choice(["p1", "p2", "p3", None, "g1"])
            seen: list[list[str]] = []

            def grow(answer, new, changed, seen=seen):
                if not changed:
                    seen.append([n.id for n in new])
                return answer

            reads.get(("k", step), lambda: [], grow, where=(attribute, value))
            want = [n.id for n in queued if getattr(n, attribute) == value]
            assert (seen[0] if seen else []) == want, step


def test_answers_grown_when_next_asked_equal_the_store_and_take_a_run_at_once():
    """Answers are grown when next asked for, not at every node shown: through random new
    nodes, changes (members leaving full pools, groups joined) and reads of several pools,
    every answer equals a read of the store holding everything shown so far, and a run of new
    nodes shown between two reads is taken in by one ``grow`` call."""
    import random
    from datetime import UTC, datetime, timedelta

    from hybridmem.evolution.write import batch_pools

    rng = random.Random(8)
    base = datetime(2026, 1, 1, tzinfo=UTC)
    store: dict[str, MemoryNode] = {}
    reads = BatchReads()
    calls: list[tuple[str, int, bool]] = []
    limit = 4

    def truth(parent):
        live = [n for n in store.values() if n.parent_id == parent and n.status == "active"]
        return sorted(live, key=lambda n: (n.created_at, n.seq), reverse=True)[:limit]

    def ask(parent):
        def grow(pool, new, changed):
            calls.append((parent, len(new), changed))
            return batch_pools.regrow(
                pool,
                new,
                changed,
                lambda n: n.parent_id == parent and n.status == "active",
                limit,
            )

        return reads.get(("pool", parent), lambda: truth(parent), grow, where=("parent_id", parent))

    seq = 0
    for step in range(500):
        roll = rng.random()
        if roll < 0.5:
            run = rng.randint(1, 4)
            for _ in range(run):
                seq += 1
                node = replace(
                    _node(f"n{seq}", rng.choice(["p1", "p2"])),
                    seq=seq,
                    created_at=base + timedelta(seconds=seq // 2),
                )
                store[node.id] = node
                reads.added([node])
        elif roll < 0.75 and store:
            old = store[rng.choice(list(store))]
            new = replace(
                old,
                version=old.version + 1,
                status=rng.choice(["active", "superseded"]),
                conflict_group=rng.choice([None, "g1"]),
                parent_id=rng.choice([old.parent_id, old.parent_id, "p1", "p2"]),
            )
            store[new.id] = new
            reads.changed([new], {old.id: old})
        else:
            parent = rng.choice(["p1", "p2"])
            before = len(calls)
            assert ask(parent) == truth(parent), step
            adds = [c for c in calls[before:] if not c[2]]
            assert len(adds) <= 1 + sum(1 for c in calls[before:] if c[2]), calls[before:]
    assert any(n > 1 for _, n, changed in calls if not changed)  # runs were taken at once
