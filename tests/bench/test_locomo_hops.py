"""benchmarks.locomo_hops: the second hop its issue 38 figures rest on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from benchmarks.hybrid import BENCH_USER, node_input
from benchmarks.locomo_hops import (
    category_diffs,
    hopped,
    rrf_similarity,
    scope_rank,
    turn_distance,
)
from benchmarks.units import Corpus, TreeNode
from hybridmem import HashEmbedder, HybridMemory, MemoryConfig
from hybridmem.config import RetrievalConfig

T0 = datetime(2023, 5, 8, 13, 0, tzinfo=UTC)
SEED = "Maria: alpha beta gamma delta epsilon"
FAR = "Maria: gamma delta epsilon zeta"
"""Shares no word with the question ("alpha beta"), most of its words with the best match."""
NOISE = [f"John: word{i} thing{i} stuff{i} other{i}" for i in range(12)]


def _store(tmp_path):
    texts = [SEED, *NOISE[:6], FAR, *NOISE[6:]]
    tree = [
        TreeNode("c", "Conversation between Maria and John", "task", None, T0),
        TreeNode("c:S1", "Session 1", "session", "c", T0),
    ]
    for i, text in enumerate(texts):
        tree.append(TreeNode(f"c:S1:{i}", text, "event", "c:S1", T0 + timedelta(hours=i), f"D{i}"))
    corpus = Corpus("c", (), "", tree=tuple(tree))
    embedder = HashEmbedder(64)
    path = tmp_path / "store"
    with HybridMemory(path, embedder=embedder) as mem:
        mem.add_many([node_input("c", n) for n in corpus.tree], user_id=BENCH_USER)
    return path, embedder


def test_the_fused_rank_favours_a_memory_both_lists_put_first():
    cosine = {"a": 0.9, "b": 0.8, "c": 0.1}
    hop = {"a": 0.95, "c": 0.9, "b": 0.2}
    fused = rrf_similarity(cosine, hop, ["a", "b", "c"])
    assert max(fused, key=fused.__getitem__) == "a"
    # The control: the question's order, only rescaled.
    alone = rrf_similarity(cosine, None, ["a", "b", "c"])
    assert sorted(alone, key=lambda i: -alone[i]) == ["a", "b", "c"]
    # A memory absent from the hop list gets the question's part only.
    part = rrf_similarity(cosine, {"a": 1.0}, ["a", "b"])
    assert part["b"] == alone["b"]
    assert scope_rank(cosine, "c") == 2 and scope_rank(cosine, "z") is None


def test_the_hop_brings_in_a_memory_near_the_best_match_and_is_undone(tmp_path):
    path, embedder = _store(tmp_path)
    config = MemoryConfig(
        retrieval=RetrievalConfig(vector_candidates=6, lexical_candidates=0, expand_neighbours=0)
    )

    def sources() -> dict[str, tuple[str, ...]]:
        with HybridMemory(path, embedder=embedder, config=config) as mem:
            res = mem.retrieve("alpha beta", user_id=BENCH_USER, task_id="c", top_k=50)
        return {h.node.content: h.breakdown.sources for h in res.hits}

    before = sources()
    with hopped("hop"):
        hop = sources()
    after = sources()
    assert FAR not in before  # the question alone never reaches it
    assert "hop" in hop[FAR]
    assert after == before


def test_category_differences_are_split_by_half():
    class Q:
        def __init__(self, category: int) -> None:
            self.category = category

    items = [Q(1), Q(1), Q(4)]
    base = {str(i): {"half": "tune", "score": 0.5} for i in range(3)}
    other = {"0": {"half": "tune", "score": 1.0}, "1": {"half": "tune", "score": 0.0}}
    other["2"] = {"half": "tune", "score": 0.5}
    assert category_diffs(items, base, other) == {
        "tune multi-hop": [0.0, 1, 1],
        "tune single-hop": [0.0, 0, 0],
    }


def test_a_turn_is_as_far_as_the_nearest_seed_of_its_session():
    assert turn_distance("D3:7", ["D3:2", "D3:9", "D1:7"]) == 2
    assert turn_distance("D3:7", ["D1:7"]) is None
