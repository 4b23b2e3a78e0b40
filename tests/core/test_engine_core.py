"""The engine core's guarantees as a user relies on them: write units compose atomically,
imports and erasures are all or nothing, a crash inside an erasure is finished on the next
open, and the query is embedded outside any lock."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
from datetime import UTC, datetime

import numpy as np
import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.errors import ImportFormatError, ValidationError
from hybridmem.index import InMemoryIndex
from tests.backends import both_backends, leftovers  # noqa: F401 - runs on both stores


def snapshot_rows(mem: HybridMemory) -> tuple:
    """Everything a failed call must leave exactly as it was."""
    nodes = sorted(
        (n.id, n.version, n.content, n.status)
        for n in mem.store.get_many(mem.store.all_ids()).values()
    )
    active = {u: mem.store.get_active(u) for u in ("u1", "u2", "u3")}
    return nodes, active, mem.store.last_seq()


@pytest.fixture
def mem(open_mem):
    clock = FakeClock(datetime(2025, 3, 1, tzinfo=UTC))
    with open_mem(embedder="hash", clock=clock) as m:
        yield m


def test_transaction_makes_several_calls_one_atomic_write(mem):
    task = mem.add("Expense claim #7", node_type="task", user_id="u1")
    before = snapshot_rows(mem)
    with pytest.raises(ValidationError), mem.transaction():
        mem.add("Finance returned the claim", parent_id=task.id, user_id="u1")
        mem.add("Next: re-scan the invoice", node_type="state", user_id="u1")
        mem.update(task.id, importance=2.0)  # invalid: the whole unit rolls back
    assert snapshot_rows(mem) == before
    assert mem.verify().missing == () and mem.verify().orphaned == ()

    with mem.transaction():
        event = mem.add("Finance returned the claim", parent_id=task.id, user_id="u1")
        step = mem.add("Next: re-scan the invoice", node_type="state", user_id="u1")
        # Reads inside the unit see its writes.
        assert mem.active_node(user_id="u1").id == step.id
    assert {n.id for n in mem.children(task.id)} >= {event.id}
    # The vectors were written once the unit committed.
    assert mem.verify().pending == () and {event.id, step.id} <= mem.index.get_ids()


def test_a_failed_inner_unit_rolls_back_alone_when_the_caller_handles_it(mem):
    task = mem.add("Expense claim #7", node_type="task", user_id="u1")
    with mem.transaction():
        kept = mem.add("kept", parent_id=task.id, user_id="u1")
        with pytest.raises(ValidationError):
            mem.add_many(
                [{"content": "lost", "parent_id": task.id}, {"content": " "}], user_id="u1"
            )
    assert [n.content for n in mem.children(task.id)] == [kept.content]


@pytest.mark.parametrize("bad_line", [2, 4, 6])
def test_import_is_all_or_nothing_whichever_line_is_bad(mem, bad_line):
    task = mem.add("Trip to Berlin", node_type="task", user_id="u1")
    for i in range(4):
        mem.add(f"step {i}", parent_id=task.id, user_id="u1")
    mem.update(mem.children(task.id)[1].id, status="archived")
    buf = io.StringIO()
    mem.export_user("u1", buf)
    lines = buf.getvalue().splitlines()
    record = json.loads(lines[bad_line])
    record["node_type"] = "Not A Type!"
    lines[bad_line] = json.dumps(record)
    before = snapshot_rows(mem)
    with pytest.raises((ValidationError, ImportFormatError)):
        mem.import_jsonl(io.StringIO("\n".join(lines) + "\n"), user_id="u2", new_ids=True)
    assert snapshot_rows(mem) == before
    assert mem.root(user_id="u2") is None

    report = mem.import_jsonl(io.StringIO(buf.getvalue()), user_id="u2", new_ids=True)
    assert report.nodes == 5  # the task and its four steps (the root is the target's)
    copied = {n.content: n.status for n in mem.subtree(mem.root(user_id="u2").id)}
    assert copied["step 1"] == "archived"


@pytest.mark.parametrize("shape", ["user", "subtree", "single"])
def test_every_erase_shape_is_one_unit_with_its_op(mem, shape):
    task = mem.add("Claim for the Berlin trip", node_type="task", user_id="u1")
    secret = mem.add("my passport number is X1234567", parent_id=task.id, user_id="u1")
    child = mem.add("hotel booked", parent_id=secret.id, user_id="u1")
    mem.add("other user's note", user_id="u2")
    seq = mem.store.last_seq()
    if shape == "user":
        mem.erase(user_id="u1")
    else:
        mem.erase(secret.id, subtree=shape == "subtree")
    ops = mem.oplog(since=seq)
    assert [o.op for o in ops if o.op != "set_active"] == ["erase"]
    assert leftovers(mem, "X1234567") == []  # no file (SQLite) or table (PostgreSQL)
    if shape == "single":
        assert mem.get(child.id).parent_id == task.id  # the child survives, re-attached
    assert mem.verify().orphaned == () and mem.verify().missing == ()


CRASH_IN_ERASE = """
import os, signal, sys
from hybridmem import ChromaServer, HybridMemory
import hybridmem.privacy.erasure as erasure

def die(*args, **kwargs):
    # The SQLite unit committed; the vectors, snapshots and compaction are not done yet.
    os.kill(os.getpid(), signal.SIGKILL)

erasure.finish_erasure = die
target, node, server, collection = sys.argv[1:5]
if server == "-":
    mem = HybridMemory(target, embedder="hash")
else:
    host, port = server.rsplit(":", 1)
    mem = HybridMemory(
        target, embedder="hash", chroma=ChromaServer(host, int(port)), collection=collection
    )
mem.erase(node)
"""


def test_a_kill_inside_an_erasure_is_finished_on_the_next_open(open_mem, locations):
    with open_mem(embedder="hash") as mem:
        task = mem.add("Claim for the Berlin trip", node_type="task", user_id="u1")
        secret = mem.add("passport number X1234567 for the visa", parent_id=task.id, user_id="u1")
        mem.add("unrelated memory", user_id="u1")
        mem.checkpoint()  # a snapshot holds the text too
        assert leftovers(mem, "X1234567")
    target, server, collection = locations.args()
    done = subprocess.run(
        [sys.executable, "-c", CRASH_IN_ERASE, target, secret.id, server, collection],
        capture_output=True,
    )
    assert done.returncode == -9, done.stderr.decode()
    with open_mem(embedder="hash") as mem:
        assert mem.store.get(secret.id) is None
        report = mem.verify()
        assert report.orphaned == () and report.missing == ()
        assert leftovers(mem, "X1234567") == []


class GatedEmbedder(HashEmbedder):
    """Blocks embedding of one query until released, to see who waits for the model."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = threading.Event()
        self.release = threading.Event()

    def embed(self, texts):  # type: ignore[override]
        if list(texts) == ["where is the invoice?"]:
            self.entered.set()
            assert self.release.wait(10), "never released"
        return super().embed(texts)


def test_retrieve_embeds_the_query_without_holding_the_write_lock(tmp_path):
    embedder = GatedEmbedder()
    with HybridMemory(tmp_path / "m", embedder=embedder, index=InMemoryIndex()) as mem:
        task = mem.add("Expense claim", node_type="task", user_id="u1")
        results = []
        reader = threading.Thread(
            target=lambda: results.append(mem.retrieve("where is the invoice?", user_id="u1"))
        )
        reader.start()
        assert embedder.entered.wait(10)
        # While the model works on the query, writes of the same process go through.
        written = mem.add("The invoice is in the blue folder", parent_id=task.id, user_id="u1")
        embedder.release.set()
        reader.join(10)
        assert written.id in mem.index.get_ids()
        assert results and results[0].user_id == "u1"


def test_the_in_memory_index_is_a_faithful_fake(tmp_path):
    """The fake shipped for tests ranks and filters like the real index does."""
    with HybridMemory(tmp_path / "m", embedder="hash", index=InMemoryIndex()) as mem:
        task = mem.add("Trip to Berlin", node_type="task", user_id="u1")
        hit = mem.add("The train leaves at 9 from Hauptbahnhof", parent_id=task.id, user_id="u1")
        mem.add("The train leaves at 9 from Hauptbahnhof", user_id="u2")
        res = mem.retrieve("when does the train leave?", user_id="u1", task_id=task.id)
        assert res.hits[0].node.id == hit.id
        assert all(h.node.user_id == "u1" for h in res.hits)
        vec = mem.index.get_vectors([hit.id])[hit.id]
        assert np.isclose(float(np.linalg.norm(vec)), 1.0)
