"""Tokens, user-limited tokens, the bind check, the login cookie and the Host check."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from hybridmem import HybridMemory
from hybridmem.errors import AuthError, ServerConfigError
from hybridmem.server import AuthConfig, create_app
from hybridmem.server.app import LOOPBACK_HOSTS
from hybridmem.server.auth import COOKIE, check_bind, parse_token_file

ADMIN = "admin-token-0123456789abcdef"
ALICE = "alice-token-0123456789abcdef"
BOB = "bob-token-0123456789abcdefgh"
BOB_SECRET = "falcon launch code 9921"


def write_tokens(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tokens"
    path.write_text(text, encoding="utf-8")
    return path


def test_token_file_format(tmp_path: Path) -> None:
    path = write_tokens(tmp_path, f"# token  user\n\n{ALICE}  alice\n{BOB} team bob\n{ADMIN} *\n")
    assert parse_token_file(path) == {ALICE: "alice", BOB: "team bob", ADMIN: None}
    env = {"HYBRIDMEM_TOKEN": "x" * 20, "HYBRIDMEM_TOKENS": str(path)}
    auth = AuthConfig.from_env(env)
    assert auth.required and auth.tokens["x" * 20] is None and len(auth.tokens) == 4
    assert not AuthConfig.from_env({}).required


@pytest.mark.parametrize(
    ("text", "named"),
    [
        (f"{ALICE}\n", ":1: expected"),
        ("short alice\n", "at least 16"),
        (f"{ALICE} alice\n{ALICE} bob\n", ":2: this token appears twice"),
    ],
)
def test_malformed_token_files_are_refused(tmp_path: Path, text: str, named: str) -> None:
    with pytest.raises(ServerConfigError, match=named):
        parse_token_file(write_tokens(tmp_path, text))


def test_missing_token_file_and_short_single_token_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ServerConfigError, match="cannot read the token file"):
        AuthConfig.from_env({"HYBRIDMEM_TOKENS": str(tmp_path / "absent")})
    with pytest.raises(ServerConfigError, match="HYBRIDMEM_TOKEN"):
        AuthConfig.from_env({"HYBRIDMEM_TOKEN": "abc"})


def test_binding_beyond_loopback_needs_a_token() -> None:
    for host in ("127.0.0.1", "127.0.0.2", "localhost", "::1"):
        check_bind(host, AuthConfig())
    for host in ("0.0.0.0", "::", "192.168.1.10", "example.org"):
        with pytest.raises(ServerConfigError, match="without a token"):
            check_bind(host, AuthConfig())
        check_bind(host, AuthConfig({ADMIN: None}))


def test_authenticate() -> None:
    auth = AuthConfig({ADMIN: None, ALICE: "alice"})
    assert auth.authenticate(ADMIN).is_admin
    assert auth.authenticate(ALICE).user_id == "alice"
    for bad in (None, "", ALICE + "x", ALICE[:-1]):
        with pytest.raises(AuthError):
            auth.authenticate(bad)


@pytest.fixture
def world(mem: HybridMemory) -> dict[str, str]:
    """Alice's and Bob's memories; returns the ids the tests poke at."""
    a_task = mem.add("Alice's expense claim", node_type="task", user_id="alice")
    a_note = mem.add("invoice unreadable, falcon", parent_id=a_task.id, user_id="alice")
    b_task = mem.add("Project falcon", node_type="task", user_id="bob")
    b_note = mem.add(BOB_SECRET, parent_id=b_task.id, user_id="bob")
    return {"a_task": a_task.id, "a_note": a_note.id, "b_task": b_task.id, "b_note": b_note.id}


@pytest.fixture
def client(mem: HybridMemory, world) -> Iterator[TestClient]:
    auth = AuthConfig({ADMIN: None, ALICE: "alice", BOB: "bob"})
    with TestClient(create_app(mem, auth=auth)) as c:
        yield c


def as_(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_requests_without_a_valid_token_are_401(client: TestClient) -> None:
    assert client.get("/v1/health").status_code == 200  # liveness stays open, shows no data
    for headers in ({}, as_("wrong-token-0123456789"), {"Authorization": f"Basic {ADMIN}"}):
        r = client.get("/v1/users", headers=headers)
        assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
        assert r.json()["error"]["type"] == "AuthError"
    page = client.get("/ui/users/alice")
    assert page.status_code == 401 and 'name="token"' in page.text  # the login form


# Each route, called by Alice's token against Bob's data. Every route of the app must be here
# (test_every_route_is_checked_for_isolation), so a new route cannot skip this test.
ISOLATION: list[tuple[str, str, dict | None, set[int]]] = [
    ("GET", "/v1/memories/{b_note}", None, {404}),
    ("GET", "/v1/memories/{b_task}/children", None, {404}),
    ("GET", "/v1/memories/{b_note}/history", None, {404}),
    ("PATCH", "/v1/memories/{b_note}", {"content": "hijacked"}, {404}),
    ("POST", "/v1/memories/{b_note}/move", {"parent_id": "{a_task}"}, {404}),
    ("POST", "/v1/memories/{a_note}/move", {"parent_id": "{b_task}"}, {403, 404}),
    ("DELETE", "/v1/memories/{b_note}", None, {404}),
    ("POST", "/v1/memories/{b_task}/finish", {"outcome": "done"}, {404}),
    ("POST", "/v1/memories/{b_note}/decompress", None, {404}),
    ("POST", "/v1/memories", {"content": "x", "user_id": "bob"}, {403}),
    ("POST", "/v1/memories", {"content": "x", "parent_id": "{b_task}"}, {403, 404}),
    ("POST", "/v1/memories/batch", {"user_id": "bob", "items": [{"content": "x"}]}, {403}),
    (
        "POST",
        "/v1/messages",
        {"user_id": "bob", "messages": [{"role": "user", "content": "x"}]},
        {403},
    ),
    (
        "POST",
        "/v1/messages",
        {"task_id": "{b_task}", "messages": [{"role": "user", "content": "x"}]},
        {404},
    ),
    ("POST", "/v1/search", {"query": "falcon launch code", "user_id": "bob"}, {403}),
    ("POST", "/v1/search", {"query": "falcon launch code", "task_id": "{b_task}"}, {200, 404}),
    ("GET", "/v1/users/bob/tree", None, {403}),
    ("PUT", "/v1/users/bob/active", {"node_id": "{b_task}"}, {403}),
    ("PUT", "/v1/users/alice/active", {"node_id": "{b_task}"}, {404}),
    ("POST", "/v1/maintain", {"user_id": "bob"}, {403}),
    ("POST", "/v1/maintain", {}, {200}),
    ("GET", "/v1/users", None, {200}),
    ("GET", "/v1/memories?user_id=bob", None, {403}),
    ("GET", "/v1/memories", None, {200}),
    ("GET", "/v1/tools", None, {200}),
    (
        "POST",
        "/v1/tools/search_memory",
        {"arguments": {"query": "falcon launch code"}, "user_id": "bob"},
        {403},
    ),
    (
        "POST",
        "/v1/tools/search_memory",
        {"arguments": {"query": "falcon launch code", "task_id": "{b_task}"}},
        {404},
    ),
    ("POST", "/v1/tools/get_memory", {"arguments": {"node_id": "{b_note}"}}, {404}),
    ("POST", "/v1/tools/delete_memory", {"arguments": {"node_id": "{b_task}"}}, {404}),
    ("GET", "/v1/store", None, {403}),
    ("GET", "/v1/health", None, {200}),
    ("GET", "/", None, {200}),
    ("GET", "/ui/users/bob", None, {403}),
    ("GET", "/ui/nodes/{b_note}?user=bob", None, {403}),
    ("GET", "/ui/nodes/{b_note}", None, {404}),
    ("GET", "/ui/nodes/{b_note}?user=alice", None, {404}),
    ("GET", "/ui/search?user=bob&q=falcon", None, {403}),
    ("GET", "/ui/search?q=falcon+launch+code", None, {200}),
    ("GET", "/ui/maintenance?user=bob", None, {403}),
    ("GET", "/ui/store", None, {403}),
    ("GET", "/ui/login", None, {200}),
    ("POST", "/ui/login", None, {422}),  # no form: reveals nothing (see the login test)
    ("POST", "/ui/logout", None, {303}),
]


def _fill(value, ids: dict[str, str]):
    if isinstance(value, str):
        return value.format(**ids)
    if isinstance(value, dict):
        return {k: _fill(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, ids) for v in value]
    return value


def test_a_user_limited_token_cannot_reach_another_users_memories(
    client: TestClient, mem: HybridMemory, world: dict[str, str]
) -> None:
    before = {n.id: (n.version, n.parent_id, n.content) for n in mem.subtree(world["b_task"])}
    for method, path, body, allowed in ISOLATION:
        r = client.request(
            method,
            _fill(path, world),
            json=_fill(body, world),
            headers=as_(ALICE),
            follow_redirects=False,
        )
        assert r.status_code in allowed, (method, path, r.status_code, r.text[:300])
        assert BOB_SECRET not in r.text, (method, path)
        assert world["b_note"] not in r.text or r.status_code == 404, (method, path)
        if r.status_code == 403:
            text = html.unescape(r.text)
            assert "limited to user 'alice'" in text or "another user" in text
    after = {n.id: (n.version, n.parent_id, n.content) for n in mem.subtree(world["b_task"])}
    assert after == before  # nothing of Bob's changed
    assert mem.users() == {"alice": 3, "bob": 3}


def test_every_route_is_checked_for_isolation(client: TestClient) -> None:
    tested = {(m, p.split("?")[0]) for m, p, _, _ in ISOLATION}
    normalise = {
        "{b_note}": "{node_id}",
        "{b_task}": "{node_id}",
        "{a_note}": "{node_id}",
        "bob": "{user}",
        "alice": "{user}",
        "search_memory": "{name}",
        "get_memory": "{name}",
        "delete_memory": "{name}",
    }
    shapes = set()
    for method, path in tested:
        for concrete, shape in normalise.items():
            path = path.replace(concrete, shape)
        shapes.add((method, path))
    routes = {
        (m, r.path.replace("{user:path}", "{user}"))
        for r in api_routes(client.app.routes)
        for m in r.methods
    }
    assert len(routes) >= 20  # the walk found the routes (FastAPI may nest included routers)
    assert routes - shapes == set()


def api_routes(routes) -> list[APIRoute]:
    """Every APIRoute, also inside included routers (FastAPI >= 0.16x keeps them nested)."""
    out = []
    for r in routes:
        if isinstance(r, APIRoute):
            out.append(r)
        nested = getattr(r, "original_router", None)
        if nested is not None:
            out += api_routes(nested.routes)
    return out


def test_limited_token_sees_its_own_user(client: TestClient, world: dict[str, str]) -> None:
    r = client.post("/v1/memories", json={"content": "new note"}, headers=as_(ALICE))
    assert r.status_code == 201 and r.json()["user_id"] == "alice"
    hits = client.post("/v1/search", json={"query": "falcon"}, headers=as_(ALICE)).json()["hits"]
    assert hits and {h["node"]["user_id"] for h in hits} == {"alice"}
    assert client.get("/v1/users", headers=as_(ALICE)).json() == {"users": {"alice": 4}}
    report = client.post("/v1/maintain", json={}, headers=as_(ALICE)).json()
    assert report["users"] == ["alice"]
    assert client.get("/v1/users", headers=as_(ADMIN)).json()["users"].keys() == {"alice", "bob"}
    assert client.get("/v1/store", headers=as_(ADMIN)).status_code == 200
    index = client.get("/", headers=as_(ALICE)).text
    assert "/ui/users/alice" in index and "/ui/users/bob" not in index


def test_login_cookie_opens_the_inspector_but_not_the_api(client: TestClient) -> None:
    bad = client.post("/ui/login", data={"token": "nope-nope-nope-nope"}, follow_redirects=False)
    assert bad.status_code == 401 and COOKIE not in bad.cookies
    r = client.post("/ui/login", data={"token": ALICE}, follow_redirects=False)
    assert r.status_code == 303
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict")
    client.cookies.set(COOKIE, ALICE)
    assert client.get("/ui/users/alice").status_code == 200
    assert client.get("/ui/users/bob").status_code == 403
    # The API ignores cookies: a page on another site cannot make the browser call it.
    assert client.get("/v1/users").status_code == 401


def test_loopback_server_refuses_foreign_host_headers(mem: HybridMemory) -> None:
    # What run() installs when it binds loopback: a DNS-rebinding page arrives with its own
    # host name in the Host header and is turned away.
    with TestClient(
        create_app(mem, trusted_hosts=LOOPBACK_HOSTS), base_url="http://127.0.0.1:8420"
    ) as c:
        assert c.get("/v1/health").status_code == 200
        assert c.get("/v1/health", headers={"Host": "evil.example:8420"}).status_code == 400
