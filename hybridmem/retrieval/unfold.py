"""Unfolding summaries: the archived sources of a summary in scope stay findable through it.

Compression (:mod:`hybridmem.evolution.maintain.compression`) archives the members of finished work
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

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from hybridmem import lexical
from hybridmem.config import RetrievalConfig
from hybridmem.core import Core
from hybridmem.core.vectors import search_scope
from hybridmem.models import Hit, MemoryNode, NodeStatus
from hybridmem.retrieval.scoping import ResolvedScope

ARCHIVED = (NodeStatus.ARCHIVED.value,)


@dataclass
class Unfolded:
    """Archived sources of live summaries matching a query, with their raw evidence."""

    nodes: dict[str, MemoryNode] = field(default_factory=dict)
    bm25: dict[str, float] = field(default_factory=dict)
    cosine: dict[str, float] = field(default_factory=dict)


def unfold(
    core: Core,
    config: RetrievalConfig,
    text: str,
    vector: Any,
    resolved: ResolvedScope,
    known: Collection[str],
) -> Unfolded:
    """The best-matching archived sources (not in ``known``) of live summaries in scope."""
    n = config.unfold_sources
    out = Unfolded()
    if n <= 0 or resolved.ids == []:
        return out
    store = core.engine.store
    expression = lexical.match_expression(text)
    bm25: dict[str, float] = {}
    if expression:
        bm25 = dict(store.lexical_search(expression, resolved.scope, ARCHIVED, n))
    cosine: dict[str, float] = {}
    if vector is not None and config.vector_candidates:
        search = search_scope(
            core.engine, vector, n, resolved.scope, ARCHIVED, resolved.where, resolved.ids
        )
        cosine = {m.id: m.similarity for m in search.matches}
    wanted = (set(bm25) | set(cosine)) - set(known)
    if not wanted:
        return out
    nodes = store.get_many(wanted)
    owners = {str(x.metadata["summary_id"]) for x in nodes.values() if x.metadata.get("summary_id")}
    live = {i for i, s in store.get_many(owners).items() if s.status == NodeStatus.ACTIVE.value}
    out.nodes = {i: x for i, x in nodes.items() if x.metadata.get("summary_id") in live}
    out.bm25 = {i: v for i, v in bm25.items() if i in out.nodes}
    out.cosine = {i: v for i, v in cosine.items() if i in out.nodes}
    return out


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
