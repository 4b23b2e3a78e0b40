"""POST /v1/messages: the conversation over HTTP, tool messages included, and ``wait_indexed``
(answer once the index has the call's vectors). No background indexer here: without the flag
the rows stay pending until something indexes them, so what the flag did is visible."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.server import create_app
from tests.conftest import CountingEmbedder

CHAT = [
    {"id": "m1", "role": "user", "content": "I live in Porto."},
    {"id": "m2", "role": "tool", "tool": "call", "name": "weather", "content": '{"city": "Porto"}'},
    {"id": "m3", "role": "tool", "name": "weather", "content": "I live in Sunny Town"},
    {"id": "m4", "role": "assistant", "content": "It is sunny in Porto."},
]


@pytest.fixture
def client(
    open_mem: Callable[..., HybridMemory], embedder: CountingEmbedder, clock: FakeClock
) -> Iterator[tuple[TestClient, HybridMemory]]:
    config = MemoryConfig(background_indexer=False)
    with (
        open_mem("m", embedder=embedder, clock=clock, config=config) as mem,
        TestClient(create_app(mem)) as http,
    ):
        yield http, mem


def _pending(mem: HybridMemory) -> int:
    return mem.stats().by_index_state.get("pending", 0)


def test_messages_answer_at_commit_unless_asked_to_wait(client):
    http, mem = client
    r = http.post("/v1/messages", json={"user_id": "u", "messages": CHAT})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["indexed"] is None and body["buffered"] == len(CHAT)
    assert [w["content"] for w in body["written"] if w["node_type"] == "fact"] == [
        "I live in Porto."  # not the tool's output
    ]
    reasons = {s["message_id"]: s["reason"] for s in body["skipped"]}
    assert "tool result (weather)" in reasons["m3"]
    assert _pending(mem) > 0  # committed; the index catches up later

    more = [{"id": "m5", "role": "user", "content": "I adopted a greyhound called Pixel."}]
    r = http.post("/v1/messages", json={"user_id": "u", "messages": more, "wait_indexed": True})
    assert r.status_code == 201, r.text
    assert r.json()["indexed"] is True
    assert _pending(mem) == 0  # this call's rows and the earlier call's
    assert mem.stats().vectors == mem.stats().nodes
    stats = http.get("/v1/store").json()
    assert stats["pending"] == 0


def test_a_bad_role_or_flag_is_named(client):
    http, mem = client
    bad = http.post(
        "/v1/messages", json={"user_id": "u", "messages": [{"role": "robot", "content": "x"}]}
    )
    assert bad.status_code == 422 and "messages[0].role" in bad.text and "robot" in bad.text
    flag = http.post(
        "/v1/messages", json={"user_id": "u", "messages": CHAT, "wait_indexed": "later"}
    )
    assert flag.status_code == 422 and "wait_indexed" in flag.text
    assert mem.get_all(user_id="u", status=None) == []  # nothing written by either
