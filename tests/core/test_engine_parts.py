"""An Engine is built whole from its parts, without the facade: what the services plug in
(sealer, op registry, planner, catch-up, vector flush, store hooks, owner duties) is passed
when it is built, and swapping its store later re-runs the store hooks."""

from __future__ import annotations

from datetime import UTC, datetime

from hybridmem.clock import FakeClock
from hybridmem.config import MemoryConfig
from hybridmem.core import (
    Core,
    Engine,
    EngineParts,
    NodeInput,
    PlainSealer,
    PlanRequest,
    WritePlan,
    core_registry,
    flush_unit,
)
from hybridmem.embedding import HashEmbedder
from hybridmem.index import InMemoryIndex
from hybridmem.store import SQLiteStore, TreeStore
from hybridmem.tokens import LazyTokenCounter


class RecordingPlanner:
    """A planner that plans nothing and remembers the engine it was built with."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.planned: list[str] = []

    def reads_tree(self, node_type: str) -> bool:
        return False

    def plan(self, request: PlanRequest) -> WritePlan:
        self.planned.append(request.node_id)
        return WritePlan(
            lifecycle=None,
            tier=None,
            status="active",
            importance=request.importance,
            confidence=request.confidence,
            conflict_group=None,
            metadata={},
            decision="recorded",
        )


class CountingCatchUp:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.writes = 0

    def after_write(self) -> None:
        self.writes += 1


def build(tmp_path, store: TreeStore, seen: list[tuple[Engine, TreeStore]]) -> Engine:
    return Engine(
        store=store,
        index=InMemoryIndex(),
        embedder=HashEmbedder(),
        config=MemoryConfig(),
        clock=FakeClock(datetime(2025, 3, 1, tzinfo=UTC)),
        counter=LazyTokenCounter(),
        parts=EngineParts(
            sealer=PlainSealer(),
            registry=core_registry(),
            planner=RecordingPlanner,
            catch_up=CountingCatchUp,
            flush=flush_unit,
            store_hooks=(lambda engine, s: seen.append((engine, s)),),
        ),
        path=tmp_path,
    )


def test_an_engine_built_from_parts_writes_plans_and_indexes(tmp_path):
    seen: list[tuple[Engine, TreeStore]] = []
    store = SQLiteStore(tmp_path / "memory.sqlite3")
    engine = build(tmp_path, store, seen)
    try:
        # The factories ran once, with the engine; the store hook saw the first store.
        assert isinstance(engine.planner, RecordingPlanner) and engine.planner.engine is engine
        assert isinstance(engine.catch_up, CountingCatchUp) and engine.catch_up.engine is engine
        assert seen == [(engine, store)]

        core = Core.build(engine)
        [node] = core.tree.add_many([NodeInput(content="Flight to Lisbon on May 6")], "u1")
        # Planned by the planner it was built with; indexed after the unit committed (the
        # flush it was built with), and the catch-up heard of it.
        assert node.id in engine.planner.planned
        assert node.id in engine.index.get_ids()
        assert engine.store.get(node.id).index_state == "indexed"
        assert engine.catch_up.writes >= 1
    finally:
        engine.store.close()


def test_attach_store_swaps_the_store_and_reruns_the_store_hooks(tmp_path):
    seen: list[tuple[Engine, TreeStore]] = []
    first = SQLiteStore(tmp_path / "memory.sqlite3")
    engine = build(tmp_path, first, seen)
    second = SQLiteStore(tmp_path / "other.sqlite3")
    try:
        engine.attach_store(second)
        assert engine.store is second
        assert seen == [(engine, first), (engine, second)]
    finally:
        first.close()
        second.close()


def test_an_engine_without_a_flush_leaves_rows_pending(tmp_path):
    """No flush part: nothing reaches the index, and rows stay pending for whoever can."""
    store = SQLiteStore(tmp_path / "memory.sqlite3")
    engine = Engine(
        store=store,
        index=InMemoryIndex(),
        embedder=HashEmbedder(),
        config=MemoryConfig(),
        clock=FakeClock(datetime(2025, 3, 1, tzinfo=UTC)),
        counter=LazyTokenCounter(),
    )
    try:
        [node] = Core.build(engine).tree.add_many([NodeInput(content="a note")], "u1")
        assert engine.index.get_ids() == set()
        assert engine.store.get(node.id).index_state == "pending"
        assert engine.planner is None and engine.catch_up is None
    finally:
        store.close()
