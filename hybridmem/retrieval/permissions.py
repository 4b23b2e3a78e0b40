"""An agent's read set applied before ranking (issue 33).

Another agent's memories must neither appear in an agent's hits nor take its candidate slots
(a planner's 300 notes used to push the executor's own note out of the vector top-80 and the
lexical top-50, which were filtered afterwards). So the read set of
:class:`~hybridmem.core.grants.Access` (own, shared, granted agents and subtrees) goes where the
task scope goes: into every SQL scan (the store's ``scope_sql`` reads ``Scope.readers``), into
the vector index's ``where`` (the ``agent_status`` key, one ``$in`` clause), and, for granted
subtrees the index cannot name, into an exact ranking of those subtrees' stored vectors.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from hybridmem.core import Core
from hybridmem.core.grants import Access
from hybridmem.core.indexing import agent_key
from hybridmem.core.vectors import EXACT_SCOPE_LIMIT, ScopeSearch, node_vectors
from hybridmem.filters import NodeFilter
from hybridmem.index import VectorMatch
from hybridmem.retrieval.scoping import ResolvedScope
from hybridmem.store import Readers


def restrict(resolved: ResolvedScope, access: Access, statuses: Sequence[str]) -> ResolvedScope:
    """``resolved`` narrowed to ``access``'s read set (unchanged for an unscoped access)."""
    readers = access.readers()
    if readers is None:
        return resolved
    scope = replace(resolved.scope, readers=readers)
    owners = ["", *readers.agents]
    clause: dict[str, Any] = {
        "agent_status": {
            "$in": [agent_key(access.user_id, a or None, s) for a in owners for s in statuses]
        }
    }
    whole_tree = resolved.scope.task_ids is None and resolved.scope.path_prefix is None
    # The agent key holds the user and the status: on the whole tree it is the one clause
    # (Chroma pays per clause over the whole collection); in a task it narrows the task's.
    where = clause if whole_tree else {"$and": [resolved.where, clause]}
    return replace(resolved, scope=scope, where=where)


def granted_subtrees(
    core: Core,
    vector: Any,
    n: int,
    resolved: ResolvedScope,
    statuses: Sequence[str],
    found: ScopeSearch,
) -> ScopeSearch:
    """``found`` (the index's answer for the agents of the read set) with the best matches of
    the granted subtrees the index's ``where`` cannot name, ranked exactly from the stored
    vectors: the best ``n`` of both. Nothing to add when ``found`` was itself ranked exactly
    over the whole read set."""
    readers = resolved.scope.readers
    if readers is None or not readers.subtrees or found.exact:
        return found
    engine = core.engine
    granted = replace(resolved.scope, readers=Readers((), readers.subtrees, shared=False))
    model = engine.embedder.name
    kept = engine.store.scope_vectors(granted, statuses, EXACT_SCOPE_LIMIT, model)
    query = np.asarray(vector, dtype=np.float32).reshape(-1)
    if kept is not None and not kept.ids:
        return found  # no granted node in scope
    if kept is not None and kept.vectors.shape[1] == query.shape[0]:
        ids, matrix = kept.ids, kept.vectors
    else:
        # A subtree larger than the exact limit, or vectors not kept yet: the ids in SQL, the
        # vectors from wherever they are (still only the granted nodes are ranked).
        ids = engine.store.filter_ids(granted, NodeFilter(), tuple(statuses))
        vectors = node_vectors(engine, ids, model)
        ids = [i for i in ids if i in vectors]
        if not ids:
            return found
        matrix = np.stack([np.asarray(vectors[i], dtype=np.float32) for i in ids])
    norms = np.linalg.norm(matrix, axis=1) * float(np.linalg.norm(query))
    dots = matrix @ query
    cosine = np.divide(dots, norms, out=np.zeros_like(dots), where=norms > 0).tolist()
    merged = {m.id: m.similarity for m in found.matches}
    for node_id, value in zip(ids, cosine, strict=True):
        merged[node_id] = float(value)
    best = sorted(merged.items(), key=lambda kv: -kv[1])[:n]
    return ScopeSearch([VectorMatch(i, s) for i, s in best], found.cosine, exact=False)
