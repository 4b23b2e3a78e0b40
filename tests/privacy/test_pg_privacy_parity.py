"""PostgreSQL at parity with SQLite on two privacy guarantees (issue 11): ``rotate_key``
re-seals the snapshots kept inside the database, and node / op-log rows carry hashes kept by
triggers that refuse other sessions' writes, which ``verify()`` checks."""

from __future__ import annotations

import uuid

import psycopg
import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.errors import WrongKeyError
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.privacy.crypto import key_fingerprint, parse_key

pytestmark = pytest.mark.postgres

SECRET = "Brastelwick"


@pytest.fixture
def opener(pg_url, chroma_srv):
    collection = f"t-{uuid.uuid4().hex[:12]}"

    def open_(key: str | None = None) -> HybridMemory:
        privacy = PrivacyConfig(key=key, key_env="HM_TEST_NOKEY") if key else None
        return HybridMemory(
            pg_url,
            embedder=HashEmbedder(32),
            chroma=chroma_srv,
            collection=collection,
            privacy=privacy,
        )

    return open_


def fid(key: str) -> str:
    return key_fingerprint(parse_key(key))


def test_rotate_key_reseals_the_snapshots_in_the_database(opener, pg_url):
    old, new = generate_key(), generate_key()
    with opener(old) as mem:
        early = mem.add(f"early {SECRET}", sensitive=True)
        snap = mem.checkpoint()
        late = mem.add(f"late {SECRET}", sensitive=True)
        mem.rotate_key(new)
        with psycopg.connect(pg_url) as conn:
            keys = {
                r[0].split(":")[1]
                for r in conn.execute(
                    "SELECT content FROM snap_nodes WHERE sensitive = 1 UNION ALL "
                    "SELECT payload::json->>'sealed' FROM snap_oplog "
                    "WHERE payload LIKE '%\"sealed\"%'"
                    " UNION ALL SELECT payload::json->>'sealed' FROM oplog "
                    "WHERE payload LIKE '%\"sealed\"%'"
                ).fetchall()
            }
            recorded = {
                r[0]
                for r in conn.execute(
                    "SELECT value FROM snap_meta WHERE key = 'privacy.key_id'"
                ).fetchall()
            }
        assert keys == {fid(new)} and recorded == {fid(new)}
        report = mem.restore(snap)
        assert report.ops_replayed >= 1
        assert mem.get(early.id).content == f"early {SECRET}"
        assert mem.get(late.id).content == f"late {SECRET}"
        assert mem.verify().clean
    with pytest.raises(WrongKeyError):
        opener(old)
    with opener(new) as mem:
        assert mem.get(early.id).content == f"early {SECRET}"


def test_a_restore_from_a_snapshot_older_than_the_first_encryption_keeps_the_key(opener):
    key, wrong = generate_key(), generate_key()
    with opener(key) as mem:
        mem.add("plain")
        mem.checkpoint()
        secret = mem.add(f"the {SECRET}", sensitive=True)
        mem.restore()
    with pytest.raises(WrongKeyError, match=fid(key)):
        opener(wrong)
    with opener(key) as mem:
        assert mem.get(secret.id).content == f"the {SECRET}"


EDITS = [
    "UPDATE nodes SET content = 'the invoice is 12 EUR' WHERE content LIKE '%120%'",
    "UPDATE oplog SET payload = '{}' WHERE seq = 2",
    "DELETE FROM nodes WHERE content LIKE '%120%'",
    "DELETE FROM oplog WHERE seq = 3",
    "INSERT INTO oplog(seq, op, payload, at) VALUES (999, 'add', '{}', 'x')",
    "TRUNCATE oplog",
]


def test_another_session_cannot_edit_rows_and_an_edit_around_the_guard_is_found(opener, pg_url):
    with opener() as mem:
        task = mem.add("invoice task", node_type="task")
        note = mem.add("the invoice is 120 EUR", parent_id=task.id)
        assert mem.verify().clean and mem.verify().tampered == ()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        before = conn.execute("SELECT count(*), sum(length(content)) FROM nodes").fetchone()
        for edit in EDITS:
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="hybridmem only"):
                conn.execute(edit)
        assert conn.execute("SELECT count(*), sum(length(content)) FROM nodes").fetchone() == (
            before
        )
        # Around the guard: the owner disables the trigger, edits, enables it again.
        conn.execute("ALTER TABLE nodes DISABLE TRIGGER hm_nodes_mac")
        conn.execute("UPDATE nodes SET content = 'the invoice is 12 EUR' WHERE id = %s", (note.id,))
        with opener() as mem:
            report = mem.verify()
            assert not report.clean
            assert f"node {note.id}" in report.tampered
            assert any("hm_nodes_mac" in t for t in report.tampered)
        conn.execute("ALTER TABLE nodes ENABLE TRIGGER hm_nodes_mac")
    with opener() as mem:
        assert mem.verify().tampered == (f"node {note.id}",)
        # hybridmem's own writes keep every hash right: update, move, delete, erase.
        mem.update(note.id, content="the invoice is 130 EUR")
        other = mem.add("another task", node_type="task")
        mem.move(note.id, other.id)
        mem.delete(task.id)
        mem.erase(user_id="default")
        assert mem.verify().tampered == ()


def test_a_checkpoint_running_while_another_agent_rotates_the_key_ends_up_resealed(
    opener, pg_url, monkeypatch
):
    """Agent A's checkpoint has taken its view of the data (old key) when agent B rotates
    the key: B waits for A's copy and re-seals it, so no snapshot is left under the old key
    (without the wait, A's copy committed after B and kept the old key)."""
    import threading
    import time

    from hybridmem.store.postgres import snapshots

    old, new = generate_key(), generate_key()
    a, b = opener(old), opener(old)
    started, go = threading.Event(), threading.Event()
    real_copy = snapshots.copy

    def paused_copy(conn, name, manifest):
        conn.execute("SELECT count(*) FROM nodes")  # the REPEATABLE READ view is taken here
        started.set()
        go.wait(30)
        return real_copy(conn, name, manifest)

    monkeypatch.setattr(snapshots, "copy", paused_copy)
    try:
        secret = a.add(f"the {SECRET}", sensitive=True)
        checkpoint = threading.Thread(target=a.checkpoint)
        checkpoint.start()
        assert started.wait(30)
        rotation = threading.Thread(target=b.rotate_key, args=(new,))
        rotation.start()
        time.sleep(1.0)
        assert rotation.is_alive(), "the rotation did not wait for the checkpoint"
        go.set()
        checkpoint.join(60)
        rotation.join(60)
        assert not checkpoint.is_alive() and not rotation.is_alive()
    finally:
        go.set()
        a.close()
        b.close()
    with psycopg.connect(pg_url) as conn:
        keys = {
            r[0].split(":")[1]
            for r in conn.execute("SELECT content FROM snap_nodes WHERE sensitive = 1").fetchall()
        }
        recorded = {
            r[0]
            for r in conn.execute(
                "SELECT value FROM snap_meta WHERE key = 'privacy.key_id'"
            ).fetchall()
        }
    assert keys == {fid(new)} and recorded == {fid(new)}
    with opener(new) as mem:
        mem.restore()
        assert mem.get(secret.id).content == f"the {SECRET}"
