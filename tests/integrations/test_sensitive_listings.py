"""Sensitive memories in the reads that carry no question (issue 38): the MCP tree resource and
the tools ``get_memory`` / ``list_memories`` / ``list_tasks``, the REST list, get, children and
tree routes, and a LangGraph store's listing. Each shows a sensitive memory with its id and
type and ``[sensitive: withheld]`` for its text unless the application passes
``include_sensitive``; without the key a sealed memory reads masked instead of failing the
whole listing. A store sealing every content (``encrypt_all``) cannot tell which memories were
added as sensitive and withholds none, as retrieval does.

Real SQLite and Chroma in tmp_path, the hash embedder, time injected (the ``clock`` fixture)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.core.sealed import MASKED
from hybridmem.errors import KeyUnavailableError
from hybridmem.integrations.langgraph import HybridMemoryStore
from hybridmem.integrations.mcp_server import TREE_URI, build_server, tree_document
from hybridmem.integrations.tools import ToolBox
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.privacy.disclosure import WITHHELD
from hybridmem.server import create_app

U = "u1"
SECRET = "IBAN DE89 3704 0044 0532 0130 00 Quorvantilex"
PLAIN = "lunch with the team at noon"


def _open(path: Path, clock: FakeClock, **privacy: Any) -> HybridMemory:
    return HybridMemory(
        path, embedder=HashEmbedder(64), clock=clock, privacy=PrivacyConfig(**privacy)
    )


def _seed(mem: HybridMemory) -> tuple[str, str, str]:
    task = mem.add("claim task", node_type="task", user_id=U)
    plain = mem.add(PLAIN, parent_id=task.id, user_id=U)
    secret = mem.add(SECRET, parent_id=task.id, user_id=U, sensitive=True, node_type="fact")
    return task.id, plain.id, secret.id


def _walk(tree: dict[str, Any]) -> list[dict[str, Any]]:
    out = [tree]
    for child in tree["children"]:
        out += _walk(child)
    return out


def _tools(box: ToolBox, secret: str) -> dict[str, Any]:
    listed = {m["id"]: m for m in box.call("list_memories", {})["memories"]}
    return {"listed": listed, "got": box.call("get_memory", {"node_id": secret})["memory"]}


def test_tools_and_the_mcp_tree_withhold_sensitive_text_unless_the_application_asks(
    tmp_path, clock
):
    with _open(tmp_path / "m", clock, key=generate_key()) as mem:
        _, plain, secret = _seed(mem)
        seen = _tools(ToolBox(mem, user_id=U), secret)
        for view in (seen["listed"][secret], seen["got"]):
            # the id, the type and how to ask stay; the text does not
            assert view["content"] == WITHHELD and view["withheld"] is True
            assert view["node_type"] == "fact" and view["sensitive"] is True
        assert seen["listed"][plain]["content"] == PLAIN
        assert seen["listed"][plain]["withheld"] is False
        assert "Quorvantilex" not in json.dumps(seen)
        # the model is told how to get it: a question about it
        [hit] = [
            h
            for h in ToolBox(mem, user_id=U).call("search_memory", {"query": SECRET})["hits"]
            if h["id"] == secret
        ]
        assert hit["content"] == SECRET

        opened = _tools(ToolBox(mem, user_id=U, include_sensitive=True), secret)
        assert opened["listed"][secret]["content"] == SECRET
        assert opened["got"]["content"] == SECRET and opened["got"]["withheld"] is False

        # An update that did not give the text answers without it.
        box = ToolBox(mem, user_id=U)
        bumped = box.call("update_memory", {"node_id": secret, "importance": 0.9})["memory"]
        assert bumped["content"] == WITHHELD
        fixed = box.call("update_memory", {"node_id": secret, "content": SECRET + " (new)"})
        assert fixed["memory"]["content"] == SECRET + " (new)"  # the caller's own words

        doc = _walk(tree_document(mem, U)["tree"])
        by_id = {n["id"]: n for n in doc}
        assert by_id[secret]["content"] == WITHHELD and by_id[plain]["content"] == PLAIN
        assert "Quorvantilex" not in json.dumps(doc)
        full = {n["id"]: n for n in _walk(tree_document(mem, U, include_sensitive=True)["tree"])}
        assert full[secret]["content"].startswith(SECRET)


def _read_tree(server: Any) -> dict[str, Any]:
    async def run() -> dict[str, Any]:
        [content] = list(await server.read_resource(TREE_URI))
        return dict(json.loads(content.content))

    return anyio.run(run)


def test_the_mcp_servers_tree_resource_follows_its_flag(tmp_path, clock):
    with _open(tmp_path / "m", clock, key=generate_key()) as mem:
        _, _, secret = _seed(mem)
        plain = _read_tree(build_server(mem, user_id=U))
        assert "Quorvantilex" not in json.dumps(plain)
        assert secret in json.dumps(plain)  # still listed, by id
        opened = _read_tree(build_server(mem, user_id=U, include_sensitive=True))
        assert "Quorvantilex" in json.dumps(opened)


def test_without_the_key_listings_mask_sealed_memories_instead_of_failing(tmp_path, clock):
    with _open(tmp_path / "m", clock, key=generate_key()) as mem:
        _, plain, secret = _seed(mem)
    with _open(tmp_path / "m", clock) as bare:  # no key in this process
        for include in (False, True):
            box = ToolBox(bare, user_id=U, include_sensitive=include)
            seen = _tools(box, secret)
            want = MASKED if include else WITHHELD
            assert seen["listed"][secret]["content"] == want == seen["got"]["content"]
            assert seen["listed"][plain]["content"] == PLAIN
            tree = {
                n["id"]: n for n in _walk(tree_document(bare, U, include_sensitive=include)["tree"])
            }
            assert tree[secret]["content"] == want
        # writes still need the key: masking never lets the placeholder be stored
        with pytest.raises(KeyUnavailableError):
            ToolBox(bare, user_id=U).call("update_memory", {"node_id": secret, "content": "other"})


def test_rest_reads_withhold_unless_include_sensitive(tmp_path, clock):
    with (
        _open(tmp_path / "m", clock, key=generate_key()) as mem,
        TestClient(create_app(mem)) as c,
    ):
        task, plain, secret = _seed(mem)
        reads = {
            "list": ("/v1/memories", {"user_id": U}),
            "children": (f"/v1/memories/{task}/children", {}),
            "tree": (f"/v1/users/{U}/tree", {}),
        }
        for name, (url, params) in reads.items():
            body = c.get(url, params=params)
            assert body.status_code == 200, (name, body.text)
            assert "Quorvantilex" not in body.text, name
            nodes = {n["id"]: n for n in body.json()["nodes"]}
            assert nodes[secret]["withheld"] is True and nodes[secret]["content"] == WITHHELD
            assert nodes[plain]["content"] == PLAIN and nodes[plain]["withheld"] is False
            asked = c.get(url, params={**params, "include_sensitive": "true"}).json()["nodes"]
            shown = {n["id"]: n for n in asked}[secret]
            assert shown["content"] == SECRET and shown["withheld"] is False, name
        one = c.get(f"/v1/memories/{secret}").json()
        assert one["content"] == WITHHELD and one["node_type"] == "fact"
        assert c.get(f"/v1/memories/{secret}?include_sensitive=true").json()["content"] == SECRET
        # a change that did not send the text answers without it
        patched = c.patch(f"/v1/memories/{secret}", json={"importance": 0.8}).json()
        assert patched["content"] == WITHHELD
        # the tool route takes the same flag
        call = {"arguments": {}, "user_id": U}
        listed = c.post("/v1/tools/list_memories", json=call).text
        assert "Quorvantilex" not in listed
        opened = c.post("/v1/tools/list_memories", json={**call, "include_sensitive": True})
        assert "Quorvantilex" in opened.text


def test_a_store_sealing_everything_withholds_nothing(tmp_path, clock):
    # Every node is stored sensitive there: nothing tells the memories apart.
    with _open(tmp_path / "m", clock, key=generate_key(), encrypt_all=True) as mem:
        _, plain, _ = _seed(mem)
        listed = ToolBox(mem, user_id=U).call("list_memories", {})["memories"]
        assert {m["content"] for m in listed} >= {PLAIN, SECRET}
        store = HybridMemoryStore(mem)
        store.put((U,), "lunch", {"content": PLAIN})
        assert store.get((U,), "lunch").value == {"content": PLAIN}
        assert plain in {m["id"] for m in listed}


def test_an_agents_toolbox_and_tree_withhold_too(tmp_path, clock):
    with _open(tmp_path / "m", clock, key=generate_key()) as mem:
        _, plain, secret = _seed(mem)  # written without an agent: shared with every agent
        box = ToolBox(mem, user_id=U, agent_id="planner")
        seen = _tools(box, secret)
        assert seen["listed"][secret]["content"] == WITHHELD == seen["got"]["content"]
        assert seen["listed"][plain]["content"] == PLAIN
        doc = json.dumps(tree_document(mem, U, "planner"))
        assert secret in doc and "Quorvantilex" not in doc
        opened = ToolBox(mem, user_id=U, agent_id="planner", include_sensitive=True)
        assert _tools(opened, secret)["got"]["content"] == SECRET
