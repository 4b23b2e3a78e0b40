"""One process at a time owns an embedded Chroma directory; the others write SQLite only.

Chroma's ``PersistentClient`` is not process-safe: every process keeps its own in-memory HNSW
index and persists it over the others' (Chroma's docs, "system constraints"; issues
chroma-core/chroma#3792 and #961). A lock around each Chroma call would not help, because the
stale in-memory copy is the problem. So the first process to open a memory directory takes an
exclusive ``flock`` on ``chroma.lock`` and becomes the *index owner* for its lifetime; other
processes are *followers*:

- followers commit every write to SQLite as usual, with ``index_state = 'pending'``, and do
  not touch Chroma; their vector search returns nothing (lexical and structural candidates
  still work), which :class:`~hybridmem.recovery.models.OpenReport` and a warning say;
- the owner indexes pending rows of every process after each of its own writes and on open;
- when the owner exits (or is killed: the kernel drops the lock), the next follower write
  takes the lock over, opens Chroma and finishes what is pending.

Instances inside one process share ownership (Chroma shares one client per directory in a
process). A Chroma *server* is safe for many clients, so with ``chroma=ChromaServer(...)``
every process writes vectors itself and no lock is taken.
"""

from __future__ import annotations

import fcntl
import logging
import os
import shutil
import threading
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hybridmem.embedding.base import Vectors
from hybridmem.errors import IndexNotOwnedError, IndexUnavailableError
from hybridmem.index.base import Metadata, VectorIndex, VectorMatch

log = logging.getLogger(__name__)

LOCK_FILE = "chroma.lock"

_registry_lock = threading.Lock()
_held: dict[str, list[int]] = {}  # resolved lock path -> [fd, refcount]


def _try_lock(path: Path) -> bool:
    key = str(path.resolve())
    with _registry_lock:
        held = _held.get(key)
        if held is not None:
            held[1] += 1
            return True
        fd = os.open(key, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        _held[key] = [fd, 1]
        return True


def _unlock(path: Path) -> None:
    key = str(path.resolve())
    with _registry_lock:
        held = _held.get(key)
        if held is None:
            return
        held[1] -= 1
        if held[1] <= 0:
            del _held[key]
            fcntl.flock(held[0], fcntl.LOCK_UN)
            os.close(held[0])


class GuardedIndex:
    """The Chroma index as seen by one ``HybridMemory``: real when owned, inert when not.

    Same methods as :class:`~hybridmem.index.VectorIndex`. Write methods are no-ops while
    another process owns the directory (the facade checks :attr:`writable` first and leaves
    the rows pending); reads that need the whole index raise :class:`IndexNotOwnedError`.
    """

    def __init__(
        self, opener: Callable[[], VectorIndex], lock_path: Path | None, *, defer: bool = False
    ) -> None:
        self._opener = opener
        self._lock_path = lock_path
        self._inner: VectorIndex | None = None
        self._warned = False
        self._deferred = defer
        self._lock_only = False
        """Deferred and owned: the lock is held, Chroma not opened yet (see
        :meth:`unavailable_reason`)."""
        self.took_over = False
        """Set when ownership was acquired after open (the facade then finishes pending)."""
        if not defer and (lock_path is None or _try_lock(lock_path)):
            self._inner = self._open()

    def _open_deferred(self) -> bool:
        """First vector call of a deferred index: open it now (taking the lock if free)."""
        self._deferred = False
        if self._lock_only or self._lock_path is None or _try_lock(self._lock_path):
            self._lock_only = False
            self._inner = self._open()
            return True
        return False

    def _open(self) -> VectorIndex:
        try:
            return self._opener()
        except BaseException:
            if self._lock_path is not None:
                _unlock(self._lock_path)
            raise

    @property
    def owned(self) -> bool:
        """True when this process may write Chroma."""
        return self._inner is not None

    @property
    def writable(self) -> bool:
        """True when this process owns the index, taking ownership over if it is free."""
        if self._inner is not None:
            return True
        if self._deferred:
            return self._open_deferred()
        if self._lock_path is not None and _try_lock(self._lock_path):
            self._inner = self._open()
            self.took_over = True
            log.info("took over the Chroma index at %s", self._lock_path.parent)
            return True
        return False

    @property
    def inner(self) -> VectorIndex:
        """The owned :class:`VectorIndex`; raises when another process owns it."""
        if self._inner is None and not self.writable:
            where = self._lock_path.parent if self._lock_path else "?"
            raise IndexNotOwnedError(
                f"another process owns the Chroma index in {where}; "
                "vectors are written by that process (or by this one once it exits). Run this "
                "command when no other process has the store open, or use a Chroma server"
            )
        assert self._inner is not None
        return self._inner

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def collection(self) -> Any:
        """The Chroma collection of the owned index (tests and erasure compaction use it)."""
        return getattr(self.inner, "collection")  # noqa: B009 (not every VectorIndex has one)

    def swap_inner(self, index: VectorIndex) -> VectorIndex:
        """Serve ``index`` from now on (a re-index switched collections); return the old one,
        which the caller drops without closing (the two share one client)."""
        old = self.inner
        self._inner = index
        return old

    def close(self) -> None:
        """Release the Chroma client (so a later open reloads from disk) and the lock."""
        if self._inner is not None:
            self._inner.close()
            self._inner = None
            if self._lock_path is not None:
                _unlock(self._lock_path)
        elif self._lock_only:
            self._lock_only = False
            if self._lock_path is not None:
                _unlock(self._lock_path)

    # -- writes: no-ops for followers (the facade leaves the rows pending) -----------------
    def upsert(
        self,
        ids: Sequence[str],
        vectors: Vectors,
        metadatas: Sequence[Metadata],
        documents: Sequence[str | None] | None = None,
    ) -> None:
        if self.writable:
            self.inner.upsert(ids, vectors, metadatas, documents)

    def update_metadata(self, ids: Sequence[str], metadatas: Sequence[Metadata]) -> None:
        if self.writable:
            self.inner.update_metadata(ids, metadatas)

    def delete(self, ids: Sequence[str]) -> None:
        # A follower's delete leaves vectors behind; the owner's open-time sweep (and
        # repair) removes vectors of ids the op log says were deleted.
        if self.writable:
            self.inner.delete(ids)

    # -- reads ------------------------------------------------------------------------------
    def query(
        self,
        vector: Vectors,
        n: int,
        where: Metadata | None,
        ids: Sequence[str] | None = None,
    ) -> list[VectorMatch]:
        if not self.writable:
            if not self._warned:
                self._warned = True
                # INFO, not WARNING: the retrieval result says it (vector_unavailable and its
                # reason, which the CLI and the server show); a warning here would reach
                # stderr through logging's last-resort handler and say it a second time.
                log.info(
                    "vector search is off in this process: another process owns the embedded "
                    "Chroma index; retrieval uses lexical and structural candidates only"
                )
            return []
        return self.inner.query(vector, n, where, ids)

    def get_vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        return self.inner.get_vectors(ids) if self.writable else {}

    def get_ids(self, ids: Sequence[str] | None = None) -> set[str]:
        return self.inner.get_ids(ids)

    def get_entries(self, ids: Sequence[str] | None = None) -> dict[str, tuple[Any, Any]]:
        return self.inner.get_entries(ids)

    def get_metadata(self, ids: Sequence[str]) -> dict[str, Metadata]:
        return self.inner.get_metadata(ids)

    def count(self) -> int:
        """Vectors in the index; -1 when another process owns it (unknown from here)."""
        return self.inner.count() if self.writable else -1

    def compact(self, live_ids: set[str]) -> int:
        return self.inner.compact(live_ids)

    def unavailable_reason(self) -> str | None:
        """Why this process has no vector search (another owns the embedded directory)."""
        if self._deferred and self._inner is None and self._lock_path is not None:
            # The lock alone answers; Chroma opens at the first real vector call, which a
            # small scope never makes (it is ranked from the vectors kept in SQLite): a
            # read-only search then loads no Chroma at all.
            if self._lock_only or _try_lock(self._lock_path):
                self._lock_only = True
                return None
        elif self.writable:
            return None
        where = self._lock_path.parent if self._lock_path else "?"
        return (
            f"another process owns the embedded Chroma index in {where}: this process "
            "retrieves by lexical and tree candidates only. For vector search in every "
            "process, run a Chroma server (HybridMemory(..., chroma=ChromaServer(host, port)))"
        )

    def consume_takeover(self) -> bool:
        took, self.took_over = self.took_over, False
        return took


def _forget_chroma_system(chroma_dir: Path) -> None:
    """Drop Chroma's per-process cached client for a directory whose open failed.

    Chroma caches one ``System`` per path for the whole process and would hand the broken
    one back to the next open of the same path. ``clear_system_cache()`` is public but drops
    every directory's client, so only this path's entry is removed (a private attribute,
    hence the defensive access).
    """
    try:
        from chromadb.api.shared_system_client import SharedSystemClient
    except ImportError:
        return
    systems = getattr(SharedSystemClient, "_identifier_to_system", None)
    counts = getattr(SharedSystemClient, "_identifier_to_refcount", None)
    for table in (systems, counts):
        if isinstance(table, dict):
            table.pop(str(chroma_dir), None)


def open_index(
    *,
    chroma_dir: Path | None,
    opener: Callable[[], VectorIndex],
    defer: bool = False,
) -> tuple[GuardedIndex, str | None]:
    """Open the index for a memory directory; rebuild a missing or unreadable one.

    Returns the index and, when it has to be rebuilt from SQLite, the reason (the caller
    logs it and re-indexes). A server index (``chroma_dir`` None) is opened as is.
    ``defer=True`` (read-only opens) opens nothing until the first vector call, and never
    rebuilds: that is left to the next writer's open.
    """
    if defer:
        lock = None if chroma_dir is None else chroma_dir.parent / LOCK_FILE
        return GuardedIndex(opener, lock, defer=True), None
    if chroma_dir is None:
        return GuardedIndex(opener, None), None
    lock_path = chroma_dir.parent / LOCK_FILE
    missing = False

    def look_then_open() -> VectorIndex:
        # Looked at under the lock: before it, another process creating the same store may
        # fill the directory and close, and an earlier look would call its index lost.
        nonlocal missing
        missing = not chroma_dir.exists() or not any(chroma_dir.iterdir())
        return opener()

    try:
        index = GuardedIndex(look_then_open, lock_path)
    except IndexUnavailableError as exc:
        # Only reached as owner (followers never open Chroma), so moving it aside is safe.
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        aside = chroma_dir.with_name(f"{chroma_dir.name}.corrupt-{stamp}")
        shutil.move(str(chroma_dir), str(aside))
        _forget_chroma_system(chroma_dir)
        index = GuardedIndex(opener, lock_path)
        return index, f"the Chroma directory could not be opened ({exc}); moved to {aside}"
    if missing and index.owned:
        return index, f"the Chroma directory {chroma_dir} was missing or empty"
    return index, None
