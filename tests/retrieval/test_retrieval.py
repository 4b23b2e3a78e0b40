"""Retrieval: scope before rank, explainable scores, budget packing, access statistics."""

from __future__ import annotations

from typing import cast

import pytest

from hybridmem import HashEmbedder, HybridMemory, MemoryConfig, RetrievalConfig, ScoreWeights
from hybridmem.errors import InvalidArgumentError
from hybridmem.tokens import count_tokens
from tests.backends import both_backends  # noqa: F401 - runs this module on both stores


def build_claims(mem: HybridMemory) -> tuple[str, str]:
    t7 = mem.add("Expense claim #7 travel", node_type="task", user_id="u1")
    mem.add("claim 7 invoice unreadable, finance returned it", parent_id=t7.id, user_id="u1")
    mem.add("claim 7 submitted on July 1", parent_id=t7.id, user_id="u1")
    t8 = mem.add("Expense claim #8 taxi", node_type="task", user_id="u1")
    # The sibling task is full of near-duplicates that match the query better.
    for i in range(30):
        mem.add(
            f"invoice unreadable finance returned claim copy {i}", parent_id=t8.id, user_id="u1"
        )
    return t7.id, t8.id


def test_scope_is_applied_before_ranking_so_sibling_tasks_never_crowd_out(mem):
    t7, t8 = build_claims(mem)
    res = mem.retrieve("invoice unreadable finance returned", user_id="u1", task_id=t7, top_k=5)
    assert res.hits, "the task's own nodes must be found even when 30 siblings match better"
    assert all(h.node.task_id == t7 for h in res.hits)
    assert res.hits[0].node.content.startswith("claim 7 invoice")
    # Without a task, the active node's task is the scope (t8 was added last).
    res_active = mem.retrieve("invoice unreadable", user_id="u1", top_k=5)
    assert res_active.scope_id == t8
    assert all(h.node.task_id == t8 for h in res_active.hits)


def test_no_tree_scope_searches_the_whole_user(open_mem, clock):
    config = MemoryConfig(retrieval=RetrievalConfig(use_tree_scope=False))
    with open_mem(embedder=HashEmbedder(128), clock=clock, config=config) as mem:
        t7, _ = build_claims(mem)
        res = mem.retrieve("invoice unreadable finance returned", user_id="u1", task_id=t7, top_k=5)
        assert res.scope_id is None
        assert any(h.node.task_id != t7 for h in res.hits)


@pytest.mark.parametrize("scope", ["user", "task"])
def test_the_users_root_is_never_a_hit(mem, scope):
    """The root is the tree's container ("Memory of u1"), not a memory: a question that little
    else matches must not be answered with it, whatever the scope."""
    mem.add("I work as a nurse in Leeds", node_type="fact", user_id="u1")
    mem.add("My cat is called Biscuit", node_type="fact", user_id="u1")
    root = mem.root(user_id="u1")
    res = mem.retrieve(f"what does {root.content} say about u1", user_id="u1", scope=scope, top_k=5)
    assert res.hits and root.id not in {h.node.id for h in res.hits}
    assert "(root)" not in res.context


def test_ancestor_path_comes_first_in_the_context(mem):
    t7, _ = build_claims(mem)
    res = mem.retrieve("why was the claim returned?", user_id="u1", task_id=t7)
    lines = res.context.splitlines()
    # The compact default: the path on one line, root first.
    assert lines[0] == "Task path: Memory of u1 > Expense claim #7 travel"
    assert [n.node_type for n in res.path] == ["root", "task"]
    assert res.tokens == count_tokens(res.context)
    # Hits are grouped under one date line per day, one memory a line.
    hits_part = lines[lines.index("Memories:") + 1 :]
    assert hits_part[0] == "1 July 2024:"
    assert "claim 7 invoice unreadable, finance returned it" in hits_part


@pytest.mark.parametrize("budget", [20, 40, 60, 120, 400])
def test_context_never_exceeds_the_token_budget(mem, budget):
    t7, _ = build_claims(mem)
    for i in range(20):
        mem.add(
            f"long note {i} " + "about the invoice and the claim " * 5, parent_id=t7, user_id="u1"
        )
    res = mem.retrieve("invoice claim", user_id="u1", task_id=t7, top_k=50, token_budget=budget)
    assert res.tokens == count_tokens(res.context) <= budget
    bigger = mem.retrieve(
        "invoice claim", user_id="u1", task_id=t7, top_k=50, token_budget=budget * 4
    )
    assert len(bigger.hits) >= len(res.hits)


def test_score_breakdown_explains_the_score(mem):
    t7, _ = build_claims(mem)
    res = mem.retrieve("invoice unreadable", user_id="u1", task_id=t7)
    for hit in res.hits:
        b = hit.breakdown
        # The parts a reader sees add up to the score; the effective weights add up to 1.
        assert sum(b.parts.values()) == pytest.approx(hit.score, abs=1e-9)
        assert sum(b.weights.values()) == pytest.approx(1.0)
        assert all(b.parts[f] == pytest.approx(b.weights[f] * b.features[f]) for f in b.parts)
        # English query, hash embedder: the configured proportions, propagated weights relative
        # to the direct relevance weight (similarity + lexical).
        w = mem.config.retrieval.weights
        unit = b.weights["similarity"] / w.similarity
        assert b.weights["importance"] == pytest.approx(w.importance * unit)
        assert b.weights["neighbour"] == pytest.approx(
            w.neighbour * (w.similarity + w.lexical) * unit
        )
        assert set(b.features) == {
            "similarity",
            "lexical",
            "importance",
            "recency",
            "confidence",
            "use",
            "tree",
            "neighbour",
            "parent",
            "speaker",
            "time",
        }
        assert all(0.0 <= v <= 1.0 for v in b.features.values())
        assert b.sources and "score=" in b.explain()
    assert [h.score for h in res.hits] == sorted((h.score for h in res.hits), reverse=True)


def test_recency_decays_with_injected_time_and_reads_do_not_lift_rank(mem, clock):
    task = mem.add("Trip planning", node_type="task", user_id="u1")
    old = mem.add("hotel booking confirmed for Rome", parent_id=task.id, user_id="u1")
    clock.advance(days=60)
    new = mem.add("hotel booking confirmed for Oslo", parent_id=task.id, user_id="u1")
    res = mem.retrieve("hotel booking", user_id="u1", task_id=task.id)
    by_id = {h.node.id: h for h in res.hits}
    assert by_id[new.id].breakdown.features["recency"] == pytest.approx(1.0)
    # Events are short-term memories: they decay with that lifecycle's half-life.
    assert old.lifecycle == "short_term"
    half_life = mem.config.evolution.half_lives.short_term
    # Priors count at the node's own relevance (issue 38): recency is the age decay times it.
    expected = 0.5 ** (60 / half_life) * _own_relevance(by_id[old.id].breakdown)
    assert by_id[old.id].breakdown.features["recency"] == pytest.approx(expected, rel=1e-3)
    assert res.hits[0].node.id == new.id
    # The retrieval touched both: access counts and last access moved (passive renewal,
    # which keeps them from being forgotten) ...
    renewed = mem.get(old.id)
    assert renewed.access_count == 1 and renewed.last_accessed_at == clock()
    # ... but ranking reads the memory's age: being read does not make it "recent".
    again = mem.retrieve("hotel booking", user_id="u1", task_id=task.id)
    old_again = {h.node.id: h for h in again.hits}[old.id]
    assert old_again.breakdown.features["recency"] == pytest.approx(expected, rel=1e-3)


def _own_relevance(b) -> float:
    """The node's own relevance (fused similarity and lexical, as their weights mix them)."""
    w = b.weights
    return (w["similarity"] * b.features["similarity"] + w["lexical"] * b.features["lexical"]) / (
        w["similarity"] + w["lexical"]
    )


def test_read_only_retrieve_leaves_access_statistics_alone(mem, clock):
    task = mem.add("Trip planning", node_type="task", user_id="u1")
    node = mem.add("hotel booking confirmed", parent_id=task.id, user_id="u1")
    clock.advance(days=3)
    res = mem.retrieve("hotel booking", user_id="u1", task_id=task.id, record_access=False)
    assert [h.node.id for h in res.hits] == [node.id]
    after = mem.get(node.id)
    assert after.access_count == 0 and after.last_accessed_at is None
    mem.retrieve("hotel booking", user_id="u1", task_id=task.id)
    assert mem.get(node.id).access_count == 1
    with pytest.raises(InvalidArgumentError):
        mem.retrieve("hotel", user_id="u1", record_access=cast(bool, "no"))


def test_repeated_reads_do_not_lift_a_worse_match_above_a_better_one(mem, clock):
    task = mem.add("Garden", node_type="task", user_id="u1")
    better = mem.add(
        "the tomato seedlings need watering every morning", parent_id=task.id, user_id="u1"
    )
    worse = mem.add("bought a watering can", parent_id=task.id, user_id="u1")
    clock.advance(days=30)
    for _ in range(20):  # the weaker match is read again and again
        mem.retrieve("watering can", user_id="u1", task_id=task.id, top_k=1)
    clock.advance(days=1)
    res = mem.retrieve("when do the tomato seedlings need watering", user_id="u1", task_id=task.id)
    assert res.hits[0].node.id == better.id
    assert mem.get(worse.id).access_count >= 20


def test_identical_memories_are_packed_once(mem):
    task = mem.add("Shopping", node_type="task", user_id="u1")
    # Named ids: copies the write path keeps apart (an unnamed repeat would reinforce one).
    low = mem.add("buy milk today", parent_id=task.id, user_id="u1", importance=0.1, id="low")
    high = mem.add("Buy  milk today", parent_id=task.id, user_id="u1", importance=0.9, id="hi")
    other = mem.add("buy bread", parent_id=task.id, user_id="u1")
    res = mem.retrieve("buy milk", user_id="u1", task_id=task.id)
    ids = [h.node.id for h in res.hits]
    # The better-weighted copy stands for both; the context says it once.
    assert high.id in ids and low.id not in ids and other.id in ids
    hit = next(h for h in res.hits if h.node.id == high.id)
    assert [n.id for n in hit.merged] == [low.id]
    assert res.context.lower().count("buy milk today") == 1


def test_min_weight_drops_weak_nodes(open_mem, clock):
    config = MemoryConfig(retrieval=RetrievalConfig(min_weight=0.5))
    with open_mem(embedder=HashEmbedder(128), clock=clock, config=config) as mem:
        task = mem.add("Shopping", node_type="task", user_id="u1")
        weak = mem.add(
            "buy milk", parent_id=task.id, user_id="u1", importance=0.0, confidence=0.0, id="w"
        )
        strong = mem.add(
            "buy milk", parent_id=task.id, user_id="u1", importance=1.0, confidence=1.0, id="s"
        )
        ids = {h.node.id for h in mem.retrieve("milk", user_id="u1", task_id=task.id).hits}
        assert strong.id in ids and weak.id not in ids


def test_other_users_memories_never_appear(mem):
    mem.add("alice secret: salary 100k", user_id="alice")
    mem.add("bob note: salary negotiation", user_id="bob")
    res = mem.retrieve("salary", user_id="bob", top_k=20)
    assert res.hits and all(h.node.user_id == "bob" for h in res.hits)
    assert "alice" not in res.context
    assert mem.retrieve("salary", user_id="nobody").hits == []


def test_lexical_only_config_and_vector_only_config_both_work(open_mem, clock):
    lexical_only = MemoryConfig(
        retrieval=RetrievalConfig(vector_candidates=0, weights=ScoreWeights(similarity=0.0))
    )
    with open_mem(embedder=HashEmbedder(128), clock=clock, config=lexical_only) as mem:
        task = mem.add("Claims", node_type="task", user_id="u1")
        target = mem.add("发票信息不清晰，财务退回", parent_id=task.id, user_id="u1")
        mem.add("差旅住宿已经订好", parent_id=task.id, user_id="u1")
        res = mem.retrieve("发票为什么被退回", user_id="u1", task_id=task.id)
        assert res.hits[0].node.id == target.id
        assert "lexical" in res.hits[0].breakdown.sources


def test_structural_candidates_include_recent_children_of_the_active_node(mem):
    task = mem.add("Claim", node_type="task", user_id="u1")
    child = mem.add("zzz qqq unrelated words", parent_id=task.id, user_id="u1")
    res = mem.retrieve("something else entirely", user_id="u1")
    hit = next(h for h in res.hits if h.node.id == child.id)
    assert "structure" in hit.breakdown.sources


@pytest.mark.parametrize(
    "kwargs",
    [
        {"query": ""},
        {"query": "x", "top_k": 0},
        {"query": "x", "token_budget": -5},
        {"query": "x", "task_id": "has spaces"},
        {"query": 5},
    ],
)
def test_bad_retrieval_arguments_are_named_errors(mem, kwargs):
    from hybridmem.errors import ValidationError

    with pytest.raises(ValidationError):
        mem.retrieve(**{"user_id": "u1", **kwargs})


def test_fts_syntax_in_queries_is_treated_as_text(mem):
    task = mem.add("Notes", node_type="task", user_id="u1")
    node = mem.add('he said "NEAR" and OR and AND * then MATCH', parent_id=task.id, user_id="u1")
    for query in ['"unbalanced', "NEAR(a b)", "a OR", "*", "col:value", "AND AND", "' OR 1=1 --"]:
        res = mem.retrieve(query, user_id="u1", task_id=task.id)
        assert isinstance(res.hits, list)
    res = mem.retrieve('NEAR MATCH "', user_id="u1", task_id=task.id)
    assert res.hits[0].node.id == node.id


def test_config_rejects_nonsense():
    with pytest.raises(InvalidArgumentError):
        ScoreWeights(similarity=-1)
    with pytest.raises(InvalidArgumentError):
        ScoreWeights(**dict.fromkeys(ScoreWeights().as_dict(), 0.0))
    with pytest.raises(InvalidArgumentError):
        RetrievalConfig(vector_candidates=-1)
    with pytest.raises(InvalidArgumentError):
        MemoryConfig(max_content_chars=0)


def test_reads_never_change_a_later_ranking(mem, clock):
    task = mem.add("Garden", node_type="task", user_id="u1")
    for text in (
        "water the tomato seedlings every morning",
        "bought a watering can",
        "the hose leaks near the tap",
        "tomatoes need stakes soon",
    ):
        mem.add(text, parent_id=task.id, user_id="u1")
    clock.advance(days=10)
    before = mem.retrieve(
        "watering the tomatoes", user_id="u1", task_id=task.id, record_access=False
    )
    for query in ("watering can", "hose", "stakes", "watering can"):
        mem.retrieve(query, user_id="u1", task_id=task.id, top_k=1)  # recorded reads
    after = mem.retrieve(
        "watering the tomatoes", user_id="u1", task_id=task.id, record_access=False
    )
    assert [(h.node.id, round(h.score, 12)) for h in after.hits] == [
        (h.node.id, round(h.score, 12)) for h in before.hits
    ]
