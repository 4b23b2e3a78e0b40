"""Crash-and-resume: a worker process writes a task's steps and is killed with SIGKILL.

The parent reopens the store and checks that the active node and its next step are recovered
exactly: the active step must be the last acknowledged one (or the one in flight, whose commit
may have landed before the acknowledgement was printed), every earlier step must be present,
the index must have no pending work left, and a task-scoped retrieve must work.

Run as ``python -m benchmarks.crash PATH SEED STEPS EMBEDDER`` (the worker side).
``python -m benchmarks.crash compress WORKDIR`` kills a compression at its deterministic points
instead (:func:`run_compression_trials`: the old or the new state, never a torn one).
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

USER = "agent"
TASK_ID = "task-migrate"
_ACTIONS = {
    "en": [
        "check the replica lag",
        "freeze writes on shard {n}",
        "copy shard {n} snapshot",
        "verify checksums of shard {n}",
        "switch DNS for shard {n}",
        "unfreeze shard {n}",
    ],
    "zh": [
        "检查副本延迟",
        "冻结分片{n}的写入",
        "复制分片{n}快照",
        "校验分片{n}的校验和",
        "切换分片{n}的 DNS",
        "解冻分片{n}",
    ],
}


@dataclass(frozen=True)
class CrashTrial:
    """The outcome of one kill-and-reopen."""

    seed: int
    acked: int
    """Highest step the worker acknowledged before dying (-1: none)."""
    recovered_step: int | None
    finished_before_kill: bool
    correct: bool
    reason: str


def plan(seed: int, steps: int) -> list[str]:
    """The task's step list (deterministic per seed; language alternates with the seed)."""
    lang = "en" if seed % 2 == 0 else "zh"
    actions = _ACTIONS[lang]
    return [
        f"{i + 1}. " + actions[i % len(actions)].format(n=i // len(actions) + 1)
        for i in range(steps)
    ]


def worker(path: Path, seed: int, steps: int, embedder: str) -> None:
    """Write the task and its steps, acknowledging each committed step on stdout."""
    from hybridmem import HybridMemory

    todo = plan(seed, steps)
    with HybridMemory(path, embedder=embedder) as mem:
        mem.add(
            "Migrate the billing database to the new cluster",
            node_type="task",
            id=TASK_ID,
            user_id=USER,
        )
        # Load jieba now (Chinese plans): otherwise its first-use start-up swallows the early
        # kill moments and those trials would only ever test "no step written yet".
        from hybridmem import lexical

        lexical.terms("预热 warm-up")
        print("ready", flush=True)
        for i, step in enumerate(todo):
            nxt = todo[i + 1] if i + 1 < len(todo) else "done"
            mem.add(
                f"Doing step {step}",
                parent_id=TASK_ID,
                node_type="state",
                id=f"step-{i}",
                metadata={"step": i, "next": nxt},
                user_id=USER,
            )
            mem.add(
                f"Note for step {i + 1}: went fine",
                parent_id=f"step-{i}",
                node_type="event",
                user_id=USER,
            )
            print(f"ack {i}", flush=True)
    print("done", flush=True)


def run_trial(
    workdir: Path, seed: int, *, steps: int = 40, embedder: str = "hash", max_delay: float = 2.0
) -> CrashTrial:
    """Start a worker, SIGKILL it after a seeded random delay, reopen and check recovery."""
    path = workdir / f"crash-{seed}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "benchmarks.crash", str(path), str(seed), str(steps), embedder],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()  # "ready": the store is open, the task written
    if line.strip() != "ready":
        proc.kill()
        proc.wait()
        return CrashTrial(seed, -1, None, False, False, f"worker failed to start: {line!r}")
    time.sleep(random.Random(seed).uniform(0.0, max_delay))
    proc.send_signal(signal.SIGKILL)
    rest, _ = proc.communicate()
    lines = rest.split()
    acks = [int(b) for a, b in pairwise(lines) if a == "ack"]
    acked = max(acks, default=-1)
    return _check(path, seed, steps, acked, "done" in lines, embedder)


def run_compression_trials(workdir: Path) -> dict[str, dict[str, object]]:
    """SIGKILL inside a compression and just after it (deterministic points:
    :mod:`hybridmem.testing.compression_kill`); per point, the state each task was found in
    on reopening (``old``/``new``; ``torn`` never), whether the stores agreed, and whether the
    next maintenance run finished the work."""
    from hybridmem import HybridMemory
    from hybridmem.testing.compression_kill import (
        POINTS,
        USER,
        build,
        kill_during_compression,
        states,
    )

    out: dict[str, dict[str, object]] = {}
    for where in POINTS:
        path = workdir / f"compress-{where}"
        tasks = build(path)
        child = kill_during_compression(path, where)
        with HybridMemory(path, embedder="hash") as mem:
            found = sorted(set(states(mem, tasks).values()))
            clean = mem.verify().clean
            mem.maintain(user_id=USER)
            finished = set(states(mem, tasks).values()) == {"new"}
        out[where] = {
            "killed": child.returncode == -9,
            "states": found,
            "verify_clean": clean,
            "resumed": finished,
            "correct": child.returncode == -9
            and "torn" not in found
            and len(found) == 1
            and clean
            and finished,
        }
    return out


def _check(
    path: Path, seed: int, steps: int, acked: int, finished: bool, embedder: str
) -> CrashTrial:
    from hybridmem import HybridMemory

    todo = plan(seed, steps)

    def fail(why: str, step: int | None = None) -> CrashTrial:
        return CrashTrial(seed, acked, step, finished, False, why)

    try:
        mem = HybridMemory(path, embedder=embedder)
    except Exception as exc:  # any failure to reopen is a failed recovery, recorded as such
        return fail(f"reopen failed: {type(exc).__name__}: {exc}")
    with mem:
        active = mem.active_node(user_id=USER)
        if active is None:
            return fail("no active node")
        if active.id == TASK_ID:
            step = -1
            expected_next = todo[0]
            got_next = None if acked >= 0 else todo[0]
        else:
            step = int(active.metadata.get("step", -99))
            expected_next = todo[step + 1] if step >= 0 and step + 1 < len(todo) else "done"
            got_next = active.metadata.get("next")
        if step not in (acked, acked + 1):
            return fail(f"active step {step}, last acknowledged {acked}", step)
        if got_next != expected_next:
            return fail(f"next step {got_next!r} != {expected_next!r}", step)
        present = {n.id for n in mem.children(TASK_ID, user_id=USER)}
        missing = [i for i in range(step + 1) if f"step-{i}" not in present]
        if missing:
            return fail(f"steps missing after reopen: {missing}", step)
        pending = mem.stats().by_index_state.get("pending", 0)
        if pending:
            return fail(f"{pending} nodes still pending indexing after reopen", step)
        res = mem.retrieve("what is the next step?", user_id=USER, task_id=TASK_ID, top_k=3)
        if res.scope_id != TASK_ID:
            return fail("retrieve after reopen was not scoped to the task", step)
    return CrashTrial(seed, acked, step, finished, True, "ok")


if __name__ == "__main__":
    if sys.argv[1] == "compress":
        # python -m benchmarks.crash compress WORKDIR: the compression kill points
        import json

        print(json.dumps(run_compression_trials(Path(sys.argv[2])), indent=2))
    else:
        worker(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
