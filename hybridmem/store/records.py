"""Values that cross the tree-store port: rows going in, records coming out.

Nothing here knows a database: these are the shapes every :class:`~hybridmem.store.TreeStore`
implementation reads and writes (the SQLite one in this package, a server one elsewhere).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple, TypedDict

import numpy as np

from hybridmem.clock import from_iso
from hybridmem.models import MemoryNode, OpRecord, split_marks
from hybridmem.store.encoding import iso_stamp, json_encoder

ERASED_KEY = "erased"
"""Top-level payload key (value ``true``) marking an op-log payload erasure scrubbed."""

AUDIT_HEAD_KEY = "audit.head"
"""Meta key holding the audit chain's head (``seq:hash``), written with every entry."""


class NodeRow(TypedDict):
    """One ``nodes`` row as the core writes it (times are ISO-8601 strings, ``metadata`` is
    JSON text, ``sensitive`` is 0/1). The store assigns its own row key."""

    id: str
    user_id: str
    agent_id: str | None
    session_id: str | None
    parent_id: str | None
    path: str
    depth: int
    task_id: str
    content: str
    content_hash: str
    node_type: str
    importance: float
    confidence: float
    activity: float
    created_at: str
    updated_at: str
    last_accessed_at: str | None
    access_count: int
    seq: int
    version: int
    status: str
    index_state: str
    source_id: str | None
    metadata: str
    lifecycle: str | None
    tier: str | None
    conflict_group: str | None
    sensitive: int


NODE_FIELDS: frozenset[str] = frozenset(NodeRow.__annotations__)
"""The columns :meth:`TreeStore.update_node` accepts."""


class OpRow(NamedTuple):
    """An op-log row exactly as stored (``payload`` JSON text, ``at`` ISO-8601): what a
    restore copies verbatim, so digests of the copied history stay equal."""

    seq: int
    op: str
    node_id: str | None
    user_id: str | None
    payload: str
    at: str
    actor: str | None

    def record(self) -> OpRecord:
        """The decoded :class:`OpRecord`."""
        return OpRecord(
            seq=int(self.seq),
            op=self.op,
            node_id=self.node_id,
            user_id=self.user_id,
            payload=json.loads(self.payload) if self.payload else {},
            at=from_iso(self.at),
            actor=self.actor,
        )


@dataclass(frozen=True, slots=True)
class AuditRow:
    """One stored audit-log entry, fields exactly as hashed (``at`` ISO-8601, ``detail`` JSON
    text), so the chain can be recomputed byte for byte."""

    seq: int
    at: str
    actor: str | None
    action: str
    user_id: str | None
    node_id: str | None
    detail: str
    op_seq: int | None
    prev_hash: str
    hash: str


@dataclass(frozen=True, slots=True)
class AuditQuery:
    """Which audit entries to read: each field given narrows to entries equal to it, and
    ``since <= at < until``. The one filter the facade, the CLI, the privacy layer and both
    stores pass along, so a new filter is added in one place."""

    user_id: str | None = None
    node_id: str | None = None
    actor: str | None = None
    action: str | None = None
    since: datetime | None = None
    until: datetime | None = None


@dataclass(frozen=True, slots=True)
class Readers:
    """Which agents' memories an agent may read (issue 33): its own and those of the agents
    in ``agents``, the user's shared ones (written without an agent) when ``shared``, and
    every node in the granted ``subtrees`` (``(node id, its children's path prefix)``).
    Applied in SQL and in the vector index's ``where`` before any ranking."""

    agents: tuple[str, ...]
    subtrees: tuple[tuple[str, str], ...] = ()
    shared: bool = True


@dataclass(frozen=True, slots=True)
class Scope:
    """Which of a user's nodes a query may see.

    ``task_ids``: nodes whose ``task_id`` is one of these (a task and its nested tasks).
    ``path_prefix``: nodes strictly below a non-task node (its materialised path prefix), plus
    ``node_id`` itself. Neither: the user's whole tree.
    ``standing_task`` and ``standing_types``: a narrowed scope also sees the nodes of these
    types whose ``task_id`` is ``standing_task`` (the user's root): the user-level memories
    that follow the user into every task (see :mod:`hybridmem.retrieval.scoping`).
    """

    user_id: str
    node_id: str | None = None
    task_ids: tuple[str, ...] | None = None
    path_prefix: str | None = None
    standing_task: str | None = None
    standing_types: tuple[str, ...] = ()
    readers: Readers | None = None
    """None: every agent's memories (no agent named); else the read set of one agent."""

    @property
    def has_standing(self) -> bool:
        """Whether user-level memories are added to a narrowed scope."""
        return bool(self.standing_task and self.standing_types)


@dataclass(frozen=True, slots=True)
class ScopeVectors:
    """Every node of a scope with its stored vector (see ``TreeStore.scope_vectors``):
    ``ids[i]`` has the vector ``vectors[i]`` (float32 rows, one per node)."""

    ids: list[str]
    vectors: Any


def scope_vectors_of(rows: Sequence[Sequence[Any]], limit: int) -> ScopeVectors | None:
    """``(id, vector bytes)`` rows read with ``LIMIT limit + 1`` as :class:`ScopeVectors`;
    None when the scope is larger than ``limit``, or any vector is missing or of another
    size (the caller then asks the vector index)."""
    if len(rows) > limit or any(r[1] is None for r in rows):
        return None
    if not rows:
        return ScopeVectors([], np.zeros((0, 0), dtype=np.float32))
    size = len(rows[0][1])
    if any(len(r[1]) != size for r in rows):
        return None
    matrix = np.frombuffer(b"".join(bytes(r[1]) for r in rows), dtype=np.float32)
    return ScopeVectors([r[0] for r in rows], matrix.reshape(len(rows), -1))


def kept_vectors_of(rows: Sequence[Sequence[Any]]) -> dict[str, Any]:
    """``(id, vector bytes)`` rows as ``{id: float32 vector}`` (each the caller's own array,
    as the vector index answers)."""
    return {r[0]: np.frombuffer(bytes(r[1]), dtype=np.float32).copy() for r in rows}


class IndexRow(NamedTuple):
    """The columns of a node that its vector entry and its place in the tree depend on: what
    ``verify()`` compares, read without decoding content or metadata."""

    id: str
    user_id: str
    parent_id: str | None
    path: tuple[str, ...]
    depth: int
    task_id: str
    node_type: str
    status: str
    index_state: str
    content_hash: str
    version: int
    agent_id: str | None = None
    """The writing agent (in the entry's ``agent_status`` key): never changes after the add."""

    @property
    def fingerprint(self) -> str:
        """What a confirmed vector entry was checked against: a content or type change bumps
        ``version``, a move re-scopes ``task_id``."""
        return f"{self.version}|{self.task_id}"


@dataclass(frozen=True, slots=True)
class LexicalGaps:
    """Where the lexical index and the node rows disagree (both empty when consistent)."""

    terms_without_node: frozenset[int]
    """Row keys of lexical entries whose node row is gone."""
    nodes_without_terms: frozenset[int]
    """Row keys of nodes with no lexical entry."""
    stale_statistics: int = 0
    """How many kept lexical statistics (a token's row count, the totals) disagree with the
    index; a backend whose statistics cannot drift from its terms reports 0."""


@dataclass(frozen=True, slots=True)
class SequenceReport:
    """The op log's sequence numbers: first, last, and missing ones (at most some)."""

    first: int
    last: int
    gaps: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StoredSnapshot:
    """A checkpoint a store keeps inside itself (:class:`~hybridmem.store.SnapshotKeeper`)."""

    name: str
    seq: int
    """The last op sequence the snapshot holds."""
    nodes: int
    head_digest: str
    """:func:`op_digest_of` the snapshot's op at ``seq``, as it is now (erasure may have
    scrubbed it, exactly as in the live log)."""
    active_nodes: dict[str, str]
    """The active node per user in the snapshot."""
    manifest: dict[str, Any]
    """What the caller stored with it."""


PayloadScrubber = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns an op-log payload into its erased form (which must carry ``ERASED_KEY: true``)."""

OpHook = Callable[[OpRecord], None]
"""Called with each op-log row inside the transaction that appends it (the audit mirror)."""

OpsHook = Callable[[Sequence[OpRecord]], None]
"""Called with the rows of one batched append (``append_ops``), in order, inside its
transaction: the audit mirror of a bulk write, one chained batch instead of one per row."""

ContentOpener = Callable[[str, str], str]
"""``(node_id, stored content) -> plaintext`` for sensitive nodes (decrypt on read)."""


def op_digest_of(row: Sequence[Any]) -> str:
    """The digest of a stored op ``(seq, op, node_id, user_id, payload, at)``: the same
    formula in every backend, so a snapshot's digest compares with the live log's.

    The payload's ciphertext is left out: each key rotation re-seals it with a fresh nonce,
    in the live log and in every snapshot independently, and the digest names the op, not
    its encryption.
    """
    fields = list(row)
    payload = fields[4]
    if isinstance(payload, str):
        with contextlib.suppress(ValueError):
            payload = json.loads(payload)
    if isinstance(payload, dict):
        payload = {k: v for k, v in payload.items() if k not in SEALED_KEYS}
    fields[4] = payload
    text = json.dumps(fields, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


SEALED_KEYS = ("sealed", "sealed_hash")
"""Payload keys holding a sensitive op's ciphertext and its keyed hash."""


def row_to_node(row: Mapping[str, Any]) -> MemoryNode:
    """Build the public :class:`MemoryNode` from a ``nodes`` row (content as stored)."""
    return _node_of(
        row["id"],
        row["user_id"],
        row["agent_id"],
        row["session_id"],
        row["parent_id"],
        row["path"],
        row["depth"],
        row["task_id"],
        row["content"],
        row["content_hash"],
        row["node_type"],
        row["importance"],
        row["confidence"],
        row["activity"],
        row["created_at"],
        row["updated_at"],
        row["last_accessed_at"],
        row["access_count"],
        row["seq"],
        row["version"],
        row["status"],
        row["index_state"],
        row["source_id"],
        row["metadata"],
        row["lifecycle"],
        row["tier"],
        row["conflict_group"],
        row["sensitive"],
    )


NodeRows = dict[str, tuple[tuple[Any, ...], MemoryNode]]
"""Node id -> (its row as read, in :data:`hybridmem.store.sql.nodes.NODE_COLUMNS` order; the
node built from it before deferred uses were added): what a re-read compares its rows with."""


def values_to_node(values: Sequence[Any]) -> MemoryNode:
    """:func:`row_to_node` of a row read as a tuple in the order of
    :data:`hybridmem.store.sql.nodes.NODE_COLUMNS` (``rid`` first, not part of the node):
    the same node without building a dict per row."""
    return _node_of(*values[1:])


def _node_of(
    node_id: str,
    user_id: str,
    agent_id: str | None,
    session_id: str | None,
    parent_id: str | None,
    path: str,
    depth: Any,
    task_id: str,
    content: str,
    digest: str,
    node_type: str,
    importance: Any,
    confidence: Any,
    activity: Any,
    created_at: str,
    updated_at: str,
    last_accessed_at: str | None,
    access_count: Any,
    seq: Any,
    version: Any,
    status: str,
    index_state: str,
    source_id: str | None,
    metadata: str | None,
    lifecycle: str | None,
    tier: str | None,
    conflict_group: str | None,
    sensitive: Any,
) -> MemoryNode:
    # Positional, in MemoryNode's field order (a keyword call costs more per row; every
    # read of the tree decodes its rows here). "{}" is most rows' metadata: json.loads of it
    # is a new empty dict, as is the literal.
    meta, marks = split_marks(json.loads(metadata)) if metadata and metadata != "{}" else ({}, {})
    return MemoryNode(
        node_id,
        user_id,
        parent_id,
        content,
        node_type,
        float(importance),
        float(confidence),
        from_iso(created_at),
        from_iso(updated_at),
        from_iso(last_accessed_at) if last_accessed_at else None,
        int(access_count),
        int(seq),
        int(version),
        status,
        int(depth),
        tuple(filter(None, path.split("/"))),
        task_id,
        digest,
        index_state,
        float(activity),
        source_id,
        agent_id,
        session_id,
        meta,
        lifecycle,
        tier,
        conflict_group,
        bool(sensitive),
        marks,
    )


def encode_path(ancestors: Sequence[str]) -> str:
    """Materialised path of a node whose ancestors (root first) are ``ancestors``."""
    return "/" + "".join(a + "/" for a in ancestors) if ancestors else "/"


Resealer = Callable[[str, str], tuple[str, str]]
"""``(node id, stored ciphertext) -> (new ciphertext, new keyed hash)``: a key rotation."""


def numbered_ops(ops: Sequence[Mapping[str, Any]], first: int) -> list[OpRecord]:
    """``append_ops`` items (``append_op``'s keyword arguments) as records numbered from
    ``first``: both stores number a batch the same way, only how they reserve ``first``
    differs."""
    return [
        OpRecord(
            seq=first + k,
            op=item["op"],
            node_id=item.get("node_id"),
            user_id=item.get("user_id"),
            payload=item.get("payload") or {},
            at=item["at"],
            actor=item.get("actor"),
        )
        for k, item in enumerate(ops)
    ]


payload_json = json_encoder(ensure_ascii=False, default=str)
"""An op payload as the op log stores it (``json.dumps(payload, ensure_ascii=False,
default=str)``)."""


def op_row_values(record: OpRecord) -> tuple[Any, ...]:
    """An op record as the ``(seq, op, node_id, user_id, payload, at, actor)`` row values."""
    return (
        record.seq,
        record.op,
        record.node_id,
        record.user_id,
        payload_json(record.payload),
        iso_stamp(record.at),
        record.actor,
    )


def notify_ops(
    records: list[OpRecord],
    on_ops: OpsHook | None,
    on_op: OpHook | None,
) -> None:
    """Hand a batch of logged ops to the store's hooks: ``on_ops`` once, else ``on_op`` each."""
    if on_ops is not None:
        on_ops(records)
    elif on_op is not None:
        for record in records:
            on_op(record)
