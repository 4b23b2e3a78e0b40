"""Task-scoped hybrid retrieval: scope -> candidates -> explainable score -> budget packing.

1. Scope: the user's nodes, narrowed to the active task subtree (the given ``task_id``, else
   the nearest task above the user's active node). The ancestor chain is always shown.
2. Candidates: vector top-N from Chroma (filtered in ``where``) ∪ lexical top-N from FTS5
   (filtered in SQL) ∪ structural ones (recent children of the active node).
3. Score: a weighted mean of similarity, lexical match, importance, recency, confidence, use
   and tree proximity (see :mod:`hybridmem.scoring`); nodes under ``min_weight`` are dropped.
4. Pack: ancestor path first, then hits while they fit the token budget.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from hybridmem import lexical, scoring
from hybridmem.config import ScoreWeights
from hybridmem.core import Core, scope_key
from hybridmem.errors import NodeNotFoundError
from hybridmem.evolution.history import group_values
from hybridmem.filters import NodeFilter
from hybridmem.models import Hit, MemoryNode, RetrievalResult
from hybridmem.retrieval.context import pack
from hybridmem.retrieval.entities import query_names, speaker_feature
from hybridmem.retrieval.expansion import adjacent_siblings, neighbour_feature, parent_feature
from hybridmem.retrieval.language import similarity_scale
from hybridmem.retrieval.visibility import visibility
from hybridmem.store import Scope, TreeStore


@dataclass(frozen=True, slots=True)
class ResolvedScope:
    """The scope node (None: whole user), the SQL scope and the Chroma filter for it."""

    node: MemoryNode | None
    scope: Scope
    where: dict[str, Any]
    ids: list[str] | None


MAX_FILTER_IDS = 5000
"""Largest id list a filtered retrieval hands to the vector index (see ``Retriever.narrow``)."""


def _key_filter(field: str, keys: list[str]) -> dict[str, Any]:
    return {field: keys[0]} if len(keys) == 1 else {field: {"$in": keys}}


class Retriever:
    """Runs one retrieval against the stores. Holds no state between calls."""

    def __init__(self, core: Core) -> None:
        self.core = core

    @property
    def store(self) -> TreeStore:
        return self.core.engine.store

    def resolve_scope(
        self, user_id: str, task_id: str | None, active: MemoryNode | None
    ) -> ResolvedScope:
        """Pick the subtree a query may see; applied before any ranking."""
        cfg = self.core.engine.config.retrieval
        statuses = list(cfg.include_statuses)
        node: MemoryNode | None = None
        if cfg.use_tree_scope:
            if task_id is not None:
                node = self.store.get(task_id)
                if node is None or node.user_id != user_id:
                    raise NodeNotFoundError(f"no node {task_id!r} for user {user_id!r}")
            elif active is not None:
                node = self.store.get(active.task_id)
        user_where = _key_filter("user_status", [scope_key(user_id, s) for s in statuses])
        if node is None or node.parent_id is None:
            # No task, or the user's root: the whole tree is the scope.
            return ResolvedScope(node, Scope(user_id), user_where, None)
        if node.node_type in self.core.engine.config.scope_types:
            scope_types = self.core.engine.config.scope_types
            tasks = [node.id, *self.store.descendant_scope_ids(node, scope_types)]
            # Task ids are unique and belong to one user, so this one clause implies the user.
            where = _key_filter("task_status", [scope_key(t, s) for t in tasks for s in statuses])
            return ResolvedScope(node, Scope(user_id, node.id, task_ids=tuple(tasks)), where, None)
        # A non-task node as scope (e.g. a session): filter Chroma by the subtree's ids.
        ids = [n.id for n in self.store.subtree(node)]
        scope = Scope(user_id, node.id, path_prefix=node.path_prefix_for_children())
        return ResolvedScope(node, scope, user_where, ids)

    def retrieve(
        self,
        query: str,
        *,
        user_id: str,
        task_id: str | None,
        top_k: int,
        token_budget: int | None,
        agent_id: str | None = None,
        session_id: str | None = None,
        node_filter: NodeFilter | None = None,
        min_score: float | None = None,
    ) -> RetrievalResult:
        """One retrieval. The query is embedded first, with no lock held, so concurrent
        retrieves (and writes) of one process do not wait behind the model.

        ``node_filter`` (types, metadata) narrows the candidates (see :meth:`narrow`);
        ``min_score`` drops hits scoring below it before packing."""
        engine = self.core.engine
        cfg = engine.config.retrieval
        visible: Callable[[MemoryNode], bool] | None = None
        if agent_id is not None or session_id is not None:
            visible = visibility(user_id, agent_id, session_id)
        wants_vector = cfg.vector_candidates > 0 or cfg.weights.similarity > 0
        vector = engine.embedder.embed([query])[0] if wants_vector else None
        now = engine.now()
        # Lean on the lexical path for a script the embedder cannot read, if there is one.
        lexical_on = cfg.lexical_candidates > 0 and cfg.weights.lexical > 0
        scale = similarity_scale(engine.embedder, query) if lexical_on else 1.0
        weights = _weights_for(cfg.weights, scale)
        active_id = self.store.get_active(user_id)
        active = self.store.get(active_id) if active_id else None
        resolved = self.resolve_scope(user_id, task_id, active)
        allowed: set[str] | None = None
        if node_filter is not None and not node_filter.empty:
            resolved, allowed = self.narrow(resolved, node_filter)
        scope_node = resolved.node

        # The anchor is where the agent "is": the active node when it lies in scope.
        anchor = scope_node
        if active is not None and (
            scope_node is None or active.id == scope_node.id or scope_node.id in active.path
        ):
            anchor = active
        path_ids = [*anchor.path, anchor.id] if anchor is not None else []
        path_nodes_by_id = self.store.get_many(path_ids)
        path = [path_nodes_by_id[i] for i in path_ids if i in path_nodes_by_id]
        if visible is not None:
            # Agent/session scoping (privacy.isolation) on top of the user scope.
            path = [n for n in path if visible(n)]
        on_path = set(path_ids)

        sources: dict[str, set[str]] = {}
        similarity: dict[str, float] = {}
        if cfg.vector_candidates and vector is not None:
            for match in self.core.engine.index.query(
                vector, cfg.vector_candidates, resolved.where, resolved.ids
            ):
                similarity[match.id] = match.similarity
                sources.setdefault(match.id, set()).add("vector")
        lexical_raw: dict[str, float] = {}
        expression = lexical.match_expression(query) if cfg.lexical_candidates else None
        if expression:
            for node_id, value in self.store.lexical_search(
                expression, resolved.scope, cfg.include_statuses, cfg.lexical_candidates
            ):
                lexical_raw[node_id] = value
                sources.setdefault(node_id, set()).add("lexical")
        if active is not None and cfg.recent_children and active.id in on_path:
            for child in self.store.recent_children(
                active.id, cfg.recent_children, cfg.include_statuses
            ):
                sources.setdefault(child.id, set()).add("structure")

        nodes = self.store.get_many(i for i in sources if i not in on_path)
        query_vec = vector
        self._fill_similarity(nodes, similarity, query_vec)
        top_lex = max(lexical_raw.values(), default=0.0)
        lex = {i: v / top_lex for i, v in lexical_raw.items()} if top_lex else {}
        relevance = _relevance(nodes, similarity, lex, weights)

        neighbours: dict[str, tuple[str, ...]] = {}
        if weights.neighbour > 0 or cfg.expand_neighbours:
            neighbours = adjacent_siblings(
                self.store,
                nodes.values(),
                cfg.include_statuses,
                window_seconds=cfg.neighbour_window_minutes * 60.0,
            )
        if cfg.expand_neighbours:
            best = sorted(relevance, key=lambda i: -relevance[i])[: cfg.expand_neighbours]
            extra = {n for i in best for n in neighbours.get(i, ())} - set(nodes) - on_path
            if extra:
                added = self.store.get_many(extra)
                for node_id in added:
                    sources.setdefault(node_id, set()).add("neighbour")
                self._fill_similarity(added, similarity, query_vec)
                relevance.update(_relevance(added, similarity, lex, weights))
                nodes.update(added)
        parent_rel = parent_feature(relevance, nodes) if weights.parent > 0 else {}

        names = query_names(query)
        half_lives = self.core.engine.config.evolution.half_lives.as_dict()
        hits: list[Hit] = []
        for node_id, node in nodes.items():
            if node.user_id != user_id or node.status not in cfg.include_statuses:
                continue
            if visible is not None and not visible(node):
                continue
            if allowed is not None and node_id not in allowed:
                continue
            half_life = scoring.half_life_for(node, cfg.recency_half_life_days, half_lives)
            weight = scoring.node_weight(node, now, weights, half_life)
            if weight < cfg.min_weight:
                continue
            features = {
                "similarity": max(similarity.get(node_id, 0.0), 0.0),
                "lexical": lex.get(node_id, 0.0),
                "importance": node.importance,
                "recency": scoring.recency(node, now, half_life),
                "confidence": node.confidence,
                "use": scoring.use(node),
                "tree": scoring.tree_proximity(node, anchor),
                "neighbour": neighbour_feature(relevance, neighbours, node_id),
                "parent": parent_rel.get(node_id, 0.0),
                "speaker": speaker_feature(node.content, names) if weights.speaker > 0 else 0.0,
            }
            breakdown = scoring.score(
                features, weights, weight=weight, sources=tuple(sorted(sources[node_id]))
            )
            hits.append(Hit(node=node, score=breakdown.score, breakdown=breakdown))
        hits.sort(key=lambda h: (-h.score, -h.node.seq))
        if min_score is not None:
            hits = [h for h in hits if h.score >= min_score]
        hits, notes = group_values(self.store, user_id, hits, top_k)

        packed = pack(
            path,
            hits,
            top_k=top_k,
            budget=token_budget,
            counter=self.core.engine.counter,
            style=cfg.context_format,
            notes=notes,
        )
        self.core.engine.store.touch([h.node.id for h in packed.hits], now)
        return RetrievalResult(
            query=query,
            user_id=user_id,
            scope_id=scope_node.id if scope_node else None,
            hits=packed.hits,
            path=packed.path,
            context=packed.context,
            tokens=packed.tokens,
            candidates=len(hits),
            dropped_for_budget=packed.dropped,
        )

    def narrow(
        self, resolved: ResolvedScope, node_filter: NodeFilter
    ) -> tuple[ResolvedScope, set[str]]:
        """The scope's nodes passing ``node_filter`` (one SQL query), and the scope with the
        vector search restricted to them, so a selective filter still gets its nearest
        neighbours rather than whatever of the unfiltered top-N survives. Past
        ``MAX_FILTER_IDS`` ids (a broad filter) Chroma gets no id list (it would be one huge
        IN-list per query); the candidates are then filtered after the search."""
        statuses = self.core.engine.config.retrieval.include_statuses
        ids = self.store.filter_ids(resolved.scope, node_filter, statuses)
        if resolved.ids is not None:
            inside = set(resolved.ids)
            ids = [i for i in ids if i in inside]
        if len(ids) <= MAX_FILTER_IDS:
            resolved = replace(resolved, ids=ids)
        return resolved, set(ids)

    def _fill_similarity(
        self, nodes: dict[str, MemoryNode], similarity: dict[str, float], query_vec: Any
    ) -> None:
        """Lexical, structural and expanded candidates get a real similarity too, from their
        stored vectors, so every candidate is scored on the same footing."""
        missing = [i for i in nodes if i not in similarity]
        if missing and query_vec is not None:
            for node_id, vec in self.core.engine.index.get_vectors(missing).items():
                similarity[node_id] = float(vec @ query_vec)


def _relevance(
    nodes: dict[str, MemoryNode],
    similarity: dict[str, float],
    lex: dict[str, float],
    weights: ScoreWeights,
) -> dict[str, float]:
    """The query-dependent part of the score (similarity and lexical), in [0, 1]."""
    total = weights.similarity + weights.lexical
    if total <= 0:
        return dict.fromkeys(nodes, 0.0)
    return {
        i: (
            weights.similarity * max(similarity.get(i, 0.0), 0.0)
            + weights.lexical * lex.get(i, 0.0)
        )
        / total
        for i in nodes
    }


def _weights_for(weights: ScoreWeights, scale: float) -> ScoreWeights:
    """The effective weights for one query.

    Similarity counts only as far as the embedder reads the query's script (``scale``). The
    propagated features (neighbour, parent: other nodes' relevance) are shares of the direct
    relevance weight (similarity + lexical), so another node's match never outweighs a node's
    own, whatever the configuration or the query's language.
    """
    similarity = weights.similarity * min(max(scale, 0.0), 1.0)
    direct = similarity + weights.lexical
    values = weights.as_dict()
    values.update(
        similarity=similarity,
        neighbour=weights.neighbour * direct,
        parent=weights.parent * direct,
    )
    if sum(values.values()) <= 0:
        return weights  # nothing else to rank by: keep the configured view
    return replace(weights, **values)
