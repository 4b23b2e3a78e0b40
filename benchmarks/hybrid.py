"""hybridmem itself as a benchmark method, with its ablations.

Every corpus becomes one task under a single benchmark user, so the tree scope is what keeps a
query inside its own conversation (a "no tree scope" ablation then really searches the siblings
too, as an agent with many tasks would). Provenance ids are therefore namespaced as
``<corpus id>:<source id>`` in the store and mapped back when scoring; a hit from another corpus
covers nothing.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from benchmarks.units import Corpus, Selection, TreeNode
from hybridmem import (
    HybridMemory,
    MemoryConfig,
    RetrievalConfig,
    RetrievalResult,
    ScoreWeights,
)
from hybridmem.embedding import Embedder
from hybridmem.retrieval import retriever
from hybridmem.retrieval.context import pack
from hybridmem.retrieval.shortened import shortener

BENCH_USER = "bench"
LARGE_TOP_K = 10_000
"""top_k used when only the token budget should limit the context."""


@dataclass(frozen=True)
class Variant:
    """A named engine configuration (the default or an ablation)."""

    name: str
    config: MemoryConfig = field(default_factory=MemoryConfig)


def default_variants() -> tuple[Variant, ...]:
    """hybridmem's default configuration and the protocol's three ablations."""
    base = RetrievalConfig()
    w = base.weights
    return (
        Variant("hybridmem"),
        Variant("hm-no-tree", MemoryConfig(retrieval=replace(base, use_tree_scope=False))),
        Variant(
            "hm-no-lexical",
            MemoryConfig(
                retrieval=replace(base, lexical_candidates=0, weights=replace(w, lexical=0.0))
            ),
        ),
        Variant(
            "hm-no-weights",
            MemoryConfig(
                retrieval=replace(
                    base,
                    weights=ScoreWeights(
                        similarity=w.similarity,
                        lexical=w.lexical,
                        importance=0.0,
                        recency=0.0,
                        confidence=0.0,
                        use=0.0,
                        tree=0.0,
                    ),
                )
            ),
        ),
    )


class SettableClock:
    """A clock the benchmark moves to "just after" each corpus' history before querying."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


class HybridMethod:
    """Runs the real engine: imports each corpus' tree, retrieves with the corpus as task.

    ``freeze_access`` (default True) retrieves with ``record_access=False``, so every question
    sees the same store whatever order the questions come in; set it to False to measure the
    engine exactly as an agent would run it (access recorded: earlier questions can move later
    ones through the ``use`` feature).
    """

    def __init__(
        self,
        variant: Variant,
        embedder: Embedder | str,
        *,
        workdir: Path | None = None,
        freeze_access: bool = True,
    ) -> None:
        self.variant = variant
        self._embedder = embedder
        self._freeze = freeze_access
        self._own_dir = workdir is None
        self._dir = Path(workdir) if workdir else Path(tempfile.mkdtemp(prefix="hm-bench-"))
        self._clock = SettableClock(datetime(2020, 1, 1, tzinfo=UTC))
        self._mem: HybridMemory | None = None
        self._ends: dict[str, datetime] = {}
        self._full: tuple[str, str, RetrievalResult] | None = None

    @property
    def name(self) -> str:
        """The variant's name, plus a marker when access statistics are live."""
        return self.variant.name + ("" if self._freeze else " (live access)")

    @property
    def memory(self) -> HybridMemory:
        """The open engine (after :meth:`prepare`)."""
        if self._mem is None:
            raise RuntimeError("prepare() first")
        return self._mem

    def prepare(self, corpora: Sequence[Corpus]) -> None:
        """Import every corpus' tree under one user, one batch per corpus."""
        if self._mem is not None:
            return
        path = self._dir / self.variant.name.replace(" ", "_")
        self._mem = HybridMemory(
            path, embedder=self._embedder, config=self.variant.config, clock=self._clock
        )
        for corpus in corpora:
            if not corpus.tree:
                raise ValueError(f"corpus {corpus.id} has no tree to import")
            self._clock.now = corpus.tree[0].created_at
            self._mem.add_many([node_input(corpus.id, n) for n in corpus.tree], user_id=BENCH_USER)
            self._ends[corpus.id] = max(n.created_at for n in corpus.tree) + timedelta(days=1)

    def select(
        self, corpus: Corpus, query: str, *, k: int | None = None, budget: int | None = None
    ) -> Selection:
        """Retrieve with the corpus as task; coverage counts only this corpus' sources.

        With frozen access statistics the ranking cannot depend on ``k`` or the budget, so the
        full ranking is retrieved once per question and every setting is packed from it with
        the engine's own packer (``hybridmem.retrieval.context.pack``): the same context and
        tokens that
        ``retrieve(top_k=k, token_budget=B)`` returns (a test checks this), at a sixth of the
        cost. With live access every setting is a real ``retrieve`` call.
        """
        top_k = k if k is not None else LARGE_TOP_K
        if self._freeze:
            if self._full is None or self._full[:2] != (corpus.id, query):
                with ranked_order():
                    full = self.retrieve(corpus, query, top_k=LARGE_TOP_K)
                self._full = (corpus.id, query, full)
            full = self._full[2]
            packed = pack(
                full.path,
                full.hits,
                top_k=top_k,
                budget=budget,
                counter=self.memory.counter,
                style=self.memory.config.retrieval.context_format,
                shorten=shortener(query),  # as Retriever.fill: a skipped hit printed shorter
            )
            hits, context, tokens = packed.hits, packed.context, packed.tokens
        else:
            res = self.retrieve(corpus, query, top_k=top_k, token_budget=budget)
            hits, context, tokens = res.hits, res.context, res.tokens
        prefix = corpus.id + ":"
        covered = tuple(
            frozenset(c[len(prefix) :] for c in h.covers if c.startswith(prefix)) for h in hits
        )
        return Selection(covered, context, tokens)

    def retrieve(
        self, corpus: Corpus, query: str, *, top_k: int, token_budget: int | None = None
    ) -> RetrievalResult:
        """The engine's own result, asked one day after the corpus' last memory."""
        self._clock.now = self._ends[corpus.id]
        return self.memory.retrieve(
            query,
            user_id=BENCH_USER,
            task_id=corpus.id,
            top_k=top_k,
            token_budget=token_budget,
            record_access=not self._freeze,
        )

    def close(self) -> None:
        """Close the engine and delete its temporary store."""
        if self._mem is not None:
            self._mem.close()
            self._mem = None
        if self._own_dir:
            shutil.rmtree(self._dir, ignore_errors=True)


def node_input(corpus_id: str, node: TreeNode) -> dict[str, Any]:
    """A :class:`~benchmarks.units.TreeNode` as an ``add_many`` item (namespaced provenance)."""
    return {
        "id": node.id,
        "content": node.content,
        "parent_id": node.parent_id,
        "node_type": node.node_type,
        "created_at": node.created_at,
        "source_id": f"{corpus_id}:{node.source_id}" if node.source_id else None,
    }


@contextmanager
def ranked_order() -> Iterator[None]:
    """Retrievals whose hits come in the ranking's own order. The engine moves an answer turn
    above the question it answers among the hits it packed (:mod:`hybridmem.retrieval.answers`),
    which changes their order, never which are packed; over a ranking of every candidate that
    move would pull answers from any depth into the settings packed from it, which a real
    ``retrieve(top_k, token_budget)`` never packs."""
    move = retriever.answers_first
    retriever.answers_first = lambda hits, neighbours, turns: list(hits)
    try:
        yield
    finally:
        retriever.answers_first = move
