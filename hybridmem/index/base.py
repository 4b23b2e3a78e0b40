"""The vector-index port: what the engine needs from a store of node embeddings.

Chroma (embedded directory or server, :mod:`hybridmem.index.chroma`) implements it for real;
:class:`~hybridmem.index.fake.InMemoryIndex` implements it in memory for tests, the way httpx
ships a mock transport. The index is derived data: everything in it can be rebuilt from the
tree store, so an implementation may lose its contents without losing memories.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from hybridmem.embedding.base import Vectors

Metadata = dict[str, Any]
"""Filterable metadata of one entry (str/int/float/bool values, as Chroma allows)."""


@dataclass(frozen=True, slots=True)
class VectorMatch:
    """One nearest neighbour: node id and cosine similarity in [-1, 1]."""

    id: str
    similarity: float


@runtime_checkable
class VectorIndex(Protocol):
    """Node vectors with filterable metadata, queried by cosine similarity.

    ``where`` filters use Chroma's syntax (``{"key": value}``, ``{"key": {"$in": [...]}}``,
    ``{"$and": [...]}``); implementations must apply them before ranking, never after.
    """

    @property
    def name(self) -> str:
        """The collection (or index) name."""
        ...

    @property
    def writable(self) -> bool:
        """Whether this process may write vectors (see :mod:`hybridmem.index.ownership`)."""
        ...

    @property
    def owned(self) -> bool:
        """Whether this process owns the index (always true for shared servers)."""
        ...

    def upsert(
        self,
        ids: Sequence[str],
        vectors: Vectors,
        metadatas: Sequence[Metadata],
        documents: Sequence[str | None] | None = None,
    ) -> None:
        """Insert or replace entries. The engine sends no documents (a node's text lives
        in the store); ``documents`` carries those of older entries when an index is
        rebuilt from its own contents (a None document stores the vector only)."""
        ...

    def update_metadata(self, ids: Sequence[str], metadatas: Sequence[Metadata]) -> None:
        """Merge ``metadatas`` into existing entries' metadata, vectors untouched: a key
        given replaces its value, a key given as None is removed, other keys stay (Chroma's
        update semantics). Absent ids are ignored."""
        ...

    def delete(self, ids: Sequence[str]) -> None:
        """Remove entries (absent ids are ignored)."""
        ...

    def query(
        self, vector: Vectors, n: int, where: Metadata | None, ids: Sequence[str] | None = None
    ) -> list[VectorMatch]:
        """The ``n`` nearest entries matching ``where`` (and among ``ids`` when given)."""
        ...

    def get_vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        """Stored vectors of ``ids`` (missing ids are absent from the result)."""
        ...

    def get_ids(self, ids: Sequence[str] | None = None) -> set[str]:
        """Ids present (all, or which of ``ids``)."""
        ...

    def get_entries(self, ids: Sequence[str] | None = None) -> dict[str, tuple[Any, Any]]:
        """``id -> (document, metadata)`` for consistency checks."""
        ...

    def get_metadata(self, ids: Sequence[str]) -> dict[str, Metadata]:
        """``id -> metadata`` of ``ids`` (no documents, no vectors: the cheap consistency
        read; missing ids are absent)."""
        ...

    def count(self) -> int:
        """Number of entries (-1 when unknown from this process)."""
        ...

    def compact(self, live_ids: set[str]) -> int:
        """Rewrite the index so deleted entries leave no trace in its files (erasure): keep
        only the entries of ``live_ids``; return how many were kept."""
        ...

    def unavailable_reason(self) -> str | None:
        """None when this process can run vector queries; otherwise why not (retrieval then
        flags its result, see ``RetrievalResult.vector_unavailable``)."""
        ...

    def consume_takeover(self) -> bool:
        """True once after this process took ownership over from another one (its pending
        rows must then be indexed); False for indexes without ownership."""
        ...

    def close(self) -> None:
        """Release the backend."""
        ...
