"""Vector search over a retrieval scope: exact from the store's vectors for a small scope,
else the vector index.

Chroma filters by metadata while it walks its HNSW graph, so a ``where``-filtered query costs
in proportion to the whole collection (measured: a 100-node task's query grows 64x from 10k to
100k nodes). A task scope is small and its rows sit together on the store's task index, and
the store keeps each node's vector beside its row (:meth:`TreeStore.store_vectors`, written by
:class:`~hybridmem.core.indexing.IndexSync` with the index entry), so up to
:data:`EXACT_SCOPE_LIMIT` nodes are ranked exactly in numpy: the cost follows the task, not
the store, and the ranking is exact where HNSW is approximate. A larger scope, a node whose
vector is not kept yet (pending, written before vectors were kept, another model's), or a
backend that keeps none goes to the vector index as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hybridmem.core.engine import Engine
from hybridmem.index import VectorMatch
from hybridmem.index.base import Metadata
from hybridmem.store import Scope

EXACT_SCOPE_LIMIT = 5000
"""Most scope nodes ranked exactly from stored vectors. Reading and ranking 5,000 384-d
vectors costs a few milliseconds, about one filtered index query at 10k nodes; a larger
scope (a whole user's tree) is what the index is for."""


@dataclass(slots=True)
class ScopeSearch:
    """The vector candidates of a query and, when the scope was ranked exactly, the cosine
    of every node in it (so other candidates need no second vector read)."""

    matches: list[VectorMatch]
    cosine: dict[str, float] = field(default_factory=dict)
    exact: bool = False


def search_scope(
    engine: Engine,
    vector: Any,
    n: int,
    scope: Scope,
    statuses: Sequence[str],
    where: Metadata | None,
    ids: Sequence[str] | None = None,
) -> ScopeSearch:
    """The ``n`` nearest nodes of ``scope`` (among ``statuses``) to ``vector``: exact over
    the stored vectors when the scope is small and fully vectorised, else the index's
    ``where``/``ids`` query (the same scope said in the index's terms). Rows a write left to
    the index backlog are indexed first: a memory just added is always found."""
    engine.backlog.drain()
    query = np.asarray(vector, dtype=np.float32).reshape(-1)
    found = None
    if scope.task_ids is not None or scope.path_prefix is not None:
        found = engine.store.scope_vectors(scope, statuses, EXACT_SCOPE_LIMIT, engine.embedder.name)
    if found is None or (found.ids and found.vectors.shape[1] != query.shape[0]):
        return ScopeSearch(engine.index.query(vector, n, where, ids))
    if not found.ids:
        return ScopeSearch([], {}, exact=True)
    cosine = _cosine(found.vectors, query)
    top = min(n, len(found.ids))
    best = np.argpartition(-cosine, top - 1)[:top] if top < len(found.ids) else np.arange(top)
    best = best[np.argsort(-cosine[best], kind="stable")]
    values = cosine.tolist()
    matches = [VectorMatch(found.ids[i], values[i]) for i in best.tolist()]
    return ScopeSearch(matches, dict(zip(found.ids, values, strict=True)), exact=True)


def node_vectors(engine: Engine, ids: Sequence[str], model: str) -> dict[str, Any]:
    """The vectors of ``ids`` (those that have one): the copies the store keeps beside the
    rows, the vector index only for nodes without a current copy (pending, indexed before
    vectors were kept, or by another model). ``model``: the engine's embedder's name.

    The copies first: they are the model's own vectors (the index hands back its re-normalised
    copy, within 2e-8), one read off the store's id index (~7 ms per 500 at 95k nodes, where
    Chroma's ``get`` took 18-70 ms), and there in every process: one that does not own the
    embedded index gets no vectors from it."""
    if not ids:
        return {}
    found = engine.store.kept_vectors(ids, model)
    missing = [i for i in ids if i not in found]
    if missing:
        found.update(engine.index.get_vectors(missing))
    return found


def _cosine(matrix: Any, query: Any) -> Any:
    """Cosine of each row with ``query`` (what the index's cosine space computes; zero rows
    score 0)."""
    norms = np.linalg.norm(matrix, axis=1) * float(np.linalg.norm(query))
    dots = matrix @ query
    return np.divide(dots, norms, out=np.zeros_like(dots), where=norms > 0).astype(np.float64)
