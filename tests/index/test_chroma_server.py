"""The same engine against a real Chroma server started on 127.0.0.1 by the test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.servers import chroma_server as start_chroma
from benchmarks.servers import free_port
from hybridmem import ChromaServer, HashEmbedder, HybridMemory
from hybridmem.errors import IndexUnavailableError, InvalidArgumentError

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


def test_the_server_may_be_given_as_host_port_text(tmp_path, chroma_server, clock):
    address = f"{chroma_server.host}:{chroma_server.port}"
    with HybridMemory(
        tmp_path / "m", embedder=HashEmbedder(64), clock=clock, chroma=address
    ) as mem:
        mem.add("invoice unreadable", user_id="u1")
        assert mem.stats().vectors == 2
    assert not (tmp_path / "m" / "chroma").exists()
    assert ChromaServer.parse(f"https://{address}/") == ChromaServer(
        chroma_server.host, chroma_server.port, ssl=True
    )
    assert ChromaServer.parse("[::1]:8000") == ChromaServer("::1", 8000)


@pytest.mark.parametrize(
    ("bad", "problem"),
    [
        ("localhost", "HOST:PORT"),
        ("localhost:http", "HOST:PORT"),
        ("ftp://h:80", "HOST:PORT"),
        (":8000", "HOST:PORT"),
        ("h:0", "1-65535"),
        ("h:70000", "1-65535"),
        (8000, "ChromaServer or 'HOST:PORT', got int"),
    ],
)
def test_a_bad_server_address_is_named_before_anything_is_created(tmp_path, bad, problem):
    with pytest.raises(InvalidArgumentError, match=problem):
        HybridMemory(tmp_path / "m", embedder="hash", chroma=bad)
    assert not (tmp_path / "m").exists()


SECOND_PROCESS = """
import json, sys
from hybridmem import ChromaServer, HashEmbedder, HybridMemory
server = ChromaServer(host=sys.argv[2], port=int(sys.argv[3]))
with HybridMemory(sys.argv[1], embedder=HashEmbedder(64), chroma=server,
                  collection="test-two-processes") as mem:
    added = mem.add("receipt photo uploaded", user_id="u1")
    res = mem.retrieve("invoice unreadable", user_id="u1", top_k=3)
    print(json.dumps({"flag": res.vector_unavailable, "added": added.id,
                      "state": mem.get(added.id).index_state,
                      "hits": {h.node.id: sorted(h.breakdown.sources) for h in res.hits}}))
"""


def test_with_a_chroma_server_every_process_has_vector_search(tmp_path, chroma_server):
    """The documented multi-process setup: no process is a follower, none is flagged."""
    opened = dict(embedder=HashEmbedder(64), chroma=chroma_server, collection="test-two-processes")
    with HybridMemory(tmp_path / "m", **opened) as mem:
        node = mem.add("invoice unreadable", user_id="u1")
        child = subprocess.run(
            [
                sys.executable,
                "-c",
                SECOND_PROCESS,
                str(tmp_path / "m"),
                chroma_server.host,
                str(chroma_server.port),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        )
        assert child.returncode == 0, child.stderr
        seen = json.loads(child.stdout)
        assert seen["flag"] is False and seen["state"] == "indexed"
        assert "vector" in seen["hits"][node.id]
        res = mem.retrieve("receipt photo uploaded", user_id="u1", top_k=3)
        assert not res.vector_unavailable
        assert "vector" in next(h for h in res.hits if h.node.id == seen["added"]).breakdown.sources
