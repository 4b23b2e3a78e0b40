"""The same engine against a real Chroma server started on 127.0.0.1 by the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from benchmarks.servers import chroma_server as start_chroma
from benchmarks.servers import free_port
from hybridmem import ChromaServer, HashEmbedder, HybridMemory
from hybridmem.errors import IndexUnavailableError

pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory) -> Iterator[ChromaServer]:
    with start_chroma(tmp_path_factory.mktemp("chroma-server")) as server:
        yield server


def test_engine_runs_against_a_chroma_server(tmp_path, chroma_server, clock):
    with HybridMemory(
        tmp_path / "m",
        embedder=HashEmbedder(64),
        clock=clock,
        chroma=chroma_server,
        collection="test-server-mem",
    ) as mem:
        task = mem.add("Expense claim", node_type="task", user_id="u1")
        node = mem.add("invoice unreadable", parent_id=task.id, user_id="u1")
        res = mem.retrieve("invoice", user_id="u1", task_id=task.id)
        assert res.hits[0].node.id == node.id
        assert mem.stats().vectors == 3  # root, task, event
        mem.delete(node.id)
        assert node.id not in mem.index.get_ids()
    # Nothing of the vectors lives in the local folder: they are on the server.
    assert not (tmp_path / "m" / "chroma").exists()


def test_unreachable_server_is_a_clear_error(tmp_path):
    with pytest.raises(IndexUnavailableError, match=r"127\.0\.0\.1"):
        HybridMemory(
            tmp_path / "m",
            embedder=HashEmbedder(64),
            chroma=ChromaServer(host="127.0.0.1", port=free_port()),
        )
