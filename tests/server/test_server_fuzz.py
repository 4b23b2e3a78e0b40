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
