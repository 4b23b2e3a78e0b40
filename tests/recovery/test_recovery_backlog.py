"""A SIGKILL while the index backlog writes the vectors ``add_messages`` left for later loses
nothing: the rows are committed pending, the next open indexes them (core/backlog.py), on
SQLite and on PostgreSQL (its vectors in a Chroma server).

The kill is injected at a fixed point in a child process (no sleeps, no timing): once the
backlog embedded a batch, before its vectors reach the index.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hybridmem import MemoryConfig
from tests.backends import Locations, OpenMem, both_backends  # noqa: F401 - both stores

ROOT = Path(__file__).resolve().parents[2]

CHAT = {
    "en": [
        {"id": "m1", "role": "user", "content": "I live in Lisbon."},
        {"id": "m2", "role": "assistant", "content": "Lisbon is lovely in spring."},
        {"id": "m3", "role": "user", "content": "I adopted a cat named Miso last week."},
    ],
    "zh": [
        {"id": "m1", "role": "user", "content": "我住在里斯本。"},
        {"id": "m2", "role": "assistant", "content": "里斯本的春天很美。"},
        {"id": "m3", "role": "user", "content": "我上周领养了一只叫味噌的猫。"},
    ],
}

CHILD = """
import json, os, signal, sys
from hybridmem import ChromaServer, HybridMemory, MemoryConfig
from hybridmem.core.indexing import IndexSync

target, server, collection, chat = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
where = {}
if server != "-":  # PostgreSQL: the vectors live in a collection of a Chroma server
    host, port = server.rsplit(":", 1)
    where = {"chroma": ChromaServer(host, int(port)), "collection": collection}


def killed(self, unit):
    os.kill(os.getpid(), signal.SIGKILL)


config = MemoryConfig(background_indexer=False)
with HybridMemory(target, embedder="hash", config=config, **where) as mem:
    report = mem.add_messages(chat, user_id="u", session_id="s")
    print(json.dumps([w.node_id for w in report.written]), flush=True)
    IndexSync.flush = killed  # the backlog embedded its batch; its write never happens
    mem.wait_indexed()
    print("INDEXED", flush=True)
"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_sigkill_while_the_backlog_indexes_loses_nothing(
    open_mem: OpenMem, locations: Locations, lang: str
):
    chat = CHAT[lang]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.run(
        [sys.executable, "-c", CHILD, *locations.args(), json.dumps(chat)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert child.returncode == -9, child.stderr
    written = json.loads(child.stdout.split("\n")[0])
    assert "INDEXED" not in child.stdout
    config = MemoryConfig(background_indexer=False)
    with open_mem(embedder="hash", config=config) as mem:
        assert mem.open_report.unclean_sessions == 1
        assert mem.open_report.finished_pending > 0  # what the kill left pending
        stats = mem.stats()
        assert stats.by_index_state.get("pending", 0) == 0 and stats.vectors == stats.nodes
        assert mem.verify(full=True).clean
        # Every memory the acknowledged call wrote is there, and found by its vector.
        for node_id in written:
            node = mem.get(node_id, user_id="u")
            hits = mem.retrieve(node.content, user_id="u", top_k=5).hits
            assert any(h.node.id == node_id and "vector" in h.breakdown.sources for h in hits)
