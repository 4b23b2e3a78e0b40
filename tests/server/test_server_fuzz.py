"""Hostile JSON against the API: every answer is a success or a 4xx JSON error, never a 500,
and the store stays consistent (SQLite = Chroma) with every acknowledged write intact."""

from __future__ import annotations

import json
from urllib.parse import quote

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hybridmem import HybridMemory
from hybridmem.server import create_app

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            " ",
            "\x00",
            "\ud800",
            "<script>",
            "' OR 1=1 --",
            "../../etc",
            "task",
            "fact",
            "root",
            "slot:user.city",
            "a" * 300,
            # Dates and numbers at the edges of their types (issue 35): in a question, in
            # created_at, in limits.
            "in year 9999",
            "9999-12-31",
            "on 31 December 9999",
            "9999年12月",
            "9999999999年前",
            "0001-01-01T00:00:00+14:00",
            "9999-12-31T23:59:59-14:00",
            2**63,
            -(2**63) - 1,
            2**64,
            "a\\",
            "a\x00b",
        ]
    ),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
FIELDS = [
    "content",
    "parent_id",
    "node_type",
    "importance",
    "confidence",
    "metadata",
    "created_at",
    "source_id",
    "id",
    "activate",
    "lifecycle",
    "slot",
    "tier",
    "sensitive",
    "user_id",
    "bogus",
]
bodies = st.builds(
    lambda content, rest: {**rest, **content},
    # Mostly a usable text, so writes also succeed and the later requests meet real nodes.
    st.fixed_dictionaries({"content": st.one_of(st.text(min_size=1, max_size=30), json_scalars)}),
    st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=5),
)
search_bodies = st.dictionaries(
    st.sampled_from(["query", "user_id", "task_id", "top_k", "token_budget", "agent_id"]),
    json_values,
    max_size=5,
)


def encode(body: object) -> bytes:
    # Lone surrogates travel as JSON escapes (\ud800), as a hostile client would send them.
    return json.dumps(body, ensure_ascii=True).encode("ascii")


def check(response) -> None:
    assert response.status_code < 500, response.text[:500]
    if response.status_code >= 400:
        err = response.json()["error"]
        assert err["type"] and err["message"] and err["status"] == response.status_code


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    writes=st.lists(bodies, min_size=1, max_size=4), searches=st.lists(search_bodies, max_size=2)
)
def test_hostile_bodies_never_500(mem: HybridMemory, writes, searches) -> None:
    headers = {"content-type": "application/json"}
    with TestClient(create_app(mem)) as client:
        acknowledged = []
        for body in writes:
            r = client.post("/v1/memories", content=encode(body), headers=headers)
            check(r)
            if r.status_code == 201:
                acknowledged.append(r.json())
            # Percent-encoded, so a hostile id reaches the server instead of being refused by
            # the HTTP client as an invalid URL.
            node = quote(str(body.get("id", "x")), safe="")
            p = client.patch("/v1/memories/" + node, content=encode(body), headers=headers)
            check(p)
        for body in searches:
            check(client.post("/v1/search", content=encode(body), headers=headers))
        check(client.post("/v1/memories/batch", content=encode({"items": writes}), headers=headers))
    for node in acknowledged:  # nothing here deletes: every acknowledged write is still there
        assert mem.get(node["id"], user_id=node["user_id"]).id == node["id"]
    assert mem.verify().clean


# -- query parameters: deep JSON, huge lists, NUL and backslashes, edge numbers (issue 35) ----
def _deep(depth: int, kind: str) -> str:
    return ("[" * depth + "]" * depth) if kind == "list" else ('{"a":' * depth + "1" + "}" * depth)


where_texts = st.one_of(
    st.builds(_deep, st.integers(1, 6000), st.sampled_from(["list", "dict"])),
    st.builds(
        lambda op, n, text: json.dumps(
            {"k": {op: [str(i) if text else i for i in range(n)]}}, ensure_ascii=True
        ),
        st.sampled_from(["$in", "$nin"]),
        st.integers(1, 4_000),  # a URL holds ~60 kB: bigger lists go in bodies
        st.booleans(),
    ),
    st.builds(
        lambda key, value: json.dumps({key: value}, ensure_ascii=True),
        st.sampled_from(["k", "a\\", "\\", "a\x00", 'q"k', "\U0001f600", "n.k\\", "$or"]),
        json_scalars,
    ),
    st.text(max_size=30),
)
edge_numbers = st.one_of(
    st.sampled_from(["0", "-1", str(2**63 - 1), str(2**63), str(2**64), "1e309", "nan", "x"]),
    st.integers(-(2**70), 2**70).map(str),
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    where=st.one_of(st.none(), where_texts),
    limit=st.one_of(st.none(), edge_numbers),
    offset=st.one_of(st.none(), edge_numbers),
    metadata=st.dictionaries(
        st.sampled_from(["k", "a\\", "\\", "a\x00", 'q"k', "\U0001f600"]), json_scalars, max_size=3
    ),
)
def test_hostile_query_parameters_never_500(mem: HybridMemory, where, limit, offset, metadata):
    headers = {"content-type": "application/json"}
    with TestClient(create_app(mem)) as client:
        body = {"content": "a claim", "user_id": "u", "metadata": metadata}
        check(client.post("/v1/memories", content=encode(body), headers=headers))
        params = {"user_id": "u", "where": where, "limit": limit, "offset": offset}
        r = client.get("/v1/memories", params={k: v for k, v in params.items() if v is not None})
        check(r)
        assert mem.store.path.name not in r.text  # no server path in an answer
        if where is not None and where.startswith("{"):
            try:
                parsed = json.loads(where)
            except (ValueError, RecursionError):
                parsed = None
            search = {"query": "claim in year 9999", "user_id": "u", "where": parsed}
            check(client.post("/v1/search", content=encode(search), headers=headers))
