"""LlamaIndex: :class:`HybridMemoryRetriever`, a ``llama_index.core`` retriever.

::

    retriever = HybridMemoryRetriever(mem, user_id="u1", top_k=5)
    nodes = retriever.retrieve("where does the user live?")   # list[NodeWithScore]

Each :class:`~llama_index.core.schema.NodeWithScore` holds a ``TextNode`` whose ``id_`` is the
memory's node id and whose text is its content, scored with the hit's score. The node's
metadata is that of the LangChain retriever (node id, type, score, created_at, task, the score
breakdown, the memory's metadata); the breakdown and ids are excluded from what LlamaIndex
shows an LLM or embeds, so prompts carry the memory and its type and date only.
"""

from __future__ import annotations

from typing import Any

from llama_index.core.callbacks import CallbackManager
from llama_index.core.retrievers import BaseRetriever
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

from hybridmem.integrations.tools import hit_metadata
from hybridmem.memory import DEFAULT_USER, HybridMemory

_HIDDEN = [
    "node_id",
    "score",
    "task_id",
    "parent_id",
    "user_id",
    "agent_id",
    "breakdown",
    "metadata",
]


class HybridMemoryRetriever(BaseRetriever):
    """Retrieves a user's memories, scoped to a task, as LlamaIndex nodes."""

    def __init__(
        self,
        memory: HybridMemory,
        *,
        user_id: str = DEFAULT_USER,
        task_id: str | None = None,
        top_k: int = 8,
        token_budget: int | None = None,
        node_types: list[str] | None = None,
        where: dict[str, Any] | None = None,
        min_score: float | None = None,
        scope: str = "task",
        agent_id: str | None = None,
        include_sensitive: bool = False,
        callback_manager: CallbackManager | None = None,
        verbose: bool = False,
    ) -> None:
        super().__init__(callback_manager=callback_manager, verbose=verbose)
        self.memory = memory
        self.user_id = user_id
        self.task_id = task_id
        self.top_k = top_k
        self.token_budget = token_budget
        self.node_types = node_types
        self.where = where
        self.min_score = min_score
        self.scope = scope
        self.agent_id = agent_id  # search as this agent (own, shared and granted memories)
        self.include_sensitive = include_sensitive
        """Also sensitive memories the question is not about (default: only when it is)."""

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        result = self.memory.retrieve(
            query_bundle.query_str,
            user_id=self.user_id,
            agent_id=self.agent_id,
            task_id=self.task_id,
            top_k=self.top_k,
            token_budget=self.token_budget,
            node_types=self.node_types,
            where=self.where,
            min_score=self.min_score,
            scope=self.scope,
            include_sensitive=self.include_sensitive,
        )
        out: list[NodeWithScore] = []
        for hit in result.hits:
            node = TextNode(
                id_=hit.node.id,
                text=hit.node.content,
                metadata=hit_metadata(hit),
                excluded_llm_metadata_keys=list(_HIDDEN),
                excluded_embed_metadata_keys=list(_HIDDEN),
            )
            out.append(NodeWithScore(node=node, score=hit.score))
        return out
