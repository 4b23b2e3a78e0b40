"""The vectors of one batch's texts, embedded chunk by chunk, the last chunks optionally ahead.

:meth:`Engine.embed` and ``add_many`` cut a batch the same way: its distinct texts in
first-seen order, ``embed_batch_size`` of them per model call. So a chunk's vectors are the same
whether it is embedded at once or in the background; only when they are computed differs.

``add_many`` uses the background for its last ``ahead`` chunks (``MemoryConfig.embed_ahead``),
never for the first:
they are embedded while the items of the earlier chunks are planned and written inside the
write unit (the model's matrix products release the GIL, so the two use both cores). The write
still commits only once every vector is known, so a crash or an embedding error leaves nothing
behind; the price is that the write lock waits for at most those chunks' embedding.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from types import TracebackType

import numpy as np

from hybridmem.embedding.base import Vectors


class EmbedFeed:
    """The vectors of ``texts`` (one row per text, repeats embedded once), in chunks of
    ``size`` distinct texts; use it as a context manager so chunks still in the background
    are cancelled or awaited when the caller leaves (a failed write leaves no thread behind)."""

    def __init__(
        self,
        embed: Callable[[Sequence[str]], Vectors],
        texts: Sequence[str],
        size: int,
        dimension: Callable[[], int],
    ) -> None:
        self._embed = embed
        self._texts = list(texts)
        unique = list(dict.fromkeys(self._texts))
        self._position = {t: i for i, t in enumerate(unique)}
        self._size = size
        self._dimension = dimension
        """The model's dimension (asked only for an empty batch: it may load the model)."""
        self._chunks = [unique[i : i + size] for i in range(0, len(unique), size)]
        self._parts: list[Vectors | None] = [None] * len(self._chunks)
        self._ahead: dict[int, Future[Vectors]] = {}
        self._pool: ThreadPoolExecutor | None = None

    def start(self, ahead: int = 0) -> EmbedFeed:
        """Embed every chunk now but the last ``ahead``, which start in one background thread
        (in order); at least the first chunk is embedded now. Returns self."""
        # A background chunk pays off only while earlier items are planned: with none before
        # it, it would run the model inside the write unit (holding the write lock) for
        # nothing. So a batch of one chunk (most calls) is embedded before the unit.
        lead = min(len(self._chunks), max(1, len(self._chunks) - max(0, ahead)))
        for k in range(lead):
            self._part(k)
        if lead < len(self._chunks):
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hybridmem-embed")
            for k in range(lead, len(self._chunks)):
                self._ahead[k] = self._pool.submit(self._embed, self._chunks[k])
        return self

    def vector(self, i: int) -> np.ndarray:
        """The vector of the ``i``-th text (waits for its chunk when it is in the background)."""
        at = self._position[self._texts[i]]
        part = self._part(at // self._size)
        return np.asarray(part[at % self._size])

    def all(self) -> Vectors:
        """Every text's vector, in order (waits for the background chunks)."""
        if not self._chunks:
            return np.zeros((0, self._dimension()), dtype=np.float32)
        table = np.concatenate([self._part(k) for k in range(len(self._chunks))])
        return table[[self._position[t] for t in self._texts]]

    def _part(self, k: int) -> Vectors:
        part = self._parts[k]
        if part is None:
            future = self._ahead.pop(k, None)
            part = future.result() if future is not None else self._embed(self._chunks[k])
            self._parts[k] = part
        return part

    def close(self) -> None:
        """Cancel the background chunks not started and wait for the one running."""
        for future in self._ahead.values():
            future.cancel()
        self._ahead.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> EmbedFeed:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
