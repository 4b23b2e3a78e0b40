"""The inspector's search with one sealed memory and no key: the page shows the user's hits,
the sealed one masked, instead of refusing the whole search (the JSON API still answers 423:
a client gets no placeholder it could mistake for the text)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from hybridmem import HybridMemory, PrivacyConfig, generate_key
from hybridmem.core.sealed import MASKED
from hybridmem.server import create_app
from tests.server_support import NO_KEY

SECRET = "Locker code Qzvorpelblix"


def test_the_inspector_search_masks_a_sealed_hit(tmp_path):
    path = tmp_path / "m"
    with HybridMemory(path, embedder="hash", privacy=PrivacyConfig(key=generate_key())) as mem:
        mem.add("I live in Berlin.", node_type="fact", user_id="alice")
        mem.add(SECRET, node_type="fact", user_id="alice", sensitive=True)
    with (
        HybridMemory(path, embedder="hash", privacy=NO_KEY) as mem,
        TestClient(create_app(mem)) as client,
    ):
        page = client.get("/ui/search", params={"user": "alice", "q": "locker code"})
        assert page.status_code == 200
        assert MASKED in page.text and "Qzvorpelblix" not in page.text and "hmenc1" not in page.text
        other = client.get("/ui/search", params={"user": "alice", "q": "where do I live"})
        assert other.status_code == 200 and "Berlin" in other.text
        api = client.post("/v1/search", json={"query": "Berlin", "user_id": "alice"})
        assert api.status_code == 423
