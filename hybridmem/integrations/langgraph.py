"""LangGraph: :class:`HybridMemoryStore`, a ``langgraph.store.base.BaseStore`` over the tree.

Namespaces map onto the tree: the first element is the **user**; the rest is a path of
**task nodes** under the user's root, one per level (created on first use, never made the
active task). An item is one memory under its namespace's node (under the root for a
one-element namespace ``(user,)``)::

    store = HybridMemoryStore(mem)
    store.put(("alice", "trip"), "flight", {"content": "Flight to Lisbon on May 3"})
    store.search(("alice",), query="when do I fly?")      # SearchItems, best first

The memory's text is ``value["content"]`` (else ``"text"``, ``"memory"``, else the value as
JSON); the whole value, the key and the namespace are kept in its metadata under ``langgraph``,
so ``get`` returns exactly what was put. ``value["node_type"]`` (default ``event``) is the
memory's type; ``value["sensitive"] = True`` makes it a sensitive memory (its text sealed, never
in the metadata; a filter cannot read that text), as is every item's text in a store that seals
every content (``PrivacyConfig(encrypt_all=True)``). ``search`` with a ``query`` is a hybridmem
retrieval over the user's tree (scores in [0, 1]); without one it lists items oldest first.
``filter`` applies to the value's fields (``{"kind": "booking", "n": {"$gte": 2}}``), compiled
by the store like any metadata filter. ``list_namespaces`` lists the namespaces that hold items
(as LangGraph's own stores do; ``tests/integrations/test_langgraph_differential.py`` runs seeded
random operations against ``InMemoryStore``). Putting ``None`` deletes an item. TTLs are not
supported (hybridmem forgets by weight, see ``maintain``); ``index=`` is ignored (every item's
text is embedded).

A graph's conversation is its state's ``messages``: :meth:`HybridMemoryStore.add_messages` hands
them to :meth:`HybridMemory.add_messages` for a namespace (its user, and its task node when the
namespace is longer), e.g. in a node ``store.add_messages(("alice",), state["messages"])``. The
whole list may come every turn: a message already taken (same id) is not taken twice. A search
returns a sensitive memory only when the query is about it, unless the store was made with
``include_sensitive=True``; ``get`` and a search without a query (which carry no question) give
a sensitive item with its text field ``"[sensitive: withheld]"`` unless the store was made so
(:mod:`hybridmem.privacy.disclosure`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from typing import Any

from langgraph.store.base import (
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from hybridmem.conversation import IngestReport
from hybridmem.core.ids import new_node_id
from hybridmem.integrations.langchain_chat import to_messages
from hybridmem.memory import HybridMemory
from hybridmem.models import MemoryNode
from hybridmem.privacy.disclosure import WITHHELD, is_withheld, withhold
from hybridmem.scoped import ScopedMemory
from hybridmem.validation import check_user_id

META = "langgraph"
TEXT_FIELDS = ("content", "text", "memory")


def _ns_key(namespace: tuple[str, ...]) -> str:
    """A namespace as one scalar metadata value (filters compare scalars)."""
    return json.dumps(list(namespace), ensure_ascii=False)


def _stored_value(value: dict[str, Any], seal: bool) -> tuple[dict[str, Any], str | None]:
    """What an item's metadata keeps of its value, and the field whose text only the node's
    sealed content holds (metadata is never encrypted): everything and None, unless ``seal``
    (a sensitive item, or a store sealing every content); then everything but the text.
    ``"*"``: the whole value was the text."""
    if not seal:
        return value, None
    for name in TEXT_FIELDS:
        text = value.get(name)
        if isinstance(text, str) and text.strip():
            return {k: v for k, v in value.items() if k != name}, name
    return {}, "*"


def _text(value: dict[str, Any]) -> str:
    for name in TEXT_FIELDS:
        text = value.get(name)
        if isinstance(text, str) and text.strip():
            return text
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


class HybridMemoryStore(BaseStore):
    """A LangGraph store keeping items as memories in a :class:`HybridMemory`; with
    ``agent_id``, as that agent of each user (its items stamped with it; it sees its own, the
    shared and the granted memories only, issue 33). ``include_sensitive``: searches also
    return sensitive memories the query is not about (see :meth:`HybridMemory.retrieve`), and
    ``get`` and listings give their text instead of withholding it."""

    def __init__(
        self,
        memory: HybridMemory,
        *,
        agent_id: str | None = None,
        include_sensitive: bool = False,
    ) -> None:
        self.memory = memory
        self.agent_id = agent_id
        self.include_sensitive = include_sensitive

    def _withhold(self, node: MemoryNode) -> MemoryNode:
        """The node as a read without a question shows it (privacy/disclosure.py)."""
        return withhold(node, self.include_sensitive, seals_all=self.memory.encrypts_all)

    # -- the memory as this store's agent ---------------------------------------------------
    def _view(self, user: str) -> ScopedMemory | None:
        if self.agent_id is None:
            return None
        return self.memory.scoped(user_id=user, agent_id=self.agent_id)

    def _get_all(self, user: str, **filters: Any) -> list[MemoryNode]:
        view = self._view(user)
        if view is not None:
            return view.get_all(**filters)
        return self.memory.get_all(user_id=user, **filters)

    def _add(self, user: str, content: str, **kwargs: Any) -> MemoryNode:
        view = self._view(user)
        if view is not None:
            return view.add(content, **kwargs)
        return self.memory.add(content, user_id=user, **kwargs)

    def add_messages(
        self, namespace: tuple[str, ...], messages: Any, *, session_id: str | None = None
    ) -> IngestReport:
        """Hand a conversation (LangChain messages, e.g. a graph state's ``messages``, or
        ``{"role", "content"}`` dicts) to memory for ``namespace``: its user's, under the
        namespace's task node when it has one (made on first use)."""
        namespace = tuple(namespace)
        user = self._user(namespace)
        node = self._namespace_node(namespace, create=True) if len(namespace) > 1 else None
        task_id = node.id if node is not None else None
        mapped = to_messages(messages)
        view = self._view(user)
        if view is not None:
            return view.add_messages(mapped, task_id=task_id, session_id=session_id)
        return self.memory.add_messages(
            mapped, user_id=user, task_id=task_id, agent_id=None, session_id=session_id
        )

    # -- BaseStore ------------------------------------------------------------------------
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run the ops in order (each put/delete commits before the next op reads)."""
        results: list[Result] = []
        for op in ops:
            if isinstance(op, GetOp):
                results.append(self._get(op.namespace, op.key))
            elif isinstance(op, SearchOp):
                results.append(self._search(op))
            elif isinstance(op, PutOp):
                self._put(op)
                results.append(None)
            elif isinstance(op, ListNamespacesOp):
                results.append(self._list_namespaces(op))
            else:
                raise TypeError(f"unknown store op {type(op).__name__}")
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """:meth:`batch` in a worker thread (embedding and writes never block the loop)."""
        return await asyncio.to_thread(self.batch, list(ops))

    # -- namespaces <-> task nodes ---------------------------------------------------------
    def _user(self, namespace: tuple[str, ...]) -> str:
        if not namespace:
            raise InvalidNamespaceError("a namespace starts with the user id, e.g. ('alice',)")
        return check_user_id(namespace[0], name="namespace[0] (the user id)")

    def _namespace_node(self, namespace: tuple[str, ...], create: bool) -> MemoryNode | None:
        """The task node standing for ``namespace`` (the root for ``(user,)``)."""
        user = self._user(namespace)
        if len(namespace) == 1:
            return self.memory.root(user_id=user)
        # the namespace's own node carries the namespace but no key (an item of type task
        # put in that namespace carries both)
        where = {f"{META}.ns": _ns_key(namespace), f"{META}.key": {"$exists": False}}
        found = self._get_all(user, node_type="task", status=None, where=where)
        if found or not create:
            return found[0] if found else None
        parent = self._namespace_node(namespace[:-1], create=True)
        return self._add(
            user,
            "/".join(namespace[1:]),
            id=new_node_id(),  # never merged into an item of the same text (as above)
            node_type="task",
            parent_id=parent.id if parent is not None else None,
            activate=False,
            metadata={META: {"ns": _ns_key(namespace), "namespace": list(namespace)}},
        )

    def _item_node(self, namespace: tuple[str, ...], key: str) -> MemoryNode | None:
        found = self._get_all(
            self._user(namespace),
            status=None,
            where={f"{META}.ns": _ns_key(namespace), f"{META}.key": key},
        )
        return found[0] if found else None

    # -- ops ------------------------------------------------------------------------------
    @staticmethod
    def _item(node: MemoryNode, score: float | None = None, search: bool = False) -> Item:
        meta = node.metadata[META]
        namespace = tuple(json.loads(meta["ns"]))
        value = dict(meta["value"])
        sealed = meta.get("sealed")
        if is_withheld(node.sensitive, node.content):  # the other fields stay readable
            value[sealed if sealed not in (None, "*") else "content"] = WITHHELD
        elif sealed == "*":  # the whole value was the text
            value = json.loads(node.content)
        elif sealed is not None:
            value[sealed] = node.content
        if search:
            return SearchItem(
                namespace,
                meta["key"],
                value,
                node.created_at,
                node.updated_at,
                score=score,
            )
        return Item(
            value=value,
            key=meta["key"],
            namespace=namespace,
            created_at=node.created_at,
            updated_at=node.updated_at,
        )

    def _get(self, namespace: tuple[str, ...], key: str) -> Item | None:
        node = self._item_node(namespace, key)
        return self._item(self._withhold(node)) if node is not None else None

    def _put(self, op: PutOp) -> None:
        namespace = tuple(op.namespace)
        existing = self._item_node(namespace, op.key)
        if existing is not None and (
            op.value is None or existing.sensitive != (op.value.get("sensitive") is True)
        ):
            # deleted, or its sensitivity changed (a node is sealed or not from its creation)
            view = self._view(existing.user_id)
            if view is not None:
                view.delete(existing.id, subtree=False)
            else:
                self.memory.delete(existing.id, subtree=False, user_id=existing.user_id)
            existing = None
        if op.value is None:
            return
        value = dict(op.value)
        sensitive = value.get("sensitive") is True
        kept, sealed = _stored_value(value, sensitive or self.memory.encrypts_all)
        meta = {META: {"ns": _ns_key(namespace), "key": op.key, "value": kept}}
        if sealed is not None:
            meta[META]["sealed"] = sealed
        if existing is not None:
            view = self._view(existing.user_id)
            if view is not None:
                view.update(existing.id, content=_text(value), metadata=meta)
            else:
                self.memory.update(
                    existing.id, content=_text(value), metadata=meta, user_id=existing.user_id
                )
            return
        parent = self._namespace_node(namespace, create=True)
        # An explicit id: an item is never merged into an equal-text neighbour as a repeat
        # (a key is its own item, whatever its text says; evolution/repeats.py)
        self._add(
            self._user(namespace),
            _text(value),
            id=new_node_id(),
            node_type=str(value.get("node_type", "event")),
            parent_id=parent.id if parent is not None else None,
            activate=False,
            metadata=meta,
            sensitive=sensitive,
        )

    def _namespaces(self, user: str) -> list[tuple[str, ...]]:
        """Every namespace of ``user`` that has a node (plus ``(user,)``)."""
        where = {f"{META}.ns": {"$exists": True}, f"{META}.key": {"$exists": False}}
        nodes = self._get_all(user, node_type="task", status=None, where=where)
        return [(user,), *(tuple(json.loads(n.metadata[META]["ns"])) for n in nodes)]

    def _holding_items(self, user: str) -> set[tuple[str, ...]]:
        """The namespaces of ``user`` that hold at least one item (what LangGraph lists: a
        namespace whose items were all deleted, or that only has children, is not one)."""
        where = {f"{META}.ns": {"$exists": True}, f"{META}.key": {"$exists": True}}
        nodes = self._get_all(user, status=None, where=where)
        return {tuple(json.loads(n.metadata[META]["ns"])) for n in nodes}

    def _search(self, op: SearchOp) -> list[Item]:
        prefix = tuple(op.namespace_prefix)
        users = [self._user(prefix)] if prefix else list(self.memory.users())
        where: dict[str, Any] = {}
        for name, test in (op.filter or {}).items():
            where[f"{META}.value.{name}"] = test
        out: list[Item] = []
        for user in users:
            spaces = [_ns_key(n) for n in self._namespaces(user) if n[: len(prefix)] == prefix]
            if not spaces:  # nothing under this prefix for this user
                continue
            # Items only: the namespace's own task node carries the namespace but no key.
            scoped = {**where, f"{META}.ns": {"$in": spaces}, f"{META}.key": {"$exists": True}}
            if op.query:
                result = self.memory.retrieve(
                    op.query,
                    user_id=user,
                    agent_id=self.agent_id,
                    scope="user",
                    top_k=op.offset + op.limit,
                    where=scoped,
                    record_access=False,
                    include_sensitive=self.include_sensitive,
                )
                out += [self._item(h.node, h.score, search=True) for h in result.hits]
            else:
                nodes = self._get_all(user, where=scoped)
                out += [self._item(self._withhold(n), search=True) for n in nodes]
        if op.query:
            out.sort(key=lambda i: -(getattr(i, "score", 0.0) or 0.0))
        return out[op.offset : op.offset + op.limit]

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        found: set[tuple[str, ...]] = set()
        conditions = op.match_conditions or ()
        prefix = next((tuple(c.path) for c in conditions if c.match_type == "prefix"), ())
        # a prefix naming its user (no wildcard) reads that user only
        users = [prefix[0]] if prefix and prefix[0] != "*" else list(self.memory.users())
        for user in users:
            for namespace in self._holding_items(user):
                if all(_matches(c, namespace) for c in conditions):
                    found.add(namespace[: op.max_depth] if op.max_depth else namespace)
        return sorted(found)[op.offset : op.offset + op.limit]


def _matches(condition: MatchCondition, namespace: tuple[str, ...]) -> bool:
    path = tuple(condition.path)
    if not path:
        return True
    if len(path) > len(namespace):
        return False
    part = namespace[: len(path)] if condition.match_type == "prefix" else namespace[-len(path) :]
    return all(p in ("*", n) for p, n in zip(path, part, strict=True))
