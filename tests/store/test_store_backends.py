"""The tree store's contract, run against both backends: a SQLite file and a real PostgreSQL.

Each test writes through the store's public methods and reads back what a caller relies on:
rows, tree queries, the op log's numbering, transactions, the lexical index's ranking.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import pytest

from benchmarks.servers import free_port
from hybridmem import lexical
from hybridmem.core.ops import scrub_payload
from hybridmem.errors import StoreClosedError, StoreUnavailableError
from hybridmem.store import Scope, SQLiteStore, encode_path, row_to_node
from hybridmem.store.postgres import PostgresStore

T0 = datetime(2024, 7, 1, 9, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgres"])
def store(request, tmp_path) -> Iterator[Any]:
    if request.param == "sqlite":
        s: Any = SQLiteStore(tmp_path / "tree.db")
    else:
        url = request.getfixturevalue("pg_url")
        s = PostgresStore(url)
    try:
        yield s
    finally:
        s.close()


def node_row(
    store: Any,
    node_id: str,
    text: str,
    parent: dict | None,
    *,
    user: str = "u1",
    node_type: str = "event",
    at: datetime = T0,
) -> tuple[dict[str, Any], str]:
    """A node row as the engine builds it (after appending its op), with its terms."""
    ancestors = [*parent["ancestors"], parent["id"]] if parent else []
    seq = store.append_op("add", node_id=node_id, user_id=user, payload={"content": text}, at=at)
    task = node_id if parent is None or node_type == "task" else parent["task_id"]
    stamp = at.isoformat(timespec="microseconds")
    row = {
        "id": node_id, "user_id": user, "agent_id": None, "session_id": None,
        "parent_id": parent["id"] if parent else None, "path": encode_path(ancestors),
        "depth": len(ancestors), "task_id": task, "content": text, "content_hash": "h",
        "node_type": node_type, "importance": 0.5, "confidence": 0.8, "activity": 0.0,
        "created_at": stamp, "updated_at": stamp, "last_accessed_at": None,
        "access_count": 0, "seq": seq, "version": 1, "status": "active",
        "index_state": "pending", "source_id": None, "metadata": json.dumps({"k": 1}),
        "lifecycle": None, "tier": None, "conflict_group": None, "sensitive": False,
    }  # fmt: skip
    return row, lexical.document_terms(text)


def add(
    store: Any,
    node_id: str,
    text: str,
    *,
    parent: dict | None = None,
    user: str = "u1",
    node_type: str = "event",
    at: datetime = T0,
) -> dict:
    """Insert one node as the engine does: op row first, node row with its seq, terms."""
    with store.transaction():
        row, terms = node_row(store, node_id, text, parent, user=user, node_type=node_type, at=at)
        store.insert_node(row, terms)
    ancestors = [*parent["ancestors"], parent["id"]] if parent else []
    return {"id": node_id, "ancestors": ancestors, "task_id": row["task_id"]}


def tree(store: Any) -> dict[str, dict]:
    root = add(store, "root", "root of u1", node_type="root")
    t1 = add(store, "t1", "Expense claims", parent=root, node_type="task")
    e1 = add(
        store,
        "e1",
        "The invoices from Berlin were unreadable",
        parent=t1,
        at=T0 + timedelta(minutes=1),
    )
    e2 = add(store, "e2", "发票无法识别，需要重新扫描", parent=t1, at=T0 + timedelta(minutes=2))
    t2 = add(store, "t2", "Trip planning", parent=root, node_type="task")
    e3 = add(store, "e3", "Book the Berlin hotel near the station", parent=t2)
    return {"root": root, "t1": t1, "e1": e1, "e2": e2, "t2": t2, "e3": e3}


def test_rows_round_trip_with_the_same_values(store):
    nodes = tree(store)
    got = store.get("e1")
    assert got.content == "The invoices from Berlin were unreadable"
    assert got.path == ("root", "t1") and got.depth == 2 and got.task_id == "t1"
    assert got.metadata == {"k": 1} and got.sensitive is False
    assert got.created_at == T0 + timedelta(minutes=1)
    assert store.get("nope") is None
    assert set(store.get_many(["e1", "e2", "nope", "e1"])) == {"e1", "e2"}
    assert store.user_root("u1").id == "root" and store.user_root("u2") is None
    assert sorted(store.all_ids_among(["e1", "zz", "t2"])) == ["e1", "t2"]
    assert store.node_count() == 6 and store.node_count("u2") == 0
    assert store.counts("node_type") == {"root": 1, "task": 2, "event": 3}
    assert nodes["e3"]["task_id"] == "t2"


def test_bulk_insert_returns_the_nodes_reads_return_with_or_without_given_decodes(store):
    """``insert_nodes(rows, decoded)``: a node the caller decoded from its row stands for
    the row, opened as a read opens it (sensitive content decrypted); every returned node
    is the one a read returns afterwards, field for field."""
    root = add(store, "root", "root of u1", node_type="root")
    store.opener = lambda node_id, content: f"open:{node_id}:{content}"
    with store.transaction():
        rows = [node_row(store, f"b{k}", f"bulk text {k}", root) for k in range(6)]
        rows[1][0].update(sensitive=True, metadata="{}")
        rows[2][0].update(sensitive=True, last_accessed_at=T0.isoformat(timespec="microseconds"))
        rows[3][0].update(metadata="{}", path="/root/", importance=1, access_count=2)
        decoded = [None if k % 3 == 0 else row_to_node(row) for k, (row, _) in enumerate(rows)]
        got = store.insert_nodes(rows, decoded)
        assert got == store.insert_nodes([], None) + [
            store.decode({**row, "rid": None}) for row, _ in rows
        ]
    read = store.get_many(r["id"] for r, _ in rows)
    assert got == [read[r["id"]] for r, _ in rows]
    assert got[1].content == "open:b1:bulk text 1" and got[2].sensitive
    assert got[3].metadata == {} and got[3].path == ("root",) and got[0].metadata == {"k": 1}
    assert [store.get(n.id) for n in got] == got
    assert store.children("root") == got


def test_tree_queries(store):
    tree(store)
    assert [n.id for n in store.children("t1")] == ["e1", "e2"]
    assert [n.id for n in store.recent_children("t1", 1, ["active"])] == ["e2"]
    assert [n.id for n in store.children("t1", statuses=["archived"])] == []
    sub = store.subtree(store.get("t1"))
    assert [n.id for n in sub] == ["t1", "e1", "e2"]
    assert sorted(store.descendant_scope_ids(store.get("root"), ["task"])) == ["t1", "t2"]
    assert store.max_depth_below(store.get("root")) == 2
    assert store.max_depth_below(store.get("e1")) == 2


def test_said_between_reads_one_users_statements_strictly_between_oldest_first(store):
    """What was said between two compared statements: of the types asked, any status, only
    the user's, the bounds excluded."""
    root = add(store, "root", "root of u1", node_type="root")
    said = ["I bank with Nationwide.", "My wages go to Monzo.", "I bank with Nationwide again."]
    for i, text in enumerate(said):
        add(store, f"f{i}", text, parent=root, node_type="fact", at=T0 + timedelta(days=i))
    add(store, "p", "Short answers, please.", parent=root, node_type="preference",
        at=T0 + timedelta(hours=12))  # fmt: skip
    add(store, "e", "Walked the dog.", parent=root, at=T0 + timedelta(hours=13))
    other = add(store, "root2", "root of u2", node_type="root", user="u2")
    add(store, "g", "I bank with Lloyds.", parent=other, user="u2", node_type="fact",
        at=T0 + timedelta(hours=14))  # fmt: skip
    with store.transaction():
        store.update_node("f1", {"status": "superseded"})
    between = store.said_between("u1", ["fact", "preference"], T0, T0 + timedelta(days=2), 10)
    assert between == ["Short answers, please.", "My wages go to Monzo."]
    assert store.said_between("u1", ["fact"], T0, T0 + timedelta(days=2), 10) == [said[1]]
    assert store.said_between("u1", ["fact", "preference"], T0, T0 + timedelta(days=2), 1) == [
        said[1]
    ]


def test_sibling_neighbours_skip_other_statuses_and_stop_at_the_family(store):
    nodes = tree(store)
    for i in range(5):
        add(store, f"k{i}", f"kid {i}", parent=nodes["t2"], at=T0 + timedelta(minutes=10 + i))
    with store.transaction():
        store.update_node("k2", {"status": "archived"})
    asked = [store.get(i) for i in ("k0", "k1", "k3", "k4", "e1", "root", "k2")] * 120
    found = store.sibling_neighbours(asked, ["active"])  # more than one statement's worth
    ids = {k: [i for i, _ in v] for k, v in found.items()}
    assert ids == {
        "k0": ["e3", "k1"],
        "k1": ["k0", "k3"],
        "k3": ["k1", "k4"],
        "k4": ["k3"],
        "e1": ["e2"],
        "root": [],
        "k2": ["k1", "k3"],
    }
    assert found["k0"][1][1] == T0 + timedelta(minutes=11)
    assert store.sibling_neighbours([], ["active"]) == {}


def test_moving_a_subtree_rewrites_paths(store):
    tree(store)
    with store.transaction():
        store.update_node("t1", {"parent_id": "t2", "path": "/root/t2/", "depth": 2})
        store.rewrite_subtree_paths(
            "u1", old_prefix="/root/t1/", new_prefix="/root/t2/t1/", depth_delta=1
        )
    assert store.get("e1").path == ("root", "t2", "t1") and store.get("e1").depth == 3
    assert [n.id for n in store.subtree(store.get("t2"))] == ["t2", "t1", "e3", "e1", "e2"]


def test_op_log_numbers_are_gap_free_and_survive_rollback(store):
    tree(store)
    assert store.last_seq() == 6
    with pytest.raises(RuntimeError), store.transaction():
        store.append_op("add", node_id="x", user_id="u1", payload={}, at=T0)
        raise RuntimeError("abort")
    assert store.last_seq() == 6
    with store.transaction():
        assert store.append_op("update", node_id="e1", user_id="u1", payload={}, at=T0) == 7


def test_nested_transactions_join_the_outer_one(store):
    tree(store)
    with pytest.raises(RuntimeError), store.transaction():
        store.set_meta("a", "1")  # a nested transaction of its own
        with store.transaction():
            store.update_node("e1", {"content": "changed"})
        raise RuntimeError("abort outer")
    assert store.get_meta("a") is None
    assert store.get("e1").content == "The invoices from Berlin were unreadable"


def test_after_commit_runs_once_per_outer_commit(store):
    calls = []
    store.after_commit = lambda: calls.append(1)
    with store.transaction():
        store.set_meta("a", "1")
        store.set_meta("b", "2")
    assert calls == [1] and store.get_meta("b") == "2"


def test_active_node_meta_touch_and_index_state(store):
    tree(store)
    with store.transaction():
        store.set_active("u1", "t1", T0, 9)
    assert store.get_active("u1") == "t1"
    with store.transaction():
        store.set_active("u1", None, T0, 10)
    assert store.get_active("u1") is None
    store.touch(["e1", "e3"], T0 + timedelta(hours=1))
    assert store.get("e1").access_count == 1
    assert store.get("e1").last_accessed_at == T0 + timedelta(hours=1)
    with store.transaction():
        store.bump_ancestors(["t1", "t1", "root"], T0, 0.6)
    assert store.get("t1").activity == 1.0 and store.get("root").activity == 0.6
    assert store.ids_by_index_state("pending", 2) == ["root", "t1"]
    store.set_index_state(["root", "t1", "e1"], "indexed")
    assert store.counts("index_state") == {"indexed": 3, "pending": 3}


def test_delete_removes_rows_and_their_terms(store):
    tree(store)
    with store.transaction():
        store.delete_nodes(["e1", "e3"])
    assert store.all_ids_among(["e1", "e3", "e2"]) == ["e2"]
    scope = Scope(user_id="u1")
    assert store.lexical_search(lexical.match_expression("berlin"), scope, ["active"], 10) == []


def test_lexical_search_stems_english_and_finds_chinese_words(store):
    tree(store)
    scope = Scope(user_id="u1")

    def search(q: str, sc: Scope = scope) -> list[str]:
        expr = lexical.match_expression(q)
        return [i for i, _ in store.lexical_search(expr, sc, ["active"], 10)]

    assert search("invoice unreadable") == ["e1"]  # 'invoices' stems to the same term
    assert search("发票") == ["e2"]
    assert search("扫描") == ["e2"]
    assert sorted(search("Berlin")) == ["e1", "e3"]
    assert search("Berlin", Scope(user_id="u1", task_ids=("t2",))) == ["e3"]
    assert search("Berlin", Scope(user_id="u2")) == []
    under = Scope(user_id="u1", node_id="t1", path_prefix="/root/t1/")
    assert search("berlin", under) == ["e1"]
    assert search("nothing matches this") == []


def test_bm25_prefers_the_rarer_term(store):
    root = add(store, "root", "root", node_type="root")
    for i in range(8):
        add(store, f"c{i}", f"meeting notes number {i}", parent=root)
    add(store, "rare", "meeting with the dentist", parent=root)
    add(store, "other", "dentist", parent=root)
    expr = lexical.match_expression("meeting dentist")
    ranked = store.lexical_search(expr, Scope(user_id="u1"), ["active"], 3)
    # The rare term decides: both nodes holding it come first (the shorter one ahead, as
    # BM25's length normalisation has it); a node with only the common term is far behind.
    assert [i for i, _ in ranked[:2]] == ["other", "rare"]
    assert 0 < ranked[2][1] < ranked[1][1] / 100


def test_lexical_ranking_is_the_same_on_both_backends(tmp_path, pg_url):
    import random

    rng = random.Random(7)
    vocab = [f"w{i}x" for i in range(300)]  # stem-stable words, Zipf-like frequencies
    weights = [1 / (i + 1) for i in range(300)]
    docs = [" ".join(rng.choices(vocab, weights, k=rng.randrange(3, 30))) for _ in range(400)]
    stores = [SQLiteStore(tmp_path / "tree.db"), PostgresStore(pg_url)]
    queries = [" ".join(rng.choices(vocab, k=rng.randrange(1, 5))) for _ in range(40)]
    results = []
    for s in stores:
        root = add(s, "root", "root", node_type="root")
        if isinstance(s, PostgresStore):  # the batch path must count terms the same way
            with s.transaction():
                s.insert_nodes([node_row(s, f"d{i:03d}", t, root) for i, t in enumerate(docs)])
        else:
            for i, text in enumerate(docs):
                add(s, f"d{i:03d}", text, parent=root)
        results.append(
            [
                s.lexical_search(lexical.match_expression(q), Scope("u1"), ["active"], 10)
                for q in queries
            ]
        )
        s.close()
    for lite, pg in zip(*results, strict=True):
        assert len(lite) == len(pg)
        for (_, a), (_, b) in zip(lite, pg, strict=True):
            assert b == pytest.approx(a, rel=1e-6)  # same BM25 score at every rank

        # The same ids at each score; tie order is unspecified, and ties at the last score
        # may be cut differently by the limit.
        def by_score(hits: list[tuple[str, float]]) -> dict[float, set[str]]:
            out: dict[float, set[str]] = {}
            for node_id, score in hits:
                out.setdefault(round(score, 6), set()).add(node_id)
            if len(hits) == 10:
                out.pop(round(hits[-1][1], 6))
            return out

        assert by_score(lite) == by_score(pg)


def test_pending_rows_are_read_oldest_first_off_an_index(store):
    """A batch of pending rows (what the index owner finishes) is read in op order; on
    SQLite the read walks ``(index_state, seq)`` instead of sorting every pending row per
    batch (quadratic when a rebuild leaves a million rows pending)."""
    tree(store)
    store.set_index_state(["root", "t1"], "indexed")
    assert store.ids_by_index_state("pending", 2) == ["e1", "e2"]
    assert store.ids_by_index_state("pending") == ["e1", "e2", "t2", "e3"]
    if isinstance(store, SQLiteStore):
        plan = " ".join(
            str(row[3])
            for row in store.conn.execute(
                "EXPLAIN QUERY PLAN SELECT id FROM nodes WHERE index_state = 'pending' "
                "ORDER BY seq LIMIT 256"
            )
        )
        assert "idx_nodes_index_state_seq" in plan and "TEMP B-TREE" not in plan, plan


def test_updating_terms_reindexes(store):
    tree(store)
    with store.transaction():
        store.update_node("e3", {"content": "dinner"}, lexical.document_terms("dinner reservation"))
    expr = lexical.match_expression("hotel")
    assert store.lexical_search(expr, Scope(user_id="u1"), ["active"], 10) == []
    expr = lexical.match_expression("reservations")
    assert [i for i, _ in store.lexical_search(expr, Scope(user_id="u1"), ["active"], 5)] == ["e3"]


def test_closed_store_refuses_use(store):
    store.close()
    with pytest.raises(StoreClosedError):
        store.get("e1")


@pytest.mark.postgres
def test_unreachable_postgres_is_a_clear_error_without_the_password():
    url = f"postgresql://agent:s3cret@127.0.0.1:{free_port()}/memory"
    with pytest.raises(StoreUnavailableError, match=r"agent@127\.0\.0\.1:\d+/memory") as err:
        PostgresStore(url, connect_timeout=2)
    assert "s3cret" not in str(err.value)


def _append_ops(url: str, n: int, tag: str) -> None:
    store = PostgresStore(url)
    for i in range(n):
        if i % 7 == 0:  # a write that rolls back: its number must not become a gap
            try:
                with store.transaction():
                    store.append_op("add", node_id="rolled-back", user_id=tag, payload={}, at=T0)
                    raise ValueError
            except ValueError:
                pass
        with store.transaction():
            store.append_op("add", node_id=f"{tag}{i}", user_id=tag, payload={}, at=T0)
    store.close()


@pytest.mark.postgres
def test_concurrent_writer_processes_get_gap_free_ordered_sequences(pg_url):
    PostgresStore(pg_url).close()  # migrate once, then race
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_append_ops, args=(pg_url, 150, f"p{k}")) for k in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=300)
        assert p.exitcode == 0
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute("SELECT seq, node_id FROM oplog ORDER BY seq").fetchall()
    assert [seq for seq, _ in rows] == list(range(1, 601))
    for k in range(4):  # each writer's own ops keep their order
        mine = [int(node[2:]) for _, node in rows if node.startswith(f"p{k}")]
        assert mine == list(range(150))


@pytest.mark.postgres
def test_batched_op_append_numbers_in_order_after_single_appends(pg_url):
    store = PostgresStore(pg_url)
    with store.transaction():
        assert store.append_op("add", node_id="a", user_id="u", payload={}, at=T0) == 1
        seqs = store.append_ops(
            [{"op": "add", "node_id": f"n{i}", "user_id": "u", "at": T0} for i in range(5)]
        )
        assert seqs == [2, 3, 4, 5, 6]
    assert store.last_seq() == 6
    with pytest.raises(RuntimeError), store.transaction():
        store.append_ops([{"op": "add", "node_id": "x", "at": T0}])
        raise RuntimeError
    with store.transaction():
        assert store.append_ops([{"op": "add", "node_id": "y", "at": T0}]) == [7]
    store.close()


def _table_rows(url: str) -> dict[str, list[tuple]]:
    from hybridmem.store.postgres.snapshots import TABLES

    with psycopg.connect(url) as conn:
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in TABLES}


@pytest.mark.postgres
def test_postgres_snapshot_restores_every_table_and_survives_other_writes(pg_url):
    from hybridmem.errors import SnapshotNotFoundError

    store = PostgresStore(pg_url)
    tree(store)
    with store.transaction():
        store.set_active("u1", "t1", T0, 7)
        store.set_meta("embedder", "hash-128")
    before = _table_rows(pg_url)
    snap = store.create_snapshot("s1", {"note": "before the mess"})
    assert snap.seq == 6
    # Change everything, from this store and from another client, then restore.
    with store.transaction():
        store.delete_nodes(["e1", "e2"])
        store.set_active("u1", None, T0, 8)
        store.append_op("delete", node_id="e1", user_id="u1", payload={}, at=T0)
    other = PostgresStore(pg_url)
    add(
        other,
        "e8",
        "written by another agent",
        parent={"id": "t2", "ancestors": ["root"], "task_id": "t2"},
    )
    assert [s.name for s in other.list_snapshots()] == ["s1"]  # shared by every client
    with store.transaction():
        assert store.load_snapshot("s1").manifest == {"note": "before the mess"}
    assert _table_rows(pg_url) == before
    assert other.get("e8") is None and other.get("e1") is not None
    # The restored store keeps working: new rows get new rids, new ops the next number.
    add(
        store,
        "e9",
        "after the restore",
        parent={"id": "t2", "ancestors": ["root"], "task_id": "t2"},
    )
    assert store.last_seq() == 7
    expr = lexical.match_expression("invoices")
    assert [i for i, _ in store.lexical_search(expr, Scope("u1"), ["active"], 5)] == ["e1"]
    with pytest.raises(SnapshotNotFoundError), store.transaction():
        store.load_snapshot("nope")
    assert store.get("e9") is not None  # the failed restore changed nothing
    store.drop_snapshot("s1")
    assert store.list_snapshots() == []
    other.close()
    store.close()


@pytest.mark.postgres
def test_postgres_snapshot_scrub_leaves_no_trace_of_the_erased(pg_url):
    store = PostgresStore(pg_url)
    tree(store)
    add(store, "v1", "private dentist appointment", user="u2", node_type="root")
    store.create_snapshot("s1", {})

    def snap_terms() -> set[str]:
        with psycopg.connect(pg_url) as conn:
            return {r[0] for r in conn.execute("SELECT term FROM snap_lex_df").fetchall()}

    assert {"dentist", "berlin", "unread"} <= snap_terms()
    with store.transaction():
        n = store.scrub_snapshots("u1", ["e1"], whole_user=False, scrub=scrub_payload)
    assert n == 1
    with store.transaction():
        store.scrub_snapshots("u2", [], whole_user=True, scrub=scrub_payload)
    with psycopg.connect(pg_url) as conn:
        # Erased nodes stay as empty placeholders (the live erase op removes them on replay),
        # exactly as in a scrubbed SQLite copy.
        rows = dict(conn.execute("SELECT id, content FROM snap_nodes").fetchall())
        assert rows["e1"] == "" and rows["v1"] == "" and rows["e2"].startswith("发票")
        terms = snap_terms()
        assert "dentist" not in terms and "berlin" in terms  # e3 still holds 'berlin'
        assert "unread" not in terms  # only e1 held it ('unreadable', stemmed)
        payloads = conn.execute(
            "SELECT payload FROM snap_oplog WHERE node_id IN ('e1', 'v1')"
        ).fetchall()
        assert payloads and all(json.loads(p[0]).get("erased") is True for p in payloads)
        assert not any("dentist" in p[0] or "Berlin" in p[0] for p in payloads)
    listed = store.list_snapshots()[0]
    assert listed.nodes == 7 and listed.head_digest  # recomputed from the scrubbed copy
    store.close()


@pytest.mark.postgres
def test_postgres_store_reconnects_after_the_server_drops_it(pg_url):
    store = PostgresStore(pg_url)
    tree(store)

    def kill_sessions() -> None:
        # Returns once the backends are gone (the timeout argument waits for them), as a
        # connection dropped while idle is gone before the next write begins.
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )

    kill_sessions()
    assert store.get("e1").content.startswith("The invoices")  # a read reconnects
    # A write cut off in the middle is rolled back and reported; the next one works.
    with pytest.raises(StoreUnavailableError, match="rolled back"), store.transaction():
        store.set_meta("half", "written")
        kill_sessions()
        store.set_meta("other", "x")
    assert store.get_meta("half") is None
    store.set_meta("after", "ok")
    assert store.get_meta("after") == "ok"
    kill_sessions()  # dropped while idle: the next write starts on a new connection
    store.set_meta("idle", "ok")
    assert store.get_meta("idle") == "ok"
    store.close()


def _open_and_close(url: str) -> None:
    PostgresStore(url).close()


@pytest.mark.postgres
def test_postgres_schema_is_migrated_once_by_racing_openers_and_refuses_newer(pg_url):
    from hybridmem.errors import SchemaVersionError
    from hybridmem.store.postgres.schema import SCHEMA_VERSION

    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_open_and_close, args=(pg_url,)) for _ in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=120)
        assert p.exitcode == 0
    with psycopg.connect(pg_url, autocommit=True) as conn:
        assert conn.execute("SELECT version FROM hybridmem_schema").fetchall() == [
            (SCHEMA_VERSION,)
        ]
        conn.execute("UPDATE hybridmem_schema SET version = version + 1")
    with pytest.raises(SchemaVersionError, match="newer"):
        PostgresStore(pg_url)


def test_the_key_check_reads_the_sealed_rows_off_an_index(store):
    """Opening with a key asks whether any row is sealed; on a store that never sealed
    anything that question must not read every row (54-114 ms per open at 100k nodes)."""
    tree(store)
    assert store.sealed_sample() is None and store.sensitive_contents() == []
    query = "SELECT content FROM nodes WHERE sensitive = 1 LIMIT 1"
    if isinstance(store, SQLiteStore):
        plan = " ".join(r[3] for r in store.conn.execute(f"EXPLAIN QUERY PLAN {query}"))
        assert "USING INDEX idx_nodes_sensitive" in plan
    else:
        # Six rows make a sequential scan the cheaper plan; asking the planner to avoid one
        # shows whether an index can answer the query at all.
        with store.conn.transaction():
            store.conn.execute("SET LOCAL enable_seqscan = off")
            plan = " ".join(r[0] for r in store.conn.execute(f"EXPLAIN {query}"))
        assert "idx_nodes_sensitive" in plan
