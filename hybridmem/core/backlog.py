"""The index backlog: rows a write committed ``pending`` on purpose, indexed after it returned.

SQLite (the tree store) is the source of truth and the vector index is derived from it, so a
write need not wait for its vectors: ``add_messages`` (``MemoryConfig.index_messages_later``)
commits the buffer and what extraction kept, with their ops, audit and sources, and returns;
the model runs later, in batches, here. The e5 model embeds ~60 chat turns a second on this
project's two cores, so a call that embedded every message before returning could never take
more than that; batched after the call, the model's time is paid once per batch, and the
Chroma upsert (~9 ms a call for one message) once per batch too.

What keeps this honest:

* **nothing is lost**: a deferred row is a row committed ``pending``, the state every write
  has between its commit and its vector write. A crash leaves it pending and the next open
  indexes it (``Reconciler.on_open``: the same recovery as a crash after any commit);
* **read your writes**: a vector search first indexes what is owed
  (:func:`hybridmem.core.vectors.search_scope` calls :meth:`IndexBacklog.drain`), so a memory
  just added is always found; lexical search sees it at commit already;
* **one writer of vectors**: every batch goes through the engine's flush (``IndexSync``), under
  the write lock, after re-reading its rows: a row changed or deleted meanwhile is left for the
  next pass (its newer state) rather than indexed stale, or indexed after its delete.

The background thread is the engine's (started on the first deferred write, stopped by
``close``) and works while writes pause: it starts a batch only once no deferred write came for
:data:`QUIET_SECONDS`, and its batches are small (:data:`THREAD_BATCH` rows). On two cores a
thread that embedded beside a bulk import took the cores and the model from it: the embedder
serialises its calls (one model), so a call's own facts waited for the thread's batch, and the
model's OpenMP workers took both cores (LoCoMo conv-26, e5, batches of 100: 523 messages/s
accepted without the thread, 63 with it embedding alongside). An agent's turns come seconds
apart, so the thread indexes between them; a bulk import is indexed when it pauses, or by the
first search after it. Without the thread (``MemoryConfig.background_indexer=False``) the
backlog is indexed by the next search, :meth:`IndexBacklog.drain` or the next open, which is
what tests use: no timing involved.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Protocol

import numpy as np

from hybridmem.errors import HybridMemError, StoreClosedError
from hybridmem.models import IndexState, MemoryNode

if TYPE_CHECKING:
    from hybridmem.config import MemoryConfig
    from hybridmem.embedding.base import Embedder, Vectors
    from hybridmem.index.base import VectorIndex
    from hybridmem.store import TreeStore


class Engine(Protocol):
    """What the backlog reads of its engine (``core/engine.py``, which builds it)."""

    config: MemoryConfig
    lock: threading.RLock
    closed: bool
    store: TreeStore
    index: VectorIndex
    embedder: Embedder
    index_lag: str | None

    def embed(self, texts: Sequence[str]) -> Vectors: ...


log = logging.getLogger(__name__)

QUIET_SECONDS = 0.2
"""How long deferred writes must pause before the thread starts a batch: longer than the gap
between the calls of an import loop (~2-20 ms), far shorter than an agent's turn."""
THREAD_BATCH = 16
"""Rows per batch of the thread: a write that needs the model meanwhile waits at most one
such batch (~0.3 s of e5 on a busy 2-core machine)."""

RECENT = 4096
"""Vectors the backlog remembers by content (model, content hash) across its batches: a
message's buffer copy and its event carry the same text, and the rows of one call are written
buffer copies first, so the two often land in different batches."""

IndexNow = Callable[[Sequence[MemoryNode], np.ndarray], None]
"""Writes vectors of nodes through the engine's flush (under the write lock)."""


class IndexBacklog:
    """The pending rows this engine's writes left for later, and the thread that indexes them."""

    def __init__(self, engine: Engine, index_now: IndexNow) -> None:
        self._engine = engine
        self._index_now = index_now
        self._owed = False
        """Whether a deferred write committed since the backlog was last found empty: a
        search checks this flag, not the store, so it costs nothing when nothing is owed."""
        self._generation = 0
        """Counts deferred writes, so a pass that found nothing pending while a write was
        committing does not clear the flag that write raised."""
        self._state = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._last_write = 0.0
        """``time.monotonic()`` of the last deferred write (scheduling, not data: no clock)."""
        self._writing = 0
        """Deferred writes in progress: the thread starts no batch meanwhile."""
        self._draining = 0
        """Drains waiting: the thread hands the rest of its pass over to them."""
        self._gave_up = -1
        """The write generation the thread last failed at: it waits for a newer write."""
        self._recent: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()

    @property
    def owed(self) -> bool:
        """Whether rows this engine deferred may still be pending."""
        return self._owed

    def owe(self) -> None:
        """A write committed rows for later: wake the thread (started on first use)."""
        with self._state:
            self._owed = True
            self._generation += 1
            self._last_write = time.monotonic()
            if self._stopping or not self._engine.config.background_indexer:
                return
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="hybridmem-index-backlog", daemon=True
                )
                self._thread.start()
            self._state.notify()

    @contextmanager
    def deferring(self) -> Iterator[None]:
        """Around a write that defers its index entries: the thread keeps off the model and
        the cores while it runs, and for :data:`QUIET_SECONDS` after."""
        with self._state:
            self._writing += 1
        try:
            yield
        finally:
            with self._state:
                self._writing -= 1
                self._last_write = time.monotonic()
                self._state.notify()

    def drain(self, *, everyone: bool = False) -> int:
        """Index every pending row now, in the caller's thread (after the batch the thread
        may be on); how many rows this call indexed. Free when nothing is owed, unless
        ``everyone``: then the store is read even so, for rows another handle or process left
        pending (one that closed before its backlog was indexed: until the next open, nothing
        else indexes them)."""
        if not self._owed and not everyone:
            return 0
        # No wait for the thread: a drain may run under the write lock (verify, a search in
        # a transaction) while the thread waits for that lock. The thread gives way after its
        # batch; a row both embed is written once (re-read under the lock in _batch).
        with self._state:
            self._draining += 1
        try:
            return self._pass(self._engine.config.embed_batch_size, stop=lambda: False)
        finally:
            with self._state:
                self._draining -= 1
                self._state.notify()

    def stop(self) -> None:
        """Stop the thread (``close``): it ends after the chunk it is embedding; what is still
        pending stays so in the store and the next open indexes it."""
        with self._state:
            self._stopping = True
            self._state.notify()
            thread = self._thread
        if thread is not None:
            thread.join()

    # -- the work -------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._state:
                while not self._stopping and (not self._due() or not self._quiet()):
                    # Woken by a write (owe), a write's end, a drain's end or stop; else it
                    # waits out the rest of the quiet time.
                    idle = time.monotonic() - self._last_write
                    busy = not self._due() or self._writing or self._draining
                    self._state.wait(None if busy else max(QUIET_SECONDS - idle, 0.001))
                if self._stopping:
                    return
            try:
                self._pass(THREAD_BATCH, stop=lambda: self._stopping or not self._quiet())
            except StoreClosedError:
                return
            except Exception as exc:
                # Whatever failed (index down, disk full, a model error), the rows stay
                # pending and the thread lives on: the next owe, search or open retries.
                self._engine.index_lag = str(exc)
                if not isinstance(exc, HybridMemError):
                    log.exception("index backlog: unexpected failure; it catches up later")
                else:
                    log.warning("index backlog deferred (%s); it catches up later", exc)
                with self._state:
                    # Searches still drain (the flag stays); the thread waits for a new write.
                    self._gave_up = self._generation

    def _due(self) -> bool:
        return self._owed and self._generation != self._gave_up

    def _quiet(self) -> bool:
        if self._writing or self._draining:
            return False
        return time.monotonic() - self._last_write >= QUIET_SECONDS

    def _pass(self, size: int, stop: Callable[[], bool]) -> int:
        """Index pending rows ``size`` at a time until none is left (or ``stop``)."""
        engine = self._engine
        done = 0
        previous: list[str] = []
        while not stop():
            with self._state:
                generation = self._generation
            with engine.lock:
                if engine.closed or not engine.index.writable:
                    return done  # a follower leaves its rows to the index owner
                ids = engine.store.ids_by_index_state(IndexState.PENDING.value, limit=size)
            # The same rows twice: they keep changing under us; the next owe tries again.
            if not ids or ids == previous:
                with self._state:
                    if self._generation == generation:
                        self._owed = False
                        return done
                previous = []
                continue
            previous = ids
            done += self._batch(ids)
        return done

    def _batch(self, ids: Sequence[str]) -> int:
        """Embed one batch outside the lock (reusing vectors kept at the write), then write
        the rows that did not change meanwhile."""
        engine = self._engine
        model = engine.embedder.name
        with engine.lock:
            read = engine.store.get_many(ids)
            nodes = [n for n in read.values() if n.index_state == IndexState.PENDING.value]
            kept = engine.store.kept_vectors([n.id for n in nodes], model)
        vectors = dict(kept)
        for n in nodes:
            seen = self._recent.get((model, n.content_hash))
            if n.id not in vectors and seen is not None:
                vectors[n.id] = seen
        need = [n for n in nodes if n.id not in vectors]
        fresh = engine.embed([n.content for n in need]) if need else None
        if fresh is not None:
            vectors.update((n.id, fresh[i]) for i, n in enumerate(need))
        for n in nodes:
            self._recent[(model, n.content_hash)] = vectors[n.id]
            self._recent.move_to_end((model, n.content_hash))
        while len(self._recent) > RECENT:
            self._recent.popitem(last=False)
        with engine.lock:
            if engine.closed:
                return 0
            now = engine.store.get_many([n.id for n in nodes])
            same = [
                now[n.id]
                for n in nodes
                if n.id in now
                and now[n.id].version == n.version
                and now[n.id].content_hash == n.content_hash
                and now[n.id].index_state == IndexState.PENDING.value
            ]
            if same:
                self._index_now(same, np.stack([vectors[n.id] for n in same]))
        return len(same)
