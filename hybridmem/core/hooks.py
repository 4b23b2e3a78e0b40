"""What the core asks of the layers above it, as protocols (the core never imports them).

The facade builds the services and hands the engine what it needs from them: how content is
stored (the privacy layer's vault encrypts sensitive text) and how a new memory is planned (the
evolution layer's speech-act filter, lifecycle and conflict groups). Plain defaults keep the
core usable on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from hybridmem import lexical
from hybridmem.embedding.base import Vectors


@dataclass(frozen=True, slots=True)
class StoredContent:
    """What goes to disk for one node's text: the column value, its hash, FTS terms and the
    op-log copy (None: the op log must not hold it)."""

    content: str
    content_hash: str
    terms: str
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
        return StoredContent(text, plain_hash, lexical.document_terms(text), text, False)

    def digest(self, text: str, *, sensitive: bool, plain_hash: str) -> str:
        return plain_hash


@dataclass(frozen=True, slots=True)
class NodeChange:
    """One change a write makes to an existing node, with its reason (an ``evolve`` op)."""

    node_id: str
    action: str
    """``supersede``, ``demote``, ``reinforce``, ``join``, ``merge``, ``archive``, ``promote``..."""
    reason: str
    values: dict[str, Any] = field(default_factory=dict)
    """Column values to set; ``metadata`` is merged into the node's metadata; ``renew``
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
    batch_vectors: Mapping[str, Vectors]
    content_hash: str
    """The hash the node would store (keyed for sensitive nodes): finds exact repeats."""
    created_at: datetime
    """When the node says it happened (the caller's ``created_at``, else now)."""
    may_merge: bool = True
    """False when the caller chose the id: the node is written even if it repeats another."""
    source_id: str | None = None
    session_id: str | None = None


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

    def plan(self, request: PlanRequest) -> WritePlan:
        """Decide lifecycle, tier, status and conflict effects of one new node."""
        ...
