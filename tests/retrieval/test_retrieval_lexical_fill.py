"""The lexical feature of every candidate, not only of the best BM25 matches (issue 38): a
memory another source brings (here the vector search) that matches the query's words past
the lexical candidate cut is scored on that match, not as one matching nothing."""

from __future__ import annotations

from dataclasses import replace

from hybridmem import HashEmbedder, HybridMemory, MemoryConfig, RetrievalConfig


def _config(**retrieval: object) -> MemoryConfig:
    return MemoryConfig(retrieval=replace(RetrievalConfig(), **retrieval))  # type: ignore[arg-type]


def _store(mem: HybridMemory) -> tuple[str, str, str]:
    task = mem.add("Hobbies", node_type="task", user_id="u")
    # Short lines naming the word rank first by BM25 and fill a cut of two.
    for text in ("pottery", "pottery wheel", "pottery glaze"):
        mem.add(text, parent_id=task.id, user_id="u")
    long = mem.add(
        "we spent the whole Sunday afternoon at a pottery workshop downtown with the kids",
        parent_id=task.id,
        user_id="u",
    )
    other = mem.add(
        "we spent the whole Sunday afternoon at a swimming pool downtown with the kids",
        parent_id=task.id,
        user_id="u",
    )
    return task.id, long.id, other.id


def test_a_candidate_past_the_lexical_cut_keeps_its_word_match(mem_path, clock):
    with HybridMemory(
        mem_path, embedder=HashEmbedder(128), clock=clock, config=_config(lexical_candidates=2)
    ) as mem:
        task, long, other = _store(mem)
        res = mem.retrieve("pottery", user_id="u", task_id=task, top_k=10)
    by_id = {h.node.id: h for h in res.hits}
    # Only the two best matches are lexical candidates; the long line came by its vector.
    assert "lexical" not in by_id[long].breakdown.sources
    assert by_id[long].breakdown.features["lexical"] > 0
    # Its twin without the word stays at lexical 0, and below it.
    assert by_id[other].breakdown.features["lexical"] == 0.0
    assert by_id[long].score > by_id[other].score


def test_the_filled_match_scores_as_it_would_inside_the_cut(mem_path, clock):
    """The BM25 lent to a candidate past the cut is its own BM25 for the query: the same
    lexical feature as with a cut wide enough to hold it."""
    with HybridMemory(
        mem_path, embedder=HashEmbedder(128), clock=clock, config=_config(lexical_candidates=2)
    ) as mem:
        task, long, _ = _store(mem)
        narrow = mem.retrieve("pottery", user_id="u", task_id=task, top_k=10)
    with HybridMemory(
        mem_path, embedder=HashEmbedder(128), clock=clock, config=_config(lexical_candidates=50)
    ) as mem:
        wide = mem.retrieve("pottery", user_id="u", task_id=task, top_k=10)
    feature = {
        name: {h.node.id: h.breakdown.features["lexical"] for h in res.hits}
        for name, res in (("narrow", narrow), ("wide", wide))
    }
    assert feature["narrow"][long] == feature["wide"][long] > 0
