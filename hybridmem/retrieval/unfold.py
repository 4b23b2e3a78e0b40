"""Unfolding summaries: the archived sources of a summary in scope stay findable through it.

Compression (:mod:`hybridmem.evolution.compression`) archives the members of finished work
with ``metadata.summary_id`` naming the summary that replaced them. A question about a detail
the summary left out ("what DPI did the scanner need?") must still find it: after the live
candidates are gathered, the scope is searched again over archived nodes (the same lexical
and vector searches, ``RetrievalConfig.unfold_sources`` matches each), and a match becomes a
candidate when its summary is live. It is then scored like any other candidate, so it is
packed only when it matches the question better than what else fits the token budget (the
summary itself among them). Archived nodes with no live summary (faded, superseded) stay
out, as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hybridmem import lexical
from hybridmem.core.vectors import search_scope
from hybridmem.models import Hit, MemoryNode, NodeStatus
from hybridmem.retrieval.scoping import ResolvedScope

if TYPE_CHECKING:
    from hybridmem.retrieval.retriever import Candidates, Query, Retriever

ARCHIVED = (NodeStatus.ARCHIVED.value,)


def unfold(
    retriever: Retriever, q: Query, resolved: ResolvedScope, cands: Candidates, on_path: set[str]
) -> None:
    """Add the best-matching archived sources of live summaries in scope to ``cands``."""
    n = retriever.config.unfold_sources
    if n <= 0 or resolved.ids == []:
        return
    store = retriever.store
    expression = lexical.match_expression(q.embedded or q.text)
    bm25: dict[str, float] = {}
    if expression:
        bm25 = dict(store.lexical_search(expression, resolved.scope, ARCHIVED, n))
    cosine: dict[str, float] = {}
    if q.vector is not None and retriever.config.vector_candidates:
        search = search_scope(
            retriever.core.engine,
            q.vector,
            n,
            resolved.scope,
            ARCHIVED,
            resolved.where,
            resolved.ids,
        )
        cosine = {m.id: m.similarity for m in search.matches}
    wanted = (set(bm25) | set(cosine)) - set(cands.nodes) - on_path
    if not wanted:
        return
    nodes = store.get_many(wanted)
    summaries = store.get_many(
        {str(s) for s in (x.metadata.get("summary_id") for x in nodes.values()) if s}
    )
    live = {i for i, s in summaries.items() if s.status == NodeStatus.ACTIVE.value}
    added: dict[str, MemoryNode] = {
        i: x for i, x in nodes.items() if x.metadata.get("summary_id") in live
    }
    if not added:
        return
    for node_id in added:
        cands.add(node_id, "summary")
        if node_id in bm25:
            cands.bm25[node_id] = bm25[node_id]
        if node_id in cosine:
            cands.cosine[node_id] = cosine[node_id]
    cands.nodes.update(added)
    cands.unfolded.update(added)
    retriever._fill_similarity(added, cands.cosine, q.vector, {})
    cands.fuse(q.weights, retriever.config.fusion)


def prefer_details(hits: list[Hit]) -> list[Hit]:
    """Drop a summary that one of its own unfolded sources outranks: the question asks for a
    detail the source holds, and the summary would spend the token budget on the rest of the
    unit. A summary that matches better than all of its sources stays (it answers what
    happened, how it ended)."""
    best: dict[str, float] = {}
    for hit in hits:
        owner = hit.node.metadata.get("summary_id") if hit.node.status == ARCHIVED[0] else None
        if isinstance(owner, str):
            best[owner] = max(best.get(owner, 0.0), hit.score)
    if not best:
        return hits
    return [
        h
        for h in hits
        if not (h.node.node_type == "summary" and best.get(h.node.id, -1.0) >= h.score)
    ]
