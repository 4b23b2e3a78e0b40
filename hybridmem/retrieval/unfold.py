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

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from hybridmem import lexical
from hybridmem.config import RetrievalConfig
from hybridmem.core import Core
from hybridmem.core.vectors import search_scope
from hybridmem.models import Hit, MemoryNode, NodeStatus, TimeWindow
from hybridmem.retrieval.expansion import adjacent_siblings
from hybridmem.retrieval.scoping import ResolvedScope
from hybridmem.store import TreeStore

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
    window: TimeWindow | None = None,
) -> Unfolded:
    """The best-matching archived sources (not in ``known``) of live summaries in scope;
    with a ``window`` (the question names a time), those written in it too, as the live
    candidates are gathered."""
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
    timed: set[str] = set()
    if window is not None and config.time_candidates:
        timed = set(
            store.created_between(
                resolved.scope, ARCHIVED, window.start, window.end, config.time_candidates
            )
        )
    wanted = (set(bm25) | set(cosine) | timed) - set(known)
    if not wanted:
        return out
    nodes = store.get_many(wanted)
    owners = {str(x.metadata["summary_id"]) for x in nodes.values() if x.metadata.get("summary_id")}
    live = {i for i, s in store.get_many(owners).items() if s.status == NodeStatus.ACTIVE.value}
    out.nodes = {i: x for i, x in nodes.items() if x.metadata.get("summary_id") in live}
    out.bm25 = {i: v for i, v in bm25.items() if i in out.nodes}
    out.cosine = {i: v for i, v in cosine.items() if i in out.nodes}
    return out


def folded_neighbours(
    store: TreeStore,
    turns: Sequence[MemoryNode],
    unfolded: Collection[str],
    window_seconds: float,
) -> dict[str, tuple[str, ...]]:
    """The adjacent siblings of the unfolded turns among their archived siblings: a
    conversation's session compressed into a summary keeps its turns in order below it, so
    the turn that answers an unfolded question turn is found as it was when both were live
    (LoCoMo conv-26, MiniLM, 30 days after the last session and a maintenance run: evidence
    recall at 1,000 tokens 0.675 when unfolded turns had no neighbours, 0.78 live)."""
    folded = [n for n in turns if n.id in unfolded]
    if not folded:
        return {}
    return adjacent_siblings(store, folded, ARCHIVED, window_seconds)


def summary_backed(
    store: TreeStore, nodes: dict[str, MemoryNode], statuses: Collection[str]
) -> tuple[dict[str, MemoryNode], set[str]]:
    """``nodes`` without the archived ones no live summary holds, and the ids of those it
    does (they are scored like unfolded sources)."""
    archived = {i: n for i, n in nodes.items() if n.status not in statuses}
    if not archived:
        return nodes, set()
    owners = {str(n.metadata.get("summary_id")) for n in archived.values()} - {"None"}
    live = {i for i, s in store.get_many(owners).items() if s.status == NodeStatus.ACTIVE.value}
    backed = {i for i, n in archived.items() if n.metadata.get("summary_id") in live}
    keep = {i: n for i, n in nodes.items() if i not in archived or i in backed}
    return keep, backed


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
