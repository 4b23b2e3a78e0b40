"""Snapshots and restore: manifests, retention, automatic checkpoints, restore + replay
equal to the live state node for node (real SQLite files, real Chroma, FakeClock)."""

from __future__ import annotations

import dataclasses
import itertools
import random
import sqlite3

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.config import MemoryConfig
from hybridmem.errors import RecoveryError, SnapshotNotFoundError
from hybridmem.memory import DB_FILE
from hybridmem.recovery import RecoveryConfig

# Access statistics come from reads, which are not logged (docs/durability.md); index_state
# is derived and rebuilt after a restore. Everything else must be identical.
EXCLUDED = {"access_count", "last_accessed_at", "index_state"}


def state(mem: HybridMemory) -> dict:
    nodes = {}
    for node_id, node in mem.store.get_many(mem.store.all_ids()).items():
        nodes[node_id] = {
            f.name: getattr(node, f.name)
            for f in dataclasses.fields(node)
            if f.name not in EXCLUDED
        }
    with mem.store.reading():
        conn = mem.store.conn
        active = dict(conn.execute("SELECT user_id, node_id FROM active_nodes").fetchall())
        ops = conn.execute("SELECT * FROM oplog ORDER BY seq").fetchall()
        terms = dict(
            conn.execute(
                "SELECT n.id, f.terms FROM nodes n JOIN nodes_fts f ON f.rowid = n.rid"
            ).fetchall()
        )
    return {"nodes": nodes, "active": active, "ops": ops, "terms": terms}


def workload(mem: HybridMemory, clock: FakeClock, rng: random.Random, steps: int) -> None:
    """Every kind of mutation, including the tricky ones (re-scoping, child re-attachment)."""
    start = mem.store.last_seq() * 1000  # ids stay unique across calls
    for step in range(start, start + steps):
        clock.advance(seconds=rng.randrange(1, 90))
        user = rng.choice(["u1", "u2"])
        nodes = [n for n in mem.store.get_many(mem.store.all_ids(user_id=user)).values()]
        inner = [n for n in nodes if n.parent_id is not None]
        tasks = [n for n in inner if n.node_type == "task"]
        roll = rng.random()
        if roll < 0.2 or not tasks:
            mem.add(f"task {step}", node_type="task", user_id=user, agent_id="a1")
        elif roll < 0.45:
            mem.add_many(
                [
                    {"content": f"batch {step} a", "parent_id": rng.choice(tasks).id},
                    {"content": f"batch {step} b 报销单", "id": f"b{step}", "session_id": "s"},
                    {
                        "content": f"batch {step} c",
                        "parent_id": f"b{step}",
                        "node_type": "fact",
                        "metadata": {"k": step, "中": "文"},
                    },
                ],
                user_id=user,
            )
        elif roll < 0.6:
            target = rng.choice(inner)
            mem.update(
                target.id,
                content=f"{target.content} v{step}",
                importance=rng.random(),
                metadata={"step": step},
                status=rng.choice(["active", "archived"]),
            )
        elif roll < 0.67:
            # A scope change: the subtree's task_id must be recomputed on replay too.
            target = rng.choice(inner)
            mem.update(target.id, node_type="event" if target.node_type == "task" else "task")
        elif roll < 0.77:
            node, to = rng.choice(inner), rng.choice(tasks)
            if node.id != to.id and node.id not in to.path:
                mem.move(node.id, to.id)
        elif roll < 0.85:
            mem.set_active(rng.choice(tasks).id, user_id=user)
        elif roll < 0.92:
            mem.delete(rng.choice(inner).id, subtree=rng.random() < 0.5)
        else:
            mem.retrieve(f"task {step}", user_id=user)  # touches access statistics only


@pytest.fixture
def cmem(tmp_path, clock):
    with HybridMemory(tmp_path / "m", embedder="hash", clock=clock) as mem:
        yield mem


def test_checkpoint_writes_a_consistent_copy_and_manifest(cmem, clock):
    task = cmem.add("Expense claim #7", node_type="task", user_id="u1")
    cmem.add("invoice unreadable", user_id="u1")
    snap = cmem.checkpoint()
    assert snap.seq == cmem.store.last_seq()
    assert snap.created_at == clock()
    assert snap.active_nodes == {"u1": task.id}
    assert snap.nodes == 3  # root, task, event
    with sqlite3.connect(snap.path) as copy:
        assert copy.execute("SELECT count(*) FROM nodes").fetchone()[0] == 3
        assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert [s.name for s in cmem.snapshots()] == [snap.name]


def test_retention_keeps_the_newest(tmp_path, clock):
    config = MemoryConfig(recovery=RecoveryConfig(keep_snapshots=2))
    with HybridMemory(tmp_path / "m", embedder="hash", clock=clock, config=config) as mem:
        taken = []
        for i in range(4):
            mem.add(f"note {i}")
            taken.append(mem.checkpoint())
        assert [s.name for s in mem.snapshots()] == [taken[2].name, taken[3].name]
        assert not taken[0].path.exists()


def test_automatic_checkpoint_every_n_ops(tmp_path, clock):
    config = MemoryConfig(recovery=RecoveryConfig(checkpoint_every_ops=10, keep_snapshots=50))
    with HybridMemory(tmp_path / "m", embedder="hash", clock=clock, config=config) as mem:
        for i in range(30):
            mem.add(f"note {i}")
        seqs = [s.seq for s in mem.snapshots()]
        assert len(seqs) >= 2
        assert all(b - a >= 10 for a, b in itertools.pairwise(seqs))
        assert seqs[0] >= 10


def test_automatic_checkpoint_after_m_minutes_of_clock_time(tmp_path, clock):
    config = MemoryConfig(recovery=RecoveryConfig(checkpoint_every_minutes=60))
    with HybridMemory(tmp_path / "m", embedder="hash", clock=clock, config=config) as mem:
        mem.add("first")
        clock.advance(minutes=59)
        mem.add("second")
        assert mem.snapshots() == []
        clock.advance(minutes=2)
        mem.add("third")
        snaps = mem.snapshots()
        assert len(snaps) == 1 and snaps[0].seq == mem.store.last_seq()
        assert snaps[0].created_at == clock()


@pytest.mark.parametrize("seed", [7, 2024, 31337])
def test_restore_plus_replay_equals_the_live_state_node_for_node(cmem, clock, seed):
    rng = random.Random(seed)
    workload(cmem, clock, rng, 25)
    snap = cmem.checkpoint()
    workload(cmem, clock, rng, 40)
    middle_seq = cmem.store.last_seq()
    middle = state(cmem)
    workload(cmem, clock, rng, 40)
    final = state(cmem)
    assert len(final["ops"]) > len(middle["ops"]) > snap.seq

    report = cmem.restore(snap)
    assert report.ops_replayed == len(final["ops"]) - snap.seq
    assert state(cmem) == final
    assert cmem.verify().clean

    report = cmem.restore(snap, to_seq=middle_seq)
    assert report.restored_to_seq == middle_seq
    assert state(cmem) == middle
    check = cmem.verify()
    assert check.clean and check.vectors == check.nodes
    # The restored store keeps working, and its log continues without a gap.
    node = cmem.add("after restore", user_id="u1")
    assert node.seq == middle_seq + 1
    assert cmem.verify().seq_gaps == ()


def test_restore_keeps_the_replaced_store_aside(cmem):
    cmem.add("before")
    snap = cmem.checkpoint()
    cmem.add("after")
    report = cmem.restore(snap, to_seq=snap.seq)
    assert [n.content for n in cmem.store.get_many(cmem.store.all_ids()).values()].count(
        "after"
    ) == 0
    with sqlite3.connect(report.previous_store) as old:
        contents = {r[0] for r in old.execute("SELECT content FROM nodes")}
    assert {"before", "after"} <= contents


def test_restore_refuses_what_it_cannot_do(cmem):
    cmem.add("one")
    first = cmem.checkpoint()
    cmem.add("two")
    cmem.add("three")
    second = cmem.checkpoint()
    with pytest.raises(SnapshotNotFoundError):
        cmem.restore("snap-nope")
    with pytest.raises(RecoveryError, match="already contains"):
        cmem.restore(second, to_seq=first.seq)
    with pytest.raises(RecoveryError, match="beyond the op log"):
        cmem.restore(first, to_seq=second.seq + 100)
    # Go back to the first snapshot, then write a different future: the second snapshot
    # belongs to a history the live log no longer continues.
    cmem.restore(first, to_seq=first.seq)
    for i in range(5):
        cmem.add(f"other future {i}")
    with pytest.raises(RecoveryError, match="no longer continues"):
        cmem.restore(second)
    assert cmem.verify().clean


def test_restore_by_sequence_number_picks_the_newest_snapshot_below(cmem):
    cmem.add("one")
    first = cmem.checkpoint()
    cmem.add("two")
    second = cmem.checkpoint()
    report = cmem.restore(second.seq - 1)
    assert report.snapshot == first.name


def test_corrupt_sqlite_points_to_restore_and_is_left_untouched(tmp_path):
    path = tmp_path / "m"
    with HybridMemory(path, embedder="hash") as mem:
        mem.add("x")
    garbage = b"this is not a database" * 100
    (path / DB_FILE).write_bytes(garbage)
    for side in ("-wal", "-shm"):
        (path / (DB_FILE + side)).unlink(missing_ok=True)
    from hybridmem.errors import CorruptStoreError

    with pytest.raises(CorruptStoreError, match="restore"):
        HybridMemory(path, embedder="hash")
    assert (path / DB_FILE).read_bytes() == garbage


def test_restore_is_refused_while_another_instance_has_the_store_open(cmem, tmp_path):
    cmem.add("one")
    snap = cmem.checkpoint()
    with HybridMemory(tmp_path / "m", embedder="hash") as other:
        with pytest.raises(RecoveryError, match="other process"):
            cmem.restore(snap)
        assert other.verify().clean
    assert cmem.restore(snap).ops_replayed == 0


def test_a_damaged_store_is_restored_from_its_newest_snapshot_by_the_cli(tmp_path):
    from typer.testing import CliRunner

    from hybridmem.cli import app

    path = tmp_path / "m"
    with HybridMemory(path, embedder="hash") as mem:
        task = mem.add("Expense claim #7", node_type="task", user_id="u1")
        mem.add("invoice unreadable", user_id="u1")
        snap = mem.checkpoint()
        mem.add("written after the snapshot", user_id="u1")
    (path / DB_FILE).write_bytes(b"\0garbage" * 4096)
    for side in ("-wal", "-shm"):
        (path / (DB_FILE + side)).unlink(missing_ok=True)
    result = CliRunner().invoke(app, ["restore", "--db", str(path), "--embedder", "hash"])
    assert result.exit_code == 0, result.output
    assert "restoring the snapshot alone" in " ".join(result.output.split())
    with HybridMemory(path, embedder="hash") as mem:
        assert mem.store.node_count() == snap.nodes
        assert mem.active_node(user_id="u1").id == task.id
        assert mem.verify().clean  # the vector of the lost node was removed too
    kept = [p for p in path.iterdir() if ".before-restore-" in p.name]
    assert kept and kept[0].read_bytes().startswith(b"\0garbage")


def test_a_restore_killed_half_way_leaves_nothing_the_next_restore_applies(cmem, tmp_path):
    """A restore writes its staged file in WAL mode; killed half way, it leaves
    ``memory.sqlite3.restoring-wal`` behind. The next restore copies the snapshot to the same
    name, and SQLite would apply the stale frames to it (it checks no WAL against its file):
    the restore then failed with "malformed database schema" (seen in the SIGKILL fault test)."""
    cmem.add("before")
    snap = cmem.checkpoint()
    cmem.add("after")
    staged = tmp_path / "m" / (DB_FILE + ".restoring")
    # A killed restore's leftovers: a WAL of another database under the staged file's name.
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA wal_autocheckpoint=0")
        conn.execute("CREATE TABLE junk (x TEXT)")
        conn.executemany("INSERT INTO junk VALUES (?)", [("x" * 500,)] * 200)
        conn.commit()
        wal = (tmp_path / "other.sqlite3-wal").read_bytes()
    assert wal, "the stale WAL holds frames"
    staged.with_name(staged.name + "-wal").write_bytes(wal)
    staged.write_bytes(b"half a copy")

    report = cmem.restore(snap, to_seq=snap.seq)

    assert report.restored_to_seq == snap.seq
    contents = [n.content for n in cmem.store.get_many(cmem.store.all_ids()).values()]
    assert "before" in contents and "after" not in contents
    assert cmem.verify().clean
    assert not staged.exists() and not staged.with_name(staged.name + "-wal").exists()
