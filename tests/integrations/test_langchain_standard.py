"""LangChain's own standard retriever tests (``langchain-tests``,
``RetrieversIntegrationTests``) against :class:`HybridMemoryRetriever`: the number of results
set on the constructor and per ``invoke`` call, documents from ``invoke`` and ``ainvoke``.

LlamaIndex ships no such suite for retrievers (``llama-index-core`` has none; its
``BaseRetriever`` contract is covered in tests/integrations/test_framework_retrievers.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

integration_tests = pytest.importorskip(
    "langchain_tests.integration_tests",
    reason="langchain-tests is not installed (it is in the test extra: pip install -e '.[test]')",
)

from hybridmem import HashEmbedder, HybridMemory  # noqa: E402
from hybridmem.errors import InvalidArgumentError  # noqa: E402
from hybridmem.integrations.langchain import HybridMemoryRetriever  # noqa: E402

MEMORY: dict[str, HybridMemory] = {}

FACTS = [
    "I live in Hamburg since last month.",
    "My sister Mara lives in Lisbon.",
    "I work at the harbour office in Hamburg.",
    "I fly from Hamburg airport to Lisbon in May.",
    "My favourite cafe in Hamburg is by the lake.",
]


@pytest.fixture(scope="module", autouse=True)
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HybridMemory]:
    with HybridMemory(tmp_path_factory.mktemp("lc") / "m", embedder=HashEmbedder(128)) as mem:
        for fact in FACTS:
            mem.add(fact, node_type="fact", user_id="u1")
        MEMORY["mem"] = mem
        yield mem
        MEMORY.clear()


# The suite's async test runs under pytest-asyncio (a dependency of langchain-tests), which
# needs the mark; on the suite's sync tests the mark is inert and says so.
@pytest.mark.asyncio
@pytest.mark.filterwarnings("ignore:.*marked with '@pytest.mark.asyncio' but it is not an async")
class TestHybridMemoryRetrieverStandard(integration_tests.RetrieversIntegrationTests):
    @property
    def retriever_constructor(self) -> type[HybridMemoryRetriever]:
        return HybridMemoryRetriever

    @property
    def retriever_constructor_params(self) -> dict[str, Any]:
        return {"memory": MEMORY["mem"], "user_id": "u1", "scope": "user"}

    @property
    def retriever_query_example(self) -> str:
        return "Hamburg"

    @property
    def num_results_arg_name(self) -> str:
        return "top_k"


def test_per_call_values_leave_the_retriever_unchanged(memory: HybridMemory) -> None:
    retriever = HybridMemoryRetriever(memory=memory, user_id="u1", scope="user", top_k=4)
    assert len(retriever.invoke("Hamburg", k=2)) == 2  # LangChain's usual name
    assert len(retriever.invoke("Hamburg", top_k=1)) == 1
    assert len(asyncio.run(retriever.ainvoke("Hamburg", top_k=3))) == 3
    assert len(retriever.invoke("Hamburg")) == 4 and retriever.top_k == 4
    with pytest.raises(InvalidArgumentError, match="unknown retriever argument"):
        retriever.invoke("Hamburg", topk=2)
    with pytest.raises(InvalidArgumentError, match="not both"):
        retriever.invoke("Hamburg", k=1, top_k=2)
