"""Several threads and several processes writing one store: no lost updates, no duplicate or
missing index entries (real processes, one SQLite file, one Chroma directory)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from hybridmem import HybridMemory
from hybridmem.errors import ConflictError

ROOT = Path(__file__).resolve().parents[2]


def spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "hybridmem.testing.faultworker", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


@pytest.mark.slow(59)
def test_four_processes_500_adds_each_give_exactly_2000_nodes(tmp_path):
    path = tmp_path / "m"
    procs = [spawn("adds", str(path), "500", f"p{i}") for i in range(4)]
    outputs = [p.communicate(timeout=300) for p in procs]
    for proc, (out, err) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, err
        assert out.startswith("DONE")
    with HybridMemory(path, embedder="hash") as mem:
        stats = mem.stats()
        assert stats.by_type.get("root") == 4  # one root per process's user
        assert stats.nodes - 4 == 2000
        for i in range(4):
            contents = [n.content for n in mem.subtree(mem.root(user_id=f"p{i}").id)]
            assert len(contents) == 501 and len(set(contents)) == 501  # no duplicates
        report = mem.verify()
        assert report.clean, report.summary()
        assert report.vectors == report.nodes == 2004
        assert report.seq_gaps == ()


def test_processes_racing_on_one_node_lose_no_update(tmp_path):
    path = tmp_path / "m"
    with HybridMemory(path, embedder="hash") as mem:
        counter = mem.add("counter", node_type="state", metadata={"n": 0}).id
    procs = [spawn("incr", str(path), counter, "30", f"w{i}") for i in range(3)]
    for proc in procs:
        _out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
    with HybridMemory(path, embedder="hash") as mem:
        node = mem.get(counter)
        assert node.metadata["n"] == 90
        assert node.version == 91
        assert len([r for r in mem.history(counter) if r.op == "update"]) == 90
        assert mem.verify().clean


def test_threads_racing_on_one_node_lose_no_update(mem):
    counter = mem.add("counter", node_type="state", metadata={"n": 0}).id
    conflicts = []

    def work() -> None:
        for _ in range(25):
            while True:
                node = mem.get(counter)
                try:
                    mem.update(
                        counter,
                        metadata={"n": node.metadata["n"] + 1},
                        expected_version=node.version,
                    )
                    break
                except ConflictError:
                    conflicts.append(1)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    node = mem.get(counter)
    assert node.metadata["n"] == 100 and node.version == 101


def test_threads_adding_at_once_leave_a_consistent_index(mem):
    task = mem.add("shared task", node_type="task")
    errors = []

    def work(k: int) -> None:
        try:
            for i in range(40):
                mem.add(f"thread {k} note {i}", parent_id=task.id)
        except Exception as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(mem.children(task.id)) == 160
    report = mem.verify()
    assert report.clean, report.summary()
    assert report.vectors == report.nodes
