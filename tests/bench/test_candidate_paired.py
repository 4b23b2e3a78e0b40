"""benchmarks.candidate_paired: the feedback words, and variants that leave the engine as it
was once measured."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from benchmarks.candidate_paired import VARIANTS, extended, feedback_words
from hybridmem import HashEmbedder, HybridMemory, MemoryConfig, RetrievalConfig
from hybridmem.retrieval import retriever


def _node(content: str) -> Any:
    return SimpleNamespace(content=content)  # the words are all feedback_words reads


def test_feedback_words_are_shared_content_words_not_the_query_nor_a_speaker():
    best = [
        _node("Melanie: we went camping by the lake with the kids"),
        _node("Melanie: the kids loved camping, we roasted marshmallows"),
        _node("Caroline: the lake looked lovely in your photos"),
    ]
    words = feedback_words("what did Melanie do with her kids?", best)
    # In two of the three each; "kids" is asked, "melanie" a speaker, the rest in one only.
    assert set(words) == {"camping", "lake"}


def _store(mem: HybridMemory) -> tuple[str, str]:
    task = mem.add("Hobbies", node_type="task", user_id="u")
    for text in ("pottery", "pottery wheel", "pottery glaze"):
        mem.add(text, parent_id=task.id, user_id="u")
    long = mem.add(
        "we spent the whole Sunday afternoon at a pottery workshop downtown with the kids",
        parent_id=task.id,
        user_id="u",
    )
    return task.id, long.id


def test_lexical_all_scores_a_candidate_past_the_cut_and_restores_the_engine(mem_path, clock):
    gather, expand, refocus = (
        retriever.Retriever.gather,
        retriever.Retriever.expand,
        retriever.Retriever.refocus,
    )
    config = MemoryConfig(retrieval=replace(RetrievalConfig(), lexical_candidates=2))
    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock, config=config) as mem:
        task, long = _store(mem)
        before = mem.retrieve("pottery", user_id="u", task_id=task, top_k=10)
        with extended(VARIANTS["lexical all"]):
            after = mem.retrieve("pottery", user_id="u", task_id=task, top_k=10)
    lexical = {
        name: next(h for h in res.hits if h.node.id == long).breakdown.features["lexical"]
        for name, res in (("before", before), ("after", after))
    }
    # Past the cut of two, the engine reads the long line's word match as none.
    assert lexical["before"] == 0.0 < lexical["after"]
    assert (retriever.Retriever.gather, retriever.Retriever.expand) == (gather, expand)
    assert retriever.Retriever.refocus is refocus
