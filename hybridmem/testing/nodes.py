"""A typed factory for memories built by hand, where a test needs a node without a store.

Tests of ranking, pairing and decoding hand a :class:`~hybridmem.models.MemoryNode` straight
to the code under test. Written out, each of them named all twenty fields, most with the same
value; here those shared values are written once, and a test names only the fields it is
about.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from hybridmem.models import MemoryNode


def memory_node(
    node_id: str,
    at: datetime,
    *,
    content: str | None = None,
    user_id: str = "u",
    parent_id: str | None = None,
    node_type: str = "event",
    importance: float = 0.5,
    confidence: float = 1.0,
    updated_at: datetime | None = None,
    last_accessed_at: datetime | None = None,
    seq: int = 0,
    status: str = "active",
    depth: int = 1,
    path: tuple[str, ...] = (),
    task_id: str = "t",
    content_hash: str | None = None,
    index_state: str = "indexed",
    metadata: dict[str, Any] | None = None,
    marks: dict[str, Any] | None = None,
    tier: str | None = None,
    conflict_group: str | None = None,
) -> MemoryNode:
    """An active node created (and updated) ``at``, never read, whose content and hash are
    its id unless given."""
    return MemoryNode(
        id=node_id,
        user_id=user_id,
        parent_id=parent_id,
        content=node_id if content is None else content,
        node_type=node_type,
        importance=importance,
        confidence=confidence,
        created_at=at,
        updated_at=at if updated_at is None else updated_at,
        last_accessed_at=last_accessed_at,
        access_count=0,
        seq=seq,
        version=1,
        status=status,
        depth=depth,
        path=path,
        task_id=task_id,
        content_hash=node_id if content_hash is None else content_hash,
        index_state=index_state,
        metadata={} if metadata is None else metadata,
        marks={} if marks is None else marks,
        tier=tier,
        conflict_group=conflict_group,
    )
