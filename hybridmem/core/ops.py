"""Typed ops and the one function per op that applies it to the tree store.

Every mutation is an op: a row in the op log (``seq, op, node_id, user_id, payload, at,
actor``) and an *applier* that turns that row into table changes. The live write path appends
the row and calls the applier; ``restore`` inserts the logged row verbatim and calls the same
applier. Live writes and replay therefore cannot drift apart: there is one implementation of
each mutation.

A payload carries everything its applier needs without the embedder, the clock or randomness
(ids, parents, contents or ciphertexts, weights, and the op's own time ``at``, which the live
write used as "now"). What replay does not reproduce, by decision: access statistics
(``access_count``, ``last_accessed_at``), because reads are not logged, and ``index_state``,
which is derived (the vector index is rebuilt after a restore).

Layers above the core add their own ops (privacy's ``erase``) by registering an applier on the
engine's :class:`OpRegistry` when they are built; an op with no applier stops a restore with
:class:`~hybridmem.errors.ReplayError` rather than produce a state that silently differs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import Enum
from typing import Any

from hybridmem import lexical
from hybridmem.clock import from_iso, to_iso
from hybridmem.core.inputs import content_hash
from hybridmem.errors import ReplayError
from hybridmem.models import (
    IndexState,
    MemoryNode,
    NodeStatus,
    OpRecord,
    split_marks,
    stored_metadata,
)
from hybridmem.store import NodeRow, TreeStore, encode_path, iso_stamp, json_encoder, row_to_node

ERASED_PAYLOAD = {"erased": True}
"""A payload scrubbed by older versions (everything dropped); such ops replay as no-ops."""

# Payload fields that may carry what a user said (or text derived from it). Erasure drops
# them and keeps the structure (ids, parents, types, weights, times), so the surviving nodes'
# ops still replay exactly: a move under a node that was erased later still finds it.
_CONTENT_FIELDS = frozenset({"content", "sealed", "sealed_hash", "metadata", "decision", "reason"})

_JSON = json_encoder(ensure_ascii=False)
"""``json.dumps(value, ensure_ascii=False)``."""


def scrub_payload(payload: dict[str, Any]) -> dict[str, Any]:
    """The payload of an op on erased content: structure kept, every content field dropped,
    marked ``erased``. Idempotent."""
    out = {k: v for k, v in payload.items() if k not in _CONTENT_FIELDS}
    values = out.get("values")
    if isinstance(values, dict):
        out["values"] = {k: v for k, v in values.items() if k not in _CONTENT_FIELDS}
    out["erased"] = True
    return out


ParentKey = tuple[str, tuple[str, ...], str] | None
"""What an ``add`` row takes from its parent: its id, path and task (None: no parent)."""


def parent_key(parent: MemoryNode | None) -> ParentKey:
    """The parts of ``parent`` that :func:`add_row` reads."""
    return (parent.id, parent.path, parent.task_id) if parent is not None else None


@dataclass(frozen=True, slots=True)
class BuiltRow:
    """A node row a writer built with :func:`add_row` (no terms) from ``record`` under a
    parent with ``parent`` (:func:`parent_key`), before committing the op, and ``node``:
    ``row_to_node(row)``."""

    record: OpRecord
    parent: ParentKey
    row: NodeRow
    node: MemoryNode


@dataclass(frozen=True, slots=True)
class ApplyContext:
    """What an applier may use: the target store and the config's scope types; ``built``:
    rows a live writer already built for the adds it commits, by node id (replay has none)."""

    store: TreeStore
    scope_types: tuple[str, ...]
    built: Mapping[str, BuiltRow] = field(default_factory=dict)
    read: Mapping[str, MemoryNode] = field(default_factory=dict)
    """Nodes the live writer read under the write lock in this transaction and did not change
    since, by id (replay has none): an applier takes them instead of reading them again."""


Applier = Callable[[ApplyContext, OpRecord], MemoryNode | None]
"""Applies one op row to the store (inside the caller's transaction); may return the node."""

BatchApplier = Callable[[ApplyContext, Sequence[OpRecord]], list[MemoryNode | None]]
"""Applies consecutive rows of one op at once, with exactly the effect of applying them one by
one in order (bulk writes; replay applies rows one by one)."""


class OpRegistry:
    """Op name -> applier. Each engine has its own, filled explicitly when it is built."""

    def __init__(self) -> None:
        self._appliers: dict[str, Applier] = {}
        self._batch: dict[str, BatchApplier] = {}

    def register(self, op: str, applier: Applier, batch: BatchApplier | None = None) -> None:
        """Make ``applier`` the one function that applies ``op`` (live and on replay);
        ``batch``, if given, applies consecutive rows of it at once with the same effect."""
        self._appliers[op] = applier
        if batch is not None:
            self._batch[op] = batch
        else:
            self._batch.pop(op, None)

    def __contains__(self, op: object) -> bool:
        return op in self._appliers

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._appliers))

    def apply(self, ctx: ApplyContext, record: OpRecord) -> MemoryNode | None:
        """Apply one op; an unknown op or a payload that does not fit is a ReplayError."""
        if record.payload == ERASED_PAYLOAD:
            return None  # scrubbed by erasure (such ops replay as no-ops): the node is gone
        applier = self._appliers.get(record.op)
        if applier is None:
            raise ReplayError(
                f"op #{record.seq} {record.op!r} has no applier; the layer that writes it must "
                "register one on the engine's op registry"
            )
        try:
            return applier(ctx, record)
        except ReplayError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError(
                f"op #{record.seq} {record.op!r} on {record.node_id!r} cannot be applied: {exc!r}"
            ) from exc

    def apply_many(self, ctx: ApplyContext, records: Sequence[OpRecord]) -> list[MemoryNode | None]:
        """Apply consecutive rows of one op: with its batch applier when it has one, else one
        by one."""
        ops = {r.op for r in records}
        batch = self._batch.get(records[0].op) if len(ops) == 1 and records else None
        if batch is None or any(r.payload == ERASED_PAYLOAD for r in records):
            return [self.apply(ctx, r) for r in records]
        try:
            return batch(ctx, records)
        except ReplayError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            first = records[0]
            raise ReplayError(
                f"ops #{first.seq}..#{records[-1].seq} {first.op!r} cannot be applied: {exc!r}"
            ) from exc

    def apply_run(self, ctx: ApplyContext, records: Sequence[OpRecord]) -> list[MemoryNode | None]:
        """Apply ops of any kinds, in order: each run of one op with :meth:`apply_many`, and
        the adds separated only by changes that commute with them as one run, those changes
        after it. The same effect as applying the rows one by one (what replay does)."""
        order = self._hoisted(records)
        out: list[MemoryNode | None] = [None] * len(records)
        start = 0
        for end in range(1, len(order) + 1):
            if end == len(order) or records[order[end]].op != records[order[start]].op:
                run = order[start:end]
                done = self.apply_many(ctx, [records[i] for i in run])
                for i, node in zip(run, done, strict=True):
                    out[i] = node
                start = end
        return out

    def _hoisted(self, records: Sequence[OpRecord]) -> list[int]:
        """The order :meth:`apply_run` applies ``records`` in: each change that commutes with
        the adds (:meth:`_commutes`) and comes between two of them moves after the later one,
        unless a later add is the node it changes (a change to a node that does not exist yet
        does nothing; after the add it would change it)."""
        if self._batch.get("add") is not apply_adds:
            return list(range(len(records)))  # another layer's add: no assumption holds
        order: list[int] = []
        adds: list[int] = []
        held: list[int] = []
        held_ids: set[str | None] = set()
        for i, rec in enumerate(records):
            if rec.op == "add" and rec.node_id not in held_ids:
                adds.append(i)
            elif adds and self._commutes(rec):
                held.append(i)
                held_ids.add(rec.node_id)
            else:
                order += adds + held
                adds, held, held_ids = [], [], set()
                (adds if rec.op == "add" else order).append(i)
        return order + adds + held

    def _commutes(self, rec: OpRecord) -> bool:
        """Whether applying ``rec`` after later ``add`` rows (not adding its node) has the
        same effect as before them: an evolution change of predicted columns only. Such a
        change reads and writes one existing row's weights, states and metadata; an add reads
        its parent's id, path and task and inserts a new row (id, rid, terms, statistics), so
        neither sees the other."""
        values = rec.payload.get("values")
        return (
            self._appliers.get(rec.op) is apply_change
            and rec.node_id is not None
            and rec.payload != ERASED_PAYLOAD
            and rec.payload.get("action") != "expire_buffer"
            and isinstance(values, dict)
            and predicts(values)
        )


def core_registry() -> OpRegistry:
    """A registry holding the core's tree ops."""
    registry = OpRegistry()
    registry.register("add", apply_add, apply_adds)
    registry.register("bump", apply_bump)
    registry.register("set_active", apply_set_active)
    registry.register("update", apply_update)
    registry.register("move", apply_move)
    registry.register("delete", apply_delete)
    registry.register("finish", apply_finish)
    for op in ("evolve", "maintain", "restore"):
        registry.register(op, apply_change)
    return registry


# -- payload helpers ------------------------------------------------------------------------
def stored_content(payload: dict[str, Any], *, terms: bool = True) -> tuple[str, str, str, int]:
    """(content, content_hash, fts terms, sensitive) of an add/update payload: an encrypted
    node's payload carries its ciphertext and keyed hash, never the text. ``terms=False``:
    no terms (``""``), for a caller that needs only the row."""
    if isinstance(payload.get("sealed"), str):
        return payload["sealed"], str(payload.get("sealed_hash", "")), "", 1
    text = _plain_text(payload)
    if text is None:
        return "", content_hash(""), "", 0  # a placeholder, deleted by its erase op
    return text, content_hash(text), lexical.document_terms(text) if terms else "", 0


def stored_terms(payload: dict[str, Any]) -> str:
    """The fts terms of :func:`stored_content` alone."""
    text = _plain_text(payload)
    return "" if text is None else lexical.document_terms(text)


def _plain_text(payload: dict[str, Any]) -> str | None:
    """The plaintext an add/update payload stores; None for a sealed node (its ciphertext
    gets no terms) or an erased placeholder."""
    if isinstance(payload.get("sealed"), str):
        return None
    if payload.get("erased") and "content" not in payload:
        return None
    text: str = payload["content"]
    return text


def require(ctx: ApplyContext, node_id: str | None, seq: int) -> MemoryNode:
    """The node an op names; a ReplayError when it does not exist at that point."""
    node = ctx.store.get(node_id) if node_id else None
    if node is None:
        raise ReplayError(f"op #{seq} names node {node_id!r}, which does not exist at that point")
    return node


def current(ctx: ApplyContext, node_id: str | None, seq: int) -> MemoryNode:
    """:func:`require`, answered by the node the writer read (``ctx.read``) when it has it."""
    known = ctx.read.get(node_id) if node_id else None
    return known if known is not None else require(ctx, node_id, seq)


# -- appliers -------------------------------------------------------------------------------
def apply_add(ctx: ApplyContext, rec: OpRecord) -> MemoryNode:
    """Insert a node under the payload's parent (the per-user root has none)."""
    parent_id = rec.payload.get("parent_id")
    parent = require(ctx, parent_id, rec.seq) if parent_id else None
    row, terms = add_row(ctx, rec, parent)
    return ctx.store.insert_node(row, terms)


def apply_adds(ctx: ApplyContext, records: Sequence[OpRecord]) -> list[MemoryNode | None]:
    """Insert consecutive ``add`` rows with one statement per table: what :func:`apply_add`
    does for each in turn (a parent may be an earlier row of the batch)."""
    given = ctx.built or {}
    mine = [given.get(r.node_id) if r.node_id else None for r in records]
    if all(b is not None and b.record == r for b, r in zip(mine, records, strict=True)):
        # The live writer built every row under the write lock from parents it read in this
        # transaction, whose path and scope cannot change while it holds the lock (the same
        # reasoning as its own cache of parents, core/add_run.py): no need to read them again.
        prebuilt = [
            (b.row, stored_terms(r.payload)) for b, r in zip(mine, records, strict=True) if b
        ]
        return list(ctx.store.insert_nodes(prebuilt, [b.node for b in mine if b]))
    wanted = {r.payload["parent_id"] for r in records if r.payload.get("parent_id")}
    known: dict[str, MemoryNode] = ctx.store.get_many(wanted) if wanted else {}
    rows: list[tuple[NodeRow, str]] = []
    decoded: list[MemoryNode | None] = []
    # A later row of the batch may hang under an earlier one: its path and scope are all it
    # needs, read off the row when one does.
    earlier: dict[str, NodeRow] = {}
    for rec in records:
        parent_id = rec.payload.get("parent_id")
        parent = known.get(parent_id) if parent_id else None
        if parent_id and parent is None and parent_id in earlier:
            parent = known[parent_id] = row_to_node(dict(earlier[parent_id]))
        if parent_id and parent is None:
            raise ReplayError(
                f"op #{rec.seq} names node {parent_id!r}, which does not exist at that point"
            )
        built = ctx.built.get(rec.node_id) if ctx.built and rec.node_id else None
        if built is not None and built.record == rec and built.parent == parent_key(parent):
            # add_row is a function of the record, the parent's key and the scope types:
            # the writer's row is the one it would build now.
            row, terms = built.row, stored_terms(rec.payload)
            decoded.append(built.node)  # the same row decoded: the store need not again
        else:
            row, terms = add_row(ctx, rec, parent)
            decoded.append(None)
        rows.append((row, terms))
        earlier[row["id"]] = row
    return list(ctx.store.insert_nodes(rows, decoded))


def add_row(
    ctx: ApplyContext, rec: OpRecord, parent: MemoryNode | None, *, terms: bool = True
) -> tuple[NodeRow, str]:
    """The node row and lexical terms an ``add`` op writes under ``parent`` (``terms=False``:
    the row alone, as a writer shows a queued add to its planner before writing it)."""
    p = rec.payload
    if rec.node_id is None or rec.user_id is None:
        raise ReplayError(f"op #{rec.seq} 'add' names no node or user")
    path = (*parent.path, parent.id) if parent else ()
    is_scope = p["node_type"] in ctx.scope_types
    task_id = rec.node_id if is_scope or parent is None else parent.task_id
    content, digest, words, sensitive = stored_content(p, terms=terms)
    row: NodeRow = {
        "id": rec.node_id,
        "user_id": rec.user_id,
        "agent_id": p.get("agent_id"),
        "session_id": p.get("session_id"),
        "parent_id": parent.id if parent else None,
        "path": encode_path(path),
        "depth": len(path),
        "task_id": task_id,
        "content": content,
        "content_hash": digest,
        "node_type": p["node_type"],
        "importance": float(p["importance"]),
        "confidence": float(p["confidence"]),
        "activity": 0.0,
        "created_at": p["created_at"],
        "updated_at": iso_stamp(rec.at),
        "last_accessed_at": None,
        "access_count": 0,
        "seq": rec.seq,
        "version": 1,
        "status": p.get("status") or NodeStatus.ACTIVE.value,
        "index_state": IndexState.PENDING.value,
        "source_id": p.get("source_id"),
        # an op logged by an older version may carry the engine's marks in the metadata itself
        "metadata": _JSON(stored_metadata(*split_marks(p["metadata"])))
        if p.get("metadata")
        else "{}",
        "lifecycle": p.get("lifecycle"),
        "tier": p.get("tier"),
        "conflict_group": p.get("conflict_group"),
        "sensitive": sensitive,
    }
    return row, words


def apply_bump(ctx: ApplyContext, rec: OpRecord) -> None:
    """Raise the activity of ancestors of newly added nodes."""
    ctx.store.bump_ancestors(list(rec.payload["ids"]), rec.at, float(rec.payload["by"]))


def apply_set_active(ctx: ApplyContext, rec: OpRecord) -> None:
    """Persist the user's active node (None: no active node)."""
    if rec.user_id is None:
        raise ReplayError(f"op #{rec.seq} 'set_active' names no user")
    ctx.store.set_active(rec.user_id, rec.node_id, rec.at, rec.seq)


INDEXED_COLUMNS = frozenset(
    {"content", "content_hash", "status", "node_type", "task_id", "user_id"}
)
"""The columns a node's index entry is built from (its vector and ``index_metadata``): a
change to any of them makes the row ``pending`` until the index has the new state; a change
to others (importance, tier, renewal, a conflict group) leaves the entry as it is."""

# Columns an update payload may set directly; anything else is refused (a forged or corrupt
# payload must not write arbitrary columns).
_UPDATABLE = frozenset(
    {"importance", "confidence", "node_type", "metadata", "status", "source_id", "content"}
)


def apply_update(ctx: ApplyContext, rec: OpRecord) -> MemoryNode:
    """Change a node's columns; content changes re-index its terms; a change of scope type
    recomputes the subtree's task ids."""
    node = current(ctx, rec.node_id, rec.seq)
    values: dict[str, Any] = {}
    terms: str | None = None
    for key, value in rec.payload.items():
        if key in ("content", "sealed", "sealed_hash", "erased"):
            continue
        if key not in _UPDATABLE:
            raise ReplayError(f"op #{rec.seq} 'update' sets unknown column {key!r}")
        # the caller's metadata replaces the caller's; the engine's marks stay
        values[key] = _JSON(stored_metadata(value, node.marks)) if key == "metadata" else value
    if ("content" in rec.payload or "sealed" in rec.payload) and not rec.payload.get("erased"):
        values["content"], values["content_hash"], terms, _ = stored_content(rec.payload)
    if INDEXED_COLUMNS & values.keys():
        values["index_state"] = IndexState.PENDING.value
    values["updated_at"] = to_iso(rec.at)
    values["version"] = node.version + 1
    ctx.store.update_node(node.id, values, terms)
    if "node_type" in values and (
        (values["node_type"] in ctx.scope_types) != (node.node_type in ctx.scope_types)
    ):
        rescope(ctx, node.id)
    return require(ctx, node.id, rec.seq)


def apply_move(ctx: ApplyContext, rec: OpRecord) -> None:
    """Re-attach a node and its subtree under another node."""
    node = require(ctx, rec.node_id, rec.seq)
    parent = require(ctx, rec.payload["to"], rec.seq)
    reattach(ctx, node, parent, rec.at)


def apply_delete(ctx: ApplyContext, rec: OpRecord) -> None:
    """Delete nodes; a single-node delete first re-attaches the node's children to its parent."""
    if not rec.payload.get("subtree", True):
        reattach_children(ctx, require(ctx, rec.node_id, rec.seq).id, rec.at)
    ctx.store.delete_nodes(list(rec.payload["ids"]))


def apply_change(ctx: ApplyContext, rec: OpRecord) -> None:
    """An evolution change (``evolve``/``maintain``/``restore`` ops): set the logged column
    values, or drop a raw buffer node (``expire_buffer``)."""
    if rec.node_id is None:
        return
    if rec.payload.get("action") == "expire_buffer":
        ctx.store.delete_nodes([rec.node_id])
        return
    node = ctx.store.get(rec.node_id)
    if node is None:
        return
    ctx.store.update_node(node.id, change_values(node, rec.payload.get("values") or {}, rec.at))


def apply_finish(ctx: ApplyContext, rec: OpRecord) -> None:
    """Mark a task finished (the ``finish`` op): its metadata records when, and which node
    (if any) holds the outcome. The outcome's text is a node of its own (an ``add`` op), so it
    is sealed and erased like any memory; this payload holds ids only."""
    node = require(ctx, rec.node_id, rec.seq)
    values = {
        "metadata": {"finished_at": to_iso(rec.at), "outcome_id": rec.payload.get("outcome_id")}
    }
    ctx.store.update_node(node.id, change_values(node, values, rec.at))


def change_values(node: MemoryNode, values: Mapping[str, Any], at: datetime) -> dict[str, Any]:
    """The column values an evolution change with the logged ``values`` writes on ``node``."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        if key == "metadata":
            # A None value clears its key (a mark that no longer holds: a demotion undone).
            merged = {k: v for k, v in {**node.metadata, **value}.items() if v is not None}
            out["metadata"] = _JSON(stored_metadata(merged, node.marks))
        else:
            out[key] = value
    out["version"] = node.version + 1
    out["updated_at"] = to_iso(at)
    if INDEXED_COLUMNS & out.keys():
        out["index_state"] = IndexState.PENDING.value
    return out


def _text(value: Any) -> Any:
    """A text column's value as read back (an enum member is bound as its value)."""
    return value.value if isinstance(value, Enum) else value


_READ_BACK: dict[str, Callable[[Any], Any]] = {
    "importance": float,
    "confidence": float,
    "status": _text,
    "lifecycle": _text,
    "tier": _text,
    "conflict_group": _text,
    "version": int,
    "index_state": _text,
    "metadata": lambda v: json.loads(v) if v else {},
    "updated_at": from_iso,
}
"""The columns :func:`changed_node` predicts, each with how the store reads its value back
(``store.records.row_to_node``)."""


def changed_node(node: MemoryNode, values: Mapping[str, Any], at: datetime) -> MemoryNode:
    """``node`` as the store reads it back once :func:`apply_change` wrote ``values`` on it
    (a writer that queues the change shows this version meanwhile); ``values`` name only
    columns :func:`predicts` accepts."""
    written = change_values(node, values, at)
    read = {k: _READ_BACK[k](v) for k, v in written.items()}
    if "metadata" in read:  # the engine's marks ride in the stored JSON, read apart
        read["metadata"], read["marks"] = split_marks(read["metadata"])
    return replace(node, **read)


def predicts(values: Mapping[str, Any]) -> bool:
    """Whether :func:`changed_node` knows how every column ``values`` names reads back."""
    return values.keys() <= _READ_BACK.keys()


# -- tree structure -------------------------------------------------------------------------
def reattach_children(ctx: ApplyContext, node_id: str, at: datetime) -> None:
    """Move a node's children under its parent (before the node alone is removed)."""
    node = ctx.store.get(node_id)
    if node is None or node.parent_id is None:
        return
    parent = ctx.store.get(node.parent_id)
    if parent is None:
        return
    for child in ctx.store.children(node.id):
        reattach(ctx, child, parent, at)


def reattach(ctx: ApplyContext, node: MemoryNode, parent: MemoryNode, at: datetime) -> None:
    """Attach ``node`` under ``parent``, rewriting its subtree's paths and scopes."""
    new_path = (*parent.path, parent.id)
    ctx.store.update_node(
        node.id,
        {
            "parent_id": parent.id,
            "path": encode_path(new_path),
            "depth": len(new_path),
            "updated_at": to_iso(at),
            "version": node.version + 1,
        },
    )
    ctx.store.rewrite_subtree_paths(
        node.user_id,
        old_prefix=node.path_prefix_for_children(),
        new_prefix=encode_path((*new_path, node.id)),
        depth_delta=len(new_path) - node.depth,
    )
    rescope(ctx, node.id)


def rescope(ctx: ApplyContext, node_id: str) -> None:
    """Recompute ``task_id`` (the nearest scope node at or above) over a subtree; rows whose
    scope changed go back to ``pending`` so their vector metadata is refreshed."""
    store = ctx.store
    top = store.get(node_id)
    if top is None:
        return
    parent = store.get(top.parent_id) if top.parent_id else None
    inherited: dict[str | None, str] = {top.parent_id: parent.task_id} if parent else {}
    for node in store.subtree(top):
        if node.node_type in ctx.scope_types or node.parent_id is None:
            task_id = node.id
        else:
            task_id = inherited[node.parent_id]
        inherited[node.id] = task_id
        if task_id != node.task_id:
            store.update_node(
                node.id, {"task_id": task_id, "index_state": IndexState.PENDING.value}
            )
