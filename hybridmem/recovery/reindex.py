"""Changing the embedding model without a moment where neither model opens the store.

``HybridMemory(path, embedder=new, reindex=True)`` used to switch the store's recorded
embedder first and then drop and refill the collection, so a kill in between left a store
whose rows said one model and whose vectors were the other's (or missing). Now:

1. the store opens with the model it records, on its active collection;
2. every node is embedded with the new model into the *other* collection of a pair
   (``<name>`` and ``<name>.reindex``), recreated empty first;
3. one SQLite transaction switches the recorded model, its dimension and the active
   collection, and marks indexed exactly the rows whose vector was built at their current
   version (rows other processes changed meanwhile stay pending and are embedded next);
4. the old collection is dropped.

A kill before 3 leaves the old model in charge (the half-built collection is dropped by the
next open; opening with the new model says to run the re-index again, which works); a kill
after 3 leaves the new one (the old collection is dropped by the next open). Either way the
store opens with one of the two models.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from hybridmem.core import Core, index_metadata
from hybridmem.embedding.base import Embedder
from hybridmem.errors import EmbedderMismatchError
from hybridmem.models import IndexState
from hybridmem.store import Meta

log = logging.getLogger(__name__)

COLLECTION_META = "index.collection"
"""``{"requested": <name the caller asked for>, "physical": <collection in use>}``."""
SIDE_SUFFIX = ".reindex"
_BATCH = 2000


@dataclass(frozen=True, slots=True)
class IndexPlan:
    """How to open the vector index of a store."""

    embedder_name: str
    dimension: int
    collection: str
    switch: bool
    """A re-index into the other collection follows the open."""


def active_collection(store: Meta, requested: str) -> str:
    """The collection holding ``requested``'s vectors now (a re-index may have switched)."""
    raw = store.get_meta(COLLECTION_META)
    if raw:
        mapping = json.loads(raw)
        if mapping.get("requested") == requested:
            return str(mapping["physical"])
    return requested


def other_collection(requested: str, active: str) -> str:
    """The other collection of the pair: where the next re-index builds."""
    return f"{requested}{SIDE_SUFFIX}" if active == requested else requested


def plan_index(store: Meta, embedder: Embedder, *, requested: str, reindex: bool) -> IndexPlan:
    """The model, dimension and collection to open with; refuses a model other than the
    store's unless ``reindex``."""
    stored_name = store.get_meta("embedder")
    stored_dim = store.get_meta("dimension")
    active = active_collection(store, requested)
    if stored_name is None:
        store.set_meta("embedder", embedder.name)
        store.set_meta("dimension", str(embedder.dimension))
        return IndexPlan(embedder.name, embedder.dimension, active, False)
    if stored_name != embedder.name and not reindex:
        raise EmbedderMismatchError(
            f"this store was built with embedder {stored_name!r} ({stored_dim} dims) but "
            f"was opened with {embedder.name!r}. Open it with the same embedder, or "
            "re-embed everything with HybridMemory(path, embedder=..., reindex=True) "
            "(CLI: hybridmem reindex --embedder ...)"
        )
    return IndexPlan(stored_name, int(stored_dim or embedder.dimension), active, reindex)


def switch_embedder(core: Core, requested: str) -> int:
    """Re-embed every node with the engine's embedder into the other collection, then switch
    to it in one transaction (see the module docstring); return how many nodes."""
    engine = core.engine
    guarded = engine.index
    # A follower cannot re-index: ``inner`` raises IndexNotOwnedError, saying what to do.
    inner: Any = getattr(guarded, "inner", guarded)
    if not hasattr(inner, "sibling"):
        return _rebuild_in_place(core)
    store = engine.store
    active = str(inner.name)
    side_name = other_collection(requested, active)
    side = inner.sibling(
        side_name,
        embedder_name=engine.embedder.name,
        dimension=engine.embedder.dimension,
        recreate=True,
    )
    built = []
    ids = store.all_ids()
    for start in range(0, len(ids), _BATCH):
        nodes = list(store.get_many(ids[start : start + _BATCH]).values())
        if not nodes:
            continue
        vectors = engine.embed([n.content for n in nodes])
        side.upsert([n.id for n in nodes], vectors, [index_metadata(n) for n in nodes])
        store.store_vectors(nodes, vectors, engine.embedder.name)
        built.extend(nodes)
    with engine.write():
        store.set_meta("embedder", engine.embedder.name)
        store.set_meta("dimension", str(engine.embedder.dimension))
        store.set_meta(COLLECTION_META, json.dumps({"requested": requested, "physical": side_name}))
        store.set_index_state_all(IndexState.PENDING.value)
        store.mark_indexed(built)
    if hasattr(guarded, "swap_inner"):
        guarded.swap_inner(side)
    else:
        engine.index = side
    side.drop_collection(active)
    return len(built) + core.indexer.finish_pending()


def _rebuild_in_place(core: Core) -> int:
    """An index without collections (the in-memory fake, a custom one): switch the recorded
    model with every row pending, then refill (a kill in between is finished on open)."""
    engine = core.engine
    with engine.write():
        engine.store.set_meta("embedder", engine.embedder.name)
        engine.store.set_meta("dimension", str(engine.embedder.dimension))
        engine.store.set_index_state_all(IndexState.PENDING.value)
    return core.indexer.rebuild()


def drop_stale_collection(core: Core, requested: str) -> bool:
    """On the owner's open: drop the pair's inactive collection, which only a re-index
    killed half way (before or after its switch) leaves behind."""
    inner: Any = getattr(core.engine.index, "inner", core.engine.index)
    if not hasattr(inner, "drop_collection"):
        return False
    stale = other_collection(requested, str(inner.name))
    dropped = bool(inner.drop_collection(stale))
    if dropped:
        log.warning("dropped collection %s left by an interrupted re-index", stale)
    return dropped


__all__ = [
    "COLLECTION_META",
    "IndexPlan",
    "active_collection",
    "drop_stale_collection",
    "other_collection",
    "plan_index",
    "switch_embedder",
]
