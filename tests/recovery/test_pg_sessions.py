"""Which sessions have a PostgreSQL store open, across hosts: a process on another host that
died stops holding the store once the server has dropped its connection, and a session whose
connection was re-made is still known to be there.

A real throwaway PostgreSQL cluster, a real ``chroma run`` server (tests/conftest.py) and a
real second process that reports another host name.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psycopg
import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.errors import RecoveryError, StoreUnavailableError
from hybridmem.recovery import sessions

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]

# A process that says it runs on another host (all it changes is the host its session marker
# names, which is what a second machine would write), opens the store, writes, and waits.
OTHER_HOST = textwrap.dedent(
    """
    import socket, sys
    socket.gethostname = lambda: "another-host"
    from hybridmem import HashEmbedder, HybridMemory
    url, chroma, collection = sys.argv[1:4]
    mem = HybridMemory(url, embedder=HashEmbedder(64), chroma=chroma, collection=collection)
    mem.add("written on the other host", user_id="u1")
    print("ready", flush=True)
    sys.stdin.read()
    """
)


def open_mem(pg_where: dict[str, str], clock=None) -> HybridMemory:
    return HybridMemory(
        pg_where["url"],
        embedder=HashEmbedder(64),
        chroma=pg_where["chroma"],
        collection=pg_where["collection"],
        clock=clock,
    )


def backends(url: str) -> int:
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
    return int(row[0]) if row else 0


def wait_for_backends(url: str, count: int) -> None:
    """The server ends a dead client's backend shortly after the client is gone; wait for it
    (an external process's state: there is no clock to inject)."""
    deadline = time.monotonic() + 30
    while backends(url) != count:
        assert time.monotonic() < deadline, f"{backends(url)} backends, expected {count}"
        time.sleep(0.05)


def test_a_dead_process_of_another_host_stops_holding_the_store(pg_where, clock):
    other = subprocess.Popen(
        [
            sys.executable,
            "-c",
            OTHER_HOST,
            pg_where["url"],
            pg_where["chroma"],
            pg_where["collection"],
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "ready", (
            other.stderr.read() if other.stderr else ""
        )
        with open_mem(pg_where, clock) as mem:
            snap = mem.checkpoint()
            markers = [json.loads(v) for v in mem.store.meta_items(sessions.PREFIX).values()]
            assert {m["host"] for m in markers} >= {"another-host"}
            assert all(m.get("conn") for m in markers)  # every marker names its connection
            # Alive on another host: it holds the store, a restore is refused.
            with pytest.raises(RecoveryError, match=r"1 other process.*on another-host"):
                mem.restore(snap)
            with open_mem(pg_where, clock) as second:
                assert second.open_report.unclean_sessions == 0
            other.send_signal(signal.SIGKILL)
            other.wait(timeout=30)
            wait_for_backends(pg_where["url"], 1)  # only `mem`'s connection is left
            # No process of this host can look up its pid; the server says it is gone.
            assert sessions.others_alive(mem.store, None) == 1  # mem itself
            with open_mem(pg_where, clock) as third:
                assert third.open_report.unclean_sessions == 1  # reaped, its deletes swept
            report = mem.restore(snap)
            assert report.snapshot == snap.name and mem.verify().clean
    finally:
        if other.poll() is None:
            other.kill()
            other.wait(timeout=30)


def test_a_session_whose_connection_was_remade_is_still_there(pg_where, clock):
    with open_mem(pg_where, clock) as mem:
        mem.add("first", user_id="u1")
        (key,) = mem.store.meta_items(sessions.PREFIX)
        before = json.loads(mem.store.meta_items(sessions.PREFIX)[key])["conn"]
        pid = int(before.split("@")[0])
        with psycopg.connect(pg_where["url"], autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", [pid])
        wait_for_backends(pg_where["url"], 0)
        # The drop surfaces once (nothing of that write was kept), then the store reconnects.
        for _ in range(2):
            try:
                mem.add("after the drop", user_id="u1")
                break
            except StoreUnavailableError:
                continue
        after = json.loads(mem.store.meta_items(sessions.PREFIX)[key])["conn"]
        assert after != before and after == mem.store.connection_token()
        # Another process must not take this live session for a dead one.
        with open_mem(pg_where, clock) as other:
            assert other.open_report.unclean_sessions == 0
            assert sessions.others_alive(other.store, None) == 2
        assert [n.content for n in mem.store.get_many(mem.store.all_ids()).values()].count(
            "after the drop"
        ) == 1
