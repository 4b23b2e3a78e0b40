"""A SIGKILL in the middle of ``add_messages``: the buffer and what was extracted stay
consistent (all of a call or none of it), and handing the same messages over again after the
reopen writes each exactly once.

The kill is injected at a fixed point of the call, in a child process (no sleeps, no timing):
inside the write unit once every item is written but before the commit, and after the commit
but before the vector index is written.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hybridmem import HybridMemory
from hybridmem.conversation import BUFFER_TYPE

ROOT = Path(__file__).resolve().parents[2]

FIRST = [
    {"id": "m1", "role": "user", "content": "I live in Lisbon."},
    {"id": "m2", "role": "assistant", "content": "Lisbon is lovely in spring."},
]
SECOND = {
    "en": [
        {"id": "m3", "role": "user", "content": "I adopted a cat named Miso last week."},
        {"id": "m4", "role": "user", "content": "ok"},
        {"id": "m5", "role": "assistant", "content": "Miso is a great name for a cat."},
    ],
    "zh": [
        {"id": "m3", "role": "user", "content": "我上周领养了一只叫味噌的猫。"},
        {"id": "m4", "role": "user", "content": "嗯嗯"},
        {"id": "m5", "role": "assistant", "content": "味噌这个名字真可爱。"},
    ],
}

CHILD = """
import json, os, signal, sys
from hybridmem import HybridMemory, MemoryConfig
from hybridmem.core.indexing import IndexSync
from hybridmem.core.tree import TreeWriter

path, point, first, second = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]


def die_after(cls, name):
    original = getattr(cls, name)

    def patched(self, *args, **kwargs):
        original(self, *args, **kwargs)
        os.kill(os.getpid(), signal.SIGKILL)

    setattr(cls, name, patched)


# No background indexer: its own vector writes (IndexSync.flush) would be the kill point at a
# time of its choosing; the backlog's crash has its own test (test_recovery_backlog.py).
with HybridMemory(path, embedder="hash", config=MemoryConfig(background_indexer=False)) as mem:
    mem.add_messages(json.loads(first), user_id="u", session_id="s")
    print("ACK first", flush=True)
    # in-unit: every item of the call written, the unit not committed yet.
    # after-commit: committed, the vector index not written yet.
    points = {"in-unit": (TreeWriter, "_finish_adds"), "after-commit": (IndexSync, "flush")}
    die_after(*points[point])
    mem.add_messages(json.loads(second), user_id="u", session_id="s")
    print("ACK second", flush=True)
"""


def _run(path: Path, point: str, second: list[dict[str, str]]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", CHILD, str(path), point, json.dumps(FIRST), json.dumps(second)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def _state(mem: HybridMemory) -> tuple[dict[str, int], dict[str, int]]:
    """How many buffer nodes and memories cite each message id (every status)."""
    buffered: dict[str, int] = {}
    cited: dict[str, int] = {}
    for node in mem.get_all(user_id="u", status=None):
        if node.node_type == BUFFER_TYPE:
            buffered[str(node.source_id)] = buffered.get(str(node.source_id), 0) + 1
        for message_id in node.source_ids:
            if node.node_type in ("event", "fact", "preference"):
                cited[message_id] = cited.get(message_id, 0) + 1
    return buffered, cited


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("point", ["in-unit", "after-commit"])
def test_sigkill_inside_add_messages_leaves_buffer_and_memories_consistent(tmp_path, point, lang):
    second = SECOND[lang]
    child = _run(tmp_path / "m", point, second)
    assert child.returncode == -9, child.stderr
    assert child.stdout.split("\n")[0] == "ACK first" and "ACK second" not in child.stdout
    with HybridMemory(tmp_path / "m", embedder="hash") as mem:
        assert mem.verify().clean  # the open finished what the kill interrupted
        buffered, cited = _state(mem)
        if point == "in-unit":
            # Nothing of the killed call: no raw message, no memory citing one.
            assert set(buffered) == {"m1", "m2"} and not set(cited) - {"m1", "m2"}
        else:
            # All of it: every message buffered once, the kept ones cited by a memory.
            assert buffered == {m: 1 for m in ("m1", "m2", "m3", "m4", "m5")}
            assert {"m3", "m5"} <= set(cited) and "m4" not in cited
        # The framework hands the whole history over again: each message is taken once.
        report = mem.add_messages([*FIRST, *second], user_id="u", session_id="s")
        taken = {s.message_id for s in report.skipped if s.reason.startswith("already")}
        assert taken == ({"m1", "m2"} if point == "in-unit" else {"m1", "m2", "m3", "m4", "m5"})
        buffered, cited = _state(mem)
        assert buffered == {m: 1 for m in ("m1", "m2", "m3", "m4", "m5")}
        assert all(cited[m] >= 1 for m in ("m3", "m5")) and "m4" not in cited
        assert mem.verify().clean
        hits = mem.retrieve(second[0]["content"], user_id="u", top_k=3).hits
        assert second[0]["content"] in hits[0].node.content
        assert hits[0].node.node_type != BUFFER_TYPE
