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

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from hybridmem import lexical, scoring
from hybridmem.config import MemoryConfig
from hybridmem.context import pack
from hybridmem.embedding.base import Embedder
from hybridmem.errors import NodeNotFoundError
from hybridmem.evolution.history import group_values
from hybridmem.index import ChromaIndex
from hybridmem.models import Hit, MemoryNode, RetrievalResult
from hybridmem.store import Scope, SQLiteStore
from hybridmem.tokens import TokenCounter


@dataclass(frozen=True, slots=True)
class ResolvedScope:
    """The scope node (None: whole user), the SQL scope and the Chroma filter for it."""

    node: MemoryNode | None
    scope: Scope
    where: dict[str, Any]
    ids: list[str] | None


class Retriever:
    """Runs one retrieval against the stores. Holds no state between calls."""

    def __init__(
        self,
        store: SQLiteStore,
        index: ChromaIndex,
        embedder: Embedder,
        config: MemoryConfig,
        counter: TokenCounter,
    ) -> None:
        self.store = store
        self.index = index
        self.embedder = embedder
        self.config = config
        self.counter = counter

    def resolve_scope(
        self, user_id: str, task_id: str | None, active: MemoryNode | None
    ) -> ResolvedScope:
        """Pick the subtree a query may see; applied before any ranking."""
        cfg = self.config.retrieval
        statuses = list(cfg.include_statuses)
        base: list[dict[str, Any]] = [{"user_id": user_id}, {"status": {"$in": statuses}}]
        node: MemoryNode | None = None
        if cfg.use_tree_scope:
            if task_id is not None:
                node = self.store.get(task_id)
                if node is None or node.user_id != user_id:
                    raise NodeNotFoundError(f"no node {task_id!r} for user {user_id!r}")
            elif active is not None:
                node = self.store.get(active.task_id)
        if node is None or node.parent_id is None:
            # No task, or the user's root: the whole tree is the scope.
            return ResolvedScope(node, Scope(user_id), {"$and": base}, None)
        if node.node_type in self.config.scope_types:
            tasks = [node.id, *self.store.descendant_scope_ids(node, self.config.scope_types)]
            where = {"$and": [*base, {"task_id": {"$in": tasks}}]}
            return ResolvedScope(node, Scope(user_id, node.id, task_ids=tuple(tasks)), where, None)
        # A non-task node as scope (e.g. a session): filter Chroma by the subtree's ids.
        ids = [n.id for n in self.store.subtree(node)]
        scope = Scope(user_id, node.id, path_prefix=node.path_prefix_for_children())
        return ResolvedScope(node, scope, {"$and": base}, ids)

    def retrieve(
        self,
        query: str,
        *,
        user_id: str,
        task_id: str | None,
        top_k: int,
        token_budget: int | None,
        now: datetime,
    ) -> RetrievalResult:
        cfg = self.config.retrieval
        active_id = self.store.get_active(user_id)
        active = self.store.get(active_id) if active_id else None
        resolved = self.resolve_scope(user_id, task_id, active)
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
        on_path = set(path_ids)

        sources: dict[str, set[str]] = {}
        similarity: dict[str, float] = {}
        if cfg.vector_candidates:
            vector = self.embedder.embed([query])[0]
            for match in self.index.query(
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
        missing = [i for i in nodes if i not in similarity]
        if missing and cfg.weights.similarity > 0:
            # Lexical and structural candidates get a real similarity too, from their stored
            # vectors, so the two paths are scored on the same footing.
            query_vec = vector if cfg.vector_candidates else self.embedder.embed([query])[0]
            for node_id, vec in self.index.get_vectors(missing).items():
                similarity[node_id] = float(vec @ query_vec)
        top_lex = max(lexical_raw.values(), default=0.0)
        half_lives = self.config.evolution.half_lives.as_dict()
        hits: list[Hit] = []
        for node_id, node in nodes.items():
            if node.user_id != user_id or node.status not in cfg.include_statuses:
                continue
            half_life = scoring.half_life_for(node, cfg.recency_half_life_days, half_lives)
            weight = scoring.node_weight(node, now, cfg.weights, half_life)
            if weight < cfg.min_weight:
                continue
            features = {
                "similarity": max(similarity.get(node_id, 0.0), 0.0),
                "lexical": lexical_raw.get(node_id, 0.0) / top_lex if top_lex else 0.0,
                "importance": node.importance,
                "recency": scoring.recency(node, now, half_life),
                "confidence": node.confidence,
                "use": scoring.use(node),
                "tree": scoring.tree_proximity(node, anchor),
            }
            breakdown = scoring.score(
                features, cfg.weights, weight=weight, sources=tuple(sorted(sources[node_id]))
            )
            hits.append(Hit(node=node, score=breakdown.score, breakdown=breakdown))
        hits.sort(key=lambda h: (-h.score, -h.node.seq))
        hits, notes = group_values(self.store, user_id, hits, top_k)

        packed = pack(
            path, hits, top_k=top_k, budget=token_budget, counter=self.counter, notes=notes
        )
        self.store.touch([h.node.id for h in packed.hits], now)
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
