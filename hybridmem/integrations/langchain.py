"""LangChain: :class:`HybridMemoryRetriever`, a ``langchain_core`` retriever over ``retrieve``.

::

    retriever = HybridMemoryRetriever(memory=mem, user_id="u1", top_k=5)
    docs = retriever.invoke("where does the user live?")   # list[Document]

Each :class:`~langchain_core.documents.Document` is one hit: ``page_content`` is the memory's
text, ``id`` its node id, and ``metadata`` carries ``node_id``, ``node_type``, ``score``,
``created_at`` (ISO-8601), ``task_id``, ``parent_id``, ``breakdown`` (the score's features,
weights and parts, see :meth:`hybridmem.models.ScoreBreakdown.to_dict`) and the memory's own
``metadata``. The task scope, filters and budget of :meth:`HybridMemory.retrieve` are fields.
``ainvoke`` runs the retrieval in a worker thread (LangChain's default), so an event loop is
never blocked by the embedder.

A LangGraph ``BaseStore`` over the same memory is in :mod:`hybridmem.integrations.langgraph`.
"""

from __future__ import annotations

from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict, Field

from hybridmem.integrations.tools import hit_metadata
from hybridmem.memory import DEFAULT_USER, HybridMemory


class HybridMemoryRetriever(BaseRetriever):
    """Retrieves a user's memories, scoped to a task, as LangChain documents."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    memory: HybridMemory = Field(description="The open memory to search.")
    user_id: str = DEFAULT_USER
    task_id: str | None = Field(default=None, description="Default: the user's active task.")
    top_k: int = 8
    token_budget: int | None = None
    node_types: list[str] | None = None
    where: dict[str, Any] | None = Field(default=None, description="Metadata filter.")
    min_score: float | None = None
    scope: str = Field(default="task", description="'task' (default) or 'user' (whole tree).")
    include_sensitive: bool = Field(
        default=False,
        description="Also sensitive memories the question is not about (default: only when "
        "it is about them).",
    )

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun
    ) -> list[Document]:
        result = self.memory.retrieve(
            query,
            user_id=self.user_id,
            task_id=self.task_id,
            top_k=self.top_k,
            token_budget=self.token_budget,
            node_types=self.node_types,
            where=self.where,
            min_score=self.min_score,
            scope=self.scope,
            include_sensitive=self.include_sensitive,
        )
        return [
            Document(id=h.node.id, page_content=h.node.content, metadata=hit_metadata(h))
            for h in result.hits
        ]
