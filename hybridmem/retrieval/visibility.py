"""Who may see a node: the user boundary plus optional agent and session scoping.

A node is visible to a scope when its user matches and, for each of agent / session the scope
names, the node's value is that one or unset (unset = shared by the whole user, e.g. the root
and anything written without an agent).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from hybridmem.errors import NodeNotFoundError
from hybridmem.models import MemoryNode


def visibility(
    user_id: str, agent_id: str | None, session_id: str | None
) -> Callable[[MemoryNode], bool]:
    """The predicate "this node is visible to that scope"."""

    def visible(node: MemoryNode) -> bool:
        return (
            node.user_id == user_id
            and (agent_id is None or node.agent_id in (None, agent_id))
            and (session_id is None or node.session_id in (None, session_id))
        )

    return visible


def check_no_foreign(nodes: Mapping[str, MemoryNode] | list[MemoryNode], user_id: str) -> None:
    """Raise if any node belongs to another user (used by export as a last line of defence)."""
    values = nodes.values() if isinstance(nodes, Mapping) else nodes
    for node in values:
        if node.user_id != user_id:
            raise NodeNotFoundError(f"node {node.id!r} is not in user {user_id!r}'s scope")
