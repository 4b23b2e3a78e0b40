"""Every front end carries the agent (issue 33): agent-bound server tokens, the tool set (and
so MCP and OpenAI tools), the LangChain / LlamaIndex / LangGraph adapters."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hybridmem import HybridMemory
from hybridmem.embedding import HashEmbedder
from hybridmem.errors import NodeNotFoundError, PermissionDeniedError, ServerConfigError
from hybridmem.integrations.tools import ToolBox
from hybridmem.server import AuthConfig, create_app
from hybridmem.server.auth import parse_token_file

PLANNER = "planner-token-0123456789abcdef"
EXECUTOR = "executor-token-0123456789abcdef"
ALICE = "alice-token-0123456789abcdef"


@pytest.fixture
def shared_world(tmp_path: Path):
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64)) as mem:
        shared = mem.add("the family budget is tight this month", user_id="alice")
        plan = mem.scoped(user_id="alice", agent_id="planner").add("plan: the science museum")
        yield mem, shared.id, plan.id


def test_token_file_binds_a_token_to_an_agent(tmp_path: Path) -> None:
    path = tmp_path / "tokens"
    path.write_text(
        f"{ALICE} alice\n{PLANNER} agent=planner alice\n{EXECUTOR} agent=executor team alice\n"
    )
    agents: dict[str, str] = {}
    assert parse_token_file(path, agents=agents) == {
        ALICE: "alice",
        PLANNER: "alice",
        EXECUTOR: "team alice",
    }
    assert agents == {PLANNER: "planner", EXECUTOR: "executor"}
    auth = AuthConfig.from_env({"HYBRIDMEM_TOKENS": str(path)})
    who = auth.authenticate(PLANNER)
    assert (who.user_id, who.agent_id) == ("alice", "planner")
    assert auth.authenticate(ALICE).agent_id is None
    for bad in (f"{PLANNER} agent=planner *\n", f"{PLANNER} agent=planner\n"):
        path.write_text(bad)
        with pytest.raises(ServerConfigError, match="agent-bound token names one user"):
            parse_token_file(path)


def test_server_takes_the_agent_from_the_token(shared_world) -> None:
    mem, shared, plan = shared_world
    auth = AuthConfig(
        {ALICE: "alice", PLANNER: "alice", EXECUTOR: "alice"},
        {PLANNER: "planner", EXECUTOR: "executor"},
    )

    def as_(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    with TestClient(create_app(mem, auth=auth)) as client:
        # The executor does not see the planner's memory: 404 as a missing id.
        assert client.get(f"/v1/memories/{plan}", headers=as_(EXECUTOR)).status_code == 404
        assert client.get(f"/v1/memories/{plan}", headers=as_(PLANNER)).status_code == 200
        assert client.get(f"/v1/memories/{shared}", headers=as_(EXECUTOR)).status_code == 200
        r = client.patch(f"/v1/memories/{shared}", json={"importance": 0.1}, headers=as_(EXECUTOR))
        assert r.status_code == 403 and r.json()["error"]["type"] == "PermissionDeniedError"
        # Written with the token's agent; a body naming another agent is refused.
        r = client.post("/v1/memories", json={"content": "booked tickets"}, headers=as_(EXECUTOR))
        assert r.status_code == 201 and r.json()["agent_id"] == "executor"
        r = client.post(
            "/v1/memories",
            json={"content": "forged", "agent_id": "planner"},
            headers=as_(EXECUTOR),
        )
        assert r.status_code == 403
        r = client.post(
            "/v1/search", json={"query": "museum", "scope": "user"}, headers=as_(EXECUTOR)
        )
        assert plan not in [h["node"]["id"] for h in r.json()["hits"]]
        r = client.post(
            "/v1/search",
            json={"query": "museum", "scope": "user", "agent_id": "planner"},
            headers=as_(EXECUTOR),
        )
        assert r.status_code == 403
        listed = client.get("/v1/memories", headers=as_(EXECUTOR)).json()["nodes"]
        assert plan not in [n["id"] for n in listed]
        assert client.get("/v1/users/alice/tree", headers=as_(EXECUTOR)).status_code == 403
        # Finishing a task and unfolding a summary reach every agent's memories: user-level.
        for route in (f"/v1/memories/{plan}/finish", f"/v1/memories/{plan}/decompress"):
            r = client.post(
                route, json={} if route.endswith("finish") else None, headers=as_(PLANNER)
            )
            assert r.status_code == 403, route
        # The conversation route too: the token's agent, never the body's; another agent's
        # node as the task is missing.
        said = [{"role": "user", "content": "I am allergic to peanuts."}]
        r = client.post(
            "/v1/messages", json={"messages": said, "agent_id": "planner"}, headers=as_(EXECUTOR)
        )
        assert r.status_code == 403
        r = client.post(
            "/v1/messages", json={"messages": said, "task_id": plan}, headers=as_(EXECUTOR)
        )
        assert r.status_code == 404
        r = client.post("/v1/messages", json={"messages": said}, headers=as_(EXECUTOR))
        assert r.status_code == 201
        written = [w["node_id"] for w in r.json()["written"]]
        assert written and {mem.get(i).agent_id for i in written} == {"executor"}
        r = client.post(
            "/v1/tools/get_memory", json={"arguments": {"node_id": plan}}, headers=as_(EXECUTOR)
        )
        assert r.status_code == 404
        # A user's token still sees everything of the user, and the owner of each memory.
        r = client.get(f"/v1/memories/{plan}", headers=as_(ALICE))
        assert r.status_code == 200 and r.json()["agent_id"] == "planner"


def test_toolbox_and_adapters_take_an_agent(shared_world) -> None:
    mem, shared, plan = shared_world
    box = ToolBox(mem, user_id="alice", agent_id="executor")
    with pytest.raises(NodeNotFoundError):
        box.call("get_memory", {"node_id": plan})
    with pytest.raises(PermissionDeniedError):
        box.call("delete_memory", {"node_id": shared})
    added = box.call("add_memory", {"content": "train at nine"})["memory"]
    assert added["agent_id"] == "executor"
    said = {"messages": [{"role": "user", "content": "My seat number is 14C."}]}
    written = box.call("add_messages", said)["written"]
    assert written and {mem.get(w["node_id"]).agent_id for w in written} == {"executor"}
    with pytest.raises(NodeNotFoundError):
        box.call("add_messages", {**said, "task_id": plan})
    found = box.call("search_memory", {"query": "museum train budget"})
    assert plan not in [h["id"] for h in found["hits"]]
    assert plan not in [m["id"] for m in box.call("list_memories", {})["memories"]]
    assert (
        ToolBox(mem, user_id="alice").call("get_memory", {"node_id": plan})["memory"]["agent_id"]
        == "planner"
    )

    from hybridmem.integrations.langchain import HybridMemoryRetriever

    docs = HybridMemoryRetriever(
        memory=mem, user_id="alice", agent_id="executor", scope="user"
    ).invoke("museum plan")
    assert plan not in [d.id for d in docs]
    docs = HybridMemoryRetriever(
        memory=mem, user_id="alice", agent_id="planner", scope="user"
    ).invoke("museum plan")
    assert plan in [d.id for d in docs] and docs[0].metadata["agent_id"] == "planner"


def test_langgraph_store_as_an_agent(shared_world) -> None:
    pytest.importorskip("langgraph")
    from hybridmem.integrations.langgraph import HybridMemoryStore

    mem, _, _ = shared_world
    planner = HybridMemoryStore(mem, agent_id="planner")
    executor = HybridMemoryStore(mem, agent_id="executor")
    planner.put(("alice", "notes"), "k1", {"text": "the museum opens at ten"})
    assert planner.get(("alice", "notes"), "k1") is not None
    assert executor.get(("alice", "notes"), "k1") is None
    assert executor.search(("alice",), query="museum") == []
    node = mem.get_all(user_id="alice", where={"langgraph.key": "k1"})
    assert node and node[0].agent_id == "planner"


def test_inspector_shows_owners_and_grants(shared_world) -> None:
    mem, _, _ = shared_world
    mem.grant(user_id="alice", to_agent="executor", from_agent="planner")
    auth = AuthConfig({ALICE: "alice", EXECUTOR: "alice"}, {EXECUTOR: "executor"})
    with TestClient(create_app(mem, auth=auth)) as client:
        page = client.get("/ui/users/alice", headers={"Authorization": f"Bearer {ALICE}"})
        assert page.status_code == 200
        assert '<td class="owner">planner</td>' in page.text
        assert '<td class="owner">shared</td>' in page.text
        assert "agent planner" in page.text and "executor" in page.text
        denied = client.get("/ui/users/alice", headers={"Authorization": f"Bearer {EXECUTOR}"})
        assert denied.status_code == 403


def test_mcp_tree_resource_as_an_agent(shared_world) -> None:
    pytest.importorskip("mcp")
    from hybridmem.integrations.mcp_server import build_server, tree_document

    mem, shared, plan = shared_world

    def ids(view: dict) -> set[str]:
        return {view["id"]} | {i for child in view["children"] for i in ids(child)}

    seen = ids(tree_document(mem, "alice", "executor")["tree"])
    assert shared in seen and plan not in seen
    assert plan in ids(tree_document(mem, "alice")["tree"])
    assert build_server(mem, user_id="alice", agent_id="executor") is not None
