"""The engine core: resources, the write unit, typed ops and the tree's live write path.

``Core`` bundles what services are built with: the :class:`Engine` (resources, write unit,
op registry), the :class:`TreeWriter` (add/update/move/delete/set_active and evolution
changes) and the :class:`IndexSync` (the one place that writes vectors).
"""

from __future__ import annotations

from dataclasses import dataclass

from hybridmem.core import grants
from hybridmem.core.engine import CatchUp, Engine, EngineParts, StoreHook, WriteUnit
from hybridmem.core.hooks import (
    BatchReads,
    ContentSealer,
    KnownVectors,
    NodeChange,
    PlainSealer,
    PlanRequest,
    StoredContent,
    WritePlan,
    WritePlanner,
)
from hybridmem.core.indexing import IndexSync, flush_unit, index_metadata, scope_key
from hybridmem.core.inputs import NodeInput, coerce_input, content_hash
from hybridmem.core.ops import ApplyContext, OpRegistry, core_registry, reattach_children
from hybridmem.core.tree import TreeWriter, get_scoped


@dataclass(frozen=True, slots=True)
class Core:
    """An engine with its tree writer and index sync: what every service is built with."""

    engine: Engine
    tree: TreeWriter
    indexer: IndexSync

    @classmethod
    def build(cls, engine: Engine) -> Core:
        """The tree writer and the index sync of ``engine``: views that hold nothing but the
        engine, so a service part given only the engine (an ``EngineParts`` factory) builds
        its own and sees the same state."""
        grants.register(engine.ops)  # grant/revoke ops (issue 33), live and on replay
        return cls(engine, TreeWriter(engine), IndexSync(engine))


__all__ = [
    "ApplyContext",
    "BatchReads",
    "CatchUp",
    "ContentSealer",
    "Core",
    "Engine",
    "EngineParts",
    "IndexSync",
    "KnownVectors",
    "NodeChange",
    "NodeInput",
    "OpRegistry",
    "PlainSealer",
    "PlanRequest",
    "StoreHook",
    "StoredContent",
    "TreeWriter",
    "WritePlan",
    "WritePlanner",
    "WriteUnit",
    "coerce_input",
    "content_hash",
    "core_registry",
    "flush_unit",
    "get_scoped",
    "index_metadata",
    "reattach_children",
    "scope_key",
]
