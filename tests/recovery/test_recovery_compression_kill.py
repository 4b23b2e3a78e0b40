"""SIGKILL in the middle of a compression leaves the old state or the new one (issue 32).

A child process runs maintenance over three finished tasks and kills itself with SIGKILL at a
deterministic point (no sleeps): inside the second task's compression, after its summary was
added and before its members were archived; or just after the compression committed, before
the rest of maintenance. The parent reopens the store: every task is either untouched (no
summary, every member live) or compressed (a summary, every member archived pointing at it),
the stores agree (``verify``), and the next maintenance run finishes the work, ending where a
run never killed ends.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hybridmem import HybridMemory

ROOT = Path(__file__).resolve().parents[2]
U = "u1"

CHILD = """
import os, signal, sys
from hybridmem import HybridMemory
from hybridmem.evolution.maintain import compression, forgetting, maintenance

where = sys.argv[2]
mem = HybridMemory(sys.argv[1], embedder="hash")


def die(*args, **kwargs):
    print("killed", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)


if where == "inside":
    real_write = compression._Compression.write
    units = []

    def write(self, *args, **kwargs):
        units.append(1)
        if len(units) == 2:
            # The summary is added, then the members' archiving kills the process.
            self.core.tree.apply_changes = die
        return real_write(self, *args, **kwargs)

    compression._Compression.write = write
else:
    # The compression committed; the process dies planning the rest of maintenance.
    maintenance.plan_user = die
mem.maintain(user_id="u1")
print("not killed", flush=True)
"""


def _build(path: Path) -> dict[str, list[str]]:
    tasks: dict[str, list[str]] = {}
    with HybridMemory(path, embedder="hash") as mem:
        for title in ("Renew the lease", "Ship the release", "File the taxes"):
            task = mem.add(title, node_type="task", user_id=U)
            tasks[task.id] = [
                mem.add(f"{title}: note {i}", parent_id=task.id, user_id=U, activate=False).id
                for i in range(5)
            ]
            mem.finish_task(task.id, user_id=U, outcome=f"{title}: done")
    return tasks


def _state(mem: HybridMemory, tasks: dict[str, list[str]]) -> dict[str, str]:
    """Per task: "old" (no summary, members live) or "new" (summary, members archived into
    it); anything else is a torn compression."""
    out = {}
    for task_id, members in tasks.items():
        summaries = [
            n for n in mem.children(task_id) if n.node_type == "summary" and n.status == "active"
        ]
        nodes = [mem.get(i) for i in members]
        if not summaries and all(n.status == "active" for n in nodes):
            out[task_id] = "old"
        elif len(summaries) == 1 and all(
            n.status == "archived" and n.metadata.get("summary_id") == summaries[0].id
            for n in nodes
        ):
            out[task_id] = "new"
        else:
            out[task_id] = "torn"
    return out


@pytest.mark.parametrize(("where", "expected"), [("inside", "old"), ("after", "new")])
def test_a_killed_compression_leaves_the_old_or_the_new_state(tmp_path, where, expected):
    path = tmp_path / "m"
    tasks = _build(path)
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), where],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=180,
        check=False,
    )
    assert child.returncode == -9, child.stderr
    assert child.stdout.strip() == "killed"
    with HybridMemory(path, embedder="hash") as mem:
        assert mem.open_report.unclean_sessions == 1
        # One write unit for the user's compression: all three tasks move together.
        assert set(_state(mem, tasks).values()) == {expected}
        assert mem.verify().clean
        mem.maintain(user_id=U)
        assert set(_state(mem, tasks).values()) == {"new"}
        assert mem.verify().clean
