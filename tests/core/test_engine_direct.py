"""The engine core on its own: an ``Engine`` over a real SQLite file, the shipped in-memory
vector index and a fake clock, without ``HybridMemory`` or any service.

What a core contributor relies on: a write unit commits its ops and their rows together and
runs the vector work after the commit; a nested unit's failure undoes only itself; replaying the
op log into a fresh store through the same appliers rebuilds the same tree; the reads audit
through one hook.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from hybridmem.clock import FakeClock
from hybridmem.config import MemoryConfig
from hybridmem.core import ApplyContext, Core, Engine, NodeInput, coerce_input
from hybridmem.core.engine import EngineParts
from hybridmem.core.indexing import flush_unit
from hybridmem.core.reads import Reader
from hybridmem.embedding import HashEmbedder
from hybridmem.errors import (
    IndexUnavailableError,
    NodeNotFoundError,
    ReadOnlyStoreError,
    StoreClosedError,
)
from hybridmem.index.fake import InMemoryIndex
from hybridmem.models import MemoryNode
from hybridmem.store import SQLiteStore, TreeStore
from hybridmem.tokens import LazyTokenCounter


class Boom(Exception):
    """A failure inside a write unit."""


def build_core(path: Path, clock: FakeClock, index: InMemoryIndex | None = None) -> Core:
    """What ``opening.py`` does for the core, without the services on top."""
    engine = Engine(
        store=SQLiteStore(path),
        index=index or InMemoryIndex(),
        embedder=HashEmbedder(),
        config=MemoryConfig(),
        clock=clock,
        counter=LazyTokenCounter(),
        path=path.parent,
        # The vector work after a commit is a part like any other (opening.py passes it too).
        parts=EngineParts(flush=flush_unit),
    )
    return Core.build(engine)


@pytest.fixture
def core(tmp_path: Path, clock: FakeClock) -> Iterator[Core]:
    built = build_core(tmp_path / "memory.sqlite3", clock)
    yield built
    built.engine.store.close()


def add(core: Core, *items: str | NodeInput, user_id: str = "u1") -> list[MemoryNode]:
    inputs = [
        coerce_input(
            item if isinstance(item, NodeInput) else NodeInput(item), i, core.engine.config
        )
        for i, item in enumerate(items)
    ]
    return core.tree.add_many(inputs, user_id)


def ops_of(store: TreeStore) -> list[tuple[str, str | None]]:
    return [(r.op, r.node_id) for r in store.read_ops()]


def tree_of(store: TreeStore, user_id: str) -> list[MemoryNode]:
    """The user's whole tree as stored, parents first; ``index_state`` left out (a replayed
    store has written no vectors yet)."""
    root = store.user_root(user_id)
    assert root is not None
    return [replace(n, index_state="-") for n in store.subtree(root)]


def test_a_write_unit_commits_an_add_with_its_op_and_its_vector(core, clock):
    (node,) = add(core, "Booked the train to Porto")
    store = core.engine.store
    assert store.get(node.id) == node
    assert ("add", node.id) in ops_of(store)
    assert next(r for r in store.read_ops() if r.node_id == node.id).at == clock()
    # The vector work ran after the commit: the row says so and the index has the vector.
    assert store.get(node.id).index_state == "indexed"
    assert node.id in core.engine.index.get_ids()


def test_a_nested_units_failure_undoes_only_itself(core):
    engine = core.engine
    with engine.write():
        (kept,) = add(core, "kept")
        with pytest.raises(Boom), engine.write():
            (dropped,) = add(core, "dropped")
            raise Boom
        (after,) = add(core, "written after the failure")
    store = engine.store
    assert store.get(kept.id) is not None and store.get(after.id) is not None
    assert store.get(dropped.id) is None
    logged = {node_id for _, node_id in ops_of(store)}
    assert {kept.id, after.id} <= logged and dropped.id not in logged
    # The failed unit's deferred vector work went with its rows.
    assert engine.index.get_ids() >= {kept.id, after.id}
    assert dropped.id not in engine.index.get_ids()


def test_a_failed_outer_unit_leaves_nothing(core):
    engine = core.engine
    before = ops_of(engine.store)
    with pytest.raises(Boom), engine.write():
        (node,) = add(core, "never written")
        raise Boom
    assert engine.store.get(node.id) is None
    assert ops_of(engine.store) == before
    assert node.id not in engine.index.get_ids()


def test_commit_outside_a_unit_is_refused(core):
    with pytest.raises(RuntimeError, match="inside"):
        core.engine.commit("bump", node_id=None, user_id="u1", payload={})


def test_a_read_only_or_closed_engine_refuses_to_write(core):
    engine = core.engine
    engine.read_only = True
    with pytest.raises(ReadOnlyStoreError):
        add(core, "refused")
    engine.read_only = False
    engine.closed = True
    with pytest.raises(StoreClosedError):
        add(core, "refused")


def test_replaying_the_op_log_into_a_fresh_store_rebuilds_the_same_tree(core, clock, tmp_path):
    task, note = add(core, NodeInput("Plan the Porto trip", node_type="task"), "Buy tickets")
    clock.advance(hours=1)
    (other,) = add(core, NodeInput("Another task", node_type="task"))
    core.tree.update(note.id, {"content": "Buy train tickets"}, user_id="u1", expected_version=None)
    core.tree.move(note.id, other.id, user_id="u1")
    clock.advance(minutes=5)
    (gone,) = add(core, NodeInput("scratch", parent_id=task.id))
    core.tree.delete(gone.id, subtree=True, user_id="u1")
    core.tree.set_active(task.id, user_id="u1")
    live = core.engine.store

    fresh = SQLiteStore(tmp_path / "replayed.sqlite3")
    ctx = ApplyContext(fresh, tuple(core.engine.config.scope_types))
    with fresh.transaction():
        for row in live.op_rows():
            # The same appliers the live writes ran (core/ops.py): no second implementation.
            fresh.insert_op_row(row)
            core.engine.ops.apply(ctx, row.record())
    assert tree_of(fresh, "u1") == tree_of(live, "u1")
    assert fresh.get_active("u1") == live.get_active("u1") == task.id
    assert fresh.get(gone.id) is None
    assert ops_of(fresh) == ops_of(live)
    fresh.close()


def test_the_clock_is_the_engines_time(core, clock):
    (first,) = add(core, "first")
    clock.advance(days=2)
    (second,) = add(core, "second")
    assert second.created_at - first.created_at == timedelta(days=2)
    assert core.engine.now() == clock()


class DownIndex(InMemoryIndex):
    """The in-memory index, unavailable for writes while ``down``."""

    down = False

    def upsert(self, *args: object, **kwargs: object) -> None:
        if self.down:
            raise IndexUnavailableError("index down")
        super().upsert(*args, **kwargs)  # type: ignore[arg-type]


def test_a_failed_vector_write_does_not_fail_the_committed_write(tmp_path, clock):
    index = DownIndex()
    core = build_core(tmp_path / "memory.sqlite3", clock, index)
    index.down = True
    (node,) = add(core, "committed while the index is down")
    store = core.engine.store
    assert store.get(node.id).index_state == "pending"
    assert core.engine.index_lag is not None and "index down" in core.engine.index_lag
    assert node.id not in index.get_ids()
    store.close()


class Audit:
    def __init__(self) -> None:
        self.entries: list[tuple[str, str | None, list[str]]] = []

    def __call__(self, action: str, user_id: str | None, node_ids: Sequence[str]) -> None:
        self.entries.append((action, user_id, list(node_ids)))


def test_every_read_audits_through_the_one_hook(core):
    audit = Audit()
    reads = Reader(core.engine, audit)
    (task,) = add(core, NodeInput("Plan the trip", node_type="task"))
    (note,) = add(core, "Buy tickets")  # under the active node: the task
    root = reads.root("u1")
    assert root is not None and note.parent_id == task.id
    assert reads.get(note.id, user_id="u1") == core.engine.store.get(note.id)
    assert [n.id for n in reads.children(task.id)] == [note.id]
    assert [n.id for n in reads.path_to_root(note.id)] == [root.id, task.id, note.id]
    assert [n.id for n in reads.subtree(task.id)] == [task.id, note.id]
    assert reads.active_node("u1") == core.engine.store.get(task.id)
    assert reads.users() == {"u1": 3}
    assert reads.resolve_id(note.id[-8:]) == note.id
    assert [n.id for n in reads.get_all(user_id="u1")] == [task.id, note.id]
    assert audit.entries == [
        ("read_root", "u1", [root.id]),
        ("read", "u1", [note.id]),
        ("read", "u1", [task.id]),
        ("read_children", "u1", [note.id]),
        ("read", "u1", [note.id]),
        ("read_path", "u1", [root.id, task.id]),
        ("read", "u1", [task.id]),
        ("read_subtree", "u1", [note.id]),
        ("read_active", "u1", [task.id]),
        ("read_users", None, []),
        ("resolve_id", "u1", [note.id]),
        ("read_all", "u1", [task.id, note.id]),
    ]
    # Another user's node reads as missing and records nothing.
    with pytest.raises(NodeNotFoundError):
        reads.get(note.id, user_id="u2")
    assert len(audit.entries) == 12
