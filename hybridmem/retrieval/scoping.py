"""Which memories a query may see: the scope rule, in one place.

A retrieval sees, for ``scope="task"`` (the default):

1. the active task's subtree: the given ``task_id``, else the nearest task at or above the
   user's active node (nested tasks included);
2. the user-level memories: every node of a type in ``MemoryConfig.user_level_types``
   (facts, preferences, profiles by default) that is not inside any task. They are about the
   user, not about one piece of work, so they follow the user into every task. Written without
   a ``parent_id`` such a memory is placed under the root by the write path
   (:meth:`hybridmem.core.tree.TreeWriter.add_many`), so "my daughter is allergic to nuts" said
   during task A is found from task B. An explicit ``parent_id`` under a task keeps it
   task-local;
3. the ancestor path of where the agent is (printed first in the context, never ranked).

``scope="user"`` (or ``RetrievalConfig.use_tree_scope=False``) searches the user's whole tree.
With no task (or the root as task) the scope is the whole tree too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from hybridmem.core import Core, scope_key
from hybridmem.errors import InvalidArgumentError, NodeNotFoundError
from hybridmem.models import MemoryNode
from hybridmem.store import Scope

ScopeName = Literal["task", "user"]
SCOPES: tuple[str, ...] = ("task", "user")


@dataclass(frozen=True, slots=True)
class ResolvedScope:
    """Where a query looks, resolved once before any candidate is fetched.

    ``node``: the scope node (None: the whole tree); ``anchor``: where the agent is (the active
    node when it lies in scope, else the scope node); ``path``: the anchor's ancestors and the
    anchor, root first; ``scope``: the SQL scope; ``where``/``ids``: the vector index filter.
    """

    node: MemoryNode | None
    anchor: MemoryNode | None
    path: list[MemoryNode]
    scope: Scope
    where: dict[str, Any]
    ids: list[str] | None


def check_scope(scope: str) -> ScopeName:
    """``scope`` if it names a scope, else a clear error."""
    if scope == "task":
        return "task"
    if scope == "user":
        return "user"
    raise InvalidArgumentError(f"scope must be one of {SCOPES}, got {scope!r}")


def _key_filter(field: str, keys: list[str]) -> dict[str, Any]:
    return {field: keys[0]} if len(keys) == 1 else {field: {"$in": keys}}


def _or(*clauses: dict[str, Any]) -> dict[str, Any]:
    return clauses[0] if len(clauses) == 1 else {"$or": list(clauses)}


def resolve_scope(
    core: Core,
    user_id: str,
    task_id: str | None,
    active: MemoryNode | None,
    scope: ScopeName = "task",
) -> ResolvedScope:
    """Pick what a query may see (see the module docstring); applied before any ranking."""
    engine = core.engine
    store = engine.store
    cfg = engine.config
    statuses = list(cfg.retrieval.include_statuses)
    node: MemoryNode | None = None
    if task_id is not None:
        node = store.get(task_id)
        if node is None or node.user_id != user_id:
            raise NodeNotFoundError(f"no node {task_id!r} for user {user_id!r}")
    elif active is not None:
        node = store.get(active.task_id)
    anchor = _anchor(node, active)
    path_ids = [*anchor.path, anchor.id] if anchor is not None else []
    found = store.get_many(path_ids)
    path = [found[i] for i in path_ids if i in found]

    user_where = _key_filter("user_status", [scope_key(user_id, s) for s in statuses])
    whole_tree = scope == "user" or not cfg.retrieval.use_tree_scope
    if whole_tree or node is None or node.parent_id is None:
        shown = None if whole_tree else node
        return ResolvedScope(shown, anchor, path, Scope(user_id), user_where, None)
    root_id = node.path[0]
    types = tuple(cfg.user_level_types)
    standing_task = root_id if types else None
    standing_where = (
        [
            {
                "$and": [
                    _key_filter("task_status", [scope_key(root_id, s) for s in statuses]),
                    _key_filter("node_type", list(types)),
                ]
            }
        ]
        if types
        else []
    )
    if node.node_type in cfg.scope_types:
        tasks = [node.id, *store.descendant_scope_ids(node, cfg.scope_types)]
        # Task ids are unique and belong to one user, so this one clause implies the user.
        where = _or(
            _key_filter("task_status", [scope_key(t, s) for t in tasks for s in statuses]),
            *standing_where,
        )
        narrowed = Scope(
            user_id,
            node.id,
            task_ids=tuple(tasks),
            standing_task=standing_task,
            standing_types=types,
        )
        return ResolvedScope(node, anchor, path, narrowed, where, None)
    # A non-task node as scope (e.g. a session): filter the index by the subtree's ids.
    ids = [n.id for n in store.subtree(node)]
    if types:
        ids += store.task_members(root_id, types, statuses)
    narrowed = Scope(
        user_id,
        node.id,
        path_prefix=node.path_prefix_for_children(),
        standing_task=standing_task,
        standing_types=types,
    )
    return ResolvedScope(node, anchor, path, narrowed, user_where, list(dict.fromkeys(ids)))


def _anchor(node: MemoryNode | None, active: MemoryNode | None) -> MemoryNode | None:
    """Where the agent "is": the active node when it lies in scope, else the scope node."""
    if active is not None and (node is None or active.id == node.id or node.id in active.path):
        return active
    return node
