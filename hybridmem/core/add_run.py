"""One ``add_many`` in progress: its queued ops, the nodes written so far, the parents read.

:class:`hybridmem.core.tree.TreeWriter` plans the batch's items one by one; this queues what
each plan writes (the new node's ``add``, and the ``evolve`` ops of its changes to older
nodes) and commits the queue with one op-log statement and one statement per table for each
run of adds (:meth:`Engine.commit_run`). Meanwhile the planner's shared reads
(:class:`~hybridmem.core.hooks.BatchReads`) are shown every queued node and changed node as the
store will read it back, so a plan sees what adding the items one by one would show it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Protocol

from hybridmem.clock import from_iso, to_iso
from hybridmem.core.engine import Engine, WriteUnit
from hybridmem.core.hooks import BatchReads, NodeChange
from hybridmem.core.inputs import NodeInput
from hybridmem.core.ops import BuiltRow, add_row, changed_node, parent_key, predicts
from hybridmem.models import MemoryNode, OpRecord
from hybridmem.store import row_to_node


class TreeWrites(Protocol):
    """What a run asks of the tree writer that owns it (:class:`hybridmem.core.TreeWriter`)."""

    engine: Engine

    def _resolve_parent(
        self,
        parent_id: str | None,
        user_id: str,
        batch: Mapping[str, MemoryNode],
        seen: dict[str | None, MemoryNode | None] | None = None,
    ) -> MemoryNode | None: ...

    def _create_root(self, user_id: str, now: datetime) -> MemoryNode: ...

    def _commit_changes(
        self, changes: Sequence[NodeChange], *, user_id: str, now: datetime
    ) -> list[MemoryNode]: ...


class AddRun:
    """The state of one ``add_many``: adds queued for one batched commit, the nodes written so
    far, and the stored parents already read."""

    def __init__(
        self, writer: TreeWrites, user_id: str, now: datetime, reads: BatchReads, unit: WriteUnit
    ) -> None:
        self.writer = writer
        self.unit = unit
        self.user_id = user_id
        self.now = now
        self.reads = reads
        """Store reads the planner shares between items: they see every queued item as the
        node it will be once written, and the batch's changes to older nodes."""
        self.batch: dict[str, MemoryNode] = {}
        self.created: list[MemoryNode] = []
        self.touched: set[str] = set()
        self.evolved: list[str] = []
        self.root: MemoryNode | None = None
        self._queued: list[tuple[str, str | None, str | None, dict[str, Any]]] = []
        """The ops queued for the next batched commit, in order: adds and changes."""
        self._renewed: list[str] = []
        self._changed: dict[str, MemoryNode] = {}
        """Queued changes: each changed node's version as shown to the planner."""
        self._queued_ids: set[str] = set()
        self._queued_keys: set[tuple[str, str, str]] = set()
        self._shown: list[MemoryNode] = []
        """The queued items as shown to the planner's reads (``reads.added``)."""
        self._built: dict[str, BuiltRow] = {}
        """The queued adds' rows, which the commit takes instead of building them again."""
        self._next_seq = 0
        self._seen: dict[str | None, MemoryNode | None] = {}
        self._ctx = writer.engine.apply_context
        """What ``add_row`` reads (the scope types): one per run, the unit holds the store."""
        reads.write_pending = self.flush

    def parent_for(self, item: NodeInput) -> MemoryNode:
        """Where ``item`` goes: its parent, the active node, or the user's root."""
        engine = self.writer.engine
        if item.parent_id in self._queued_ids:
            self.flush()  # the parent is queued: its row must exist to hang a child under it
        # With no parent: a new task starts a new top-level task, and a user-level memory (a
        # fact or preference about the user) goes under the root so it follows the user into
        # every task; anything else belongs to what the agent is doing now (the active node).
        # An explicit parent always wins.
        top_level = item.parent_id is None and (
            item.node_type in engine.config.scope_types
            or item.node_type in engine.config.user_level_types
        )
        parent = (
            None
            if top_level
            else self.writer._resolve_parent(item.parent_id, self.user_id, self.batch, self._seen)
        )
        if parent is not None:
            return parent
        if self.root is None:
            self.root = engine.store.user_root(self.user_id)
            if self.root is None:
                self.flush()  # the op log keeps the items' order: queued ones come first
                self.root = self.writer._create_root(self.user_id, self.now)
                self.reads.forget()
                self.created.append(self.root)
        return self.root

    def queue(
        self,
        node_id: str,
        payload: dict[str, Any],
        key: tuple[str, str, str],
        parent: MemoryNode,
        content: str,
    ) -> None:
        """Queue one ``add`` (under the stored ``parent``, plaintext ``content``) for the next
        batched commit, and show the planner's reads the node it will be; ``key`` (type,
        parent, content hash) lets a later identical item find it (:meth:`holds`)."""
        engine = self.writer.engine
        if not self._queued:
            # Nothing is written between now and the flush, so the queued adds take the next
            # sequence numbers in order (any numbers above every stored one order the same).
            self._next_seq = engine.store.last_seq() + 1
        record = OpRecord(
            seq=self._next_seq + len(self._queued),
            op="add",
            node_id=node_id,
            user_id=self.user_id,
            payload=payload,
            at=self.now,
            actor=engine.actor,
        )
        row, _ = add_row(self._ctx, record, parent, terms=False)
        node = decoded = row_to_node(row)
        self._built[node_id] = BuiltRow(record, parent_key(parent), row, decoded)
        if node.sensitive:
            node = replace(node, content=content)  # as the store's reads decrypt it
        self._queued.append(("add", node_id, self.user_id, payload))
        self._queued_ids.add(node_id)
        self._queued_keys.add(key)
        self._shown.append(node)
        self.reads.added([node])

    def holds(self, key: tuple[str, str, str]) -> bool:
        """Whether an item with this (type, parent, content hash) is queued, unwritten."""
        return key in self._queued_keys

    def flush(self) -> None:
        """Commit the queued ops, each run of adds with one statement per table."""
        if not self._queued:
            return
        engine = self.writer.engine
        ops, shown, renewed, changed = self._queued, self._shown, self._renewed, self._changed
        built = self._built
        self._queued, self._queued_ids, self._queued_keys, self._shown = [], set(), set(), []
        self._renewed, self._changed, self._built = [], {}, {}
        done = engine.commit_run(ops, at=self.now, built=built)
        if renewed:
            # Passive renewal is an access statistic: not logged, like reads.
            engine.store.touch(renewed, self.now, count=False)
        self.reads.stored()
        added = [node for (record, node) in done if record.op == "add"]
        for node, seen in zip(added, shown, strict=True):
            assert node is not None
            self.batch[node.id] = node
            self.created.append(node)
            self.touched.update(node.path)
            if node != seen:
                # Never seen in practice (the queue shows the rows the applier writes); should
                # a store number or stamp rows otherwise, the planner's reads start afresh.
                self.reads.forget()
        if changed and engine.store.get_many(changed) != changed:
            self.reads.forget()  # likewise for the versions the queued changes showed

    def changes(self, changes: Sequence[NodeChange]) -> None:
        """Queue what a planned item does to older nodes (each an ``evolve`` op, committed with
        the queue); the planner's reads take in their new versions meanwhile."""
        engine = self.writer.engine
        if any(
            change.action == "expire_buffer" or not predicts(_logged(change)) for change in changes
        ):
            self.flush()  # a deletion, or an unusual column: committed at once
            changed = self.writer._commit_changes(changes, user_id=self.user_id, now=self.now)
            self._show_changes(changed, list(engine.store.get_many(n.id for n in changed).values()))
            return
        before: list[MemoryNode] = []
        for change in changes:
            # As the store will hold it when this change is applied: changed or added in this
            # queue (not written yet), else the stored one.
            node = self._changed.get(change.node_id)
            if node is None and change.node_id in self._queued_ids:
                node = self.reads.node(change.node_id)
            node = node or engine.store.get(change.node_id)
            if node is None or node.user_id != self.user_id:
                continue
            values = _logged(change)
            new = changed_node(node, values, self.now)
            if "renew" in change.values:
                new = _renewed(new, self.now)
                self._renewed.append(node.id)
            if not self._queued:
                self._next_seq = engine.store.last_seq() + 1
            payload = {"action": change.action, "reason": change.reason, "values": values}
            self._queued.append(("evolve", node.id, self.user_id, payload))
            self._changed[node.id] = new
            before.append(node)
        self.unit.sync.extend(node.id for node in before)
        self._show_changes(before, [self._changed[i] for i in dict.fromkeys(n.id for n in before)])

    def _show_changes(self, before: list[MemoryNode], after: list[MemoryNode]) -> None:
        """Show the planner's reads the new versions ``after`` of the nodes changed from
        ``before`` (in order; a node changed twice counts from its first version)."""
        self.evolved.extend(node.id for node in before)
        first = {node.id: node for node in reversed(before)}
        self.reads.changed(after, first, stored=not self._changed)


def _logged(change: NodeChange) -> dict[str, Any]:
    """The column values a change's op logs (a renewal is an access statistic: not logged)."""
    return {k: v for k, v in change.values.items() if k != "renew"}


def _renewed(node: MemoryNode, at: datetime) -> MemoryNode:
    """``node`` once ``store.touch(..., count=False)`` renewed it at ``at``."""
    stamp = to_iso(at)
    last = node.last_accessed_at
    if last is None or to_iso(last) < stamp:
        return replace(node, last_accessed_at=from_iso(stamp))
    return node
