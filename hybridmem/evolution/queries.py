"""Read-only SQL the evolution layer needs, on the store's shared connection."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hybridmem.models import MemoryNode
from hybridmem.store.sqlite_store import NODE_COLUMNS, SQLiteStore, row_to_node


def _nodes(store: SQLiteStore, sql: str, params: Sequence[Any]) -> list[MemoryNode]:
    with store.reading():
        return [row_to_node(r) for r in store.db.query(sql, list(params))]


def group_members(store: SQLiteStore, user_id: str, group: str) -> list[MemoryNode]:
    """Every member of a conflict group, oldest first (all statuses: history is kept)."""
    return _nodes(
        store,
        f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ? AND conflict_group = ? "
        "ORDER BY created_at, seq",
        [user_id, group],
    )


def conflict_pool(
    store: SQLiteStore, user_id: str, node_types: Sequence[str], limit: int = 500
) -> list[MemoryNode]:
    """The user's live facts/preferences that a new one may conflict with (newest first)."""
    marks = ",".join("?" * len(node_types))
    return _nodes(
        store,
        f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ? AND node_type IN ({marks}) "
        "AND status = 'active' ORDER BY created_at DESC, seq DESC LIMIT ?",
        [user_id, *node_types, limit],
    )


def user_nodes(
    store: SQLiteStore, user_id: str, statuses: Sequence[str] | None = None
) -> list[MemoryNode]:
    """All nodes of a user (optionally of some statuses), parents before children."""
    sql = f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ?"
    params: list[Any] = [user_id]
    if statuses:
        sql += f" AND status IN ({','.join('?' * len(statuses))})"
        params.extend(statuses)
    return _nodes(store, sql + " ORDER BY depth, seq", params)


def users(store: SQLiteStore) -> list[str]:
    """Every user id in the store."""
    with store.reading():
        return [r["user_id"] for r in store.db.query("SELECT DISTINCT user_id FROM nodes")]


def live_child_parents(store: SQLiteStore, user_id: str) -> set[str]:
    """Ids of the user's nodes that have at least one non-archived child."""
    with store.reading():
        rows = store.db.query(
            "SELECT DISTINCT parent_id FROM nodes WHERE user_id = ? AND parent_id IS NOT NULL "
            "AND status != 'archived'",
            [user_id],
        )
        return {r["parent_id"] for r in rows}
