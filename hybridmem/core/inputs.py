"""What callers hand the core to write: :class:`NodeInput`, checked before any I/O."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from hybridmem.config import MemoryConfig
from hybridmem.errors import InvalidArgumentError
from hybridmem.validation import (
    check_content,
    check_datetime,
    check_lifecycle,
    check_metadata,
    check_node_id,
    check_node_type,
    check_status,
    check_tier,
    check_user_id,
    check_weight,
)


@dataclass(frozen=True, slots=True)
class NodeInput:
    """One node to write with :meth:`HybridMemory.add_many` (dicts with these keys work too)."""

    content: str
    parent_id: str | None = None
    node_type: str = "event"
    id: str | None = None
    importance: float | None = None
    confidence: float | None = None
    metadata: dict[str, Any] | None = None
    created_at: datetime | None = None
    source_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    activate: bool | None = None
    sensitive: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    lifecycle: str | None = None
    """transient / short_term / long_term; None: assigned by the evolution policy."""
    slot: str | None = None
    """Conflict-group key of a fact/preference (e.g. ``user.city``); None: inferred."""
    tier: str | None = None
    """buffer / working / long_term; None: the evolution policy's starting tier."""
    source: str | None = None
    """Who says so: ``user`` (stated by the user), ``agent`` (inferred by the agent) or
    ``system`` (a system state); sets the default confidence
    (``MemoryConfig.source_confidence``). None: ``MemoryConfig.default_confidence``."""
    status: str | None = None
    """The status to write the node with (active / candidate / archived); None: the evolution
    policy's. ``add_messages`` writes the raw copy of a message it extracted as archived: the
    copy is provenance, not a memory to retrieve beside the one kept from it, and its index
    entry must say so from the start."""


SOURCE_KINDS = ("user", "agent", "system")


def content_hash(text: str) -> str:
    """Hash used to skip re-embedding unchanged content."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def coerce_input(item: object, position: int, config: MemoryConfig) -> NodeInput:
    """Check one item of a write (a :class:`NodeInput` or a mapping) and return it typed.

    Raises :class:`InvalidArgumentError` naming the item and the problem; nothing is written.
    """
    if isinstance(item, Mapping):
        known = set(NodeInput.__dataclass_fields__) - {"extra"}
        unknown = set(item) - known
        if unknown:
            raise InvalidArgumentError(
                f"item {position}: unknown field(s) {sorted(unknown)}; expected {sorted(known)}"
            )
        if "content" not in item:
            raise InvalidArgumentError(f"item {position}: 'content' is required")
        item = NodeInput(**dict(item))
    elif not isinstance(item, NodeInput):
        raise InvalidArgumentError(
            f"item {position}: expected a NodeInput or a mapping, got {type(item).__name__}"
        )
    check_content(item.content, max_chars=config.max_content_chars)
    check_node_type(item.node_type)
    if item.node_type == "root":
        raise InvalidArgumentError("root nodes are created by hybridmem, one per user")
    if item.id is not None:
        check_node_id(item.id)
    if item.parent_id is not None:
        check_node_id(item.parent_id, name="parent_id")
    if item.importance is not None:
        check_weight("importance", item.importance)
    if item.confidence is not None:
        check_weight("confidence", item.confidence)
    check_metadata(item.metadata)
    if item.lifecycle is not None:
        check_lifecycle(item.lifecycle)
    if item.tier is not None:
        check_tier(item.tier)
    if item.status is not None:
        check_status(item.status)
    for name in ("source_id", "agent_id", "session_id", "slot"):
        value = getattr(item, name)
        if value is not None:
            check_user_id(value, name=name)
    if item.source is not None and item.source not in SOURCE_KINDS:
        raise InvalidArgumentError(
            f"source must be one of {', '.join(SOURCE_KINDS)} (or None), got {item.source!r:.40}"
        )
    if not isinstance(item.sensitive, bool):
        raise InvalidArgumentError(f"sensitive must be a bool, got {type(item.sensitive).__name__}")
    if item.activate is not None and not isinstance(item.activate, bool):
        raise InvalidArgumentError(
            f"activate must be True, False or None, got {type(item.activate).__name__}"
        )
    if item.created_at is not None:
        check_datetime("created_at", item.created_at)  # a type, and a UTC instant in range
    return item
