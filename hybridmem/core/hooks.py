"""What the core asks of the layers above it, as protocols (the core never imports them).

The facade builds the services and hands the engine what it needs from them: how content is
stored (the privacy layer's vault encrypts sensitive text) and how a new memory is planned (the
evolution layer's speech-act filter, lifecycle and conflict groups). Plain defaults keep the
core usable on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, TypeVar

import numpy as np

from hybridmem.embedding.base import Vectors
from hybridmem.models import MemoryNode

T = TypeVar("T")
Grow = Callable[[T, Sequence[MemoryNode], bool], T | None]
"""``(answer, nodes, changed) -> answer``: see :class:`BatchReads`."""


@dataclass(frozen=True, slots=True)
class StoredContent:
    """What goes to disk for one node's text: the column value, its hash and the op-log copy
    (None: the op log must not hold it). The lexical terms are the store's: it derives them
    from the logged op (``core.ops.stored_content``: none for an encrypted node)."""

    content: str
    content_hash: str
    logged: str | None
    sensitive: bool


class ContentSealer(Protocol):
    """Turns plaintext into its stored form (the privacy layer's vault implements it)."""

    def stored(self, node_id: str, text: str, *, sensitive: bool, plain_hash: str) -> StoredContent:
        """The on-disk form of ``text`` for node ``node_id``."""
        ...

    def digest(self, text: str, *, sensitive: bool, plain_hash: str) -> str:
        """The content hash a node with this flag would store for ``text``."""
        ...


class PlainSealer:
    """Stores text as is (no encryption configured and no sensitive node allowed)."""

    def stored(self, node_id: str, text: str, *, sensitive: bool, plain_hash: str) -> StoredContent:
        return StoredContent(text, plain_hash, text, False)

    def digest(self, text: str, *, sensitive: bool, plain_hash: str) -> str:
        return plain_hash


class BatchReads:
    """Store reads the planner shares between the items of one ``add_many``.

    Planning item after item re-asks the store the same questions (the siblings under one
    parent, the exact repeats among the batch's hashes, a conflict group's members); each
    answer read with a ``grow`` function is kept up to date instead of being read again:

    * every item the batch queues is shown to the answers as the node it will be once written
      (:meth:`added`, before it is written), so an item planned after it sees it exactly as if
      it were in the store, and the core need not write the queue before each fact;
    * when the batch changes older nodes (a repeat reinforced, a fact superseded) their new
      versions are shown the same way (:meth:`changed`).

    ``grow(answer, nodes, changed)`` returns the answer had ``nodes`` been in the store when it
    was read (``changed``: they are new versions of nodes the answer may hold, else new nodes),
    or None when it cannot tell (a full ``LIMIT`` pool lost a member): the answer is then read
    again when next asked. An answer read without ``grow`` is dropped at any write. On
    PostgreSQL every read is a round trip.

    Every first answer is read through the store's ports (``EvolutionReads``,
    ``NodeRepository``); what stays in Python is each ``grow``, the planner's test of whether a
    new or changed node belongs in an answer (evolution/writer.py). It is kept for speed, not
    by accident: the batch's queued nodes are not in the store yet, so reading again instead
    would first write the queue (one flush per item instead of one per batch) and cost a read
    per item (a round trip each on PostgreSQL), which the hot path of ``add_many`` cannot
    afford.
    """

    def __init__(self, hashes: Iterable[str] = ()) -> None:
        self.hashes: frozenset[str] = frozenset(hashes)
        """The content hashes of every item of the batch (a planner may read them at once)."""
        self._memo: dict[Hashable, Any] = {}
        self._grow: dict[Hashable, Grow[Any]] = {}
        self._where: dict[Hashable, tuple[str, Hashable]] = {}
        self._by_where: dict[tuple[str, Hashable], set[Hashable]] = {}
        """The answers each ``where`` (attribute, value) names: a new node is shown only to
        those its own values name, and to the answers read without one (``_unnamed``)."""
        self._unnamed: set[Hashable] = set()
        self._nodes: dict[str, MemoryNode] = {}
        self._pending: dict[str, MemoryNode] = {}
        """Changed nodes' new versions the store does not hold yet (queued changes)."""
        self._queued: list[MemoryNode] = []
        """The added nodes the store does not hold yet (in the order they were added)."""
        self._queued_by: dict[str, dict[Hashable, list[MemoryNode]]] = {}
        """``_queued`` by the value of each ``where`` attribute a first read asked for (built
        when first asked, then kept as nodes are added): no scan of the queue per read."""
        self._attributes: set[str] = set()
        """The attributes of the kept answers' ``where`` (maybe of dropped ones too)."""
        self._lag: dict[Hashable, list[tuple[list[MemoryNode], bool]]] = {}
        """What each kept answer was shown and has not taken in yet, in order (``(nodes,
        changed)``; runs of new nodes joined): grown when it is next asked for."""
        self.write_pending: Callable[[], None] | None = None
        """Writes what the batch queued (set by the writer): called before a read from the
        store while changes are queued, unwritten, so the store holds them."""
        self.derived: dict[Hashable, Any] = {}
        """Values a planner derives from text alone (pure functions of it), kept for the
        batch: they hold no more than the batch's own reads do and go with it."""

    def __enter__(self) -> BatchReads:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Forget every answer and the writer's callback: the batch is over (its answers
        and the closures that grow them refer back to these reads; clearing them lets the
        batch's objects go by reference counting, not by a full cycle collection)."""
        self._memo.clear()
        self._grow.clear()
        self._where.clear()
        self._by_where.clear()
        self._nodes.clear()
        self._pending.clear()
        self._queued_by.clear()
        self.derived.clear()
        self._unnamed.clear()
        self._queued.clear()
        self._attributes.clear()
        self._lag.clear()
        self.write_pending = None

    def get(
        self,
        key: Hashable,
        read: Callable[[], T],
        grow: Grow[T] | None = None,
        where: tuple[str, Hashable] | None = None,
    ) -> T:
        """The answer remembered under ``key``, else ``read()`` (then remembered).

        ``where=(attribute, value)``: every new node ``grow`` would take in has that value
        (a pool of one parent's children: ``("parent_id", parent)``), so a new node without
        it leaves the answer as it is and ``grow`` is not called for it. Changed nodes are
        shown to the answers their old or new values name (a change may move a node out of
        the answer), or to all when the old versions are not given."""
        lag = self._lag.pop(key, None)
        if lag is not None:
            self._catch_up(key, lag)
        if key not in self._memo:
            self._memo[key] = self._fresh(read, grow, where)
            if grow is not None:
                self._grow[key] = grow
            if grow is not None and where is not None:
                self._where[key] = where
                self._by_where.setdefault(where, set()).add(key)
                self._attributes.add(where[0])
            else:
                self._unnamed.add(key)
        answer: T = self._memo[key]
        return answer

    def _fresh(
        self, read: Callable[[], T], grow: Grow[T] | None, where: tuple[str, Hashable] | None
    ) -> T:
        """``read()`` as the store will answer once it holds what the batch queued.

        With changes to older nodes queued: the stored answer grown by the queued new nodes
        and then the queued changes' versions, as an answer read earlier would have been
        (no write for a first read of, say, another conflict group); only when ``grow``
        cannot tell (or there is none) the writer writes the queue (``write_pending``) and the
        store is read."""
        if not self._pending or self.write_pending is None:
            return read()
        if grow is not None:
            answer: T | None = read()
            new = list(self._queued) if where is None else self._queued_with(where)
            if new and answer is not None:
                answer = grow(answer, new, False)
            if answer is not None:
                answer = grow(answer, list(self._pending.values()), True)
            if answer is not None:
                return answer
        self.write_pending()
        return read()

    def _queued_with(self, where: tuple[str, Hashable]) -> list[MemoryNode]:
        """The queued nodes whose ``where[0]`` is ``where[1]``, in the order they were added."""
        attribute, value = where
        index = self._queued_by.get(attribute)
        if index is None:
            index = {}
            for n in self._queued:
                index.setdefault(getattr(n, attribute), []).append(n)
            self._queued_by[attribute] = index
        return list(index.get(value, ()))

    def stored(self) -> None:
        """The writer wrote every node it added and every change it showed with
        ``stored=False``."""
        self._pending.clear()
        self._queued.clear()
        self._queued_by.clear()

    def node(self, node_id: str) -> MemoryNode | None:
        """A node the batch wrote, queued or changed (its current version), if any: the
        store does not hold a queued one yet."""
        return self._pending.get(node_id) or self._nodes.get(node_id)

    def added(self, nodes: Sequence[MemoryNode]) -> None:
        """The batch adds these new nodes (queued: as they will be written)."""
        self._queued.extend(nodes)
        for attribute, index in self._queued_by.items():
            for n in nodes:
                index.setdefault(getattr(n, attribute), []).append(n)
        self._take(nodes, changed=False)

    def changed(
        self,
        nodes: Sequence[MemoryNode],
        before: Mapping[str, MemoryNode] | None = None,
        *,
        stored: bool = True,
    ) -> None:
        """The batch changed these older nodes and nothing else: their new versions.

        ``before``: each one's version before the change (the one the answers may hold). A
        change then reaches only the answers either version's values name, and the rest: an
        answer named by neither neither holds the node nor would take it in. ``stored=False``:
        the changes are queued, not yet written (:meth:`stored` once they are)."""
        if not stored:
            self._pending.update((n.id, n) for n in nodes)
        self._take(nodes, changed=True, before=before)

    def _take(
        self,
        nodes: Sequence[MemoryNode],
        *,
        changed: bool,
        before: Mapping[str, MemoryNode] | None = None,
    ) -> None:
        if not nodes:
            return
        self._nodes.update((n.id, n) for n in nodes)
        shown: dict[Hashable, Sequence[MemoryNode]]
        if (changed and before is None) or not self._where:
            shown = dict.fromkeys(self._memo, nodes)
        else:
            # A node reaches only the answers its values name (``where``) and the rest.
            shown = dict.fromkeys(self._unnamed, nodes)
            named: dict[Hashable, list[MemoryNode]] = {}
            for attribute in self._attributes:
                for n in nodes:
                    values = {getattr(n, attribute)}
                    if before is not None:
                        values.add(getattr(before[n.id], attribute))
                    for value in values:
                        for key in self._by_where.get((attribute, value), ()):
                            named.setdefault(key, []).append(n)
            shown.update(named)
        # Grown when next asked for (most answers are shown many nodes between two reads,
        # and some are never read again): one grow per run of new nodes, not one per node.
        # The same answer: a run's nodes taken in at once give what they give one by one
        # (a pool or group ordered by age, ages unique); changes are taken in one by one, in
        # the order they came.
        for key, seen in shown.items():
            if key not in self._grow:
                self._drop(key)  # read without grow: dropped at any write
                continue
            lag = self._lag.get(key)
            if lag is None:
                self._lag[key] = [(list(seen), changed)]
            elif not changed and not lag[-1][1]:
                lag[-1][0].extend(seen)
            else:
                lag.append((list(seen), changed))

    def _catch_up(self, key: Hashable, lag: list[tuple[list[MemoryNode], bool]]) -> None:
        """Grow the answer under ``key`` by what it was shown since it was last asked for
        (dropped when ``grow`` cannot tell)."""
        grow = self._grow[key]
        answer = self._memo[key]
        for nodes, changed in lag:
            answer = grow(answer, nodes, changed)
            if answer is None:
                self._drop(key)
                return
        self._memo[key] = answer

    def _drop(self, key: Hashable) -> None:
        del self._memo[key]
        self._lag.pop(key, None)
        self._grow.pop(key, None)
        self._unnamed.discard(key)
        where = self._where.pop(key, None)
        if where is not None:
            self._by_where[where].discard(key)

    def forget(self) -> None:
        """Drop every answer (the batch changed nodes in a way no answer can follow)."""
        self._memo.clear()
        self._grow.clear()
        self._where.clear()
        self._by_where.clear()
        self._attributes.clear()
        self._unnamed.clear()
        self._nodes.clear()
        self._lag.clear()


class KnownVectors(dict[str, Vectors]):
    """The vectors known during one write: the batch's own, plus stored ones a planner fetched
    from the index (kept for the batch's later items, so each is fetched at most once).

    :meth:`matrix` keeps the vectors stacked as they arrive, so comparing a new item with a
    pool of hundreds costs one matrix product instead of re-stacking the pool per item.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._rows: dict[str, int] = {}
        self._stack = np.zeros((0, 0), dtype=np.float32)

    def matrix(self, ids: Sequence[str]) -> np.ndarray:
        """The vectors of ``ids`` (all known) as rows of one matrix, in order."""
        new = [i for i in dict.fromkeys(ids) if i not in self._rows]
        if new:
            fresh = np.stack([np.asarray(self[i], dtype=np.float32) for i in new])
            base = len(self._rows)
            if base + len(new) > len(self._stack):  # grow by doubling: appends stay cheap
                grown = np.zeros(
                    (max(2 * len(self._stack), base + len(new)), fresh.shape[1]), dtype=np.float32
                )
                if base:
                    grown[:base] = self._stack[:base]
                self._stack = grown
            self._stack[base : base + len(new)] = fresh
            self._rows.update((i, base + k) for k, i in enumerate(new))
        return self._stack[[self._rows[i] for i in ids]]


@dataclass(frozen=True, slots=True)
class NodeChange:
    """One change a write makes to an existing node, with its reason (an ``evolve`` op)."""

    node_id: str
    action: str
    """``supersede``, ``demote``, ``reinforce``, ``join``, ``merge``, ``archive``, ``promote``..."""
    reason: str
    values: dict[str, Any] = field(default_factory=dict)
    """Column values to set; ``metadata`` is merged into the node's metadata (a None value
    removes its key); ``renew``
    refreshes ``last_accessed_at`` (an access statistic, not replayed)."""


@dataclass(frozen=True, slots=True)
class PlanRequest:
    """One new node as the planner sees it (inside the write unit, before it is inserted)."""

    content: str
    node_type: str
    user_id: str
    node_id: str
    parent_id: str | None
    importance: float
    confidence: float
    lifecycle_arg: str | None
    tier_arg: str | None
    slot: str | None
    vector: Vectors | None
    batch_vectors: KnownVectors
    """The vectors known in this write: the batch's own, plus any the planner fetched from the
    index and kept there, so one ``add_many`` fetches each stored vector at most once."""
    content_hash: str
    """The hash the node would store (keyed for sensitive nodes): finds exact repeats."""
    created_at: datetime
    """When the node says it happened (the caller's ``created_at``, else now)."""
    may_merge: bool = True
    """False when the caller chose the id: the node is written even if it repeats another."""
    source_id: str | None = None
    session_id: str | None = None
    batch_reads: BatchReads = field(default_factory=BatchReads)
    """Store reads shared with the batch's other items (empty for a lone write)."""
    agent_id: str | None = None
    """The writing agent: repeats and conflict groups merge only within what it owns."""
    sealed: bool = False
    """The content will be stored encrypted (a sensitive node, or a store sealing every
    content). Metadata is stored in clear, in the node's row and in its op: the plan must not
    copy any of the text into it."""


@dataclass(frozen=True, slots=True)
class WritePlan:
    """How a new node is written and what it changes in older nodes."""

    lifecycle: str | None
    tier: str | None
    status: str
    importance: float
    confidence: float
    conflict_group: str | None
    metadata: dict[str, Any]
    decision: str | None
    changes: tuple[NodeChange, ...] = field(default_factory=tuple)
    duplicate_of: str | None = None
    """An existing node this one repeats: nothing is inserted, ``changes`` reinforce it."""


class WritePlanner(Protocol):
    """Plans the evolution side of a new node (called inside the write transaction)."""

    def reads_tree(self, node_type: str) -> bool:
        """Whether planning a node of this type needs every earlier item of an ``add_many``
        in the store (then they are written before it is planned; others are written in one
        batch)."""
        ...

    def plan(self, request: PlanRequest) -> WritePlan:
        """Decide lifecycle, tier, status and conflict effects of one new node."""
        ...
