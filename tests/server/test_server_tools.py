"""The REST API's share of the tool definitions (/v1/tools), get_all (GET /v1/memories) and
the filters on /v1/search, through FastAPI's TestClient over a real store."""

from __future__ import annotations

import json

import jsonschema
from fastapi.testclient import TestClient

from hybridmem import HybridMemory
from hybridmem.integrations.openai_tools import tool_schemas
from hybridmem.server import create_app
from hybridmem.server.auth import AuthConfig

ALICE = "a" * 32
ADMIN = "z" * 32


def client_for(mem: HybridMemory) -> TestClient:
    return TestClient(create_app(mem, auth=AuthConfig({ADMIN: None, ALICE: "alice"})))


def test_tools_are_listed_and_called_for_the_token_user(mem):
    with client_for(mem) as c:
        alice = {"authorization": f"Bearer {ALICE}"}
        listed = c.get("/v1/tools", headers=alice).json()["tools"]
        assert listed == tool_schemas()  # one source of truth
        assert c.get("/v1/tools").status_code == 401
        added = c.post(
            "/v1/tools/add_memory",
            headers=alice,
            json={"arguments": {"content": "Prefers window seats", "node_type": "preference"}},
        )
        assert added.status_code == 200, added.text
        node = added.json()["memory"]
        assert mem.get(node["id"]).user_id == "alice"
        found = c.post(
            "/v1/tools/search_memory", headers=alice, json={"arguments": {"query": "window seats"}}
        ).json()
        assert found["hits"][0]["id"] == node["id"]
        args = {"query": "x", "top_k": 2}
        jsonschema.validate(args, listed[1]["function"]["parameters"])
        refused = c.post(
            "/v1/tools/search_memory",
            headers=alice,
            json={"arguments": {"query": "x"}, "user_id": "bob"},
        )
        assert refused.status_code == 403
        bad = c.post("/v1/tools/get_memory", headers=alice, json={"arguments": {}})
        assert bad.status_code == 422 and "node_id" in bad.json()["error"]["message"]
        unknown = c.post("/v1/tools/launch", headers=alice, json={})
        assert unknown.status_code == 422 and "unknown tool" in unknown.json()["error"]["message"]
        missing = c.post(
            "/v1/tools/get_memory", headers=alice, json={"arguments": {"node_id": "nope"}}
        )
        assert missing.status_code == 404


def test_list_memories_and_filtered_search(mem):
    with client_for(mem) as c:
        admin = {"authorization": f"Bearer {ADMIN}"}
        task = mem.add("Berlin trip", node_type="task", user_id="u1")
        a = mem.add("Hotel booked", metadata={"kind": "booking", "n": 2}, user_id="u1")
        b = mem.add("Train booked", metadata={"kind": "booking", "n": 5}, user_id="u1")
        mem.add("Museum idea", metadata={"kind": "idea"}, user_id="u1")
        where = json.dumps({"kind": "booking", "n": {"$gte": 3}})
        listed = c.get("/v1/memories", headers=admin, params={"user_id": "u1", "where": where})
        assert listed.status_code == 200, listed.text
        assert [n["id"] for n in listed.json()["nodes"]] == [b.id]
        typed = c.get(
            "/v1/memories", headers=admin, params={"user_id": "u1", "node_type": "task"}
        ).json()["nodes"]
        assert [n["id"] for n in typed] == [task.id]
        paged = c.get(
            "/v1/memories", headers=admin, params={"user_id": "u1", "limit": 2, "offset": 1}
        ).json()["nodes"]
        assert [n["id"] for n in paged] == [a.id, b.id]
        bad = c.get("/v1/memories", headers=admin, params={"user_id": "u1", "where": "{x"})
        assert bad.status_code == 422 and "where" in bad.json()["error"]["message"]
        search = c.post(
            "/v1/search",
            headers=admin,
            json={
                "query": "booked",
                "user_id": "u1",
                "where": {"kind": "booking"},
                "top_k": 5,
            },
        ).json()
        assert {h["node"]["id"] for h in search["hits"]} == {a.id, b.id}
        wrong = c.post(
            "/v1/search",
            headers=admin,
            json={"query": "booked", "user_id": "u1", "where": {"n": {"$x": 1}}},
        )
        assert wrong.status_code == 422
