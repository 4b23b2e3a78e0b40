"""LangChain: :class:`HybridMemoryRetriever`, a ``langchain_core`` retriever over ``retrieve``.

::

    retriever = HybridMemoryRetriever(memory=mem, user_id="u1", top_k=5)
    docs = retriever.invoke("where does the user live?")   # list[Document]
    docs = retriever.invoke("where does the user live?", top_k=1)   # per call (or k=1)

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

import asyncio
from typing import Any

from langchain_core.callbacks import (
    AsyncCallbackManagerForRetrieverRun,
    CallbackManagerForRetrieverRun,
)
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict, Field

from hybridmem.errors import InvalidArgumentError
from hybridmem.integrations.tools import hit_metadata
from hybridmem.memory import DEFAULT_USER, HybridMemory

PER_CALL = ("task_id", "top_k", "token_budget", "node_types", "where", "min_score", "scope")
"""The fields ``invoke`` also takes per call (the user and the agent stay the retriever's)."""


class HybridMemoryRetriever(BaseRetriever):
    """Retrieves a user's memories, scoped to a task, as LangChain documents."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    memory: HybridMemory = Field(description="The open memory to search.")
    user_id: str = DEFAULT_USER
    agent_id: str | None = Field(
        default=None,
        description="Search as this agent: its own, the shared and the granted memories only.",
    )
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
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun, **kwargs: Any
    ) -> list[Document]:
        """``kwargs``: per-call values of the fields (``invoke(q, top_k=3)``, ``k`` being
        LangChain's usual name for ``top_k``); the retriever itself is left unchanged."""
        if "k" in kwargs:
            if "top_k" in kwargs:
                raise InvalidArgumentError("give top_k or k, not both")
            kwargs["top_k"] = kwargs.pop("k")
        unknown = sorted(set(kwargs) - set(PER_CALL))
        if unknown:
            raise InvalidArgumentError(
                f"unknown retriever argument(s) {unknown}; per call: {', '.join(PER_CALL)} (or k)"
            )
        given = {name: kwargs.get(name, getattr(self, name)) for name in PER_CALL}
        result = self.memory.retrieve(
            query,
            user_id=self.user_id,
            agent_id=self.agent_id,
            include_sensitive=self.include_sensitive,
            **given,
        )
        return [
            Document(id=h.node.id, page_content=h.node.content, metadata=hit_metadata(h))
            for h in result.hits
        ]

    async def _aget_relevant_documents(
        self, query: str, *, run_manager: AsyncCallbackManagerForRetrieverRun, **kwargs: Any
    ) -> list[Document]:
        """:meth:`_get_relevant_documents` in a worker thread (the embedder never blocks the
        event loop), with the same per-call values."""
        return await asyncio.to_thread(
            self._get_relevant_documents, query, run_manager=run_manager.get_sync(), **kwargs
        )
