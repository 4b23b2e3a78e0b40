"""Lexical statistics kept beside FTS5 (m011): a task's keyword matches are ranked with them
exactly as FTS5's ``bm25()`` ranks them, and every way the lexical rows change (writes,
updates, deletes, erasure, encryption, restore, re-deriving the terms, the migration itself)
keeps them equal to what the index holds."""

from __future__ import annotations

import sqlite3

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem import lexical as lex
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.store import Scope, fts
from hybridmem.testing.checks import consistency

U = "u1"
# Stems (running/runs), diacritics (café/cafe, über), digits, a word that looks like a scope
# token, Chinese (jieba) and repeated words: what the tokenizer treats specially.
LINES = [
    "running late for the café meeting about the budget",
    "she runs the cafe on weekends and the budget runs short",
    "über driver picked me up; uber again tomorrow, uber uber",
    "studying for the exam, studies take all week",
    "flight 42 to Lisbon booked, seat k12",
    "我们明天在咖啡馆开会讨论预算",
    "咖啡馆的预算不够了",
    "naïve plan: run the budget meeting at the cafe",
    "budget budget budget",
    "a note with none of the query words",
]
QUERIES = [
    "budget meeting",
    "runs cafe",
    "uber drivers",
    "studies exam week",
    "flight k12 42",
    "咖啡馆 预算",
    "naive running café budget",
    "nothing matches xyzzy",
]


def _fill(mem: HybridMemory, tasks: int = 3) -> list[str]:
    ids = []
    for t in range(tasks):
        task = mem.add(f"task {t} budget", node_type="task", user_id=U, activate=False)
        ids.append(task.id)
        mem.add_many(
            [{"content": LINES[(i + t) % len(LINES)], "parent_id": task.id} for i in range(12)],
            user_id=U,
        )
    return ids


def _bm25(store, match: str, scope: Scope) -> dict[str, float]:
    """FTS5's own ranking of the same scoped query (what the store did before m011)."""
    rids = [
        str(r[0])
        for r in store.conn.execute(
            f"SELECT rid FROM nodes WHERE id IN ({','.join('?' * len(scope.task_ids))})",
            scope.task_ids,
        )
    ]
    expression = (
        "{terms} : (" + match + ") AND {scope} : (" + " OR ".join(f'"k{r}"' for r in rids) + ")"
    )
    rows = store.conn.execute(
        "SELECT n.id, -bm25(nodes_fts, 1.0, 0.0) FROM nodes_fts JOIN nodes n "
        "ON n.rid = nodes_fts.rowid WHERE nodes_fts MATCH ? AND n.status = 'active'",
        (expression,),
    ).fetchall()
    return {i: max(float(s), 0.0) for i, s in rows}


def _assert_same_as_bm25(mem: HybridMemory, tasks: list[str]) -> int:
    compared = 0
    for task in tasks:
        scope = Scope(U, task, task_ids=(task,))
        for query in QUERIES:
            match = lex.match_expression(query)
            assert match is not None
            ours = mem.store.lexical_search(match, scope, ["active"], 100)
            theirs = _bm25(mem.store, match, scope)
            assert dict(ours) == pytest.approx(theirs, rel=1e-12, abs=1e-12)
            scores = [s for _, s in ours]
            assert scores == sorted(scores, reverse=True)
            compared += len(ours)
    return compared


@pytest.fixture
def hmem(tmp_path, clock):
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        yield mem


def test_a_task_is_ranked_as_bm25_ranks_it_without_asking_bm25(hmem, monkeypatch):
    tasks = _fill(hmem)
    calls: list[str] = []
    original = fts.rank
    monkeypatch.setattr(fts, "rank", lambda *a: calls.append("rank") or original(*a))
    assert _assert_same_as_bm25(hmem, tasks) > 50
    assert len(calls) == len(tasks) * (len(QUERIES) - 1)  # no match -> nothing to rank
    assert consistency(hmem).ok


def test_limit_keeps_the_best(hmem):
    tasks = _fill(hmem, tasks=1)
    scope = Scope(U, tasks[0], task_ids=(tasks[0],))
    match = lex.match_expression("budget meeting cafe")
    assert match is not None
    every = hmem.store.lexical_search(match, scope, ["active"], 100)
    assert hmem.store.lexical_search(match, scope, ["active"], 3) == every[:3]


def test_statistics_follow_writes_updates_moves_and_deletes(hmem):
    tasks = _fill(hmem)
    node = hmem.children(tasks[0], user_id=U)[1]
    hmem.update(node.id, content="completely different words now: cafe cafe", user_id=U)
    hmem.move(hmem.children(tasks[1], user_id=U)[0].id, tasks[2], user_id=U)
    hmem.delete(hmem.children(tasks[2], user_id=U)[3].id, user_id=U)
    hmem.delete(tasks[1], user_id=U)  # a whole subtree
    assert consistency(hmem).ok
    _assert_same_as_bm25(hmem, [tasks[0], tasks[2]])
    totals = dict(hmem.store.conn.execute("SELECT name, value FROM lex_totals"))
    assert totals["docs"] == hmem.store.conn.execute("SELECT count(*) FROM nodes").fetchone()[0]


def test_a_stale_statistic_is_reported(hmem):
    _fill(hmem, tasks=1)
    assert consistency(hmem).ok
    hmem.store.conn.execute("UPDATE lex_df SET df = df + 1 WHERE term = 'budget'")
    report = consistency(hmem)
    assert report.stale_lexical_statistics == 1 and not report.ok
    hmem.store.conn.execute("UPDATE lex_totals SET value = value + 1 WHERE name = 'docs'")
    assert consistency(hmem).stale_lexical_statistics == 2


def test_erasure_leaves_no_term_behind_and_keeps_the_counts(tmp_path, clock):
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        tasks = _fill(mem)
        mem.checkpoint()  # the erasure scrubs this copy too
        secret = mem.add("Qzvorpelblix lives at the cafe", parent_id=tasks[0], user_id=U)
        mem.checkpoint()
        mem.erase(secret.id, user_id=U)
        assert consistency(mem).ok
        assert (
            mem.store.conn.execute(
                "SELECT count(*) FROM lex_df WHERE term LIKE 'qzvorpelblix%'"
            ).fetchone()[0]
            == 0
        )
        assert not any(w.startswith("qzvorpelblix") for w in fts._TOKENS)  # nor in memory
        _assert_same_as_bm25(mem, tasks)
        mem.erase(user_id=U)
        assert consistency(mem).ok
        assert mem.store.conn.execute("SELECT count(*) FROM lex_df").fetchone()[0] == 0
        copies = sorted((tmp_path / "m").rglob("*.sqlite3*"))
    scrubbed = [p for p in copies if "snap" in str(p) and p.suffix == ".sqlite3"]
    assert scrubbed
    for path in scrubbed:  # the scrubbed snapshots' statistics match their own index
        conn = sqlite3.connect(path)
        try:
            assert fts.drift(conn) == 0
            assert (
                conn.execute(
                    "SELECT count(*) FROM lex_df WHERE term LIKE 'qzvorpelblix%'"
                ).fetchone()[0]
                == 0
            )
        finally:
            conn.close()


def test_encrypted_nodes_count_no_terms_and_rotation_keeps_the_counts(tmp_path, clock):
    key = generate_key()
    privacy = PrivacyConfig(key=key, key_env="HM_TEST_NOKEY")
    with HybridMemory(
        tmp_path / "m", embedder=HashEmbedder(64), clock=clock, privacy=privacy
    ) as mem:
        tasks = _fill(mem, tasks=2)
        before = dict(mem.store.conn.execute("SELECT term, df FROM lex_df"))
        sealed = mem.add("budget secret cafe", parent_id=tasks[0], user_id=U, sensitive=True)
        after = dict(mem.store.conn.execute("SELECT term, df FROM lex_df"))
        assert after == before  # a sealed node has no terms to count
        mem.update(sealed.id, content="another sealed budget", user_id=U)
        mem.rotate_key(generate_key())
        assert consistency(mem).ok
        _assert_same_as_bm25(mem, tasks)


def test_restore_and_replay_keep_the_counts(tmp_path, clock):
    with HybridMemory(tmp_path / "m", embedder="hash", clock=clock) as mem:
        tasks = _fill(mem, tasks=2)
        snap = mem.checkpoint()
        extra = mem.add("late budget cafe note", parent_id=tasks[1], user_id=U)
        mem.update(extra.id, content="late note, rewritten", user_id=U)
        mem.delete(mem.children(tasks[0], user_id=U)[0].id, user_id=U)
        live = dict(mem.store.conn.execute("SELECT term, df FROM lex_df"))
        mem.restore(snap)
        assert dict(mem.store.conn.execute("SELECT term, df FROM lex_df")) == live
        assert consistency(mem).ok
        mem.restore(snap, to_seq=snap.seq)
        assert consistency(mem).ok
        _assert_same_as_bm25(mem, tasks)


def test_rederiving_the_terms_keeps_the_counts(hmem):
    tasks = _fill(hmem, tasks=2)
    assert hmem.store.rewrite_terms(lambda text: lex.document_terms(text.upper())) > 0
    assert consistency(hmem).ok
    _assert_same_as_bm25(hmem, tasks)


def test_the_migration_counts_an_existing_index(tmp_path, clock):
    path = tmp_path / "m"
    with HybridMemory(path, embedder=HashEmbedder(64), clock=clock) as mem:
        tasks = _fill(mem, tasks=2)
        expected = dict(mem.store.conn.execute("SELECT term, df FROM lex_df"))
        # As a store written before m011 looks: no statistics, schema version 10.
        mem.store.conn.execute("DROP TABLE lex_df")
        mem.store.conn.execute("DROP TABLE lex_totals")
        mem.store.conn.execute("PRAGMA user_version = 10")
    with HybridMemory(path, embedder=HashEmbedder(64), clock=clock) as mem:
        assert dict(mem.store.conn.execute("SELECT term, df FROM lex_df")) == expected
        assert consistency(mem).ok
        _assert_same_as_bm25(mem, tasks)


def test_a_term_of_several_tokens_is_ranked_by_fts5(hmem):
    tasks = _fill(hmem, tasks=1)
    scope = Scope(U, tasks[0], task_ids=(tasks[0],))
    # Not what match_expression writes, but a phrase FTS5 splits in two: bm25() ranks it.
    match = '"budget-meeting" OR "cafe"'
    assert fts.phrases_of(match) == ["budget-meeting", "cafe"]
    ours = hmem.store.lexical_search(match, scope, ["active"], 100)
    assert dict(ours) == pytest.approx(_bm25(hmem.store, match, scope), rel=1e-12)
    assert ours


def _scoped_results(mem: HybridMemory, tasks: list[str]) -> list[list[tuple[str, float]]]:
    """Each task's lexical matches for each query, as (content, score), best first."""
    out = []
    for task in tasks:
        scope = Scope(U, task, task_ids=(task,))
        for query in QUERIES:
            match = lex.match_expression(query)
            assert match is not None
            out.append(
                [
                    (mem.get(i).content, s)
                    for i, s in mem.store.lexical_search(match, scope, ["active"], 100)
                ]
            )
    return out


def _as_before_m009(conn: sqlite3.Connection) -> None:
    """Make a store's lexical index as a store of schema version 8 has it: one column, no
    scope, no trigger, the same rows."""
    conn.execute("DROP TRIGGER nodes_fts_rescope")
    conn.execute(
        f"CREATE VIRTUAL TABLE nodes_fts_old USING fts5(terms, tokenize='{fts.FTS_TOKENIZER}')"
    )
    conn.execute("INSERT INTO nodes_fts_old(rowid, terms) SELECT rowid, terms FROM nodes_fts")
    conn.execute("DROP TABLE nodes_fts")
    conn.execute("ALTER TABLE nodes_fts_old RENAME TO nodes_fts")
    conn.execute("PRAGMA user_version = 8")


def test_a_new_stores_index_made_directly_ranks_as_one_migrated_with_rows(tmp_path, clock):
    """m009 makes a new store's (empty) index with its final columns and copies an older
    store's rows into a new table: both give the same columns, trigger and rankings."""
    with HybridMemory(tmp_path / "new", embedder=HashEmbedder(64), clock=clock) as new:
        columns = [r[1] for r in new.store.conn.execute("PRAGMA table_info(nodes_fts)")]
        assert columns == ["terms", "scope"]
        new_tasks = _fill(new, tasks=2)
        expected = _scoped_results(new, new_tasks)
    path = tmp_path / "old"
    with HybridMemory(path, embedder=HashEmbedder(64), clock=clock) as old:
        old_tasks = _fill(old, tasks=2)
        rows = old.store.conn.execute("SELECT count(*) FROM nodes_fts").fetchone()[0]
        _as_before_m009(old.store.conn)
    with HybridMemory(path, embedder=HashEmbedder(64), clock=clock) as old:
        conn = old.store.conn
        assert [r[1] for r in conn.execute("PRAGMA table_info(nodes_fts)")] == columns
        scoped = conn.execute(
            "SELECT count(*) FROM nodes_fts f JOIN nodes n ON n.rid = f.rowid "
            "JOIN nodes t ON t.id = n.task_id WHERE f.scope = 'k' || t.rid"
        ).fetchone()[0]
        assert rows > 20 and scoped == rows  # every row copied, with its task's token
        assert conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = 'nodes_fts_rescope'"
        ).fetchone()
        assert _scoped_results(old, old_tasks) == expected
        assert consistency(old).ok
        _assert_same_as_bm25(old, old_tasks)
