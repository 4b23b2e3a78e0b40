"""An erase committed by a process that does not own the embedded Chroma directory is
finished in the vector index by the owner, while it runs (its next write) or on its next open,
and ``verify()`` shows it pending meanwhile (issue 11, defect 4)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.testing.checks import find_bytes

MARK = "Plonkavrix"

OWNER = textwrap.dedent(
    """
    import json, sys
    from hybridmem import HashEmbedder, HybridMemory
    mem = HybridMemory(sys.argv[1], embedder=HashEmbedder(32))
    print(json.dumps({"owns": mem.open_report.owns_index}), flush=True)
    for line in sys.stdin:
        cmd = line.strip()
        if cmd == "verify":
            report = mem.verify()
            print(json.dumps({"pending": list(report.pending_erasures),
                              "clean": report.clean}), flush=True)
        elif cmd == "add":
            mem.add("owner keeps working", user_id="owner")
            print(json.dumps({"added": True}), flush=True)
        elif cmd == "close":
            mem.close()
            print(json.dumps({"closed": True}), flush=True)
            break
    """
)


def ask(owner: subprocess.Popen[str], cmd: str) -> str:
    assert owner.stdin is not None and owner.stdout is not None
    owner.stdin.write(cmd + "\n")
    owner.stdin.flush()
    return owner.stdout.readline()


def start_owner(path: Path) -> subprocess.Popen[str]:
    owner = subprocess.Popen(
        [sys.executable, "-c", OWNER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert owner.stdout is not None
    assert '"owns": true' in owner.stdout.readline()
    return owner


def fill(path: Path) -> str:
    """The store, and the id of one of the victim's nodes: the vector index holds ids, vectors
    and metadata but no text, so an id is how a test finds the victim's entries in its files."""
    with HybridMemory(path, embedder=HashEmbedder(32)) as mem:
        task = mem.add(f"task {MARK}", node_type="task", user_id="victim")
        for i in range(6):
            mem.add(f"note {i} {MARK}", parent_id=task.id, user_id="victim")
        mem.add("bystander", user_id="other")
        mem.checkpoint()
        return task.id


def test_a_follower_erase_is_finished_by_the_running_owner(tmp_path):
    path = tmp_path / "m"
    victim = fill(path)
    owner = start_owner(path)
    try:
        with HybridMemory(path, embedder=HashEmbedder(32)) as follower:
            assert not follower.open_report.owns_index
            report = follower.erase(user_id="victim")
            assert report.nodes == 8 and report.vectors_pending
            assert report.snapshots_scrubbed == 1  # what needs no index is done at once
            assert follower.store.all_ids(user_id="victim") == []
        assert '"pending": [' in ask(owner, "verify") and '"clean": false' in ask(owner, "verify")
        assert find_bytes(path / "chroma", victim)  # the vectors are still there...
        ask(owner, "add")  # ...until the owner's next write catches up
        assert '"pending": [], "clean": true' in ask(owner, "verify")
        assert find_bytes(path, MARK) == [] and find_bytes(path / "chroma", victim) == []
    finally:
        ask(owner, "close")
        owner.wait(timeout=60)
    assert find_bytes(path, MARK) == []
    with HybridMemory(path, embedder=HashEmbedder(32)) as mem:
        assert mem.verify().clean


def test_a_follower_erase_is_finished_by_the_owners_next_open(tmp_path):
    path = tmp_path / "m"
    victim = fill(path)
    owner = start_owner(path)
    try:
        with HybridMemory(path, embedder=HashEmbedder(32)) as follower:
            follower.erase(user_id="victim")
    finally:
        ask(owner, "close")  # the owner exits without writing again
        owner.wait(timeout=60)
    assert find_bytes(path / "chroma", victim)  # the vectors wait for the owner
    with HybridMemory(path, embedder=HashEmbedder(32)) as mem:
        assert mem.open_report.owns_index
        report = mem.verify()
        assert report.clean and report.pending_erasures == ()
    assert find_bytes(path, MARK) == [] and find_bytes(path / "chroma", victim) == []
