"""Retrieval methods compared side by side: the baselines, and the protocol hybridmem plugs into.

Every method answers ``select(corpus, query, k=..., budget=...)`` with a :class:`Selection`
(the units it put in the context and the exact context string). Ranking baselines rank once per
query and derive every k / budget setting from that ranking.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from benchmarks.lexical import BM25, BigramOverlap
from benchmarks.units import Corpus, Selection, Unit, join_context, pack
from hybridmem.embedding import Embedder, embed_query
from hybridmem.tokens import count_tokens


class Method(Protocol):
    """A retrieval method under test."""

    @property
    def name(self) -> str:
        """Short label used in tables, JSON and plots."""
        ...

    def prepare(self, corpora: Sequence[Corpus]) -> None:
        """Index every corpus (called once, before any query)."""
        ...

    def select(
        self, corpus: Corpus, query: str, *, k: int | None = None, budget: int | None = None
    ) -> Selection:
        """Fill a context for ``query`` from ``corpus``: at most ``k`` units / ``budget`` tokens."""
        ...

    def close(self) -> None:
        """Release resources (stores, temp dirs)."""
        ...


class RankingMethod(ABC):
    """A method defined by a full ranking of a corpus' units; packing is shared."""

    name: str = "ranking"

    def __init__(self) -> None:
        self._unit_tokens: dict[str, int] = {}
        self._prepared: frozenset[str] = frozenset()
        self._cache: tuple[str, str, list[Unit]] | None = None

    def prepare(self, corpora: Sequence[Corpus]) -> None:
        """Count every unit's rendered tokens once, then build the method's own index."""
        ids = frozenset(c.id for c in corpora)
        if ids <= self._prepared:
            return  # already indexed (e.g. a member of a fusion prepared on its own first)
        self._prepared = ids
        for corpus in corpora:
            for unit in corpus.units:
                if unit.id not in self._unit_tokens:
                    self._unit_tokens[unit.id] = count_tokens(unit.rendered)
        self.build(corpora)

    def build(self, corpora: Sequence[Corpus]) -> None:  # noqa: B027 - optional hook
        """Build per-corpus indexes (optional)."""

    @abstractmethod
    def rank(self, corpus: Corpus, query: str) -> list[int]:
        """Indices of ``corpus.units``, best first (need not be exhaustive)."""

    def ranked(self, corpus: Corpus, query: str) -> list[Unit]:
        """Ranked units, cached for the last (corpus, query) so settings share one ranking."""
        if self._cache is None or self._cache[:2] != (corpus.id, query):
            units = [corpus.units[i] for i in self.rank(corpus, query)]
            self._cache = (corpus.id, query, units)
        return self._cache[2]

    def order_for_context(self, chosen: list[Unit]) -> list[Unit]:
        """Order in which chosen units appear in the context (rank order by default)."""
        return chosen

    def select(
        self, corpus: Corpus, query: str, *, k: int | None = None, budget: int | None = None
    ) -> Selection:
        """Top ``k`` units, or units in rank order until ``budget`` tokens."""
        ranked = self.ranked(corpus, query)
        chosen = list(ranked[:k]) if k is not None else list(ranked)
        if budget is not None:
            chosen = pack(chosen, budget, self._unit_tokens)
        chosen = self.order_for_context(chosen)
        context = join_context(chosen)
        return Selection(tuple(u.sources for u in chosen), context, count_tokens(context))

    def close(self) -> None:  # noqa: B027 - a no-op default, not an abstract hook
        """Nothing to release."""


def _argsort_desc(scores: npt.NDArray[np.floating]) -> list[int]:
    # Stable sort on the negated score: ties keep corpus (chronological) order, deterministic.
    return [int(i) for i in np.argsort(-scores, kind="stable")]


class FullContext:
    """Replay the whole history: recall 1 by construction, compression 1."""

    name = "full-context"

    def prepare(self, corpora: Sequence[Corpus]) -> None:
        """Nothing to index."""

    def select(
        self, corpus: Corpus, query: str, *, k: int | None = None, budget: int | None = None
    ) -> Selection:
        """The full history, whatever ``k`` and ``budget`` say."""
        covered = tuple(u.sources for u in corpus.units)
        return Selection(covered, corpus.full_context, corpus.full_tokens)

    def close(self) -> None:
        """Nothing to release."""


class Recency(RankingMethod):
    """The last N units, N matched to k or to the token budget."""

    name = "recency"

    def rank(self, corpus: Corpus, query: str) -> list[int]:
        """Newest first."""
        order = sorted(range(len(corpus.units)), key=lambda i: corpus.units[i].created_at)
        return order[::-1]

    def order_for_context(self, chosen: list[Unit]) -> list[Unit]:
        """A recency window reads chronologically."""
        return sorted(chosen, key=lambda u: u.created_at)


class BM25Method(RankingMethod):
    """Okapi BM25 over the units of the corpus."""

    name = "bm25"

    def build(self, corpora: Sequence[Corpus]) -> None:
        """One BM25 index per corpus."""
        self._indexes = {c.id: BM25([u.content for u in c.units]) for c in corpora}

    def scores(self, corpus: Corpus, query: str) -> npt.NDArray[np.float64]:
        """BM25 scores of the corpus' units."""
        return self._indexes[corpus.id].scores(query)

    def rank(self, corpus: Corpus, query: str) -> list[int]:
        """By BM25 score."""
        return _argsort_desc(self.scores(corpus, query))


class BigramMethod(RankingMethod):
    """Character-bigram overlap (a CJK-friendly lexical baseline)."""

    name = "bigram"

    def build(self, corpora: Sequence[Corpus]) -> None:
        """One bigram index per corpus."""
        self._indexes = {c.id: BigramOverlap([u.content for u in c.units]) for c in corpora}

    def rank(self, corpus: Corpus, query: str) -> list[int]:
        """By bigram overlap."""
        return _argsort_desc(self._indexes[corpus.id].scores(query))


class DenseMethod(RankingMethod):
    """Plain dense top-k: cosine similarity with the same embedder the engine uses."""

    name = "dense"

    def __init__(self, embedder: Embedder) -> None:
        super().__init__()
        self._embedder = embedder
        self._query_cache: dict[str, npt.NDArray[np.float32]] = {}

    def build(self, corpora: Sequence[Corpus]) -> None:
        """Embed every unit once, all corpora in one batch."""
        texts = [u.content for c in corpora for u in c.units]
        vectors = self._embedder.embed(texts) if texts else np.zeros((0, 1), np.float32)
        self._vectors: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for c in corpora:
            self._vectors[c.id] = vectors[start : start + len(c.units)]
            start += len(c.units)

    def warm(self, queries: Sequence[str]) -> None:
        """Embed many queries in one batch (much faster than one by one)."""
        todo = sorted({q for q in queries if q not in self._query_cache})
        if todo:
            for q, v in zip(todo, embed_query(self._embedder, todo), strict=True):
                self._query_cache[q] = v

    def scores(self, corpus: Corpus, query: str) -> npt.NDArray[np.float64]:
        """Cosine similarity of the corpus' units to ``query``."""
        if query not in self._query_cache:
            self._query_cache[query] = embed_query(self._embedder, [query])[0]
        return (self._vectors[corpus.id] @ self._query_cache[query]).astype(np.float64)

    def rank(self, corpus: Corpus, query: str) -> list[int]:
        """By cosine similarity."""
        return _argsort_desc(self.scores(corpus, query))


class RRFMethod(RankingMethod):
    """Reciprocal-rank fusion of two rankings (k=60), the standard hybrid baseline."""

    def __init__(self, first: RankingMethod, second: RankingMethod, k: int = 60) -> None:
        super().__init__()
        self._first, self._second, self._k = first, second, k
        self.name = f"rrf({first.name}+{second.name})"

    def build(self, corpora: Sequence[Corpus]) -> None:
        """Prepare both members (idempotent if they were prepared already)."""
        self._first.prepare(corpora)
        self._second.prepare(corpora)

    def rank(self, corpus: Corpus, query: str) -> list[int]:
        """By summed reciprocal rank."""
        fused = np.zeros(len(corpus.units), dtype=np.float64)
        for member in (self._first, self._second):
            for rank, i in enumerate(member.rank(corpus, query)):
                fused[i] += 1.0 / (self._k + rank + 1)
        return _argsort_desc(fused)
