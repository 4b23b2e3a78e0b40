"""Deterministic replay of op-log entries onto a store (used by ``restore``).

Each op's payload carries everything needed to redo it without the embedder, the clock or
randomness: ids, parents, contents, weights and the op's own time (``at``), which is what the
live write used as "now". Replaying the ops after a snapshot's sequence number therefore
rebuilds, node for node, the state the live store had at any later sequence number.

What replay covers: add (including the per-user root), update, move, delete (subtree or
single, with children re-attached), set_active and bump (the ancestor-activity increase an
add writes). What it does not: access statistics (``access_count`` and ``last_accessed_at``
set by retrieval), because reads are not logged — logging every read would turn each
retrieval into a logged write and let the log grow with traffic. ``index_state`` is derived
(Chroma is rebuilt after a restore). Other layers that add mutations register a replayer with
:func:`register`; an op with no replayer stops the restore with :class:`ReplayError` rather
than produce a state that silently differs.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hybridmem import lexical
from hybridmem.clock import from_iso, to_iso
from hybridmem.errors import ReplayError
from hybridmem.models import IndexState, MemoryNode, NodeStatus
from hybridmem.recovery.models import OpRecord
from hybridmem.store import SQLiteStore, encode_path


@dataclass(frozen=True, slots=True)
class ReplayContext:
    """What a replayer may use: the target store and the scope types of the config."""

    store: SQLiteStore
    scope_types: tuple[str, ...]


Replayer = Callable[[ReplayContext, OpRecord], None]
REPLAYERS: dict[str, Replayer] = {}


def register(op: str) -> Callable[[Replayer], Replayer]:
    """Decorator: make ``fn(ctx, record)`` the replayer of ``op``."""

    def wrap(fn: Replayer) -> Replayer:
        REPLAYERS[op] = fn
        return fn

    return wrap


def replay(ctx: ReplayContext, rows: Sequence[tuple[Any, ...]]) -> int:
    """Insert raw op rows (``seq, op, node_id, user_id, payload, at, actor``) verbatim and
    apply each; the caller holds the transaction. Returns how many ops were applied."""
    conn = ctx.store.conn
    for row in rows:
        seq, op, node_id, user_id, payload, at, actor = row
        record = OpRecord(
            seq=int(seq),
            op=op,
            node_id=node_id,
            user_id=user_id,
            payload=json.loads(payload) if payload else {},
            at=from_iso(at),
            actor=actor,
        )
        fn = REPLAYERS.get(op)
        if record.payload == {"erased": True}:
            # Scrubbed by privacy.erasure: the node is gone for good; a later 'erase' op
            # removes whatever an older snapshot still held.
            fn = _skip
        if fn is None:
            raise ReplayError(
                f"op #{seq} {op!r} has no replayer; register one with "
                "hybridmem.recovery.replay.register"
            )
        conn.execute(
            "INSERT INTO oplog(seq, op, node_id, user_id, payload, at, actor) "
            "VALUES (?,?,?,?,?,?,?)",
            row,
        )
        try:
            fn(ctx, record)
        except ReplayError:
            raise
        except (KeyError, TypeError, ValueError, sqlite3.Error) as exc:
            raise ReplayError(f"op #{seq} {op!r} on {node_id!r} cannot be replayed: {exc}") from exc
    return len(rows)


def _require(ctx: ReplayContext, node_id: str, seq: int) -> MemoryNode:
    node = ctx.store.get(node_id)
    if node is None:
        raise ReplayError(f"op #{seq} names node {node_id!r}, which does not exist at that point")
    return node


def _skip(ctx: ReplayContext, rec: OpRecord) -> None:
    return None


def _stored_content(p: dict[str, Any]) -> tuple[str, str, str, int]:
    """(content, content_hash, fts terms, sensitive) for an add/update payload: an encrypted
    node's payload carries its ciphertext and keyed hash (privacy/crypto.py), never the text."""
    if isinstance(p.get("sealed"), str):
        return p["sealed"], str(p.get("sealed_hash", "")), "", 1
    return p["content"], _content_hash(p["content"]), lexical.document_terms(p["content"]), 0


def _content_hash(text: str) -> str:
    # Same function as the facade's; imported lazily to keep this module free of the facade.
    from hybridmem.memory import content_hash

    return content_hash(text)


@register("add")
def _add(ctx: ReplayContext, rec: OpRecord) -> None:
    p = rec.payload
    assert rec.node_id is not None and rec.user_id is not None
    parent = _require(ctx, p["parent_id"], rec.seq) if p.get("parent_id") else None
    path = (*parent.path, parent.id) if parent else ()
    is_scope = p["node_type"] in ctx.scope_types
    task_id = rec.node_id if is_scope or parent is None else parent.task_id
    metadata = p.get("metadata") or {}
    content, content_hash, terms, sensitive = _stored_content(p)
    row = {
        "id": rec.node_id,
        "user_id": rec.user_id,
        "agent_id": p.get("agent_id"),
        "session_id": p.get("session_id"),
        "parent_id": parent.id if parent else None,
        "path": encode_path(path),
        "depth": len(path),
        "task_id": task_id,
        "content": content,
        "content_hash": content_hash,
        "node_type": p["node_type"],
        "importance": float(p["importance"]),
        "confidence": float(p["confidence"]),
        "activity": 0.0,
        "created_at": p["created_at"],
        "updated_at": to_iso(rec.at),
        "last_accessed_at": None,
        "access_count": 0,
        "seq": rec.seq,
        "version": 1,
        "status": NodeStatus.ACTIVE.value,
        "index_state": IndexState.PENDING.value,
        "source_id": p.get("source_id"),
        "metadata": json.dumps(metadata, ensure_ascii=False),
        "sensitive": sensitive,
    }
    ctx.store.insert_node(row, terms)


@register("bump")
def _bump(ctx: ReplayContext, rec: OpRecord) -> None:
    ctx.store.bump_ancestors(list(rec.payload["ids"]), rec.at, float(rec.payload["by"]))


@register("set_active")
def _set_active(ctx: ReplayContext, rec: OpRecord) -> None:
    assert rec.user_id is not None
    ctx.store.set_active(rec.user_id, rec.node_id, rec.at, rec.seq)


@register("update")
def _update(ctx: ReplayContext, rec: OpRecord) -> None:
    assert rec.node_id is not None
    node = _require(ctx, rec.node_id, rec.seq)
    values: dict[str, Any] = {}
    terms: str | None = None
    for key, value in rec.payload.items():
        if key == "metadata":
            values["metadata"] = json.dumps(value, ensure_ascii=False)
        elif key not in ("content", "sealed", "sealed_hash"):
            values[key] = value
    if "content" in rec.payload:
        values["content"], values["content_hash"], terms, _ = _stored_content(rec.payload)
    values["updated_at"] = to_iso(rec.at)
    values["version"] = node.version + 1
    ctx.store.update_node(rec.node_id, values, terms)
    if "node_type" in values and (
        (values["node_type"] in ctx.scope_types) != (node.node_type in ctx.scope_types)
    ):
        rescope(ctx, rec.node_id)


@register("move")
def _move(ctx: ReplayContext, rec: OpRecord) -> None:
    assert rec.node_id is not None
    node = _require(ctx, rec.node_id, rec.seq)
    parent = _require(ctx, rec.payload["to"], rec.seq)
    _reattach(ctx, node, parent, rec)


@register("erase")
def _erase(ctx: ReplayContext, rec: OpRecord) -> None:
    """privacy.erasure: a whole user (payload ``user``) or a node's subtree."""
    assert rec.user_id is not None
    conn = ctx.store.conn
    if rec.payload.get("user") or rec.node_id is None:
        ids = [r[0] for r in conn.execute("SELECT id FROM nodes WHERE user_id = ?", (rec.user_id,))]
        conn.execute("DELETE FROM active_nodes WHERE user_id = ?", (rec.user_id,))
    else:
        node = ctx.store.get(rec.node_id) if ctx.store.all_ids_among([rec.node_id]) else None
        ids = [n.id for n in ctx.store.subtree(node)] if node is not None else []
    ctx.store.delete_nodes(ids)


@register("delete")
def _delete(ctx: ReplayContext, rec: OpRecord) -> None:
    assert rec.node_id is not None
    if not rec.payload.get("subtree", True):
        node = _require(ctx, rec.node_id, rec.seq)
        for child in ctx.store.children(node.id):
            parent = _require(ctx, node.parent_id or "", rec.seq)
            _reattach(ctx, child, parent, rec)
    ctx.store.delete_nodes(list(rec.payload["ids"]))


def _reattach(ctx: ReplayContext, node: MemoryNode, parent: MemoryNode, rec: OpRecord) -> None:
    """Move ``node`` under ``parent`` exactly as the facade does (paths, depth, scope)."""
    new_path = (*parent.path, parent.id)
    ctx.store.update_node(
        node.id,
        {
            "parent_id": parent.id,
            "path": encode_path(new_path),
            "depth": len(new_path),
            "updated_at": to_iso(rec.at),
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


def rescope(ctx: ReplayContext, node_id: str) -> None:
    """Recompute ``task_id`` over a subtree (same rule as the facade's ``_rescope``)."""
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
            store.update_node(node.id, {"task_id": task_id})
