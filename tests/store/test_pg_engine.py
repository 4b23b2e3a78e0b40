"""The engine on PostgreSQL + a Chroma server: opening by URL, checkpoints kept in the database,
restore in place, erasure that leaves nothing in any table, verify/repair against the server.

A real throwaway PostgreSQL cluster and a real ``chroma run`` server (tests/conftest.py).
"""

from __future__ import annotations

import random
import uuid

import psycopg
import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.errors import (
    HybridMemError,
    InvalidArgumentError,
    RecoveryError,
    SnapshotNotFoundError,
    StoreUnavailableError,
)
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.store.postgres import PostgresStore

pytestmark = pytest.mark.postgres

MARK = "Zyxquoblarfen"


@pytest.fixture
def pmem(pg_url, chroma_srv, clock):
    with HybridMemory(
        pg_url,
        embedder=HashEmbedder(64),
        clock=clock,
        chroma=chroma_srv,
        collection=f"t-{uuid.uuid4().hex[:12]}",
    ) as mem:
        yield mem


def all_text(url: str) -> str:
    """Every row of every table of the database, as text (what a DBA could read)."""
    with psycopg.connect(url) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            ).fetchall()
        ]
        return "\n".join(
            str(row) for t in tables for row in conn.execute(f"SELECT * FROM {t}").fetchall()
        )


def test_a_url_opens_postgres_and_a_path_keeps_meaning_sqlite(pmem, pg_url, tmp_path):
    assert isinstance(pmem.store, PostgresStore) and pmem.path is None
    assert pmem.location.startswith("postgresql://hybridmem@127.0.0.1:")
    task = pmem.add("Expense claim #7", node_type="task", user_id="u1")
    pmem.add("The Berlin invoices were unreadable", user_id="u1")
    hits = pmem.retrieve("Berlin invoices", user_id="u1", task_id=task.id)
    assert hits.hits[0].node.content == "The Berlin invoices were unreadable"
    assert pmem.stats().path == pmem.location and pmem.stats().nodes == 3
    with HybridMemory(tmp_path / "local", embedder="hash") as local:
        assert local.path == tmp_path / "local" and local.store.node_count() == 0


def test_the_url_needs_a_chroma_server_and_its_password_never_shows(pg_url, tmp_path):
    with pytest.raises(InvalidArgumentError, match="Chroma server"):
        HybridMemory(pg_url, embedder="hash")
    secret = "pg_url_secret_Hunter2"
    # A server nobody listens on: the error names user@host:port/db, never the password.
    url = f"postgresql://agent:{secret}@127.0.0.1:1/memory"
    with pytest.raises(StoreUnavailableError) as caught:
        PostgresStore(url)
    assert secret not in str(caught.value) and "agent@127.0.0.1:1/memory" in str(caught.value)
    with pytest.raises(HybridMemError) as caught:
        PostgresStore(f"postgresql://agent:{secret}@127.0.0.1:1/memory?bogus_option=1")
    assert secret not in str(caught.value)


def test_checkpoint_restore_in_place_and_undo(pmem, clock):
    task = pmem.add("task A", node_type="task", user_id="u1")
    pmem.add("before", parent_id=task.id, user_id="u1")
    snap = pmem.checkpoint()
    assert snap.path is None and snap.nodes == 3 and snap.active_nodes == {"u1": task.id}
    assert [s.name for s in pmem.snapshots()] == [snap.name]
    clock.advance(minutes=5)
    after = pmem.add("after", parent_id=task.id, user_id="u1")
    report = pmem.restore(snap, to_seq=snap.seq)
    assert report.previous_store is None and report.previous_snapshot
    assert pmem.store.get(after.id) is None and pmem.verify().clean
    # The replaced state was kept in the database; restoring it undoes the restore.
    assert [s.name for s in pmem.snapshots()] == [snap.name]  # not among the checkpoints
    kept = next(s for s in pmem.store.list_snapshots() if s.name == report.previous_snapshot)
    with pytest.raises(RecoveryError, match="no longer continues"):
        pmem.restore(report.previous_snapshot)  # a state ahead of the live log: only exactly
    pmem.restore(report.previous_snapshot, to_seq=kept.seq)
    assert pmem.store.get(after.id).content == "after"
    assert pmem.verify().clean
    with pytest.raises(SnapshotNotFoundError):
        pmem.restore("snap-nope")
    with pytest.raises(RecoveryError, match="beyond the op log"):
        pmem.restore(snap, to_seq=10_000)


def test_restore_replays_the_live_log_onto_the_snapshot(pmem, clock):
    from tests.recovery.test_recovery_snapshots import workload

    rng = random.Random(11)
    workload(pmem, clock, rng, 20)
    snap = pmem.checkpoint()
    workload(pmem, clock, rng, 30)
    before = {i: n.content for i, n in pmem.store.get_many(pmem.store.all_ids()).items()}
    last = pmem.store.last_seq()
    report = pmem.restore(snap)
    assert report.ops_replayed == last - snap.seq and report.restored_to_seq == last
    after = {i: n.content for i, n in pmem.store.get_many(pmem.store.all_ids()).items()}
    assert after == before
    check = pmem.verify()
    assert check.clean and check.vectors == check.nodes
    assert pmem.add("continues", user_id="u1").seq == last + 1


def test_erase_leaves_no_trace_in_any_table_or_snapshot(pg_url, chroma_srv, clock):
    key = generate_key()
    with HybridMemory(
        pg_url,
        embedder=HashEmbedder(64),
        clock=clock,
        chroma=chroma_srv,
        collection=f"t-{uuid.uuid4().hex[:12]}",
        privacy=PrivacyConfig(key=key, key_env="HM_TEST_NOKEY"),
    ) as mem:
        task = mem.add(f"task about {MARK}", node_type="task", user_id="victim")
        for i in range(5):
            mem.add(f"event {i} mentions {MARK} 报销", parent_id=task.id, user_id="victim")
        mem.add(f"sensitive {MARK}", user_id="victim", sensitive=True)
        keep = mem.add("bystander note", user_id="bystander")
        mem.checkpoint()
        assert MARK.lower() in all_text(pg_url).lower()
        report = mem.erase(user_id="victim")
        assert report.nodes == 8 and report.snapshots_scrubbed == 1
        assert report.sqlite_compacted  # VACUUM FULL + CHECKPOINT ran
        assert MARK.lower() not in all_text(pg_url).lower()
        assert set(mem.index.get_ids()) == set(mem.store.all_ids())
        assert mem.get(keep.id, user_id="bystander").content == "bystander note"
        assert mem.verify().clean and mem.verify_audit().ok
        # The scrubbed snapshot still restores (the erase op replays onto its placeholders).
        mem.restore(mem.snapshots()[-1])
        assert mem.store.all_ids(user_id="victim") == []
        assert MARK.lower() not in all_text(pg_url).lower().replace("before-restore", "")


def test_verify_and_repair_against_the_chroma_server(pmem):
    task = pmem.add("task", node_type="task", user_id="u1")
    notes = [pmem.add(f"note {i}", parent_id=task.id, user_id="u1") for i in range(5)]
    pmem.index.delete([notes[0].id])  # a vector lost
    pmem.index.upsert(  # an orphan vector
        ["ghost"],
        pmem.embedder.embed(["ghost"]),
        [{"user_id": "u1", "task_id": task.id}],
        ["ghost"],
    )
    report = pmem.verify()
    assert report.missing == (notes[0].id,) and report.orphaned == ("ghost",)
    repaired = pmem.repair()
    assert repaired.after.clean and repaired.orphans_removed == 1


def test_two_processes_share_one_tree_and_both_search(pg_url, chroma_srv, clock):
    collection = f"t-{uuid.uuid4().hex[:12]}"

    def open_one() -> HybridMemory:
        return HybridMemory(
            pg_url, embedder="hash", clock=clock, chroma=chroma_srv, collection=collection
        )

    with open_one() as a, open_one() as b:
        task = a.add("shared task", node_type="task", user_id="u1")
        b.add("written by b about Lisbon", parent_id=task.id, user_id="u1")
        a.add("written by a about Porto", parent_id=task.id, user_id="u1")
        for mem, wanted in ((a, "Lisbon"), (b, "Porto")):
            hits = mem.retrieve(wanted, user_id="u1", task_id=task.id)
            assert wanted in hits.hits[0].node.content
        assert a.store.last_seq() == b.store.last_seq()
        assert a.index.writable and b.index.writable


def test_the_chroma_server_going_away_loses_no_write(pg_url, tmp_path, clock):
    """docs/deployment.md, "What each component survives": while the Chroma server is down a
    write still commits to PostgreSQL and stays pending (retrieval reports the index as
    unavailable); once the server is back, repair indexes it and nothing is lost."""
    import subprocess
    import time
    import urllib.request

    from benchmarks.servers import chroma_exe, free_port
    from hybridmem import ChromaServer
    from hybridmem.errors import IndexUnavailableError

    port = free_port()

    def start() -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(
            [chroma_exe(), "run", "--path", str(tmp_path / "c"), "--host", "127.0.0.1",
             "--port", str(port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1)
                return proc
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, "no chroma server"
                time.sleep(0.2)

    server = start()
    try:
        with HybridMemory(
            pg_url, embedder="hash", clock=clock, chroma=ChromaServer("127.0.0.1", port)
        ) as mem:
            task = mem.add("Trip to Lisbon", node_type="task", user_id="u1")
            server.terminate()
            server.wait(timeout=30)
            # The write commits; its vector work is deferred (logged), not lost.
            mem.add("flight TP123 at 9:40", parent_id=task.id, user_id="u1")
            with pytest.raises(IndexUnavailableError):
                mem.retrieve("when is the flight", user_id="u1", task_id=task.id)
            kept = [n for n in mem.children(task.id) if n.content.startswith("flight")]
            assert len(kept) == 1 and kept[0].index_state == "pending"
            server = start()
            assert mem.repair().after.clean
            hits = mem.retrieve("when is the flight", user_id="u1", task_id=task.id)
            assert hits.hits[0].node.id == kept[0].id
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_an_erasure_by_one_agent_leaves_the_others_searching(pg_url, chroma_srv, clock):
    """Erasure compacts the server's collection by rebuilding it under the same name; the
    other processes' handles follow the name instead of failing."""
    collection = f"t-{uuid.uuid4().hex[:12]}"

    def agent() -> HybridMemory:
        return HybridMemory(
            pg_url, embedder="hash", clock=clock, chroma=chroma_srv, collection=collection
        )

    with agent() as a, agent() as b:
        task = a.add("Trip to Lisbon", node_type="task", user_id="u1")
        b.add("flight TP123 at 9:40", parent_id=task.id, user_id="u1")
        a.add(f"private {MARK}", user_id="u2")
        a.erase(user_id="u2")  # compact=True: the collection is rebuilt
        note = b.add("hotel by the river", parent_id=task.id, user_id="u1")
        hits = b.retrieve("where is the hotel", user_id="u1", task_id=task.id)
        assert hits.hits[0].node.id == note.id
        assert a.verify().clean and b.verify().clean


def test_automatic_checkpoints_and_retention_in_the_database(pg_url, chroma_srv, clock):
    from hybridmem.config import MemoryConfig
    from hybridmem.recovery import RecoveryConfig

    config = MemoryConfig(recovery=RecoveryConfig(checkpoint_every_ops=10, keep_snapshots=2))
    with HybridMemory(
        pg_url,
        embedder="hash",
        clock=clock,
        config=config,
        chroma=chroma_srv,
        collection=f"t-{uuid.uuid4().hex[:12]}",
    ) as mem:
        for i in range(40):
            mem.add(f"note {i}", user_id="u1")
        snaps = mem.snapshots()
        assert len(snaps) == 2  # retention dropped the older ones
        assert snaps[1].seq - snaps[0].seq >= 10
        assert len(mem.store.list_snapshots()) == 2  # nothing else left in the database
        report = mem.restore(snaps[0])
        assert report.restored_to_seq == mem.store.last_seq() and mem.verify().clean
