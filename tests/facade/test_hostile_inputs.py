"""Hostile input, second pass (issue 35): each defect the pass found, pinned by a test.

Far dates in questions, numbers at the edges of their types, NUL and backslashes in metadata,
list operators with thousands of values, deeply nested JSON, ids that clients normalise, the
tenant existence oracle, login CSRF and the token on every route but ``/v1/health``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone

import pytest
from fastapi.testclient import TestClient

from hybridmem import HybridMemory
from hybridmem.cli import ExitCode, app
from hybridmem.retrieval.timeexpr import find_window
from hybridmem.server import create_app
from tests.backends import both_backends  # noqa: F401  (every `mem` test runs on both stores)

NOW = datetime(2024, 7, 10, 12, 0, tzinfo=UTC)
FAR_DATES = [
    "in year 9999",
    "9999-12-31",
    "what happened on 9999-12-31?",
    "December 9999",
    "on 31 December 9999",
    "9999年12月",
    "9999年12月31日",
    "9999999999年前",
    "9999年前",
    "0001-01-01",
    "January 1, 0001",
    "1年1月1日",
    "9999 weeks ago",
    "10000 years ago",
]


@pytest.mark.parametrize("query", FAR_DATES)
@pytest.mark.parametrize("tz", [UTC, timezone(timedelta(hours=14)), timezone(-timedelta(hours=12))])
def test_far_dates_in_a_question_give_a_clamped_window_or_none(query, tz):
    window = find_window(query, NOW, tz)
    if window is not None:
        assert window.start <= window.end
        assert window.start.tzinfo is not None and window.end.tzinfo is not None


@pytest.mark.parametrize("query", ["in year 9999", "9999-12-31", "9999年12月", "9999999999年前"])
def test_far_dates_in_a_question_reach_search_through_every_surface(mem: HybridMemory, query):
    task = mem.add("Expense claim", node_type="task", user_id="u")
    mem.add("the invoice scan is unreadable", parent_id=task.id, user_id="u")
    assert mem.retrieve(query, user_id="u").hits is not None
    from hybridmem.integrations.tools import ToolBox

    assert "error" not in ToolBox(mem, user_id="u").call("search_memory", {"query": query})
    with TestClient(create_app(mem)) as client:
        r = client.post("/v1/search", json={"query": query, "user_id": "u"})
        assert r.status_code == 200, r.text
        r = client.get("/ui/search", params={"q": query, "user": "u"})
        assert r.status_code == 200, r.text[:300]


def test_far_dates_in_a_question_do_not_crash_the_cli(tmp_path):
    from typer.testing import CliRunner

    db = str(tmp_path / "m")
    runner = CliRunner()
    r = runner.invoke(app, ["add", "claim", "--db", db, "--user", "u", "--embedder", "hash"])
    assert r.exit_code == 0, r.output
    for query in ("in year 9999", "9999-12-31", "9999年12月"):
        r = runner.invoke(app, ["search", query, "--db", db, "--user", "u", "--json"])
        assert r.exit_code == ExitCode.OK, r.output
        json.loads(r.stdout)


# -- defect 5: numbers and datetimes at the edges of their types, huge lists, deep JSON -------
UTC_PLUS_14 = timezone(timedelta(hours=14))


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (
            lambda m: m.add("x", user_id="u", created_at=datetime(1, 1, 1, tzinfo=UTC_PLUS_14)),
            "created_at",
        ),
        (
            lambda m: m.add(
                "x",
                user_id="u",
                created_at=datetime(9999, 12, 31, 23, tzinfo=timezone(-timedelta(hours=14))),
            ),
            "created_at",
        ),
        (lambda m: m.get_all(user_id="u", limit=2**63), "limit"),
        (lambda m: m.get_all(user_id="u", offset=2**63), "offset"),
        (lambda m: m.audit_log(limit=2**63), "limit"),
        (lambda m: m.get_all(user_id="u", where={"a": 2**64}), "64-bit"),
        (lambda m: m.get_all(user_id="u", where={"a": {"$in": list(range(10_001))}}), "10000"),
    ],
)
def test_values_at_the_edges_of_their_types_are_named_errors(mem: HybridMemory, call, named):
    from hybridmem.errors import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match=named):
        call(mem)


@pytest.mark.parametrize("op", ["$in", "$nin"])
def test_list_operators_take_thousands_of_values(mem: HybridMemory, op):
    task = mem.add("claim", node_type="task", user_id="u", metadata={"n": 1500})
    other = mem.add("note", parent_id=task.id, user_id="u", metadata={"n": "1500"})
    values: list = [*range(3000), *(str(i) for i in range(3000, 6000))]
    found = {n.id for n in mem.get_all(user_id="u", where={"n": {op: values}})}
    assert found == ({task.id} if op == "$in" else {other.id})
    hits = mem.retrieve("claim", user_id="u", where={"n": {op: values}}).hits
    assert {h.node.id for h in hits} <= found


def test_rest_answers_4xx_to_edge_values_and_deep_json(mem: HybridMemory):
    mem.add("claim", node_type="task", user_id="u")
    deep = "[" * 5000 + "]" * 5000
    with TestClient(create_app(mem)) as client:
        for params in (
            {"user_id": "u", "where": deep},
            {"user_id": "u", "where": '{"a": {"$in": [' + ",".join(map(str, range(2000))) + "]}}"},
            {"user_id": "u", "limit": str(2**63)},
            {"user_id": "u", "offset": str(2**63)},
            {"user_id": "u", "where": '{"a": "x\\u0000"}'},
        ):
            r = client.get("/v1/memories", params=params)
            assert r.status_code in (200, 400, 422), (params.keys(), r.status_code, r.text)
            assert "memory.sqlite3" not in r.text
        r = client.post(
            "/v1/memories",
            json={"content": "x", "user_id": "u", "created_at": "0001-01-01T00:00:00+14:00"},
        )
        assert r.status_code == 422, r.text
        r = client.post(
            "/v1/memories", json={"content": "x", "user_id": "u", "metadata": {"o": "a\u0000"}}
        )
        assert r.status_code == 422, r.text
        r = client.post(
            "/v1/search",
            json={"query": "claim", "user_id": "u", "where": {"a": {"$in": list(range(3000))}}},
        )
        assert r.status_code == 200, r.text


# -- defect 6: no existence oracle across tenants over REST ------------------------------------
ALICE = "alice-token-0123456789abcdef"
ADMIN = "admin-token-0123456789abcdef"


def _same(a, b, a_id: str, b_id: str) -> bool:
    return a.status_code == b.status_code and a.text.replace(a_id, "?") == b.text.replace(b_id, "?")


def test_another_users_id_answers_like_a_missing_or_own_one(mem: HybridMemory):
    from hybridmem.server import AuthConfig

    bob = mem.add("Project falcon", node_type="task", user_id="bob")
    own = mem.add("Alice's claim", node_type="task", user_id="alice")
    auth = AuthConfig({ADMIN: None, ALICE: "alice"})
    headers = {"Authorization": f"Bearer {ALICE}"}
    with TestClient(create_app(mem, auth=auth)) as client:

        def post(path: str, body: dict):
            return client.post(path, json=body, headers=headers)

        missing = "0" * 32
        for path, wrap in (
            ("/v1/memories", lambda b: b),
            ("/v1/memories/batch", lambda b: {"items": [b]}),
        ):
            theirs = post(path, wrap({"content": "x", "parent_id": bob.id}))
            absent = post(path, wrap({"content": "x", "parent_id": missing}))
            assert theirs.status_code == 404 and _same(theirs, absent, bob.id, missing), (
                theirs.text,
                absent.text,
            )
        # Ids are global: a caller-chosen id that is taken is refused the same way whoever
        # holds it (the caller or another user), and Bob's node is untouched.
        theirs = post("/v1/memories", {"content": "x", "id": bob.id})
        mine = post("/v1/memories", {"content": "x", "id": own.id})
        assert theirs.status_code in (409, 422) and _same(theirs, mine, bob.id, own.id)
        assert "bob" not in theirs.text and "falcon" not in theirs.text
        assert mem.get(bob.id).content == "Project falcon"


# -- defect 7: login CSRF -------------------------------------------------------------------
@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://testserver.evil.example"},
        {"Referer": "https://evil.example/page"},
    ],
)
def test_cross_site_login_and_logout_posts_are_refused(mem: HybridMemory, headers):
    from hybridmem.server import AuthConfig

    auth = AuthConfig({ADMIN: None, ALICE: "alice"})
    with TestClient(create_app(mem, auth=auth), follow_redirects=False) as client:
        r = client.post("/ui/login", data={"token": ALICE}, headers=headers)
        assert r.status_code == 403 and "set-cookie" not in r.headers, r.text
        client.cookies.set("hybridmem_token", ALICE)
        r = client.post("/ui/logout", headers=headers)
        assert r.status_code == 403 and "set-cookie" not in r.headers
        # The inspector's own form (same origin, or a client that sends neither header).
        for own in ({"Origin": "http://testserver"}, {"Referer": "http://testserver/ui/login"}, {}):
            r = client.post("/ui/login", data={"token": ALICE}, headers=own)
            assert r.status_code == 303 and "set-cookie" in r.headers, own
            r = client.post("/ui/logout", headers=own)
            assert r.status_code == 303, own


# -- defect 8: the token on every route, ids clients normalise, bidi controls, erase's report --
def test_schema_and_static_files_need_the_token_too(mem: HybridMemory):
    from hybridmem.server import AuthConfig

    auth = AuthConfig({ADMIN: None, ALICE: "alice"})
    with TestClient(create_app(mem, auth=auth)) as client:
        for path in ("/openapi.json", "/static/style.css", "/static/inspector.js", "/static/x"):
            r = client.get(path)
            assert r.status_code == 401 and r.json()["error"]["type"] == "AuthError", path
            assert (
                client.get(
                    path, headers={"Authorization": "Bearer wrong-token-xxxxxxxx"}
                ).status_code
                == 401
            )
        assert (
            client.get("/openapi.json", headers={"Authorization": f"Bearer {ALICE}"}).status_code
            == 200
        )
        client.cookies.set("hybridmem_token", ALICE)  # the inspector's login cookie
        assert client.get("/static/style.css").status_code == 200
        assert client.get("/v1/health").status_code == 200
    with TestClient(create_app(mem)) as open_client:  # a server without tokens: all open
        assert open_client.get("/static/style.css").status_code == 200


@pytest.mark.parametrize("node_id", ["..", ".", "...", "a/b", "../x", "a/../b"])
def test_ids_that_clients_normalise_are_refused_at_add(mem: HybridMemory, node_id):
    from hybridmem.errors import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match="id"):
        mem.add("x", user_id="u", id=node_id)
    assert mem.add("x", user_id="u", id="v1.2..rc").id == "v1.2..rc"  # dots inside stay fine


def test_the_inspector_escapes_bidi_controls(mem: HybridMemory):
    spoof = "invoice_\u202etxt.exe"
    task = mem.add("claim " + spoof, node_type="task", user_id="mal\u202elory")
    with TestClient(create_app(mem)) as client:
        for path in (
            f"/ui/nodes/{task.id}?user=mal%E2%80%AElory",
            "/ui/users/mal%E2%80%AElory",
            "/",
        ):
            r = client.get(path)
            assert r.status_code == 200, (path, r.text[:300])
            assert "\u202e" not in r.text and "\\u202e" in r.text, path


def test_erasure_says_exports_are_out_of_its_reach(mem: HybridMemory, tmp_path):
    mem.add("secret", user_id="u")
    mem.export_user("u", tmp_path / "u.jsonl")
    report = mem.erase(user_id="u")
    assert "export" in report.not_reached and "plaintext" in report.not_reached
