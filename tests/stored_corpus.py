"""A benchmark corpus written to a real store as the benchmarks write it, and the similarity
each hit of a question gets there: what the tests of the benchmarks' representation patches
(``sentence_max``, ``turn_context``) share."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from benchmarks.hybrid import BENCH_USER, node_input
from benchmarks.tuning import Bench
from benchmarks.units import Corpus
from hybridmem import HybridMemory
from hybridmem.embedding import Embedder


def stored_bench(path: Path, corpus: Corpus, embedder: Embedder, asked_at: datetime) -> Bench:
    """``corpus``'s tree added to a store at ``path``; the bench over it, asked ``asked_at``."""
    with HybridMemory(path, embedder=embedder) as mem:
        mem.add_many([node_input(corpus.id, n) for n in corpus.tree], user_id=BENCH_USER)
    return Bench("t", path, {corpus.id: corpus}, {corpus.id: asked_at})


def similarities(mem: HybridMemory, question: str, task_id: str) -> dict[str, float]:
    """Each of the first ten hits' similarity to ``question`` inside ``task_id``, by id."""
    res = mem.retrieve(question, user_id=BENCH_USER, task_id=task_id, top_k=10)
    return {h.node.id: h.breakdown.features["similarity"] for h in res.hits}
