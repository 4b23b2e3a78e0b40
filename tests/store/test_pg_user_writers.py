"""Writer processes of many users on one PostgreSQL store + the Chroma server, now that writers
of different users run at once: SIGKILLed writers lose nothing acknowledged and leave nothing
half-written; a seeded random mix of every kind of write across users never deadlocks.

Real processes (hybridmem/testing/userworker.py), a throwaway PostgreSQL cluster and a real
``chroma run`` server (tests/conftest.py). ``HYBRIDMEM_FAULT_SEED`` replays a failing run.
"""

from __future__ import annotations

import os
import random
import selectors
import subprocess
import sys
from pathlib import Path

import pytest

from hybridmem import HybridMemory
from hybridmem.index import ChromaServer
from hybridmem.testing.faultworker import open_memory
from hybridmem.testing.userworker import item_id

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]
USERS = ("ua", "ub", "uc", "ud")
WRITERS = ("w0", "w1", "w2", "w3")
PER_USER = int(os.environ.get("HYBRIDMEM_USER_WRITER_ADDS", "200"))
"""Adds of each writer for each user: 4 writers x 4 users x 200 = 3,200 adds (2.5 min at a
load of ~18 on two cores); ``HYBRIDMEM_USER_WRITER_ADDS`` makes a quicker run."""
KILLS = 6


def worker(pg_where: dict[str, str], *args: str) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "HYBRIDMEM_CHROMA": pg_where["chroma"],
        "HYBRIDMEM_COLLECTION": pg_where["collection"],
    }
    return subprocess.Popen(
        [sys.executable, "-m", "hybridmem.testing.userworker", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def checker(pg_where: dict[str, str]) -> HybridMemory:
    """The store as the workers open it (same embedder, Chroma server and collection)."""
    host, port = pg_where["chroma"].rsplit(":", 1)
    return open_memory(
        pg_where["url"],
        embedder="hash",
        chroma=ChromaServer(host=host, port=int(port)),
        collection=pg_where["collection"],
    )


def seed() -> int:
    return int(os.environ.get("HYBRIDMEM_FAULT_SEED", random.randrange(1 << 30)))


@pytest.mark.slow(100)
def test_sigkilled_writers_of_four_users_lose_nothing_acknowledged(pg_where):
    run_seed = seed()
    rng = random.Random(run_seed)
    total = len(WRITERS) * len(USERS) * PER_USER
    kill_after = sorted(rng.sample(range(total // 10, total * 9 // 10), KILLS))
    acked: dict[str, list[str]] = {w: [] for w in WRITERS}
    url = pg_where["url"]

    def start(tag: str) -> subprocess.Popen[str]:
        return worker(pg_where, "adds", url, tag, str(PER_USER), str(len(acked[tag])), *USERS)

    procs = {tag: start(tag) for tag in WRITERS}
    sel = selectors.DefaultSelector()
    for tag, proc in procs.items():
        sel.register(proc.stdout, selectors.EVENT_READ, tag)  # type: ignore[arg-type]
    done: set[str] = set()
    killed = 0
    victims: set[int] = set()
    while len(done) < len(WRITERS):
        for key, _ in sel.select(timeout=300):
            tag = key.data
            line = procs[tag].stdout.readline()  # type: ignore[union-attr]
            if line.startswith("ACK "):
                acked[tag].append(line.split()[1])
            elif line.startswith("DONE"):
                done.add(tag)
                sel.unregister(key.fileobj)
            elif not line:  # ended without DONE: only a kill may do that
                proc = procs[tag]
                assert proc.wait(timeout=60) == -9, f"seed {run_seed}: {proc.stderr.read()}"  # type: ignore[union-attr]
                sel.unregister(key.fileobj)
                procs[tag] = start(tag)
                sel.register(procs[tag].stdout, selectors.EVENT_READ, tag)  # type: ignore[arg-type]
            acks = sum(len(a) for a in acked.values())
            if killed < KILLS and acks >= kill_after[killed]:
                victim = rng.choice([t for t in WRITERS if t not in done])
                procs[victim].kill()
                victims.add(procs[victim].pid)
                killed += 1
    for proc in procs.values():
        # A victim may have written DONE (unread in its pipe) before the kill landed: every
        # add it made was acknowledged by then, which the checks below hold it to.
        code = proc.wait(timeout=60)
        assert code == 0 or (code == -9 and proc.pid in victims), f"seed {run_seed}"
    assert killed == KILLS
    with checker(pg_where) as mem:
        for tag in WRITERS:
            assert len(acked[tag]) >= len(USERS) * PER_USER, f"seed {run_seed}"
            expected = {item_id(tag, u, k) for u in USERS for k in range(PER_USER)}
            found = mem.store.get_many(sorted(expected))
            assert set(found) == expected, f"seed {run_seed}: {len(found)}"
        assert mem.stats().nodes == total + len(USERS)  # and one root per user
        report = mem.verify()
        assert report.clean, f"seed {run_seed}: {report.summary()}"
        assert report.vectors == report.nodes == total + len(USERS)
        assert report.seq_gaps == ()
        assert mem.verify_audit().ok


def test_a_random_mix_of_writes_across_users_never_deadlocks(pg_where):
    run_seed = seed()
    procs = [
        worker(pg_where, "mix", pg_where["url"], tag, str(run_seed + k), "60", *USERS)
        for k, tag in enumerate(WRITERS)
    ]
    outputs = [p.communicate(timeout=900) for p in procs]
    for proc, (out, err) in zip(procs, outputs, strict=True):
        assert "DEADLOCK" not in out, f"seed {run_seed}: {out}"
        assert proc.returncode == 0 and out.startswith("DONE"), f"seed {run_seed}: {out}{err}"
    with checker(pg_where) as mem:
        report = mem.verify()
        assert report.broken_tree == () and report.seq_gaps == (), f"seed {run_seed}"
        assert report.damaged == () and report.tampered == () and not report.pending_erasures
        assert mem.verify_audit().ok
        # Vector entries are written after COMMIT, by the writing process or by another one
        # catching up rows it found pending, so an older version of a node can reach Chroma
        # after a newer one (an entry left stale or missing). Not the locks' doing: main's
        # global lock gave a stale entry with the same seed. Repair settles it from the rows.
        mem.repair()
        assert mem.verify(full=True).clean, f"seed {run_seed}"
