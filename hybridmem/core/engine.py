"""The engine: the one object that owns a memory's resources, and its write unit.

:class:`Engine` holds the tree store, the vector index, the embedder, the token counter, the
clock, the config, the content sealer, the op registry and the write planner. Services
(retrieval, evolution, privacy, recovery) are built with an engine and reach every resource
through it, so swapping a resource (``restore`` replaces the SQLite file) is one assignment.

The engine is built whole: what the services plug into it (sealer, op registry, planner, the
vector flush, the index owner's catch-up and duties, store hooks) comes in one
:class:`EngineParts` gathered before it is built; parts that need the engine itself are
factories its constructor calls once. Nothing is assigned onto an engine after it is built.

Write order, everywhere: validate -> embed (no lock held) -> one write unit (lock + ``BEGIN
IMMEDIATE``): op-log rows and their appliers, node rows with ``index_state = pending`` -> after
the outermost commit, the vector work the unit deferred -> ``indexed``. A crash between the two
leaves pending rows that the next open finishes, so no acknowledged write is lost.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from hybridmem.clock import Clock, ensure_utc
from hybridmem.config import MemoryConfig
from hybridmem.core.backlog import IndexBacklog
from hybridmem.core.feed import EmbedFeed
from hybridmem.core.hooks import ContentSealer, PlainSealer, WritePlanner
from hybridmem.core.ops import ApplyContext, BuiltRow, OpRegistry, core_registry
from hybridmem.embedding.base import Embedder, Vectors
from hybridmem.errors import (
    IndexUnavailableError,
    ReadOnlyStoreError,
    StoreClosedError,
    StoreError,
)
from hybridmem.index.base import VectorIndex
from hybridmem.models import MemoryNode, OpRecord
from hybridmem.store import TreeStore
from hybridmem.tokens import TokenCounter

log = logging.getLogger(__name__)


@dataclass(slots=True)
class WriteUnit:
    """One write unit: what it changed, and the vector work to do once it commits.

    Nested units (``engine.write()`` inside another) are SAVEPOINTs: when one fails, its
    deferred work is dropped with its rows; when it succeeds, its work joins the outer unit's.
    """

    index: list[tuple[list[MemoryNode], Vectors | None]] = field(default_factory=list)
    sync: list[str] = field(default_factory=list)
    reindex: list[tuple[str, Vectors | None]] = field(default_factory=list)
    delete: list[str] = field(default_factory=list)
    finish_pending: bool = False
    tops: dict[str, MemoryNode] = field(default_factory=dict)
    """For ``reindex`` entries whose subtree the unit left as it was: the node as committed,
    so the flush indexes it without reading it and its subtree back."""
    indexed: set[str] = field(default_factory=set)
    """Ids of ``index``'s nodes whose vectors and indexed mark the flush recorded (after the
    commit), so the writer can return them as stored without reading them back."""
    later: bool = False
    """The unit committed rows pending for the engine's index backlog (``core/backlog.py``),
    told once the outermost unit commits."""

    def absorb(self, inner: WriteUnit) -> None:
        """Take over the deferred work of a nested unit that committed."""
        self.index.extend(inner.index)
        self.sync.extend(inner.sync)
        self.reindex.extend(inner.reindex)
        self.tops.update(inner.tops)
        self.delete.extend(inner.delete)
        self.finish_pending = self.finish_pending or inner.finish_pending
        self.later = self.later or inner.later


StoreHook = Callable[["Engine", TreeStore], None]
"""Installs a service's hooks on a store (decrypt-on-read, audit, automatic checkpoints): run
on the engine's store when it is built and on each store attached later."""


class CatchUp(Protocol):
    """The index owner's catch-up, told after each batch of vector writes (the recovery
    layer's reconciler: other processes' pending rows, deleted vectors, owner duties)."""

    def after_write(self) -> None: ...


@dataclass(frozen=True, slots=True)
class EngineParts:
    """What the services plug into an engine, gathered before it is built (``opening.py``).

    ``planner`` and ``catch_up`` are factories the engine's constructor calls once with the
    engine (the planner reads its embedder and store; the catch-up its index and store).
    ``owner_duties`` are work only the vector index's owner can finish for other processes
    (an erasure committed by a follower): the catch-up runs them with the engine on open and
    after writes. ``flush`` runs a committed unit's deferred vector work
    (:func:`hybridmem.core.indexing.flush_unit`; None: nothing reaches the index).
    """

    sealer: ContentSealer = field(default_factory=PlainSealer)
    registry: OpRegistry = field(default_factory=core_registry)
    planner: Callable[[Engine], WritePlanner] | None = None
    catch_up: Callable[[Engine], CatchUp] | None = None
    flush: Callable[[Engine, WriteUnit], None] | None = None
    store_hooks: tuple[StoreHook, ...] = ()
    owner_duties: tuple[Callable[[Engine], object], ...] = ()


class Engine:
    """Owns the resources of one open memory; see the module docstring for the write order."""

    def __init__(
        self,
        *,
        store: TreeStore,
        index: VectorIndex,
        embedder: Embedder,
        config: MemoryConfig,
        clock: Clock,
        counter: TokenCounter,
        actor: str | None = None,
        parts: EngineParts | None = None,
        path: Path | None = None,
        location: str = "",
        read_only: bool = False,
    ) -> None:
        parts = parts or EngineParts()
        self.path = path
        """The memory directory (SQLite file, snapshots, embedded Chroma), if on disk."""
        self.location = location or (str(path) if path is not None else "")
        """Where the tree lives, safe to show (a database URL without its password)."""
        self.store = store
        self.index = index
        self.embedder = embedder
        self.config = config
        self.clock = clock
        self.counter = counter
        self.actor = actor
        self.read_only = read_only
        """A memory opened ``read_only=True``: every write unit is refused."""
        self.sealer: ContentSealer = parts.sealer
        self.ops = parts.registry
        self.lock = threading.RLock()
        """Serialises this process's write units (other processes: SQLite's own locking)."""
        self._flush_unit = parts.flush
        self._store_hooks = parts.store_hooks
        self.owner_duties = parts.owner_duties
        """Work only the vector index's owner can finish for other processes; see
        :class:`EngineParts`."""
        self.index_lag: str | None = None
        """Why the last committed write's vector work failed (None: it did not); its rows
        stay pending until the index can be written again."""
        self._unit: WriteUnit | None = None
        self.closed = False
        self.backlog = IndexBacklog(self, self._index_now)
        """Rows committed pending for later (``add_messages``) and the thread indexing them."""
        # Last: the factories see a complete engine.
        self.planner: WritePlanner | None = parts.planner(self) if parts.planner else None
        self.catch_up: CatchUp | None = parts.catch_up(self) if parts.catch_up else None
        for hook in self._store_hooks:
            hook(self, store)

    def attach_store(self, store: TreeStore) -> None:
        """Make ``store`` the engine's store (``restore`` swaps the file) and let every
        service install its hooks on it."""
        self.store = store
        for hook in self._store_hooks:
            hook(self, store)

    # -- time and state ---------------------------------------------------------------------
    def now(self) -> datetime:
        """The injected clock's time, timezone-aware UTC."""
        return ensure_utc(self.clock())

    def check_open(self) -> None:
        """Raise :class:`StoreClosedError` once the memory was closed."""
        if self.closed:
            raise StoreClosedError("this HybridMemory has been closed")

    @property
    def apply_context(self) -> ApplyContext:
        """What appliers see: the current store and the scope types."""
        return ApplyContext(self.store, tuple(self.config.scope_types))

    # -- the write unit -----------------------------------------------------------------------
    @contextmanager
    def write(self, user_id: str | None = None) -> Iterator[WriteUnit]:
        """A write unit: lock + ``BEGIN IMMEDIATE``; nested units are SAVEPOINTs.

        ``user_id``: the user whose nodes the unit writes, when it writes one user's only
        (PostgreSQL lets other users' writers run meanwhile: ``TreeStore.transaction``);
        None for work that spans users, which has the store to itself.

        Everything written inside commits together or not at all. Vector work registered on the
        unit runs after the outermost commit (a crash before it leaves rows pending, which the
        next open finishes).
        """
        with self.lock:
            self.check_open()
            if self.read_only:
                raise ReadOnlyStoreError("this memory was opened read-only; open it to write")
            outer = self._unit
            unit = WriteUnit()
            self._unit = unit
            try:
                with self.store.transaction(user_id):
                    yield unit
            finally:
                self._unit = outer
            if outer is not None:
                outer.absorb(unit)
                return
            if self._flush_unit is not None:
                self._flush(unit)
        if unit.later and outer is None:
            self.backlog.owe()  # outside the lock: the thread may start at once

    def _index_now(self, nodes: Sequence[MemoryNode], vectors: np.ndarray) -> None:
        """Write the vectors of committed ``nodes`` as a unit's flush does (the backlog's
        batches: one writer of vectors, under the write lock)."""
        if self._flush_unit is None:
            return
        with self.lock:
            self._flush(WriteUnit(index=[(list(nodes), vectors)]))

    def _flush(self, unit: WriteUnit) -> None:
        """Run a committed unit's vector work. Its failure (index down, disk full) is not the
        write's failure: the rows are committed and stay ``pending`` (a delete's vectors
        become orphans), the owner's catch-up or next open finishes them. Raising here would
        tell the caller a committed write failed, and a retry would write it twice."""
        assert self._flush_unit is not None
        try:
            self._flush_unit(self, unit)
        except (IndexUnavailableError, StoreError, OSError) as exc:
            self.index_lag = str(exc)
            log.warning("vector work of a committed write deferred (%s); it catches up later", exc)
        else:
            self.index_lag = None

    def commit(
        self,
        op: str,
        *,
        node_id: str | None,
        user_id: str | None,
        payload: dict[str, Any],
        at: datetime | None = None,
        read: MemoryNode | None = None,
    ) -> tuple[OpRecord, MemoryNode | None]:
        """Log one op and apply it with its registered applier (inside a write unit).

        This is the only way the core and the services mutate the tree: the applier called
        here is the one ``restore`` calls on replay. ``read``: the op's node as the caller read
        it in this unit and left it (the applier need not read it again).
        """
        if self._unit is None:
            raise RuntimeError("Engine.commit must run inside `with engine.write():`")
        at = at or self.now()
        seq = self.store.append_op(
            op, node_id=node_id, user_id=user_id, payload=payload, at=at, actor=self.actor
        )
        record = OpRecord(
            seq=seq,
            op=op,
            node_id=node_id,
            user_id=user_id,
            payload=payload,
            at=at,
            actor=self.actor,
        )
        ctx = self.apply_context
        if read is not None:
            ctx = replace(ctx, read={read.id: read})
        return record, self.ops.apply(ctx, record)

    def commit_many(
        self,
        op: str,
        entries: Sequence[tuple[str | None, str | None, dict[str, Any]]],
        *,
        at: datetime | None = None,
    ) -> list[tuple[OpRecord, MemoryNode | None]]:
        """Log consecutive ops of one kind, ``(node_id, user_id, payload)`` each, and apply
        them: the same rows and effects as :meth:`commit` for each in turn, with one statement
        per table (the op's batch applier; replay still applies them one by one)."""
        if self._unit is None:
            raise RuntimeError("Engine.commit_many must run inside `with engine.write():`")
        if not entries:
            return []
        at = at or self.now()
        seqs = self.store.append_ops(
            [
                {"op": op, "node_id": n, "user_id": u, "payload": p, "at": at, "actor": self.actor}
                for n, u, p in entries
            ]
        )
        records = [
            OpRecord(seq=seq, op=op, node_id=n, user_id=u, payload=p, at=at, actor=self.actor)
            for seq, (n, u, p) in zip(seqs, entries, strict=True)
        ]
        return list(zip(records, self.ops.apply_many(self.apply_context, records), strict=True))

    def commit_run(
        self,
        entries: Sequence[tuple[str, str | None, str | None, dict[str, Any]]],
        *,
        at: datetime | None = None,
        built: Mapping[str, BuiltRow] | None = None,
    ) -> list[tuple[OpRecord, MemoryNode | None]]:
        """Log ops of any kinds, ``(op, node_id, user_id, payload)`` each, with one statement,
        and apply them (:meth:`OpRegistry.apply_run`: runs of one kind as :meth:`commit_many`
        does, the adds between commuting changes as one): the same rows and effects as
        :meth:`commit` for each in turn. ``built``: the rows the caller built for its adds
        (``add_row``), taken where their record and parent are the ones committed."""
        if self._unit is None:
            raise RuntimeError("Engine.commit_run must run inside `with engine.write():`")
        if not entries:
            return []
        at = at or self.now()
        seqs = self.store.append_ops(
            [
                {"op": op, "node_id": n, "user_id": u, "payload": p, "at": at, "actor": self.actor}
                for op, n, u, p in entries
            ]
        )
        records = [
            OpRecord(seq=seq, op=op, node_id=n, user_id=u, payload=p, at=at, actor=self.actor)
            for seq, (op, n, u, p) in zip(seqs, entries, strict=True)
        ]
        ctx = replace(self.apply_context, built=built) if built else self.apply_context
        return list(zip(records, self.ops.apply_run(ctx, records), strict=True))

    # -- embedding ----------------------------------------------------------------------------
    def embed(self, texts: Sequence[str]) -> Vectors:
        """Embed texts in batches, computing each distinct text once (no lock held)."""
        with self.embed_feed(texts) as feed:
            return feed.all()

    def embed_feed(self, texts: Sequence[str], *, ahead: int = 0) -> EmbedFeed:
        """The vectors of ``texts`` in :meth:`embed`'s chunks: all embedded now but the last
        ``ahead`` chunks, which a background thread embeds meanwhile (``add_many`` plans the
        earlier items in the time). Use it as a context manager."""
        feed = EmbedFeed(
            self.embedder.embed,
            texts,
            self.config.embed_batch_size,
            lambda: self.embedder.dimension,
        )
        return feed.start(ahead)
