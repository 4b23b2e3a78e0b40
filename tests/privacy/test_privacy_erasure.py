"""Erasure: after erase() a marker string is in no byte of SQLite, its WAL or Chroma's directory."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.cli import app
from hybridmem.errors import InvalidArgumentError, NodeNotFoundError
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.testing.checks import consistency, find_bytes
from tests.backends import both_backends, leftovers  # noqa: F401 - runs on both stores

MARK = "Zyxquoblarfen"


def open_private(path, key) -> HybridMemory:
    return HybridMemory(path, **private(key))


def private(key) -> dict:
    return {
        "embedder": HashEmbedder(64),
        "privacy": PrivacyConfig(key=key, key_env="HM_TEST_NOKEY"),
        "actor": "ops",
    }


def fill_victim(mem: HybridMemory, user: str) -> list[str]:
    """Put the marker everywhere content can go: plain, sensitive, updated, deleted, archived."""
    task = mem.add(f"task about {MARK}", node_type="task", user_id=user)
    ids = [task.id]
    for i in range(12):
        ids.append(mem.add(f"event {i} mentions {MARK} and 报销 {MARK}", user_id=user).id)
    secret = mem.add(f"sensitive {MARK}", user_id=user, sensitive=True)
    ids.append(secret.id)
    changed = mem.add("will change", user_id=user)
    mem.update(changed.id, content=f"changed to {MARK}")
    mem.update(ids[1], status="archived")
    gone = mem.add(f"deleted earlier {MARK}", user_id=user)
    mem.delete(gone.id)
    return ids


def fill_bystander(mem: HybridMemory, user: str) -> list[str]:
    task = mem.add("bystander task keeps living", node_type="task", user_id=user)
    return [task.id, *(mem.add(f"bystander note {i}", user_id=user).id for i in range(6))]


def test_plain_delete_leaves_content_behind(tmp_path):
    """The control: ordinary delete is not erasure (measured, so the erasure test can fail)."""
    path = tmp_path / "m"
    with open_private(path, None) as mem:
        node = mem.add(f"note {MARK}", user_id="u1")
        mem.delete(node.id)
    assert find_bytes(path, MARK), "delete() unexpectedly left no trace; the control is moot"


def test_erase_user_leaves_no_trace(open_mem):
    key = generate_key()
    with open_mem(**private(key)) as mem:
        fill_victim(mem, "victim")
        kept = fill_bystander(mem, "bystander")
        assert leftovers(mem, MARK)  # it is there before
        report = mem.erase(user_id="victim")
        assert report.nodes == 16 and report.vectors_removed == 16
        assert report.oplog_rows_scrubbed > 0 and report.chroma_rebuilt
        assert report.sqlite_compacted
        assert report.chroma_compacted or mem.path is None  # a server's files are its own
        # Every byte of the SQLite file, its WAL and the whole Chroma directory (or every
        # row of every PostgreSQL table), still open.
        assert leftovers(mem, MARK) == []
        assert mem.root(user_id="victim") is None
        assert mem.active_node(user_id="victim") is None
        assert mem.store.all_ids(user_id="victim") == []
        # The bystander lost nothing and the stores agree.
        assert sorted(mem.store.all_ids(user_id="bystander")) == sorted(
            [mem.root(user_id="bystander").id, *kept]
        )
        hits = mem.retrieve("bystander note 3", user_id="bystander", task_id=kept[0])
        assert hits.hits and all(h.node.user_id == "bystander" for h in hits.hits)
        assert consistency(mem).ok
        tomb = mem.audit_log(action="erase")
        assert len(tomb) == 1 and tomb[0].user_id == "victim" and tomb[0].actor == "ops"
        assert tomb[0].detail["count"] == 16
        assert all(MARK.lower() not in json.dumps(e.detail).lower() for e in mem.audit_log())
        assert mem.verify_audit().ok
    with open_mem(**private(key)) as mem:  # reopens cleanly, and the bystander is intact
        assert leftovers(mem, MARK) == []
        assert len(mem.store.all_ids(user_id="bystander")) == len(kept) + 1
        assert consistency(mem).ok


def test_erase_subtree_leaves_no_trace_and_keeps_the_rest(open_mem):
    with open_mem(**private(generate_key())) as mem:
        keep = mem.add("keep this task", node_type="task", user_id="u1")
        kept_child = mem.add("keep this child", user_id="u1", parent_id=keep.id)
        doomed = mem.add(f"doomed task {MARK}", node_type="task", user_id="u1")
        child = mem.add(f"doomed child {MARK}", user_id="u1", parent_id=doomed.id)
        mem.add(f"doomed grandchild {MARK}", user_id="u1", parent_id=child.id, sensitive=True)
        mem.set_active(child.id, user_id="u1")
        report = mem.erase(doomed.id, user_id="u1")
        assert report.nodes == 3
        assert leftovers(mem, MARK) == []
        assert mem.get(kept_child.id, user_id="u1").content == "keep this child"
        assert mem.active_node(user_id="u1").id == mem.root(user_id="u1").id
        with pytest.raises(NodeNotFoundError):
            mem.get(child.id)
        assert consistency(mem).ok and mem.verify_audit().ok


def test_erase_single_node_keeps_children(open_mem):
    with open_mem(**private(None)) as mem:
        task = mem.add("task", node_type="task", user_id="u1")
        middle = mem.add(f"middle {MARK}", user_id="u1", parent_id=task.id)
        leaf = mem.add("leaf stays", user_id="u1", parent_id=middle.id)
        report = mem.erase(middle.id, subtree=False)
        assert report.nodes == 1
        assert mem.get(leaf.id).parent_id == task.id
        assert leftovers(mem, MARK) == []
        assert consistency(mem).ok


def test_erase_errors_are_clear(open_mem):
    with open_mem(**private(None)) as mem:
        node = mem.add("mine", user_id="u1")
        with pytest.raises(InvalidArgumentError, match="node_id or a user_id"):
            mem.erase()
        with pytest.raises(NodeNotFoundError, match="for user 'u2'"):
            mem.erase(node.id, user_id="u2")  # another user's node looks missing
        with pytest.raises(NodeNotFoundError):
            mem.erase(user_id="nobody")
        with pytest.raises(InvalidArgumentError):
            mem.erase("bad id with spaces")
        assert mem.get(node.id).content == "mine"


def test_cli_erase_needs_confirmation(tmp_path):
    db = str(tmp_path / "m")
    runner = CliRunner()
    common = ["--db", db, "--embedder", "hash"]
    added = runner.invoke(app, ["add", f"cli {MARK}", "--user", "u9", *common, "--json"])
    assert added.exit_code == 0, added.output
    refused = runner.invoke(app, ["erase", "--user", "u9", *common])
    assert refused.exit_code == 3 and "--yes" in refused.output
    done = runner.invoke(app, ["erase", "--user", "u9", "--yes", "--json", *common])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["nodes"] == 2
    assert find_bytes(tmp_path / "m", MARK) == []


def test_erase_rewrites_snapshot_copies(tmp_path):
    """A SQLite copy of the store in the snapshot directory (what the recovery layer's
    checkpoints are) is scrubbed too; the rest of the snapshot survives."""
    path = tmp_path / "m"
    with open_private(path, generate_key()) as mem:
        fill_victim(mem, "victim")
        kept = fill_bystander(mem, "bystander")
        (path / "snapshots").mkdir()
        snap = path / "snapshots" / "snap-1.sqlite3"
        mem.store.conn.execute(f"VACUUM INTO '{snap}'")
        assert find_bytes(snap, MARK)
        report = mem.erase(user_id="victim")
        assert report.snapshots_scrubbed == 1
    assert find_bytes(path, MARK) == []
    import sqlite3

    conn = sqlite3.connect(snap)
    left = {r[0] for r in conn.execute("SELECT id FROM nodes WHERE user_id = 'bystander'")}
    conn.close()
    assert set(kept) <= left


def _poison(segment, marker: bytes, first_slot: int) -> tuple[int, int]:
    """Fill the entries from ``first_slot`` of a segment's HNSW capacity files (vectors, and
    link-list sizes of 4 bytes an element) with ``marker``, as a writer's unzeroed heap would;
    return (vector slot size, used slots per the header)."""
    head = (segment / "header.bin").read_bytes()
    used, slot = int.from_bytes(head[20:28], "little"), int.from_bytes(head[28:36], "little")
    for name, entry in (("data_level0.bin", slot), ("length.bin", 4)):
        data = segment / name
        size = data.stat().st_size
        body = bytearray(data.read_bytes())
        body[first_slot * entry :] = (marker * (size // len(marker) + 1))[
            : size - first_slot * entry
        ]
        data.write_bytes(bytes(body))
    return slot, used


def test_erase_zeroes_every_hnsw_slot_the_header_does_not_count(tmp_path):
    """Chroma writes its HNSW files for the whole capacity from unzeroed buffers; below its
    sync threshold the header counts no element, so the whole files are heap garbage (measured:
    erased text in the vectors' file in 2 of 5 erasures, an erased id in the link-list sizes'
    file in about one CI run of ten). Zeroing from the live-vector count left the first
    slots: the old flaky leak. Deterministic here: the garbage is planted."""
    from hybridmem.index.chroma_files import compact_chroma_dir

    path = tmp_path / "m"
    with HybridMemory(path, embedder=HashEmbedder(64)) as mem:
        ids = [mem.add(f"bystander note {i}").id for i in range(8)]
        (segment,) = [d for d in (path / "chroma").iterdir() if d.is_dir()]
        _, used = _poison(segment, MARK.encode(), 0)
        assert used == 0  # below the sync threshold: the vectors live in Chroma's log
        assert len(find_bytes(path / "chroma", MARK)) == 2  # vectors and link-list sizes
        compact_chroma_dir(path / "chroma")
        assert find_bytes(path, MARK) == []
    with HybridMemory(path, embedder=HashEmbedder(64)) as mem:
        assert mem.verify().clean
        hits = mem.retrieve("bystander note 3", top_k=3)
        assert hits.hits[0].node.id == ids[3] and not hits.vector_unavailable


def test_zeroing_keeps_the_slots_the_header_counts(tmp_path):
    """A collection past its sync threshold: its counted slots hold the vectors and stay;
    the capacity after them is zeroed; queries answer the same afterwards."""
    import chromadb
    import numpy as np

    from hybridmem.index.chroma_files import compact_chroma_dir

    where = tmp_path / "chroma"
    client = chromadb.PersistentClient(str(where))
    config = {"hnsw": {"space": "cosine", "sync_threshold": 10, "batch_size": 10}}
    col = client.get_or_create_collection("nodes", embedding_function=None, configuration=config)
    vectors = np.random.default_rng(7).normal(size=(55, 16)).astype("float32")
    col.add(ids=[str(i) for i in range(55)], embeddings=vectors)
    before = col.query(query_embeddings=vectors[:5], n_results=4)["ids"]
    (segment,) = [d for d in where.iterdir() if d.is_dir()]
    slot, used = _poison(segment, MARK.encode(), 55)
    assert used == 55
    kept = (segment / "data_level0.bin").read_bytes()[: used * slot]
    kept_sizes = (segment / "length.bin").read_bytes()[: used * 4]
    compact_chroma_dir(where)
    after_bytes = (segment / "data_level0.bin").read_bytes()
    assert after_bytes[: used * slot] == kept
    assert not any(after_bytes[used * slot :])
    after_sizes = (segment / "length.bin").read_bytes()
    assert after_sizes[: used * 4] == kept_sizes and not any(after_sizes[used * 4 :])
    del col, client
    again = chromadb.PersistentClient(str(where)).get_collection("nodes")
    assert again.query(query_embeddings=vectors[:5], n_results=4)["ids"] == before
