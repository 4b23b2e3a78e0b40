"""The embedder protocol every vector producer implements."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length float32 vectors.

    ``name`` and ``dimension`` are recorded in the store the first time it is built; opening a
    store with an embedder whose name or dimension differs is refused, because vectors from two
    models are not comparable (see ``HybridMemory.rebuild_index`` to switch models).
    """

    @property
    def name(self) -> str:
        """A stable identifier of the model (and its settings) producing the vectors."""
        ...

    @property
    def dimension(self) -> int:
        """Length of every vector returned by :meth:`embed`."""
        ...

    def embed(self, texts: Sequence[str]) -> Vectors:
        """Return an array of shape ``(len(texts), dimension)``, rows L2-normalised."""
        ...


def normalise_rows(vectors: npt.NDArray[np.floating]) -> Vectors:
    """L2-normalise each row; all-zero rows stay zero instead of becoming NaN."""
    out = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return (out / norms).astype(np.float32, copy=False)


def embed_query(embedder: Embedder, texts: Sequence[str]) -> Vectors:
    """Vectors for search queries: the embedder's ``embed_query`` when it has one (models such
    as e5 embed a query and a passage differently), else :meth:`Embedder.embed`."""
    method = getattr(embedder, "embed_query", None)
    return method(texts) if callable(method) else embedder.embed(texts)
