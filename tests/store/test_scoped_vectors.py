"""Vectors kept beside the rows: a small scope is ranked exactly from them, and they follow
their node (stale, erased, another model's vectors are never used). Big conflict groups are
shown from their newest members, saying what the whole group would say."""

from __future__ import annotations

import numpy as np
import pytest

import hybridmem.core.vectors as scoped
import hybridmem.retrieval.groups as history
from hybridmem import HybridMemory
from hybridmem.store import Scope
from tests.backends import both_backends  # noqa: F401 - runs this module on both stores

U = "u1"
WORDS = "invoice hotel refund ticket server deploy cluster coffee meeting budget flight visa"


def _tasks(mem: HybridMemory, tasks: int = 3, per_task: int = 25) -> list[str]:
    names = []
    words = WORDS.split()
    for t in range(tasks):
        task = mem.add(f"task {t}", node_type="task", user_id=U, activate=False)
        names.append(task.id)
        mem.add_many(
            [
                {
                    "content": f"note {t}-{i}: {words[i % 12]} {words[(i * 5 + t) % 12]}",
                    "parent_id": task.id,
                }
                for i in range(per_task)
            ],
            user_id=U,
        )
    return names


def _ranked(mem: HybridMemory, task: str, query: str) -> list[tuple[float, str]]:
    """The hits with their scores (a float-rounding tie may order two equal hits either way,
    so equal scores are compared as a set)."""
    result = mem.retrieve(query, user_id=U, task_id=task, top_k=8, record_access=False)
    return sorted((-round(h.score, 4), h.node.id) for h in result.hits)


def test_a_task_is_ranked_from_stored_vectors_as_the_index_ranks_it(mem, monkeypatch):
    tasks = _tasks(mem)
    queries = ["hotel refund", "server deploy cluster", "coffee budget meeting"]
    exact = [_ranked(mem, t, q) for t in tasks for q in queries]

    calls: list[object] = []
    original = mem.index.query
    monkeypatch.setattr(mem.index, "query", lambda *a, **k: calls.append(a) or original(*a, **k))
    assert [_ranked(mem, t, q) for t in tasks for q in queries] == exact
    assert calls == []  # the small scopes never asked the index

    monkeypatch.setattr(scoped, "EXACT_SCOPE_LIMIT", 0)  # every scope goes to the index
    assert [_ranked(mem, t, q) for t in tasks for q in queries] == exact
    assert len(calls) == len(exact)


def test_vectors_follow_their_node(mem):
    tasks = _tasks(mem, tasks=1, per_task=5)
    store = mem.store
    scope = Scope(U, tasks[0], task_ids=(tasks[0],))
    name = mem.embedder.name
    found = store.scope_vectors(scope, ["active"], 100, name)
    assert found is not None and len(found.ids) == 6  # the task and its five notes
    assert found.vectors.shape == (6, mem.embedder.dimension)
    assert store.scope_vectors(scope, ["active"], 5, name) is None  # over the limit
    assert store.scope_vectors(scope, ["active"], 100, "another-model") is None

    node = mem.get(found.ids[-1], user_id=U)
    store.store_vectors([node], mem.embedder.embed(["what it said before"]), name)
    mem.update(node.id, content="changed words entirely", user_id=U)
    after = store.scope_vectors(scope, ["active"], 100, name)
    assert after is not None  # re-indexed with the new content's vector
    row = after.ids.index(node.id)
    assert after.vectors[row] == pytest.approx(mem.embedder.embed(["changed words entirely"])[0])

    mem.delete(node.id, user_id=U)
    kept = store.conn.execute("SELECT count(*) FROM node_vectors").fetchone()[0]
    nodes = store.conn.execute("SELECT count(*) FROM nodes").fetchone()[0]
    assert kept == nodes  # the deleted node's vector went with it


def test_a_vector_of_older_content_is_never_used(mem):
    tasks = _tasks(mem, tasks=1, per_task=3)
    scope = Scope(U, tasks[0], task_ids=(tasks[0],))
    node = mem.children(tasks[0], user_id=U)[0]
    stale = mem.get(node.id, user_id=U)
    store = mem.store
    mem.update(node.id, content="brand new content", user_id=U)
    # Writing the old node's vector after the change stores nothing for it.
    store.conn.execute("DELETE FROM node_vectors")
    store.store_vectors([stale], mem.embedder.embed([stale.content]), mem.embedder.name)
    assert store.conn.execute("SELECT count(*) FROM node_vectors").fetchone()[0] == 0
    assert store.scope_vectors(scope, ["active"], 100, mem.embedder.name) is None


def test_kept_vectors_are_the_models_own_for_the_present_content_only(mem):
    """What the planner reads for older nodes (a conflict pool, near repeats): each node's
    vector as the model gave it, never one of older content or of another model."""
    tasks = _tasks(mem, tasks=1, per_task=4)
    notes = mem.children(tasks[0], user_id=U)
    ids = [n.id for n in notes]
    store, name = mem.store, mem.embedder.name
    kept = store.kept_vectors([*ids, "no-such-node"], name)
    assert sorted(kept) == sorted(ids)
    model = mem.embedder.embed([n.content for n in notes])
    for row, note in enumerate(notes):
        assert kept[note.id].dtype == np.float32
        assert np.array_equal(kept[note.id], model[row])
    kept[ids[0]][0] += 1.0  # a caller's own array, as the index's answers are
    assert np.array_equal(store.kept_vectors(ids[:1], name)[ids[0]], model[0])
    assert store.kept_vectors(ids, "another-model") == {}
    assert store.kept_vectors([], name) == {}

    mem.update(ids[1], content="said otherwise now", user_id=U)  # re-indexed at once
    again = store.kept_vectors(ids, name)
    assert np.array_equal(again[ids[1]], mem.embedder.embed(["said otherwise now"])[0])
    with store.transaction():  # another writer changes a node; its vector is not kept yet
        store.update_node(ids[2], {"content": "rewritten", "content_hash": "another"})
    assert sorted(store.kept_vectors(ids, name)) == sorted([ids[0], ids[1], ids[3]])


def test_candidates_the_index_did_not_find_are_scored_from_kept_vectors(mem, monkeypatch):
    """A process the index answers nothing (one that does not own the embedded index: no
    vector search, no vectors) still scores its lexical candidates by their similarity to the
    query, from the vectors kept beside the rows (it scored them all 0 before)."""
    _tasks(mem)
    query = "hotel refund ticket"
    monkeypatch.setattr(mem.index, "query", lambda *a, **k: [])
    monkeypatch.setattr(mem.index, "get_vectors", lambda ids: {})
    hits = mem.retrieve(query, user_id=U, top_k=8, record_access=False).hits
    assert len(hits) >= 3
    given = [h.breakdown.features["similarity"] for h in hits]
    assert all(v > 0 for v in given)
    vectors = mem.embedder.embed([query, *(h.node.content for h in hits)])
    cosine = [float(v @ vectors[0]) for v in vectors[1:]]
    for a in range(len(hits)):  # the feature orders the hits as their cosines do
        for b in range(len(hits)):
            if cosine[a] > cosine[b] + 1e-6:
                assert given[a] > given[b]


def test_recording_nodes_indexed_keeps_vectors_and_marks_only_unchanged_nodes(mem):
    """``record_indexed`` (one write after the index upsert): a node that changed since it
    was read gets neither a vector nor the mark, so its newer state is indexed later."""
    tasks = _tasks(mem, tasks=1, per_task=3)
    scope = Scope(U, tasks[0], task_ids=(tasks[0],))
    store = mem.store
    kept, changed = mem.children(tasks[0], user_id=U)[:2]
    read = [mem.get(kept.id, user_id=U), mem.get(changed.id, user_id=U)]
    store.set_index_state([kept.id, changed.id], "pending")
    store.conn.execute("DELETE FROM node_vectors")
    with store.transaction():  # another writer changes one node behind our back
        store.update_node(
            changed.id,
            {"content": "rewritten", "content_hash": "another", "version": read[1].version + 1},
        )
    vectors = mem.embedder.embed([n.content for n in read])
    store.record_indexed(read, vectors, mem.embedder.name)
    assert mem.get(kept.id, user_id=U).index_state == "indexed"
    assert mem.get(changed.id, user_id=U).index_state == "pending"
    got = store.conn.execute("SELECT count(*) FROM node_vectors").fetchone()[0]
    assert got == 1  # the unchanged node's only
    assert store.scope_vectors(scope, ["active"], 100, mem.embedder.name) is None  # not all


def test_a_big_conflict_group_is_shown_as_the_whole_group_says(mem, clock, monkeypatch):
    for i in range(12):
        clock.advance(minutes=5)
        mem.add(f"I live in city number {i}", node_type="fact", slot="user.city", user_id=U)
    assert len(mem.value_history("user.city", user_id=U)) == 12
    full = mem.retrieve("where do I live", user_id=U, top_k=5, record_access=False)
    for newest in (3, 1):  # the newest members decide, or too few of them: read them all
        monkeypatch.setattr(history, "RECENT_MEMBERS", newest)
        got = mem.retrieve("where do I live", user_id=U, top_k=5, record_access=False)
        assert got.context == full.context
        assert [h.node.id for h in got.hits] == [h.node.id for h in full.hits]
    assert "previously" in full.context


def _lexical(mem: HybridMemory, task: str, query: str) -> set[str]:
    result = mem.retrieve(query, user_id=U, task_id=task, top_k=50, record_access=False)
    return {h.node.id for h in result.hits if "lexical" in h.breakdown.sources}


def test_lexical_search_ranks_only_the_scope_and_follows_a_move(mem, backend):
    a = mem.add("task a", node_type="task", user_id=U, activate=False)
    b = mem.add("task b", node_type="task", user_id=U, activate=False)
    session = mem.add("a session", node_type="session", parent_id=a.id, user_id=U)
    turn = mem.add("the zeppelin leaves at noon", parent_id=session.id, user_id=U)
    other = mem.add("a zeppelin museum visit", parent_id=b.id, user_id=U)
    assert _lexical(mem, a.id, "zeppelin") == {turn.id}
    assert _lexical(mem, b.id, "zeppelin") == {other.id}

    mem.move(session.id, b.id, user_id=U)  # the turn's task changes: so does its scope token
    assert _lexical(mem, a.id, "zeppelin") == set()
    assert _lexical(mem, b.id, "zeppelin") == {turn.id, other.id}

    if backend == "sqlite":  # FTS5 holds scope tokens beside the terms: never matched as words
        conn = mem.store.conn
        rid = conn.execute("SELECT rid FROM nodes WHERE id = ?", (b.id,)).fetchone()[0]
        assert _lexical(mem, b.id, f"k{rid}") == set()
