"""Per-user write locks on PostgreSQL: writers of different users run at once, writers of one
user take turns, work that spans users (erasure, checkpoints, ``transaction()``) has the store
to itself; op numbers in flight hold readers back; an old store migrates and verifies.

Two stores in one process, each with its own connection, stand for two processes: a write
transaction held open on one, a write on the other with ``lock_timeout`` set, so a write that
would wait fails in 300 ms instead of hanging (no sleeps). A real throwaway PostgreSQL cluster
and a real ``chroma run`` server (tests/conftest.py).
"""

from __future__ import annotations

import uuid

import psycopg
import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.errors import StoreLockTimeoutError
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.store.postgres.base import WRITE_LOCK_KEY, user_lock_key

pytestmark = pytest.mark.postgres


def impatient(mem: HybridMemory) -> None:
    """Make ``mem``'s lock waits fail after 300 ms (PostgreSQL's ``lock_timeout``)."""
    mem.store.conn.execute("SET lock_timeout = '300ms'")  # type: ignore[attr-defined]


def waited(exc: pytest.ExceptionInfo[StoreLockTimeoutError]) -> bool:
    return isinstance(exc.value.__cause__, psycopg.errors.LockNotAvailable)


def held_locks(url: str) -> set[tuple[int, str]]:
    """``(key, mode)`` of the granted 8-byte advisory locks, seen from a third session."""
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT (classid::bigint << 32) | objid::bigint, mode FROM pg_locks "
            "WHERE locktype = 'advisory' AND objsubid = 1 AND granted"
        ).fetchall()

    def signed(key: int) -> int:
        return key - (1 << 64) if key >= 1 << 63 else key

    return {(signed(int(k)), str(m)) for k, m in rows}


def test_one_users_open_write_does_not_hold_back_another_users_writes(two, pg_url):
    a, b = two
    bob = b.add("Bob books the train", user_id="bob")
    impatient(b)
    with a.store.transaction("alice"):
        note = a.add("Alice drafts the budget", user_id="alice")
        locks = held_locks(pg_url)
        assert (WRITE_LOCK_KEY, "ShareLock") in locks
        assert (user_lock_key("alice"), "ExclusiveLock") in locks
        # Bob's writers do not wait: each of these would fail after 300 ms if they did.
        b.add("Bob packs his bag", user_id="bob")
        b.update(bob.id, content="Bob books the early train")
        b.set_active(bob.id)
        b.add_many([{"content": f"Bob's item {i}"} for i in range(3)], user_id="bob")
        # Alice's other writer takes its turn.
        with pytest.raises(StoreLockTimeoutError) as exc:
            b.add("Alice from elsewhere", user_id="alice")
        assert waited(exc)
    b.add("Alice from elsewhere", user_id="alice")  # her turn now
    assert a.get(note.id).content == "Alice drafts the budget"
    assert len(b.subtree(b.root(user_id="bob").id)) == 6
    for mem in (a, b):
        report = mem.verify()
        assert report.clean, report.summary()
        assert mem.verify_audit().ok


def test_work_that_spans_users_waits_for_writers_and_holds_them_back(two):
    a, b = two
    carol = b.add("Carol's secret", user_id="carol")
    impatient(b)
    with a.store.transaction("alice"):
        a.add("Alice writes", user_id="alice")
        with pytest.raises(StoreLockTimeoutError) as exc:
            b.erase(user_id="carol", compact=False)
        assert waited(exc)
        with pytest.raises(StoreLockTimeoutError) as exc:
            b.checkpoint()
        assert waited(exc)
        with pytest.raises(StoreLockTimeoutError) as exc, b.transaction():
            b.add("Dave in a unit that spans users", user_id="dave")
        assert waited(exc)
    assert b.get(carol.id).content == "Carol's secret"  # the erasure waited and gave up
    with a.transaction():  # spans users: exclusive
        a.add("Alice inside a spanning unit", user_id="alice")
        with pytest.raises(StoreLockTimeoutError) as exc:
            b.add("Bob must wait", user_id="bob")
        assert waited(exc)
    b.erase(user_id="carol", compact=False)
    assert b.root(user_id="carol") is None
    assert a.verify().clean and a.verify_audit().ok


def test_readers_of_the_op_log_stop_below_an_op_in_flight(two):
    a, b = two
    b.add("warm up", user_id="bob")
    with a.store.transaction("alice"):
        early = a.add("Alice's op takes a number first", user_id="alice")
        late = b.add("Bob's op commits first", user_id="bob")
        assert late.seq > early.seq
        # Bob's op is committed, but Alice's lower number may still commit: a reader that
        # moved on to Bob's would never see hers.
        assert b.store.last_seq() < early.seq
    assert b.store.last_seq() >= late.seq
    assert early.seq in {r.seq for r in b.oplog()}


def downgrade_to_schema_8(url: str) -> None:
    """Put the store back in schema 8's layout, as a hybridmem before per-user locks wrote
    it: one ``lex_df`` row per term, store-wide ``lex_docs``/``lex_terms`` counters and the
    ``oplog_seq`` counter row, no sequence (the snapshots' twins alike)."""
    script = """
        CREATE TEMP TABLE d AS SELECT term, sum(df)::bigint AS df FROM lex_df GROUP BY term;
        CREATE TEMP TABLE sd AS
            SELECT snap, term, sum(df)::bigint AS df FROM snap_lex_df GROUP BY snap, term;
        DELETE FROM lex_df;
        DELETE FROM snap_lex_df;
        ALTER TABLE lex_df DROP CONSTRAINT lex_df_pkey;
        ALTER TABLE lex_df DROP COLUMN user_id;
        ALTER TABLE lex_df ADD PRIMARY KEY (term);
        ALTER TABLE snap_lex_df DROP COLUMN user_id;
        INSERT INTO lex_df SELECT term, df FROM d;
        INSERT INTO snap_lex_df SELECT snap, term, df FROM sd;
        INSERT INTO counters
            SELECT 'lex_docs', sum(value) FROM counters WHERE name LIKE 'lex\\_docs/%%'
            UNION ALL
            SELECT 'lex_terms', sum(value) FROM counters WHERE name LIKE 'lex\\_terms/%%'
            UNION ALL
            SELECT 'oplog_seq', last_value FROM oplog_numbers;
        DELETE FROM counters WHERE name LIKE 'lex\\_%%/%%';
        INSERT INTO snap_counters
            SELECT snap, 'lex_docs', sum(value) FROM snap_counters
            WHERE name LIKE 'lex\\_docs/%%' GROUP BY snap
            UNION ALL
            SELECT snap, 'lex_terms', sum(value) FROM snap_counters
            WHERE name LIKE 'lex\\_terms/%%' GROUP BY snap
            UNION ALL
            SELECT name, 'oplog_seq', seq FROM snapshots;
        DELETE FROM snap_counters WHERE name LIKE 'lex\\_%%/%%';
        DROP SEQUENCE oplog_numbers;
        UPDATE hybridmem_schema SET version = 8
    """
    with psycopg.connect(url) as conn:
        for statement in script.split(";\n"):
            conn.execute(statement, ())


def test_a_store_written_before_per_user_locks_opens_and_verifies(pg_url, chroma_srv, clock):
    collection = f"t-{uuid.uuid4().hex[:12]}"

    def opened() -> HybridMemory:
        return HybridMemory(
            pg_url, embedder=HashEmbedder(64), clock=clock, chroma=chroma_srv, collection=collection
        )

    with opened() as mem:
        for user in ("alice", "bob"):
            task = mem.add(f"{user} plans the Berlin trip", node_type="task", user_id=user)
            for note in ("book the train to Berlin", "the hotel near the station", "visa"):
                mem.add(f"{user}: {note}", parent_id=task.id, user_id=user)
        snap = mem.checkpoint()
        mem.add("alice: after the checkpoint", user_id="alice")
        before = [
            (h.node.id, round(h.score, 6))
            for h in mem.retrieve("Berlin train", user_id="alice").hits
        ]
        last = mem.store.last_seq()
    downgrade_to_schema_8(pg_url)
    with psycopg.connect(pg_url) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM counters").fetchall()}
        assert names == {"lex_docs", "lex_terms", "oplog_seq"}
    with opened() as mem:
        assert [
            (h.node.id, round(h.score, 6))
            for h in mem.retrieve("Berlin train", user_id="alice").hits
        ] == before
        report = mem.verify()
        assert report.clean, report.summary()
        assert mem.verify_audit().ok
        assert mem.add("bob: after the upgrade", user_id="bob").seq == last + 1
        mem.restore(snap, to_seq=snap.seq)  # the snapshot's twins were migrated too
        assert mem.verify().clean and mem.verify_audit().ok
        assert mem.add("alice: after the restore", user_id="alice").seq == snap.seq + 1


def test_a_key_rotation_waits_for_a_users_writer_and_holds_writers_back(pg_url, chroma_srv, clock):
    key, new = generate_key(), generate_key()
    collection = f"t-{uuid.uuid4().hex[:12]}"

    def opened(with_key: str) -> HybridMemory:
        return HybridMemory(
            pg_url,
            embedder=HashEmbedder(64),
            clock=clock,
            chroma=chroma_srv,
            collection=collection,
            privacy=PrivacyConfig(key=with_key, key_env="HM_TEST_NOKEY"),
        )

    with opened(key) as a, opened(key) as b:
        a.add("Alice's PIN is 4711", user_id="alice", sensitive=True)
        impatient(b)
        with a.store.transaction("alice"):
            a.add("Alice writes on", user_id="alice")
            with pytest.raises(StoreLockTimeoutError) as exc:
                b.rotate_key(new)  # spans users: waits for Alice's writer
            assert waited(exc)
    with opened(key) as a, opened(key) as b:
        impatient(b)
        with a.store.transaction():  # what a rotation holds: the store to itself
            a.add("Alice inside a spanning unit", user_id="alice")
            with pytest.raises(StoreLockTimeoutError) as exc:
                b.add("Bob waits for it", user_id="bob")
            assert waited(exc)
        a.rotate_key(new)
    with opened(new) as mem:
        assert mem.verify().clean and mem.verify_audit().ok
        assert [n.content for n in mem.get_all(user_id="alice") if n.sensitive] == [
            "Alice's PIN is 4711"
        ]
