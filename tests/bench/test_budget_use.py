"""benchmarks.budget_use and benchmarks.excerpts: the packing candidates are measured with the
engine's own packer, on what the engine handed it."""

from __future__ import annotations

from typing import Any

from benchmarks import budget_use
from benchmarks.excerpts import ELISION, excerpt, sentences, without_filler
from hybridmem import HashEmbedder, HybridMemory, lexical
from hybridmem.retrieval import retriever

LONG = (
    "Melanie: Thanks, Caroline! We went camping by the lake last weekend. The kids swam all "
    "day and we roasted marshmallows at night. My car broke down on the way back, though. "
    "It took hours to get home."
)


def test_an_excerpt_keeps_the_label_and_the_sentences_sharing_a_query_word():
    wanted = frozenset(lexical.terms("Where did Melanie go camping?"))
    assert excerpt(LONG, wanted) == (
        f"Melanie: {ELISION} We went camping by the lake last weekend. {ELISION}"
    )
    # One sentence after each match kept too.
    assert excerpt(LONG, wanted, after=1) == (
        f"Melanie: {ELISION} We went camping by the lake last weekend. The kids swam all day "
        f"and we roasted marshmallows at night. {ELISION}"
    )
    # Sentences another signal picks (the dense variants: the embedder's) are kept too.
    picked = excerpt(LONG, wanted, also=lambda parts: [p.startswith("It took") for p in parts])
    assert picked == (
        f"Melanie: {ELISION} We went camping by the lake last weekend. {ELISION} "
        "It took hours to get home."
    )
    # Nothing to focus on: no sentence matches, or one sentence only.
    assert excerpt(LONG, frozenset({"pottery"})) is None
    assert excerpt("Melanie: we went camping by the lake.", wanted) is None


def test_sentences_split_latin_and_cjk_and_filler_goes():
    parts = ["我昨天去了医院。", "医生说没事！", "好的"]
    assert sentences("".join(parts)) == parts
    assert without_filler("Caroline: Oh! Me too! I painted a sunset yesterday.") == (
        "Caroline: I painted a sunset yesterday."
    )


def test_offline_packing_is_the_engines_and_excerpts_fit_more_of_the_same_hits(mem_path, clock):
    seen: dict[str, Any] = {}
    original = retriever.pack

    def spy(path: Any, ranked: Any, **kw: Any) -> Any:
        seen.update(path=list(path), ranked=list(ranked), kwargs=dict(kw, counter=None))
        return original(path, ranked, **kw)

    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock) as mem:
        task = mem.add("Summer", node_type="task", user_id="u")
        for n in range(12):
            mem.add(LONG.replace("lake", f"lake number {n}"), parent_id=task.id, user_id="u")
        retriever.pack = spy
        try:
            res = mem.retrieve("camping", user_id="u", task_id=task.id, top_k=50, token_budget=200)
        finally:
            retriever.pack = original
    rec = budget_use.Record(
        "c", "tune", 4, "Where did Melanie go camping?", "the lake", frozenset(), True, **seen
    )
    default = budget_use.pack(rec, 200)
    assert default.context == res.context
    assert [h.node.id for h in default.hits] == [h.node.id for h in res.hits]
    short = budget_use.variant_pack(rec, 200, "excerpt")
    assert short.tokens <= 200 and len(short.hits) > len(default.hits)
    assert ELISION in short.context and "marshmallows" not in short.context
    # The hits are the same memories, in the same order: their ids and sources are kept.
    ranked = [h.node.id for h in rec.ranked]
    assert [h.node.id for h in short.hits] == ranked[: len(short.hits)]
