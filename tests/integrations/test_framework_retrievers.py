"""The LangChain and LlamaIndex retrievers, called through their frameworks' own APIs."""

from __future__ import annotations

import asyncio
from datetime import datetime

import pytest
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever as LCRetriever
from langchain_core.runnables import RunnableLambda
from llama_index.core.llms import MockLLM
from llama_index.core.query_engine import RetrieverQueryEngine
from llama_index.core.retrievers import BaseRetriever as LIRetriever
from llama_index.core.schema import MetadataMode, NodeWithScore

from hybridmem.errors import NodeNotFoundError
from hybridmem.integrations.langchain import HybridMemoryRetriever as LangChainRetriever
from hybridmem.integrations.llamaindex import HybridMemoryRetriever as LlamaRetriever


@pytest.fixture
def trips(mem):
    lisbon = mem.add("Trip to Lisbon", node_type="task", user_id="u1")
    flight = mem.add(
        "Booked the flight to Lisbon for May 3", user_id="u1", metadata={"kind": "booking"}
    )
    hotel = mem.add("Hotel in Alfama, two nights", user_id="u1", metadata={"kind": "booking"})
    mem.add("Prefers aisle seats", node_type="preference", user_id="u1")
    tax = mem.add("Tax return", node_type="task", user_id="u1")
    mem.add("Booked the accountant for the tax return", parent_id=tax.id, user_id="u1")
    mem.add("u2 flies to Lisbon too", user_id="u2")
    return {"lisbon": lisbon, "flight": flight, "hotel": hotel, "tax": tax}


def test_langchain_invoke_returns_documents_with_the_hit_metadata(mem, trips):
    retriever = LangChainRetriever(memory=mem, user_id="u1", task_id=trips["lisbon"].id, top_k=3)
    assert isinstance(retriever, LCRetriever)
    docs = retriever.invoke("flight to Lisbon")
    assert docs and all(isinstance(d, Document) for d in docs)
    first = docs[0]
    assert first.id == trips["flight"].id
    assert first.page_content == "Booked the flight to Lisbon for May 3"
    meta = first.metadata
    assert meta["node_id"] == trips["flight"].id and meta["node_type"] == "event"
    assert datetime.fromisoformat(meta["created_at"]) == trips["flight"].created_at
    assert meta["task_id"] == trips["lisbon"].id
    assert meta["metadata"] == {"kind": "booking"}
    assert set(meta["breakdown"]["features"]) >= {"similarity", "recency", "importance"}
    assert meta["score"] == pytest.approx(meta["breakdown"]["score"])
    scores = [d.metadata["score"] for d in docs]
    assert scores == sorted(scores, reverse=True)
    # The task scope holds: nothing from the tax task or another user.
    assert all(d.metadata["user_id"] == "u1" for d in docs)
    assert "accountant" not in " ".join(d.page_content for d in docs)


def test_langchain_filters_async_batch_and_composition(mem, trips):
    retriever = LangChainRetriever(
        memory=mem, user_id="u1", task_id=trips["lisbon"].id, where={"kind": "booking"}
    )
    docs = asyncio.run(retriever.ainvoke("hotel"))
    assert {d.id for d in docs} == {trips["flight"].id, trips["hotel"].id}
    prefs = LangChainRetriever(memory=mem, user_id="u1", node_types=["preference"])
    assert [d.page_content for d in prefs.invoke("seats")] == ["Prefers aisle seats"]
    batched = retriever.batch(["hotel", "flight"])
    assert [len(b) for b in batched] == [2, 2]
    chain = retriever | RunnableLambda(lambda ds: "\n".join(d.page_content for d in ds))
    assert "Alfama" in chain.invoke("hotel")
    with pytest.raises(NodeNotFoundError):
        LangChainRetriever(memory=mem, user_id="u2", task_id=trips["lisbon"].id).invoke("x")


def test_llamaindex_retrieve_returns_scored_nodes(mem, trips):
    retriever = LlamaRetriever(mem, user_id="u1", task_id=trips["lisbon"].id, top_k=3)
    assert isinstance(retriever, LIRetriever)
    found = retriever.retrieve("flight to Lisbon")
    assert found and all(isinstance(n, NodeWithScore) for n in found)
    first = found[0]
    assert first.node.node_id == trips["flight"].id
    assert first.node.get_content() == "Booked the flight to Lisbon for May 3"
    assert first.score == pytest.approx(first.node.metadata["score"])
    assert first.node.metadata["node_type"] == "event"
    # What an LLM sees: the memory, its type and date, not the score breakdown.
    shown = first.node.get_content(metadata_mode=MetadataMode.LLM)
    assert "Booked the flight" in shown and "event" in shown and "breakdown" not in shown
    again = asyncio.run(retriever.aretrieve("hotel"))
    assert trips["hotel"].id in {n.node.node_id for n in again}
    only = LlamaRetriever(mem, user_id="u1", task_id=trips["tax"].id).retrieve("booked")
    assert only[0].node.get_content() == "Booked the accountant for the tax return"
    assert not {trips["flight"].id, trips["hotel"].id} & {n.node.node_id for n in only}


def test_llamaindex_query_engine_cites_the_memories(mem, trips):
    retriever = LlamaRetriever(mem, user_id="u1", task_id=trips["lisbon"].id, top_k=2)
    engine = RetrieverQueryEngine.from_args(retriever, llm=MockLLM())
    response = engine.query("when is the flight?")
    assert trips["flight"].id in {n.node.node_id for n in response.source_nodes}
