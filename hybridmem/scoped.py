"""Tenant isolation: a view of the memory fixed to one user, and optionally one agent/session.

The user boundary is enforced by the engine itself (every SQL query and Chroma ``where`` carries
``user_id``; another user's node is reported exactly like a missing one; linking under another
user's parent raises :class:`ScopeError`). :class:`ScopedMemory` fixes the user so callers
cannot forget it, and adds agent and session scoping on top:

- a node is visible to a scope when its user matches and, for each of agent / session the
  scope names, the node's value is that one or unset (unset = shared by the whole user, e.g.
  the root and anything written without an agent);
- writes through the view stamp the agent/session on the node; a parent outside the view is
  refused with :class:`ScopeError` (another agent's/session's) or
  :class:`NodeNotFoundError` (another user's: ids do not leak across users).

Agent/session filtering is applied to candidates after the user-scoped search, so another
agent's nodes can take candidate slots (fewer hits) but never appear. Give tenants distinct
user ids when they must not share even that.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

from hybridmem.core.reads import Reader
from hybridmem.errors import InvalidArgumentError, ScopeError
from hybridmem.models import MemoryNode, RetrievalResult
from hybridmem.retrieval.visibility import visibility
from hybridmem.validation import check_positive_int, check_user_id

if TYPE_CHECKING:
    from hybridmem.config import MemoryConfig
    from hybridmem.conversation import IngestReport
    from hybridmem.core import Engine
    from hybridmem.privacy.audit import AuditEntry
    from hybridmem.privacy.erasure import ErasureReport
    from hybridmem.privacy.portability import PortabilityReport


class Memory(Protocol):
    """What a scoped view needs from the memory it wraps (``HybridMemory`` provides it).

    Declared as callables rather than copies of ``HybridMemory``'s signatures, so this module
    does not import the facade (which imports it) and does not drift from it: the view
    forwards keyword arguments and the facade validates them.
    """

    @property
    def config(self) -> MemoryConfig: ...
    @property
    def engine(self) -> Engine: ...
    @property
    def get(self) -> Callable[..., MemoryNode]: ...
    @property
    def add(self) -> Callable[..., MemoryNode]: ...
    @property
    def add_messages(self) -> Callable[..., IngestReport]: ...
    @property
    def update(self) -> Callable[..., MemoryNode]: ...
    @property
    def move(self) -> Callable[..., MemoryNode]: ...
    @property
    def delete(self) -> Callable[..., int]: ...
    @property
    def erase(self) -> Callable[..., ErasureReport]: ...
    @property
    def children(self) -> Callable[..., list[MemoryNode]]: ...
    @property
    def path_to_root(self) -> Callable[..., list[MemoryNode]]: ...
    @property
    def subtree(self) -> Callable[..., list[MemoryNode]]: ...
    @property
    def get_all(self) -> Callable[..., list[MemoryNode]]: ...
    @property
    def root(self) -> Callable[..., MemoryNode | None]: ...
    @property
    def active_node(self) -> Callable[..., MemoryNode | None]: ...
    @property
    def retrieve(self) -> Callable[..., RetrievalResult]: ...
    @property
    def audit_trail(self) -> Callable[..., list[AuditEntry]]: ...
    @property
    def export_user(self) -> Callable[..., PortabilityReport]: ...


def _check_keywords(method: Callable[..., Any], kwargs: dict[str, Any]) -> None:
    """Refuse keywords ``method`` does not take with a project error naming them (the view
    forwards ``**kwargs``, so Python's own TypeError would otherwise escape)."""
    params = inspect.signature(method).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return
    unknown = sorted(k for k in kwargs if k not in params)
    if unknown:
        known = sorted(k for k, p in params.items() if p.kind is inspect.Parameter.KEYWORD_ONLY)
        raise InvalidArgumentError(
            f"{getattr(method, '__name__', 'this call')}() takes no argument(s) {unknown}; "
            f"known: {known}"
        )


class ScopedMemory:
    """``mem.scoped(user_id="u1", agent_id="planner")``: every call stays inside that scope."""

    def __init__(
        self,
        mem: Memory,
        *,
        user_id: str,
        agent_id: str | None = None,
        session_id: str | None = None,
    ) -> None:
        self.mem = mem
        self.user_id = check_user_id(user_id)
        self.agent_id = None if agent_id is None else check_user_id(agent_id, name="agent_id")
        self.session_id = (
            None if session_id is None else check_user_id(session_id, name="session_id")
        )
        self.visible = visibility(self.user_id, self.agent_id, self.session_id)

    def _check(self, node: MemoryNode) -> MemoryNode:
        if not self.visible(node):
            raise ScopeError(
                f"node {node.id!r} belongs to another agent or session than this scope "
                f"(agent {self.agent_id!r}, session {self.session_id!r})"
            )
        return node

    def _own(self, node_id: str) -> MemoryNode:
        return self._check(self.mem.get(node_id, user_id=self.user_id))

    # -- writing --------------------------------------------------------------------------
    def add(self, content: str, *, parent_id: str | None = None, **kwargs: Any) -> MemoryNode:
        """Add a memory in this scope (agent/session stamped on it)."""
        for name in ("user_id", "agent_id", "session_id"):
            if name in kwargs:
                raise ScopeError(f"{name} is fixed by this scoped view; do not pass it")
        _check_keywords(self.mem.add, kwargs)
        if parent_id is not None:
            self._own(parent_id)
        elif kwargs.get("node_type", "event") not in self.mem.config.scope_types:
            # Where the view places the node is its own decision, not a read the caller
            # made: unaudited reads (the add itself is audited).
            placing = Reader(self.mem.engine)
            active = placing.active_node(self.user_id)
            if active is not None and not self.visible(active):
                # Never attach under another agent's active node: use the root instead.
                root = placing.root(self.user_id)
                parent_id = root.id if root else None
        return self.mem.add(
            content,
            parent_id=parent_id,
            user_id=self.user_id,
            agent_id=self.agent_id,
            session_id=self.session_id,
            **kwargs,
        )

    def add_messages(
        self, messages: Any, *, task_id: str | None = None, session_id: str | None = None
    ) -> IngestReport:
        """Hand over chat messages in this scope (the agent, and the view's session unless
        ``session_id`` names another, stamped on every memory written)."""
        if task_id is not None:
            self._own(task_id)
        return self.mem.add_messages(
            messages,
            user_id=self.user_id,
            task_id=task_id,
            agent_id=self.agent_id,
            session_id=session_id or self.session_id,
        )

    def update(self, node_id: str, **changes: Any) -> MemoryNode:
        """Change a node of this scope."""
        if "user_id" in changes:
            raise ScopeError("user_id is fixed by this scoped view; do not pass it")
        _check_keywords(self.mem.update, changes)
        self._own(node_id)
        return self.mem.update(node_id, user_id=self.user_id, **changes)

    def move(self, node_id: str, new_parent_id: str) -> MemoryNode:
        """Move a node of this scope under another node of this scope."""
        self._own(node_id)
        self._own(new_parent_id)
        return self.mem.move(node_id, new_parent_id, user_id=self.user_id)

    def delete(self, node_id: str, *, subtree: bool = True) -> int:
        """Delete a node of this scope (and, with ``subtree``, everything under it)."""
        self._own(node_id)
        if subtree:
            for node in self.mem.subtree(node_id, user_id=self.user_id):
                self._check(node)
        return self.mem.delete(node_id, subtree=subtree, user_id=self.user_id)

    def erase(self, node_id: str | None = None, *, subtree: bool = True) -> ErasureReport:
        """Erase a node of this scope, or (unscoped by agent/session only) the whole user."""
        if node_id is None:
            if self.agent_id is not None or self.session_id is not None:
                raise ScopeError("erasing a whole user needs a user-level scope")
            return self.mem.erase(user_id=self.user_id)
        self._own(node_id)
        return self.mem.erase(node_id, user_id=self.user_id, subtree=subtree)

    # -- reading --------------------------------------------------------------------------
    def get(self, node_id: str) -> MemoryNode:
        """A node of this scope; another scope's node raises (ScopeError / NodeNotFoundError)."""
        return self._own(node_id)

    def children(self, node_id: str) -> list[MemoryNode]:
        """Visible children of a visible node."""
        self._own(node_id)
        return [n for n in self.mem.children(node_id, user_id=self.user_id) if self.visible(n)]

    def path_to_root(self, node_id: str) -> list[MemoryNode]:
        """Visible ancestors and the node, root first."""
        self._own(node_id)
        return [n for n in self.mem.path_to_root(node_id, user_id=self.user_id) if self.visible(n)]

    def subtree(self, node_id: str) -> list[MemoryNode]:
        """The visible part of a visible node's subtree."""
        self._own(node_id)
        return [n for n in self.mem.subtree(node_id, user_id=self.user_id) if self.visible(n)]

    def get_all(
        self, *, limit: int | None = None, offset: int = 0, **filters: Any
    ) -> list[MemoryNode]:
        """The scope's memories, oldest first (``HybridMemory.get_all``'s filters); paging
        counts visible memories only."""
        if "user_id" in filters:
            raise ScopeError("user_id is fixed by this scoped view; do not pass it")
        _check_keywords(self.mem.get_all, filters)
        check_positive_int("offset", offset, allow_zero=True)
        if limit is not None:
            check_positive_int("limit", limit)
        found = [n for n in self.mem.get_all(user_id=self.user_id, **filters) if self.visible(n)]
        return found[offset : None if limit is None else offset + limit]

    def root(self) -> MemoryNode | None:
        """The user's root (shared by every agent and session of the user)."""
        return self.mem.root(user_id=self.user_id)

    def active_node(self) -> MemoryNode | None:
        """The user's active node, if this scope may see it."""
        node = self.mem.active_node(user_id=self.user_id)
        return node if node is not None and self.visible(node) else None

    def retrieve(self, query: str, **kwargs: Any) -> RetrievalResult:
        """Retrieval restricted to this scope."""
        for name in ("user_id", "agent_id", "session_id"):
            if name in kwargs:
                raise ScopeError(f"{name} is fixed by this scoped view; do not pass it")
        _check_keywords(self.mem.retrieve, kwargs)
        if kwargs.get("task_id") is not None:
            self._own(kwargs["task_id"])
        return self.mem.retrieve(
            query,
            user_id=self.user_id,
            agent_id=self.agent_id,
            session_id=self.session_id,
            **kwargs,
        )

    def history(self, node_id: str) -> list[AuditEntry]:
        """Audit entries of a node of this scope."""
        self._own(node_id)
        return self.mem.audit_trail(node_id, user_id=self.user_id)

    def export(self, dest: str | Path | IO[str]) -> PortabilityReport:
        """Export this user's memory (user-level scope only)."""
        if self.agent_id is not None or self.session_id is not None:
            raise ScopeError("export covers a whole user; use a user-level scope")
        return self.mem.export_user(self.user_id, dest)

    def all_nodes(self) -> list[MemoryNode]:
        """Every node of this scope, parents before children."""
        root = self.root()
        if root is None:
            return []
        return [n for n in self.mem.subtree(root.id, user_id=self.user_id) if self.visible(n)]
