"""benchmarks.turn_context: the contextual representations its issue 38 figures rest on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from benchmarks.hybrid import BENCH_USER
from benchmarks.turn_context import (
    VARIANTS,
    Context,
    context_terms,
    context_text,
    context_vectors,
    dual_cosine,
    rewrite,
    session_turns,
    windows,
)
from benchmarks.units import Corpus, TreeNode
from hybridmem import HashEmbedder, HybridMemory
from tests.stored_corpus import similarities, stored_bench

T0 = datetime(2023, 5, 8, 13, 0, tzinfo=UTC)

TURNS = {
    "S1": [
        "Nate: Do you have any hobbies you love?",
        "Joanna: Writing and hanging with friends!",
        "Nate: Sounds fun.",
    ],
    "S2": ["Joanna: I adopted a turtle named Shelly.", "Nate: Wow, congrats!"],
}


def _corpus() -> Corpus:
    tree = [TreeNode("c", "Conversation between Nate and Joanna", "task", None, T0)]
    n = 0
    for s, texts in TURNS.items():
        tree.append(TreeNode(f"c:{s}", f"Session {s}", "session", "c", T0))
        for i, text in enumerate(texts):
            n += 1
            at = T0 + timedelta(seconds=n)
            tree.append(TreeNode(f"c:{s}:{i}", text, "event", f"c:{s}", at, f"{s}:{i}"))
    return Corpus("c", (), "", tree=tuple(tree))


def test_windows_stay_inside_their_session():
    turns = [[("a", "A"), ("b", "B"), ("c", "C")], [("d", "D")]]
    assert windows(turns[0], 1, 1) == [
        ("a", "A", [], ["B"]),
        ("b", "B", ["A"], ["C"]),
        ("c", "C", ["B"], []),
    ]
    assert windows(turns[1], 1, 0) == [("d", "D", [], [])]


def test_context_text_and_terms_keep_conversation_order_and_weight():
    assert context_text("B", ["A"], ["C"]) == "A\nB\nC"
    equal = context_terms("Writing and friends!", ["Your hobbies?"], [], "equal").split()
    half = context_terms("Writing and friends!", ["Your hobbies?"], [], "half").split()
    assert equal == ["writing", "friends", "hobbies"]
    assert half == ["writing", "friends", "writing", "friends", "hobbies"]


@pytest.mark.parametrize("name", ["vec prev", "vec mean prev", "lex prev"])
def test_rewrite_changes_the_representation_never_the_printed_turn(tmp_path, name):
    corpus = _corpus()
    embedder = HashEmbedder(64)
    path = tmp_path / "store"
    bench = stored_bench(path, corpus, embedder, T0 + timedelta(days=1))
    assert [len(s) for s in session_turns(bench)] == [3, 2]
    ids = ["c:S1:0", "c:S1:1", "c:S2:0"]
    with HybridMemory(path, embedder=embedder) as mem:
        before = mem.store.kept_vectors(ids, embedder.name)
        assert rewrite(mem, VARIANTS[name], bench, lambda ts: embedder.embed(ts)) == 5
        after = mem.store.kept_vectors(ids, embedder.name)
        # The printed turn is the turn's own words whatever its representation.
        assert mem.store.get("c:S1:1").content == "Joanna: Writing and hanging with friends!"
        ctx: Context = VARIANTS[name]
        for node_id in ("c:S1:0", "c:S2:0"):  # a session's first turn has nothing before it
            if ctx.vector == "mean":
                assert np.allclose(after[node_id], before[node_id], atol=1e-6)
        if ctx.vector is not None:
            assert not np.allclose(after["c:S1:1"], before["c:S1:1"])
        else:
            assert np.allclose(after["c:S1:1"], before["c:S1:1"])
        # The answer matches the question's word, which only the turn before it holds.
        res = mem.retrieve("hobbies", user_id=BENCH_USER, task_id="c", top_k=5)
        lexical = {h.node.id: h.breakdown.features.get("lexical", 0.0) for h in res.hits}
        assert (lexical.get("c:S1:1", 0.0) > 0) == (ctx.terms is not None)


def test_dual_cosine_counts_the_nearer_of_a_turns_two_vectors(tmp_path):
    corpus = _corpus()
    embedder = HashEmbedder(64)
    path = tmp_path / "store"
    bench = stored_bench(path, corpus, embedder, T0 + timedelta(days=1))
    extra = context_vectors(bench, VARIANTS["vec prev max"], lambda ts: embedder.embed(ts))
    assert sorted(extra) == ["c:S1:1", "c:S1:2", "c:S2:1"]  # a session's first turn has none
    question = "Nate: Do you have any hobbies you love?"
    with HybridMemory(path, embedder=embedder) as mem:
        own = similarities(mem, question, "c")
        with dual_cosine(extra):
            both = similarities(mem, question, "c")
        own_after = similarities(mem, question, "c")
    # The answer's contextual vector holds the question: it is nearer than its own.
    assert both["c:S1:1"] > own["c:S1:1"]
    assert own_after == own  # the patch is undone
