"""SIGKILL in the middle of a compression, at a deterministic point (issue 32).

:func:`build` writes three finished tasks; :func:`kill_during_compression` runs maintenance
in a child process that kills itself with SIGKILL at one of :data:`POINTS` (no sleeps, no
timing):

* ``inside``: in the second task's compression, after its summary was added and before its
  members were archived (the middle of one write unit);
* ``after``: just after the compression committed, while the rest of maintenance is planned.

:func:`states` then reads, per task, ``old`` (no summary, every member live), ``new`` (one live
summary, every member archived pointing at it) or ``torn`` (anything else: what must never be
seen). Used by ``tests/recovery/test_recovery_compression_kill.py`` and ``benchmarks.crash``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hybridmem.memory import HybridMemory

USER = "u1"
POINTS = ("inside", "after")

CHILD = """
import os, signal, sys
from hybridmem import HybridMemory
from hybridmem.evolution.maintain import compression, maintenance

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
mem.maintain(user_id=sys.argv[3])
print("not killed", flush=True)
"""


def build(path: Path) -> dict[str, list[str]]:
    """Three finished tasks of five notes each: {task id: member ids}."""
    tasks: dict[str, list[str]] = {}
    with HybridMemory(path, embedder="hash") as mem:
        for title in ("Renew the lease", "Ship the release", "File the taxes"):
            task = mem.add(title, node_type="task", user_id=USER)
            tasks[task.id] = [
                mem.add(f"{title}: note {i}", parent_id=task.id, user_id=USER, activate=False).id
                for i in range(5)
            ]
            mem.finish_task(task.id, user_id=USER, outcome=f"{title}: done")
    return tasks


def kill_during_compression(path: Path, where: str) -> subprocess.CompletedProcess[str]:
    """Run maintenance over ``path`` in a child killed at ``where`` (one of :data:`POINTS`)."""
    if where not in POINTS:
        raise ValueError(f"where must be one of {POINTS}")
    root = Path(__file__).resolve().parents[2]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            p for p in (str(root), os.environ.get("PYTHONPATH", "")) if p
        ),
    }
    return subprocess.run(
        [sys.executable, "-c", CHILD, str(path), where, USER],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


def states(mem: HybridMemory, tasks: dict[str, list[str]]) -> dict[str, str]:
    """Per task: ``old``, ``new`` or ``torn`` (see the module docstring)."""
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
