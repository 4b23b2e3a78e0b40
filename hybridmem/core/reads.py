"""Reads of the tree, beside the write unit: each checks its arguments, reads the store and is
audited in one place.

:class:`Reader` is what ``HybridMemory``'s read methods forward to (get, children, path,
subtree, root, active node, users, listing, id resolution, and the audit of a retrieval's
hits). The audit itself is a hook (:data:`ReadAudit`) the privacy layer provides: it records
the read when ``PrivacyConfig.audit_reads`` is on and does nothing otherwise, so whether reads
are audited is decided in that one place and no read can forget to ask.

Each read audits once, after it succeeded, with the user whose nodes it returned and their
ids (a failed read, e.g. an unknown id, returned nothing and records nothing). A read built on
another (``children`` reads the parent first) audits both, as a caller of both would.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hybridmem.core.engine import Engine
from hybridmem.core.tree import get_scoped
from hybridmem.errors import AmbiguousIdError, InvalidArgumentError, NodeNotFoundError
from hybridmem.filters import make_filter
from hybridmem.models import MemoryNode, RetrievalResult
from hybridmem.validation import (
    check_node_id,
    check_optional_user,
    check_positive_int,
    check_status,
    check_user_id,
)

ReadAudit = Callable[[str, str | None, Sequence[str]], None]
"""``audit(action, user_id, node_ids)``: record one read (the privacy layer's hook)."""
RetrievalAudit = Callable[[str, str | None, str, Sequence[str]], None]
"""``audit(user_id, agent_id, query, node_ids)``: record one retrieval with who asked (the
privacy layer's hook: it keeps the query's hash, never its text; issue 33)."""

FRAGMENT_MIN = 4
"""Shortest id fragment :meth:`Reader.resolve_id` looks up (shorter ones match too much)."""


def no_audit(action: str, user_id: str | None, node_ids: Sequence[str]) -> None:
    """The audit of a core without a privacy layer: reads are not recorded."""


class Reader:
    """Every read of the tree the facade offers, each audited through one hook."""

    def __init__(
        self,
        engine: Engine,
        audit: ReadAudit = no_audit,
        audit_retrieval: RetrievalAudit | None = None,
    ) -> None:
        self.engine = engine
        self.audit = audit
        self.audit_retrieval = audit_retrieval
        """None: a retrieval is audited as any read (``audit``), without agent or query."""

    def _open(self) -> None:
        self.engine.check_open()

    # -- one node and its neighbours ---------------------------------------------------------
    def get(self, node_id: str, *, user_id: str | None = None) -> MemoryNode:
        """The node with this id (restricted to ``user_id`` when given); audited ``read``."""
        self._open()
        check_node_id(node_id)
        check_optional_user(user_id)
        node = get_scoped(self.engine, node_id, user_id)
        self.audit("read", node.user_id, [node.id])
        return node

    def children(self, node_id: str, *, user_id: str | None = None) -> list[MemoryNode]:
        """Direct children, oldest first; audited ``read`` (the parent), ``read_children``."""
        node = self.get(node_id, user_id=user_id)
        found = self.engine.store.children(node.id)
        self.audit("read_children", node.user_id, [n.id for n in found])
        return found

    def path_to_root(self, node_id: str, *, user_id: str | None = None) -> list[MemoryNode]:
        """Ancestors and the node, root first; audited ``read`` (the node), ``read_path``."""
        node = self.get(node_id, user_id=user_id)
        found = self.engine.store.get_many(node.path)
        self.audit("read_path", node.user_id, list(node.path))
        return [*(found[i] for i in node.path if i in found), node]

    def subtree(self, node_id: str, *, user_id: str | None = None) -> list[MemoryNode]:
        """The node and every descendant, parents first; audited ``read``, ``read_subtree``."""
        nodes = self.engine.store.subtree(self.get(node_id, user_id=user_id))
        self.audit("read_subtree", nodes[0].user_id, [n.id for n in nodes[1:]])
        return nodes

    # -- a user's landmarks ---------------------------------------------------------------------
    def root(self, user_id: str) -> MemoryNode | None:
        """The user's root node (None before the first memory); audited ``read_root``."""
        self._open()
        node = self.engine.store.user_root(check_user_id(user_id))
        self.audit("read_root", user_id, [node.id] if node is not None else [])
        return node

    def active_node(self, user_id: str) -> MemoryNode | None:
        """The user's active node, or None; audited ``read_active``."""
        self._open()
        store = self.engine.store
        node_id = store.get_active(check_user_id(user_id))
        node = store.get(node_id) if node_id else None
        self.audit("read_active", user_id, [node.id] if node is not None else [])
        return node

    def users(self) -> dict[str, int]:
        """Every user id with its number of nodes, sorted; audited ``read_users`` (no user,
        no node: the entry says the list of tenants was read)."""
        self._open()
        found = dict(sorted(self.engine.store.counts("user_id").items()))
        self.audit("read_users", None, [])
        return found

    def resolve_id(self, fragment: str, *, user_id: str | None = None) -> str:
        """The full id of the one node (of ``user_id``) whose id is, begins or ends with
        ``fragment``; audited ``resolve_id`` with that node (see ``HybridMemory.resolve_id``)."""
        self._open()
        check_node_id(fragment)
        if user_id is not None:
            check_user_id(user_id)
        store = self.engine.store
        owner = store.owner(fragment)
        if owner is not None and (user_id is None or owner == user_id):
            self.audit("resolve_id", owner, [fragment])
            return fragment
        found = (
            store.ids_by_fragment(fragment, user_id=user_id, limit=6)
            if len(fragment) >= FRAGMENT_MIN
            else []
        )
        whose = f" of user {user_id!r}" if user_id is not None else ""
        if not found:
            raise NodeNotFoundError(
                f"no node{whose} whose id is, begins or ends with {fragment!r:.80}"
            )
        if len(found) > 1:
            listed = ", ".join(found[:5]) + (", ..." if len(found) > 5 else "")
            raise AmbiguousIdError(
                f"{fragment!r} begins or ends several node ids{whose}: {listed}; "
                "give more characters"
            )
        self.audit("resolve_id", user_id or store.owner(found[0]), found)
        return found[0]

    # -- listings and searches ------------------------------------------------------------------
    def get_all(
        self,
        *,
        user_id: str,
        node_type: str | Sequence[str] | None = None,
        where: Mapping[str, Any] | None = None,
        status: str | Sequence[str] | None = "active",
        limit: int | None = None,
        offset: int = 0,
    ) -> list[MemoryNode]:
        """The user's memories, oldest first (see ``HybridMemory.get_all``); audited
        ``read_all``."""
        self._open()
        user_id = check_user_id(user_id)
        node_filter = make_filter(node_type, where)
        roots = node_filter.node_types is not None and "root" in node_filter.node_types
        statuses = check_statuses(status)
        if limit is not None:
            check_positive_int("limit", limit)
        check_positive_int("offset", offset, allow_zero=True)
        found = self.engine.store.find_nodes(
            user_id, node_filter, statuses=statuses, limit=limit, offset=offset, roots=roots
        )
        self.audit("read_all", user_id, [n.id for n in found])
        return found

    def retrieve(
        self,
        user_id: str,
        search: Callable[[], RetrievalResult],
        *,
        agent_id: str | None = None,
        query: str = "",
    ) -> RetrievalResult:
        """Run a retrieval (the retrieval layer's, called with its checked arguments) and audit
        it as ``retrieve``: its hits, the agent that asked and the query (hashed by the hook)."""
        result = search()
        ids = [h.node.id for h in result.hits]
        if self.audit_retrieval is None:
            self.audit("retrieve", user_id, ids)
        else:
            self.audit_retrieval(user_id, agent_id, query, ids)
        return result


def check_statuses(status: str | Sequence[str] | None) -> list[str] | None:
    """``get_all``'s status argument as a list (None: every status)."""
    if status is None:
        return None
    wanted = [status] if isinstance(status, str) else status
    if not isinstance(wanted, list | tuple) or not wanted:
        raise InvalidArgumentError(
            f"status must be a status, a non-empty list of them, or None; got {status!r:.80}"
        )
    return [check_status(s) for s in wanted]
