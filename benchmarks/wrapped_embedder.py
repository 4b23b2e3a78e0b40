"""An embedder that wraps another: the one place the wrappers of benchmarks and tests (a memo,
a query cache, a counter, a gate) take the wrapped model's name and dimension from.

The name is what a store records, so a store written through a wrapper opens again with the
real model. What else the model declares (``multilingual``, read by
:mod:`hybridmem.retrieval.language`) each wrapper passes on or not as its own docstring says.
"""

from __future__ import annotations

from hybridmem.embedding import Embedder


class WrappedEmbedder:
    """``name`` and ``dimension`` of ``inner``; a subclass writes ``embed``."""

    inner: Embedder

    @property
    def name(self) -> str:
        """The wrapped model's name (the store records it)."""
        return self.inner.name

    @property
    def dimension(self) -> int:
        """The wrapped model's dimension."""
        return self.inner.dimension
