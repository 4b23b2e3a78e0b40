"""Many processes on one PostgreSQL tree + one Chroma server: exact counts under concurrent
writers, no lost optimistic update, and SIGKILLed writers losing nothing acknowledged; every
process has vector search (there is no index owner with a server).

Real processes (hybridmem/testing/faultworker.py), a throwaway PostgreSQL cluster and a real
``chroma run`` server (tests/conftest.py).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from hybridmem.testing.faultworker import FaultHarness, per_round_quota

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]


def spawn(pg_where: dict[str, str], *args: str) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "HYBRIDMEM_CHROMA": pg_where["chroma"],
        "HYBRIDMEM_COLLECTION": pg_where["collection"],
    }
    return subprocess.Popen(
        [sys.executable, "-m", "hybridmem.testing.faultworker", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def harness(pg_where: dict[str, str]) -> FaultHarness:
    return FaultHarness(
        pg_where["url"], chroma=pg_where["chroma"], collection=pg_where["collection"]
    )


@pytest.mark.slow(82)
def test_four_processes_500_adds_each_give_exactly_2000_nodes_all_searching(pg_where):
    procs = [spawn(pg_where, "adds", pg_where["url"], "500", f"p{i}") for i in range(4)]
    outputs = [p.communicate(timeout=600) for p in procs]
    for proc, (out, err) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, err
        done = out.split()
        # DONE tag owned by_vector: every process found its own note through the vectors.
        assert done[0] == "DONE" and done[3] == "1", out
    checker = harness(pg_where)
    try:
        with checker.open() as mem:
            stats = mem.stats()
            assert stats.by_type.get("root") == 4  # one root per process's user
            assert stats.nodes - 4 == 2000
            for i in range(4):
                contents = [n.content for n in mem.subtree(mem.root(user_id=f"p{i}").id)]
                assert len(contents) == 501 and len(set(contents)) == 501  # no duplicates
            report = mem.verify()
            assert report.clean, report.summary()
            assert report.vectors == report.nodes == 2004
            assert report.first_seq == 1 and report.seq_gaps == ()
    finally:
        checker.close()


def test_processes_racing_on_one_node_lose_no_update(pg_where):
    checker = harness(pg_where)
    try:
        with checker.open() as mem:
            counter = mem.add("counter", node_type="state", metadata={"n": 0}).id
        procs = [spawn(pg_where, "incr", pg_where["url"], counter, "30", f"w{i}") for i in range(3)]
        for proc in procs:
            _out, err = proc.communicate(timeout=300)
            assert proc.returncode == 0, err
        with checker.open() as mem:
            node = mem.get(counter)
            assert node.metadata["n"] == 90 and node.version == 91
            assert len([r for r in mem.history(counter) if r.op == "update"]) == 90
            assert mem.verify().clean
    finally:
        checker.close()


ROUNDS = 12


def test_sigkill_at_random_moments_loses_no_acknowledged_write(pg_where):
    # As tests/recovery/test_recovery_faults.py, on PostgreSQL + the Chroma server: the server rolls
    # back a killed writer's open transaction and ends its session (releasing the write lock).
    seed = int(os.environ.get("HYBRIDMEM_FAULT_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    faults = harness(pg_where)
    results = []
    delays = [
        -rng.uniform(0.0, 1.5) if rng.random() < 0.2 else rng.uniform(0.05, 0.9)
        for _ in range(ROUNDS)
    ]
    # The strength floor below (20 acknowledged writes) holds at any load: each round that
    # lets the writer open waits for its share of them before the kill.
    quota = per_round_quota(delays, 20)
    try:
        for delay in delays:
            results.append(faults.round(rng.randrange(1 << 30), delay, min_acks=quota))
        problems = [(i, p) for i, r in enumerate(results) for p in r.problems]
        assert problems == [], f"seed {seed}: {problems[:10]}"
        assert all(r.killed for r in results), f"seed {seed}"
        acked = results[-1].acks
        assert acked >= 20, f"seed {seed}: only {acked} writes acknowledged; too weak a test"
        with faults.open() as mem:
            report = mem.verify()
            assert report.clean, report.summary()
            assert report.first_seq == 1 and report.seq_gaps == ()
            assert report.last_seq == len(mem.oplog())
    finally:
        faults.close()
