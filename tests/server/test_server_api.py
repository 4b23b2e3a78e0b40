"""The JSON API through FastAPI's TestClient, over a real store in tmp_path."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from hybridmem import HybridMemory, PrivacyConfig, generate_key
from hybridmem.index import InMemoryIndex
from hybridmem.server import create_app
from tests.server_support import NO_KEY


@pytest.fixture
def client(mem: HybridMemory) -> Iterator[TestClient]:
    with TestClient(create_app(mem)) as c:
        yield c


def add(client: TestClient, content: str, **fields) -> dict:
    r = client.post("/v1/memories", json={"content": content, **fields})
    assert r.status_code == 201, r.text
    return r.json()


def test_add_get_patch_delete_round_trip(client: TestClient, mem: HybridMemory) -> None:
    task = add(client, "Expense claim #7", node_type="task", user_id="u1")
    event = add(
        client,
        "Finance returned it: invoice unreadable",
        parent_id=task["id"],
        user_id="u1",
        importance=0.9,
        metadata={"source": "chat-42"},
    )
    assert event["parent_id"] == task["id"] and event["importance"] == 0.9
    assert event["path"][-1] == task["id"] and event["metadata"]["source"] == "chat-42"
    assert mem.get(event["id"]).content == "Finance returned it: invoice unreadable"

    got = client.get(f"/v1/memories/{event['id']}").json()
    assert got["content"] == event["content"] and got["masked"] is False

    patched = client.patch(
        f"/v1/memories/{event['id']}",
        json={
            "content": "Finance returned it: the scan was unreadable",
            "expected_version": got["version"],
        },
    )
    assert patched.status_code == 200
    assert mem.get(event["id"]).content == "Finance returned it: the scan was unreadable"

    stale = client.patch(
        f"/v1/memories/{event['id']}", json={"importance": 0.1, "expected_version": got["version"]}
    )
    assert stale.status_code == 409
    assert stale.json()["error"]["type"] == "ConflictError"
    assert mem.get(event["id"]).importance == 0.9

    children = client.get(f"/v1/memories/{task['id']}/children").json()["nodes"]
    assert [c["id"] for c in children] == [event["id"]]
    ops = [r["op"] for r in client.get(f"/v1/memories/{event['id']}/history").json()["records"]]
    assert ops[0] == "add" and "update" in ops

    deleted = client.delete(f"/v1/memories/{task['id']}")
    assert deleted.json() == {"deleted": 2}
    assert client.get(f"/v1/memories/{event['id']}").status_code == 404
    assert mem.stats().by_type.get("event", 0) == 0


def test_move_and_delete_without_subtree(client: TestClient, mem: HybridMemory) -> None:
    a = add(client, "task A", node_type="task", user_id="u1")
    b = add(client, "task B", node_type="task", user_id="u1")
    leaf = add(client, "a note", parent_id=a["id"], user_id="u1")
    moved = client.post(f"/v1/memories/{leaf['id']}/move", json={"parent_id": b["id"]})
    assert moved.status_code == 200 and moved.json()["parent_id"] == b["id"]
    cycle = client.post(f"/v1/memories/{b['id']}/move", json={"parent_id": leaf["id"]})
    assert cycle.status_code == 422 and cycle.json()["error"]["type"] == "CycleError"
    assert client.delete(f"/v1/memories/{b['id']}?subtree=false").json() == {"deleted": 1}
    assert mem.get(leaf["id"]).parent_id == mem.root(user_id="u1").id


def test_batch_is_all_or_nothing(client: TestClient, mem: HybridMemory) -> None:
    ok = client.post(
        "/v1/memories/batch",
        json={
            "user_id": "u1",
            "items": [
                {"id": "t1", "content": "Trip to Berlin", "node_type": "task"},
                {"content": "Hotel under 150 EUR", "parent_id": "t1"},
            ],
        },
    )
    assert ok.status_code == 201
    assert [n["parent_id"] for n in ok.json()["nodes"]][1] == "t1"
    before = mem.stats().nodes
    bad = client.post(
        "/v1/memories/batch",
        json={
            "user_id": "u1",
            "items": [
                {"content": "fine"},
                {"content": "out of range", "importance": 7},
            ],
        },
    )
    assert bad.status_code == 422
    assert bad.json()["error"]["type"] == "InvalidWeightError"
    assert "importance" in bad.json()["error"]["message"]
    assert mem.stats().nodes == before


def test_search_returns_context_tokens_and_breakdowns(client: TestClient) -> None:
    task = add(client, "Expense claim #7: submitted", node_type="task", user_id="u1")
    target = add(
        client, "Finance returned the claim: invoice unreadable", parent_id=task["id"], user_id="u1"
    )
    add(client, "Lunch with the team on Friday", parent_id=task["id"], user_id="u1")
    r = client.post(
        "/v1/search",
        json={
            "query": "why was the claim returned? invoice",
            "user_id": "u1",
            "top_k": 2,
            "token_budget": 200,
        },
    )
    assert r.status_code == 200
    body = r.json()
    assert body["hits"][0]["node"]["id"] == target["id"]
    assert "invoice unreadable" in body["context"] and 0 < body["tokens"] <= 200
    assert body["path"][-1]["id"] == task["id"]
    b = body["hits"][0]["breakdown"]
    # The parts are the weighted features: their sum over the sum of weights is the score.
    assert sum(b["parts"].values()) / sum(b["weights"].values()) == pytest.approx(b["score"])
    assert b["features"]["lexical"] > 0 and "score=" in b["explain"]
    assert body["vector_unavailable"] is False and body["vector_unavailable_reason"] is None


def test_search_without_user_id_names_the_missing_field(client: TestClient) -> None:
    """A token for every user and no user ``default``: a search naming no user is a 422 (an
    empty 200 would read as "nothing remembered"); once ``default`` has memories it is searched."""
    add(client, "I live in Berlin.", node_type="fact", user_id="alice")
    r = client.post("/v1/search", json={"query": "where do I live?"})
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["type"] == "InvalidArgumentError" and "user_id is required" in error["message"]
    add(client, "I live in Rome.", node_type="fact")  # no user_id: user default
    r = client.post("/v1/search", json={"query": "where do I live?"})
    assert r.status_code == 200 and r.json()["hits"][0]["node"]["content"] == "I live in Rome."


def test_search_says_when_this_server_process_has_no_vector_search(tmp_path) -> None:
    """A server that is not the embedded Chroma index's owner says so in every search."""

    class FollowerIndex(InMemoryIndex):
        def unavailable_reason(self) -> str | None:
            return "another process owns the embedded Chroma index; use a Chroma server"

        def query(self, vector, n, where, ids=None):
            return []

    with (
        HybridMemory(tmp_path / "m", embedder="hash", index=FollowerIndex(), privacy=NO_KEY) as mem,
        TestClient(create_app(mem)) as c,
    ):
        add(c, "invoice unreadable", user_id="u1")
        body = c.post("/v1/search", json={"query": "invoice", "user_id": "u1"}).json()
        assert body["vector_unavailable"] is True
        assert "Chroma server" in body["vector_unavailable_reason"]
        page = c.get("/ui/search", params={"user": "u1", "q": "invoice"})
        assert 'id="vector-unavailable"' in page.text


def test_tree_marks_the_active_path_and_set_active_moves_it(client: TestClient) -> None:
    a = add(client, "task A", node_type="task", user_id="u1")
    a1 = add(client, "step of A", parent_id=a["id"], user_id="u1", node_type="state")
    b = add(client, "task B", node_type="task", user_id="u1", activate=False)
    tree = client.get("/v1/users/u1/tree").json()
    assert tree["active_id"] == a1["id"]
    flags = {n["id"]: (n["active"], n["on_active_path"]) for n in tree["nodes"]}
    assert flags[a1["id"]] == (True, True) and flags[a["id"]] == (False, True)
    assert flags[b["id"]] == (False, False)
    assert tree["nodes"][0]["depth"] == 0  # root first
    assert all(0 <= n["weight"] <= 1 and n["tier"] and n["lifecycle"] for n in tree["nodes"][1:])

    assert client.put("/v1/users/u1/active", json={"node_id": b["id"]}).status_code == 200
    assert client.get("/v1/users/u1/tree").json()["active_id"] == b["id"]
    filtered = client.get("/v1/users/u1/tree", params={"node_type": "state"}).json()
    assert [n["id"] for n in filtered["nodes"]] == [a1["id"]]
    first = client.get("/v1/users/u1/tree", params={"limit": 2}).json()
    assert len(first["nodes"]) == 2 and first["total"] == 4
    assert client.get("/v1/users/u1/tree", params={"limit": 0}).status_code == 422


def test_user_ids_with_slashes_and_spaces_work_in_paths(client: TestClient) -> None:
    user = "team/alpha bot"
    node = add(client, "a memory", user_id=user)
    tree = client.get("/v1/users/team%2Falpha%20bot/tree")
    assert tree.status_code == 200 and tree.json()["user_id"] == user
    assert node["id"] in {n["id"] for n in tree.json()["nodes"]}


def test_maintain_is_a_dry_run_by_default(client: TestClient, mem: HybridMemory, clock) -> None:
    add(client, "Order number 4711-XZ for the toner", user_id="u1")
    clock.advance(days=60)
    seq = mem.stats().last_seq
    dry = client.post("/v1/maintain", json={"user_id": "u1"}).json()
    assert dry["dry_run"] is True and dry["counts"].get("fade") == 1
    assert "weight" in dry["actions"][0]["reason"]
    assert mem.stats().last_seq == seq  # nothing written
    real = client.post("/v1/maintain", json={"user_id": "u1", "dry_run": False}).json()
    assert real["counts"].get("fade") == 1
    assert mem.stats().by_status.get("archived") == 1


def test_health_store_and_users(client: TestClient, mem: HybridMemory) -> None:
    add(client, "one", user_id="u1")
    add(client, "two", user_id="u2")
    assert client.get("/v1/health").json() == {"status": "ok", "version": "0.1.0"}
    assert client.get("/v1/users").json()["users"] == {"u1": 2, "u2": 2}  # roots included
    mem.checkpoint()
    store = client.get("/v1/store", params={"verify": "true"}).json()
    assert store["nodes"] == 4 and store["vectors"] == 4 and store["pending"] == 0
    assert store["last_checkpoint"]["nodes"] == 4 and store["verify"]["clean"] is True


def test_openapi_lists_every_route(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/v1/memories",
        "/v1/memories/batch",
        "/v1/memories/{node_id}",
        "/v1/search",
        "/v1/users/{user}/tree",
        "/v1/users/{user}/active",
        "/v1/maintain",
        "/v1/health",
    ):
        assert path in paths
    assert set(paths["/v1/memories/{node_id}"]) == {"get", "patch", "delete"}


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "kind", "named"),
    [
        ("get", "/v1/memories/nope", None, 404, "NodeNotFoundError", "nope"),
        ("get", "/v1/memories/bad id!", None, 422, "InvalidArgumentError", "node id"),
        ("post", "/v1/memories", {"content": "   "}, 422, "EmptyContentError", "empty"),
        (
            "post",
            "/v1/memories",
            {"content": "x", "importance": "high"},
            422,
            "RequestValidationError",
            "importance",
        ),
        (
            "post",
            "/v1/memories",
            {"content": "x", "improtance": 1},
            422,
            "RequestValidationError",
            "improtance",
        ),
        (
            "post",
            "/v1/memories",
            {"content": "x", "node_type": "Bad Type"},
            422,
            "InvalidArgumentError",
            "node_type",
        ),
        ("post", "/v1/search", {"query": "q", "top_k": 0}, 422, "InvalidArgumentError", "top_k"),
        ("post", "/v1/memories", None, 422, "RequestValidationError", "body"),
        ("get", "/v1/nowhere", None, 404, "NotFound", "Not Found"),
        ("put", "/v1/health", None, 405, "MethodNotAllowed", "Method Not Allowed"),
    ],
)
def test_bad_input_is_a_4xx_json_error_naming_the_problem(
    client: TestClient, method: str, path: str, body, status: int, kind: str, named: str
) -> None:
    r = client.request(method, path, json=body)
    assert r.status_code == status
    err = r.json()["error"]
    assert err["type"] == kind and err["status"] == status
    assert named.lower() in err["message"].lower()


def test_malformed_json_body_is_a_422(client: TestClient) -> None:
    r = client.post(
        "/v1/memories", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422 and r.json()["error"]["type"] == "RequestValidationError"


def test_unexpected_errors_are_500_without_traceback(mem: HybridMemory, monkeypatch) -> None:
    def broken() -> dict[str, int]:
        raise RuntimeError("secret internal detail at /srv/db")

    monkeypatch.setattr(mem, "users", broken)
    with TestClient(create_app(mem), raise_server_exceptions=False) as c:
        r = c.get("/v1/users")
    assert r.status_code == 500
    assert r.json()["error"]["type"] == "InternalError"
    assert "secret" not in r.text and "Traceback" not in r.text and "RuntimeError" not in r.text


def test_closed_store_is_503(mem: HybridMemory) -> None:
    with TestClient(create_app(mem)) as c:
        mem.close()
        r = c.get("/v1/health")
    assert r.status_code == 503 and r.json()["error"]["type"] == "StoreClosedError"


def test_sensitive_content_without_the_key(tmp_path, embedder, clock) -> None:
    key = generate_key()
    with HybridMemory(
        tmp_path / "m", embedder=embedder, clock=clock, privacy=PrivacyConfig(key=key)
    ) as keyed:
        secret = keyed.add("IBAN DE89 3704", user_id="u1", sensitive=True)
        plain = keyed.add("a plain note", user_id="u1")
        with TestClient(create_app(keyed)) as c:
            asked = c.get(f"/v1/memories/{secret.id}", params={"include_sensitive": "true"})
            assert asked.json()["content"] == "IBAN DE89 3704"
    with (
        HybridMemory(tmp_path / "m", embedder=embedder, clock=clock, privacy=NO_KEY) as bare,
        TestClient(create_app(bare)) as c,
    ):
        r = c.get(f"/v1/memories/{secret.id}", params={"include_sensitive": "true"})
        assert r.status_code == 423 and r.json()["error"]["type"] == "KeyUnavailableError"
        # Not asked for: withheld, which needs no key.
        r = c.get(f"/v1/memories/{secret.id}")
        assert r.status_code == 200 and r.json()["withheld"] is True
        tree = c.get("/v1/users/u1/tree", params={"include_sensitive": "true"}).json()
        nodes = {n["id"]: n for n in tree["nodes"]}
        assert nodes[secret.id]["masked"] is True and nodes[secret.id]["content"] is None
        assert nodes[plain.id]["content"] == "a plain note"
        assert "hmenc1" not in c.get("/v1/users/u1/tree").text  # no ciphertext either


def test_security_headers_on_every_response(client: TestClient) -> None:
    for path in ("/", "/v1/health", "/static/style.css"):
        headers = client.get(path).headers
        assert "script-src 'self'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
