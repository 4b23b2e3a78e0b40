"""The engine core: resources, the write unit, typed ops and the tree's live write path.

``Core`` bundles what services are built with: the :class:`Engine` (resources, write unit,
op registry), the :class:`TreeWriter` (add/update/move/delete/set_active and evolution
changes) and the :class:`IndexSync` (the one place that writes vectors).
"""

from __future__ import annotations

from dataclasses import dataclass

from hybridmem.core import grants
from hybridmem.core.engine import Engine, WriteUnit
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
from hybridmem.core.indexing import IndexSync, index_metadata, scope_key
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
        """Wire the tree writer and the index sync to ``engine``."""
        grants.register(engine.ops)  # grant/revoke ops (issue 33), live and on replay
        return cls(engine, TreeWriter(engine), IndexSync(engine))


__all__ = [
    "ApplyContext",
    "BatchReads",
    "ContentSealer",
    "Core",
    "Engine",
    "IndexSync",
    "KnownVectors",
    "NodeChange",
    "NodeInput",
    "OpRegistry",
    "PlainSealer",
    "PlanRequest",
    "StoredContent",
    "TreeWriter",
    "WritePlan",
    "WritePlanner",
    "WriteUnit",
    "coerce_input",
    "content_hash",
    "core_registry",
    "get_scoped",
    "index_metadata",
    "reattach_children",
    "scope_key",
]
