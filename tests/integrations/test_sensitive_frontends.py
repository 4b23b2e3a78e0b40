"""Sensitive memories only when asked (issue 38), on the front ends that retrieve for a user
beside the facade, REST, the tools and the retrievers (tests/retrieval/test_retrieval_sensitive.py):
the LangGraph store's search, the LlamaIndex memory block, ``hybridmem mcp`` and the
inspector's search page. By default a
sealed memory the question is not about stays out of hits and context; the application's flag
brings it back. Real SQLite and Chroma in tmp_path, the hash embedder (equal texts, equal
vectors: a question repeating a memory is about that memory), time injected."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import anyio
import pytest
from fastapi.testclient import TestClient
from llama_index.core.llms import ChatMessage
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.integrations.langgraph import HybridMemoryStore
from hybridmem.integrations.llamaindex_memory import HybridMemoryBlock
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.server import create_app

REPO = Path(__file__).resolve().parents[2]
U = "u1"
LUNCH = "lunch with the team at noon"
SECRET = "diagnosis from the clinic Quorvantilex"


def _open(path: Path, clock: FakeClock, key: str) -> HybridMemory:
    return HybridMemory(
        path, embedder=HashEmbedder(64), clock=clock, privacy=PrivacyConfig(key=key)
    )


def _seed(mem: HybridMemory) -> str:
    task = mem.add("claim task", node_type="task", user_id=U)
    mem.add(LUNCH, parent_id=task.id, user_id=U)
    return mem.add(SECRET, parent_id=task.id, user_id=U, sensitive=True).id


def test_langgraph_store_search(tmp_path, clock):
    with _open(tmp_path / "m", clock, generate_key()) as mem:
        store = HybridMemoryStore(mem)
        ns = (U, "claim")
        store.put(ns, "lunch", {"content": LUNCH, "kind": "plan"})
        store.put(ns, "dx", {"content": SECRET, "kind": "health", "sensitive": True})
        opened = HybridMemoryStore(mem, include_sensitive=True)
        # The item comes back whole to a store made to give sensitive text; its text is
        # sealed, never in the metadata.
        whole = {"content": SECRET, "kind": "health", "sensitive": True}
        assert opened.get(ns, "dx").value == whole
        # get carries no question: by default the text is withheld, the other fields stay.
        assert store.get(ns, "dx").value == {**whole, "content": "[sensitive: withheld]"}
        [node] = [n for n in mem.get_all(user_id=U) if n.sensitive]
        assert "Quorvantilex" not in json.dumps(node.metadata)

        assert "dx" not in [i.key for i in store.search((U,), query=LUNCH)]
        assert store.search((U,), query=SECRET)[0].key == "dx"  # asked about it
        assert store.search((U,), query=SECRET)[0].value["content"] == SECRET
        found = {i.key: i for i in opened.search((U,), query=LUNCH)}
        assert found["dx"].value["content"] == SECRET
        # Listing without a query is not a retrieval: every item of the namespace, the
        # sensitive one's text withheld unless the store was made to give it.
        listed = {i.key: i.value for i in store.search(ns)}
        assert set(listed) == {"lunch", "dx"} and "Quorvantilex" not in json.dumps(listed)
        assert {i.key: i.value for i in opened.search(ns)}["dx"] == whole
        # Made ordinary again: the node is replaced, the value still exact.
        store.put(ns, "dx", {"content": SECRET, "kind": "health"})
        assert store.get(ns, "dx").value == {"content": SECRET, "kind": "health"}
        assert not [n for n in mem.get_all(user_id=U) if n.sensitive]


def test_llamaindex_memory_block(tmp_path, clock):
    with _open(tmp_path / "m", clock, generate_key()) as mem:
        _seed(mem)
        question = [ChatMessage(role="user", content=LUNCH)]
        plain = HybridMemoryBlock(memory=mem, user_id=U, scope="user")
        context = asyncio.run(plain.aget(question))
        assert LUNCH in context and "Quorvantilex" not in context
        opened = HybridMemoryBlock(memory=mem, user_id=U, scope="user", include_sensitive=True)
        assert "Quorvantilex" in asyncio.run(opened.aget(question))
        asked = asyncio.run(plain.aget([ChatMessage(role="user", content=SECRET)]))
        assert "Quorvantilex" in asked


def _search_over_mcp(db: Path, key: str, *flags: str) -> list[str]:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "hybridmem.cli", "mcp", "--db", str(db), "--user", U, *flags],
        env={"PYTHONPATH": str(REPO), "HYBRIDMEM_KEY": key},
        cwd=str(db.parent),
    )

    async def run() -> list[str]:
        with anyio.fail_after(120):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
                await s.initialize()
                result = await s.call_tool("search_memory", {"query": LUNCH, "top_k": 10})
                assert not result.is_error, result.content
                found = result.structured_content or json.loads(result.content[0].text)
                return [h["id"] for h in found["hits"]] + [found["context"]]

    return anyio.run(run)


@pytest.mark.slow(26)
def test_hybridmem_mcp_serves_them_only_with_the_flag(tmp_path, clock):
    key = generate_key()
    db = tmp_path / "m"
    with _open(db, clock, key) as mem:
        secret = _seed(mem)
    plain = _search_over_mcp(db, key)
    assert secret not in plain and "Quorvantilex" not in plain[-1]
    opened = _search_over_mcp(db, key, "--include-sensitive")
    assert secret in opened and "Quorvantilex" in opened[-1]


def test_the_inspectors_search_page(tmp_path, clock):
    with _open(tmp_path / "m", clock, generate_key()) as mem, TestClient(create_app(mem)) as c:
        _seed(mem)
        page = c.get("/ui/search", params={"user": U, "q": LUNCH}).text
        assert LUNCH in page and "Quorvantilex" not in page
        assert 'name="sensitive" value="1">' in page  # the box, unticked
        page = c.get("/ui/search", params={"user": U, "q": LUNCH, "sensitive": "1"}).text
        assert "Quorvantilex" in page and 'value="1" checked>' in page


def test_langgraph_items_keep_no_clear_text_in_a_store_that_seals_everything(tmp_path, clock):
    privacy = PrivacyConfig(key=generate_key(), encrypt_all=True)
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock, privacy=privacy) as m:
        store = HybridMemoryStore(m)
        store.put((U,), "lunch", {"content": LUNCH, "kind": "plan"})
        store.put((U,), "raw", {"n": 1, "where": "Quorvantilex"})  # no text field: the JSON
        assert store.get((U,), "lunch").value == {"content": LUNCH, "kind": "plan"}
        assert store.get((U,), "raw").value == {"n": 1, "where": "Quorvantilex"}
        for node in m.get_all(user_id=U):
            assert LUNCH not in json.dumps(node.metadata)
            assert "Quorvantilex" not in json.dumps(node.metadata)
        assert store.search((U,), query=LUNCH)[0].key == "lunch"
        assert [i.key for i in store.search((U,), filter={"kind": "plan"})] == ["lunch"]
