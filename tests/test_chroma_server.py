"""The same engine against a real Chroma server started on 127.0.0.1 by the test."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from hybridmem import ChromaServer, HashEmbedder, HybridMemory
from hybridmem.errors import IndexUnavailableError

pytestmark = pytest.mark.server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory) -> Iterator[ChromaServer]:
    # The chroma CLI ships with the chromadb package, beside this interpreter.
    beside = Path(sys.executable).parent / "chroma"
    exe = str(beside) if beside.exists() else shutil.which("chroma")
    assert exe, "the chroma CLI (from the chromadb package) was not found"
    port = free_port()
    data = tmp_path_factory.mktemp("chroma-server")
    proc = subprocess.Popen(
        [exe, "run", "--path", str(data), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1)
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("chroma server did not start") from None
                time.sleep(0.2)
        yield ChromaServer(host="127.0.0.1", port=port)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


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
