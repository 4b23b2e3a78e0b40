"""``HybridMemory``: the one object users hold. It ties the stores together.

Write order, everywhere: validate -> embed (no lock held) -> one SQLite transaction (node rows,
op-log row, active node; ``index_state = pending``) -> Chroma -> mark ``indexed``. A crash
between SQLite and Chroma leaves pending rows that the next ``open`` finishes, so SQLite and
Chroma never disagree for long and no acknowledged write is lost.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

from hybridmem.clock import Clock, ensure_utc, system_clock, to_iso
from hybridmem.config import MemoryConfig
from hybridmem.embedding import Embedder, make_embedder
from hybridmem.embedding.base import Vectors
from hybridmem.errors import (
    CycleError,
    EmbedderMismatchError,
    InvalidArgumentError,
    LimitExceededError,
    NodeNotFoundError,
    RecoveryError,
    ScopeError,
    StoreClosedError,
)
from hybridmem.evolution.distill import Distiller
from hybridmem.evolution.history import ValueRecord, current_value, value_history
from hybridmem.evolution.inspect import InspectRow, inspect_user
from hybridmem.evolution.lifecycle import check_lifecycle, check_tier
from hybridmem.evolution.maintenance import MaintenanceReport, maintain, restore_archived
from hybridmem.evolution.probe import ProbeReport, add_probe, probe_report
from hybridmem.evolution.writer import EvolutionWriter, WritePlan, apply_changes
from hybridmem.index import ChromaIndex, ChromaServer
from hybridmem.models import IndexState, MemoryNode, NodeStatus, RetrievalResult, StoreStats
from hybridmem.privacy.crypto import PrivacyConfig
from hybridmem.privacy.guard import PrivacyGuard
from hybridmem.recovery import consistency, oplog, ownership, sessions, snapshots
from hybridmem.recovery.models import (
    OpRecord,
    RepairReport,
    RestoreReport,
    SnapshotInfo,
    VerifyReport,
)
from hybridmem.retrieval import Retriever, scope_key
from hybridmem.store import SQLiteStore, encode_path
from hybridmem.tokens import LazyTokenCounter, TokenCounter
from hybridmem.validation import (
    check_content,
    check_metadata,
    check_node_id,
    check_node_type,
    check_positive_int,
    check_user_id,
    check_weight,
)

if TYPE_CHECKING:
    from hybridmem.privacy.audit import AuditEntry, AuditVerification
    from hybridmem.privacy.erasure import ErasureReport
    from hybridmem.privacy.isolation import ScopedMemory
    from hybridmem.privacy.portability import PortabilityReport
    from hybridmem.privacy.rotation import KeyRotationReport

log = logging.getLogger(__name__)

DB_FILE = "memory.sqlite3"
CHROMA_LAYOUT = "2"
"""Version of the Chroma metadata layout (bump when ``_chroma_metadata`` changes)."""
CHROMA_DIR = "chroma"
DEFAULT_USER = "default"


@dataclass(frozen=True, slots=True)
class NodeInput:
    """One node to write with :meth:`HybridMemory.add_many` (dicts with these keys work too)."""

    content: str
    parent_id: str | None = None
    node_type: str = "event"
    id: str | None = None
    importance: float | None = None
    confidence: float | None = None
    metadata: dict[str, Any] | None = None
    created_at: datetime | None = None
    source_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    activate: bool | None = None
    sensitive: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    lifecycle: str | None = None
    """transient / short_term / long_term; None: assigned by the evolution policy."""
    slot: str | None = None
    """Conflict-group key of a fact/preference (e.g. ``user.city``); None: inferred."""
    tier: str | None = None
    """buffer / working / long_term; None: the evolution policy's starting tier."""


def content_hash(text: str) -> str:
    """Hash used to skip re-embedding unchanged content."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


class HybridMemory:
    """A weighted memory tree: SQLite for structure and state, Chroma for vectors.

    ``HybridMemory("agent-memory/")`` keeps ``memory.sqlite3`` and a ``chroma/`` directory in
    that folder (created if missing). Pass ``chroma=ChromaServer(host, port)`` to keep vectors
    in a Chroma server instead; nothing else changes.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        embedder: str | Embedder | None = None,
        config: MemoryConfig | None = None,
        clock: Clock | None = None,
        chroma: ChromaServer | None = None,
        collection: str | None = None,
        durability: str = "normal",
        actor: str | None = None,
        reindex: bool = False,
        token_counter: TokenCounter | None = None,
        privacy: PrivacyConfig | None = None,
    ) -> None:
        self.path = Path(path)
        if self.path.exists() and not self.path.is_dir():
            raise InvalidArgumentError(f"memory path {self.path} exists and is not a directory")
        self.path.mkdir(parents=True, exist_ok=True)
        self.config = config or MemoryConfig()
        self.clock: Clock = clock or system_clock
        self.actor = actor
        self.embedder = make_embedder(embedder)
        self.counter = token_counter or LazyTokenCounter()
        self._lock = threading.RLock()
        self._closed = False
        self._durability = durability
        started = time.perf_counter()
        self.store = SQLiteStore(self.path / DB_FILE, durability=durability)
        try:
            self.privacy = PrivacyGuard(self.store, privacy)
            if reindex:
                # Mark everything pending before the embedder changes, so a crash during the
                # re-index is finished by the next open instead of leaving stale 'indexed' rows.
                self.store.set_index_state(self.store.all_ids(), IndexState.PENDING.value)
            dimension = self._check_embedder(reindex)
            name = collection or "hybridmem-nodes"
            chroma_dir = None if chroma else self.path / CHROMA_DIR

            def open_chroma() -> ChromaIndex:
                return ChromaIndex(
                    path=chroma_dir,
                    server=chroma,
                    collection=name,
                    embedder_name=self.embedder.name,
                    dimension=dimension,
                    recreate=reindex,
                )

            # Embedded Chroma is owned by one process at a time (recovery/ownership.py).
            self.index, rebuild_reason = ownership.open_index(
                chroma_dir=chroma_dir, opener=open_chroma
            )
            self.retriever = Retriever(
                self.store,
                self.index,  # type: ignore[arg-type]
                self.embedder,
                self.config,
                self.counter,
            )
            self._evolver = EvolutionWriter(self.store, self.index, self.config.evolution)
            self._reconciler = consistency.Reconciler(self)
            if reindex:
                self.rebuild_index()
            elif self.store.get_meta("chroma_layout") != CHROMA_LAYOUT:
                # Vectors written with an older metadata layout would not match today's
                # filters: re-upsert them all (finished below, like any pending write).
                self.store.set_index_state(self.store.all_ids(), IndexState.PENDING.value)
            self.store.set_meta("chroma_layout", CHROMA_LAYOUT)
            self.open_report = self._reconciler.on_open(rebuild_reason, started)
            """What opening had to repair (pending writes, orphans, a lost index)."""
            self._auto_checkpoint = snapshots.AutoCheckpoint(self)
            self.store.after_commit = self._auto_checkpoint.after_commit
        except BaseException:
            index = getattr(self, "index", None)
            if index is not None:
                index.close()
            self.store.close()
            raise

    # -- lifecycle ------------------------------------------------------------------------
    def close(self) -> None:
        """Close the store. Further calls raise :class:`StoreClosedError`."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._reconciler.on_close()
            self.index.close()
            self.store.close()

    def __enter__(self) -> HybridMemory:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise StoreClosedError("this HybridMemory has been closed")

    def _check_embedder(self, reindex: bool) -> int:
        stored_name = self.store.get_meta("embedder")
        stored_dim = self.store.get_meta("dimension")
        if stored_name is not None and stored_name != self.embedder.name and not reindex:
            raise EmbedderMismatchError(
                f"this store was built with embedder {stored_name!r} ({stored_dim} dims) but "
                f"was opened with {self.embedder.name!r}. Open it with the same embedder, or "
                "re-embed everything with HybridMemory(path, embedder=..., reindex=True) "
                "(CLI: hybridmem reindex --embedder ...)"
            )
        if stored_name is None or reindex:
            dimension = self.embedder.dimension
            self.store.set_meta("embedder", self.embedder.name)
            self.store.set_meta("dimension", str(dimension))
            return dimension
        return int(stored_dim or self.embedder.dimension)

    def _now(self) -> datetime:
        return ensure_utc(self.clock())

    # -- writing --------------------------------------------------------------------------
    def add(
        self,
        content: str,
        *,
        parent_id: str | None = None,
        node_type: str = "event",
        user_id: str = DEFAULT_USER,
        importance: float | None = None,
        confidence: float | None = None,
        metadata: Mapping[str, Any] | None = None,
        created_at: datetime | None = None,
        source_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        id: str | None = None,
        activate: bool | None = None,
        lifecycle: str | None = None,
        slot: str | None = None,
        tier: str | None = None,
        sensitive: bool = False,
    ) -> MemoryNode:
        """Add one memory under ``parent_id``.

        Without ``parent_id``, a task goes under the user's root (a new top-level task) and
        anything else under the user's active node (or the root when none is active).

        Adding a node whose type is in ``MemoryConfig.activate_on_add`` (task, state) makes it
        the user's active node unless ``activate=False``.

        Facts and preferences pass the speech-act filter and join conflict groups (``slot``);
        every node gets a lifecycle and tier (see :mod:`hybridmem.evolution`).
        ``sensitive=True`` stores the content encrypted (needs a key, see
        :class:`~hybridmem.privacy.PrivacyConfig`); such a node is found by vector only.
        """
        item = NodeInput(
            content=content,
            parent_id=parent_id,
            node_type=node_type,
            id=id,
            importance=importance,
            confidence=confidence,
            # Non-mappings go through unchanged so validation names the problem.
            metadata=dict(metadata) if isinstance(metadata, Mapping) else metadata,
            created_at=created_at,
            source_id=source_id,
            agent_id=agent_id,
            session_id=session_id,
            activate=activate,
            lifecycle=lifecycle,
            slot=slot,
            tier=tier,
            sensitive=sensitive,
        )
        return self.add_many([item], user_id=user_id)[0]

    def add_many(
        self, items: Iterable[NodeInput | Mapping[str, Any]], *, user_id: str = DEFAULT_USER
    ) -> list[MemoryNode]:
        """Add many memories with batched embedding and one SQLite transaction.

        Items may name as parent any existing node of the user or an ``id`` given earlier in
        the same batch. Either every item is written or none is.
        """
        self._check_open()
        user_id = check_user_id(user_id)
        inputs = [self._coerce(item, i) for i, item in enumerate(items)]
        if not inputs:
            return []
        ids = [item.id or uuid.uuid4().hex for item in inputs]
        if len(set(ids)) != len(ids):
            raise InvalidArgumentError("add_many: two items share the same id")
        vectors = self._embed_unique([item.content for item in inputs])
        by_id = dict(zip(ids, vectors, strict=True))
        evolved: list[str] = []
        now = self._now()
        with self._lock, self.store.transaction():
            existing = self.store.all_ids_among(ids)
            if existing:
                raise InvalidArgumentError(f"node id {existing[0]!r} already exists")
            self._check_user_quota(user_id, len(inputs))
            batch: dict[str, MemoryNode] = {}
            created: list[MemoryNode] = []
            touched_ancestors: set[str] = set()
            activate_id: str | None = None
            root: MemoryNode | None = None
            for item, node_id in zip(inputs, ids, strict=True):
                # A new task with no parent starts a new top-level task; anything else with
                # no parent belongs to what the agent is doing now (the active node).
                top_level = item.parent_id is None and item.node_type in self.config.scope_types
                parent = None if top_level else self._resolve_parent(item.parent_id, user_id, batch)
                if parent is None:
                    root = (
                        root
                        or self.store.user_root(user_id)
                        or self._create_root(user_id, now, batch, created)
                    )
                    parent = root
                plan = self._evolution_plan(item, node_id, user_id, by_id)
                node = self._insert(item, node_id, user_id, parent, now, plan)
                evolved.extend(
                    apply_changes(
                        self.store, plan.changes, user_id=user_id, now=now, actor=self.actor
                    )
                )
                batch[node_id] = node
                created.append(node)
                touched_ancestors.update((*node.path,))
                wants = item.activate
                if wants or (wants is None and item.node_type in self.config.activate_on_add):
                    activate_id = node_id
            bumped = sorted(touched_ancestors - set(batch))
            if bumped:
                # Logged so that replay (restore) reproduces the ancestors' activity exactly.
                self.store.append_op(
                    "bump",
                    node_id=None,
                    user_id=user_id,
                    payload={"ids": bumped, "by": self.config.ancestor_bump},
                    at=now,
                    actor=self.actor,
                )
            self.store.bump_ancestors(bumped, now, self.config.ancestor_bump)
            if activate_id is not None:
                seq = self.store.append_op(
                    "set_active",
                    node_id=activate_id,
                    user_id=user_id,
                    payload={},
                    at=now,
                    actor=self.actor,
                )
                self.store.set_active(user_id, activate_id, now, seq)
        self._index(created, vectors)
        self._sync_index_metadata([i for i in dict.fromkeys(evolved) if i not in batch])
        wanted = set(ids)
        fresh = self.store.get_many(n.id for n in created if n.id in wanted)
        return [fresh[node_id] for node_id in ids]

    def _check_user_quota(self, user_id: str, adding: int) -> None:
        limit = self.config.max_nodes_per_user
        if limit is None:
            return
        have = self.store.node_count(user_id)
        total = have + adding + (0 if have else 1)  # a first write also creates the root
        if total > limit:
            raise LimitExceededError(
                f"user {user_id!r} would hold {total} nodes; the maximum is {limit} "
                "(MemoryConfig.max_nodes_per_user)"
            )

    def _coerce(self, item: NodeInput | Mapping[str, Any], position: int) -> NodeInput:
        if isinstance(item, Mapping):
            known = set(NodeInput.__dataclass_fields__) - {"extra"}
            unknown = set(item) - known
            if unknown:
                raise InvalidArgumentError(
                    f"item {position}: unknown field(s) {sorted(unknown)}; expected {sorted(known)}"
                )
            if "content" not in item:
                raise InvalidArgumentError(f"item {position}: 'content' is required")
            item = NodeInput(**dict(item))
        elif not isinstance(item, NodeInput):
            raise InvalidArgumentError(
                f"item {position}: expected a NodeInput or a mapping, got {type(item).__name__}"
            )
        check_content(item.content, max_chars=self.config.max_content_chars)
        check_node_type(item.node_type)
        if item.node_type == "root":
            raise InvalidArgumentError("root nodes are created by hybridmem, one per user")
        if item.id is not None:
            check_node_id(item.id)
        if item.parent_id is not None:
            check_node_id(item.parent_id, name="parent_id")
        if item.importance is not None:
            check_weight("importance", item.importance)
        if item.confidence is not None:
            check_weight("confidence", item.confidence)
        check_metadata(item.metadata)
        if item.lifecycle is not None:
            check_lifecycle(item.lifecycle)
        if item.tier is not None:
            check_tier(item.tier)
        for name in ("source_id", "agent_id", "session_id", "slot"):
            value = getattr(item, name)
            if value is not None:
                check_user_id(value, name=name)
        if not isinstance(item.sensitive, bool):
            raise InvalidArgumentError(
                f"sensitive must be a bool, got {type(item.sensitive).__name__}"
            )
        if item.created_at is not None and not isinstance(item.created_at, datetime):
            raise InvalidArgumentError(
                f"created_at must be a datetime, got {type(item.created_at).__name__}"
            )
        return item

    def _evolution_plan(
        self, item: NodeInput, node_id: str, user_id: str, vectors: Mapping[str, Any]
    ) -> WritePlan:
        cfg = self.config
        return self._evolver.plan(
            content=item.content,
            node_type=item.node_type,
            user_id=user_id,
            node_id=node_id,
            importance=item.importance if item.importance is not None else cfg.default_importance,
            confidence=item.confidence if item.confidence is not None else cfg.default_confidence,
            lifecycle_arg=item.lifecycle,
            tier_arg=item.tier,
            slot=item.slot,
            vector=vectors.get(node_id),
            batch_vectors=vectors,
        )

    def _sync_index_metadata(self, ids: Sequence[str]) -> None:
        """Refresh Chroma's filterable metadata (status) of nodes changed in SQLite."""
        nodes = [n for n in self.store.get_many(ids).values()]
        if not nodes or not self.index.writable:
            return  # not the index owner: the rows stay pending for the owner (or next open)
        self.index.update_metadata([n.id for n in nodes], [self._chroma_metadata(n) for n in nodes])
        # Conditional: a node changed by another writer meanwhile stays pending.
        consistency.mark_indexed(self.store, nodes)

    def _resolve_parent(
        self, parent_id: str | None, user_id: str, batch: Mapping[str, MemoryNode]
    ) -> MemoryNode | None:
        if parent_id is None:
            active_id = self.store.get_active(user_id)
            return self.store.get(active_id) if active_id else None
        parent = batch.get(parent_id) or self.store.get(parent_id)
        if parent is None:
            raise NodeNotFoundError(f"parent node {parent_id!r} does not exist")
        if parent.user_id != user_id:
            raise ScopeError(
                f"parent node {parent_id!r} belongs to another user; a node can only be "
                f"attached under its own user's ({user_id!r}) tree"
            )
        return parent

    def _create_root(
        self, user_id: str, now: datetime, batch: dict[str, MemoryNode], created: list[MemoryNode]
    ) -> MemoryNode:
        root_id = f"root-{uuid.uuid4().hex}"
        item = NodeInput(
            content=f"Memory of {user_id}", node_type="root", importance=1.0, confidence=1.0
        )
        node = self._insert(item, root_id, user_id, None, now)
        batch[root_id] = node
        created.append(node)
        return node

    def _insert(
        self,
        item: NodeInput,
        node_id: str,
        user_id: str,
        parent: MemoryNode | None,
        now: datetime,
        plan: WritePlan | None = None,
    ) -> MemoryNode:
        created_at = ensure_utc(item.created_at) if item.created_at else now
        path = (*parent.path, parent.id) if parent else ()
        if len(path) > self.config.max_depth:
            raise LimitExceededError(
                f"node would be at depth {len(path)}; the maximum is {self.config.max_depth} "
                "(MemoryConfig.max_depth)"
            )
        stored = self.privacy.vault.stored(
            node_id, item.content, sensitive=item.sensitive, plain_hash=content_hash(item.content)
        )
        is_scope = item.node_type in self.config.scope_types
        task_id = node_id if is_scope or parent is None else parent.task_id
        metadata = check_metadata(item.metadata)
        importance = (
            item.importance if item.importance is not None else self.config.default_importance
        )
        confidence = (
            item.confidence if item.confidence is not None else self.config.default_confidence
        )
        status = NodeStatus.ACTIVE.value
        if plan is not None:
            importance, confidence, status = plan.importance, plan.confidence, plan.status
            metadata = {**plan.metadata, **metadata}
        seq = self.store.append_op(
            "add",
            node_id=node_id,
            user_id=user_id,
            payload={
                "parent_id": parent.id if parent else None,
                "node_type": item.node_type,
                "content": stored.logged,
                # Encrypted nodes: the op log keeps the ciphertext (replayable), never the text.
                **(
                    {
                        "sensitive": True,
                        "sealed": stored.content,
                        "sealed_hash": stored.content_hash,
                    }
                    if stored.sensitive
                    else {}
                ),
                "importance": importance,
                "confidence": confidence,
                "metadata": metadata,
                "created_at": to_iso(created_at),
                "source_id": item.source_id,
                "agent_id": item.agent_id,
                "session_id": item.session_id,
                "status": status,
                "lifecycle": plan.lifecycle if plan else None,
                "tier": plan.tier if plan else None,
                "conflict_group": plan.conflict_group if plan else None,
                "decision": plan.decision if plan else None,
            },
            at=now,
            actor=self.actor,
        )
        row = {
            "id": node_id,
            "user_id": user_id,
            "agent_id": item.agent_id,
            "session_id": item.session_id,
            "parent_id": parent.id if parent else None,
            "path": encode_path(path),
            "depth": len(path),
            "task_id": task_id,
            "content": stored.content,
            "content_hash": stored.content_hash,
            "node_type": item.node_type,
            "importance": float(importance),
            "confidence": float(confidence),
            "activity": 0.0,
            "created_at": to_iso(created_at),
            "updated_at": to_iso(now),
            "last_accessed_at": None,
            "access_count": 0,
            "seq": seq,
            "version": 1,
            "status": status,
            "index_state": IndexState.PENDING.value,
            "source_id": item.source_id,
            "metadata": json.dumps(metadata, ensure_ascii=False),
            "lifecycle": plan.lifecycle if plan else None,
            "tier": plan.tier if plan else None,
            "conflict_group": plan.conflict_group if plan else None,
            "sensitive": int(stored.sensitive),
        }
        self.store.insert_node(row, stored.terms)
        return MemoryNode(
            id=node_id,
            user_id=user_id,
            parent_id=row["parent_id"],
            content=item.content,
            node_type=item.node_type,
            importance=float(importance),
            confidence=float(confidence),
            created_at=created_at,
            updated_at=now,
            last_accessed_at=None,
            access_count=0,
            seq=seq,
            version=1,
            status=row["status"],
            depth=len(path),
            path=path,
            task_id=task_id,
            content_hash=row["content_hash"],
            index_state=row["index_state"],
            source_id=item.source_id,
            agent_id=item.agent_id,
            session_id=item.session_id,
            metadata=metadata,
            lifecycle=row["lifecycle"],
            tier=row["tier"],
            conflict_group=row["conflict_group"],
            sensitive=stored.sensitive,
        )

    def update(
        self,
        node_id: str,
        *,
        content: str | None = None,
        importance: float | None = None,
        confidence: float | None = None,
        node_type: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        status: str | None = None,
        source_id: str | None = None,
        user_id: str | None = None,
        expected_version: int | None = None,
    ) -> MemoryNode:
        """Change a node. Content is re-embedded only when its hash changed.

        ``expected_version`` makes the update conditional: if another writer changed the node
        first, :class:`~hybridmem.errors.ConflictError` is raised and nothing is written.
        """
        from hybridmem.errors import ConflictError

        self._check_open()
        check_node_id(node_id)
        changes: dict[str, Any] = {}
        if content is not None:
            changes["content"] = check_content(content, max_chars=self.config.max_content_chars)
        if importance is not None:
            changes["importance"] = check_weight("importance", importance)
        if confidence is not None:
            changes["confidence"] = check_weight("confidence", confidence)
        if node_type is not None:
            changes["node_type"] = check_node_type(node_type)
            if node_type == "root":
                raise InvalidArgumentError("a node cannot be turned into a root")
        if metadata is not None:
            changes["metadata"] = check_metadata(dict(metadata))
        if expected_version is not None:
            check_positive_int("expected_version", expected_version)
        if status is not None:
            if not isinstance(status, str) or status not in {s.value for s in NodeStatus}:
                raise InvalidArgumentError(
                    f"status must be one of {[s.value for s in NodeStatus]}, got {status!r}"
                )
            changes["status"] = status
        if source_id is not None:
            changes["source_id"] = check_user_id(source_id, name="source_id")
        vectors: Vectors | None = None
        current = self._get_scoped(node_id, user_id)
        new_hash = (
            self.privacy.vault.digest(
                changes["content"],
                sensitive=current.sensitive,
                plain_hash=content_hash(changes["content"]),
            )
            if "content" in changes
            else None
        )
        if new_hash is not None and new_hash != current.content_hash:
            vectors = self.embedder.embed([changes["content"]])
        now = self._now()
        with self._lock, self.store.transaction():
            node = self._get_scoped(node_id, user_id)
            if expected_version is not None and node.version != expected_version:
                raise ConflictError(
                    f"node {node_id!r} is at version {node.version}, not {expected_version}: "
                    "another writer changed it; re-read and retry"
                )
            if node.node_type == "root" and ("node_type" in changes or "status" in changes):
                raise InvalidArgumentError("the root node's type and status cannot change")
            values: dict[str, Any] = {}
            terms: str | None = None
            reindex = False
            for key, value in changes.items():
                old = getattr(node, key)
                if key == "metadata":
                    if value != node.metadata:
                        values["metadata"] = json.dumps(value, ensure_ascii=False)
                elif value != old:
                    values[key] = value
            logged_content: str | None = None
            if "content" in values:
                stored = self.privacy.vault.stored(
                    node_id,
                    values["content"],
                    sensitive=node.sensitive,
                    plain_hash=content_hash(values["content"]),
                )
                values["content"] = stored.content
                values["content_hash"] = stored.content_hash
                terms = stored.terms
                logged_content = stored.logged
                if stored.content_hash != node.content_hash:
                    reindex = True
                else:
                    vectors = None
            if not values:
                return node
            if {"status", "node_type"} & values.keys():
                reindex = True
            if reindex:
                values["index_state"] = IndexState.PENDING.value
            values["updated_at"] = to_iso(now)
            values["version"] = node.version + 1
            self.store.append_op(
                "update",
                node_id=node_id,
                user_id=node.user_id,
                payload={
                    **{
                        k: (logged_content if k == "content" else changes.get(k, v))
                        for k, v in values.items()
                        if k not in {"content_hash", "index_state", "updated_at", "version"}
                    },
                    **(
                        {"sealed": values["content"], "sealed_hash": values["content_hash"]}
                        if "content" in values and logged_content is None
                        else {}
                    ),
                },
                at=now,
                actor=self.actor,
            )
            self.store.update_node(node_id, values, terms)
            if "node_type" in values and (
                (values["node_type"] in self.config.scope_types)
                != (node.node_type in self.config.scope_types)
            ):
                self._rescope(node_id)
        updated = self._require(node_id)
        if reindex or updated.index_state == IndexState.PENDING.value:
            self._reindex_pending_subtree(updated, vectors)
        return self._require(node_id)

    def move(self, node_id: str, new_parent_id: str, *, user_id: str | None = None) -> MemoryNode:
        """Re-attach a node (and its subtree) under another node of the same user."""
        self._check_open()
        check_node_id(node_id)
        check_node_id(new_parent_id, name="new_parent_id")
        now = self._now()
        with self._lock, self.store.transaction():
            node = self._get_scoped(node_id, user_id)
            parent = self._get_scoped(new_parent_id, user_id)
            if parent.user_id != node.user_id:
                raise ScopeError("cannot move a node under another user's tree")
            if parent.id == node.id or node.id in parent.path:
                raise CycleError(
                    f"cannot move {node_id!r} under {new_parent_id!r}: it is that node "
                    "or one of its ancestors"
                )
            if node.parent_id is None:
                raise InvalidArgumentError("the root node cannot be moved")
            if node.parent_id == parent.id:
                return node
            deepest = self.store.max_depth_below(node) + len(parent.path) + 1 - node.depth
            if deepest > self.config.max_depth:
                raise LimitExceededError(
                    f"the move would put nodes at depth {deepest}; the maximum is "
                    f"{self.config.max_depth} (MemoryConfig.max_depth)"
                )
            self.store.append_op(
                "move",
                node_id=node_id,
                user_id=node.user_id,
                payload={"from": node.parent_id, "to": parent.id},
                at=now,
                actor=self.actor,
            )
            self._reparent_in_tx(node, parent.id, now)
        moved = self._require(node_id)
        self._reindex_pending_subtree(moved, None)
        return moved

    def _rescope(self, node_id: str) -> None:
        """Recompute ``task_id`` for a subtree (inside a transaction); mark changes pending."""
        top = self._require(node_id)
        parent = self.store.get(top.parent_id) if top.parent_id else None
        scope_types = self.config.scope_types
        inherited = {top.parent_id: parent.task_id} if parent else {}
        for node in self.store.subtree(top):
            if node.node_type in scope_types or node.parent_id is None:
                task_id = node.id
            else:
                task_id = inherited[node.parent_id]
            inherited[node.id] = task_id
            if task_id != node.task_id:
                self.store.update_node(
                    node.id, {"task_id": task_id, "index_state": IndexState.PENDING.value}
                )

    def delete(self, node_id: str, *, subtree: bool = True, user_id: str | None = None) -> int:
        """Delete a node from SQLite, the lexical index and Chroma; return how many went.

        ``subtree=True`` removes all descendants too; ``subtree=False`` re-attaches the
        node's children to its parent. If the active node goes, its nearest surviving
        ancestor becomes active.
        """
        self._check_open()
        check_node_id(node_id)
        now = self._now()
        with self._lock, self.store.transaction():
            node = self._get_scoped(node_id, user_id)
            if subtree:
                doomed = [n.id for n in self.store.subtree(node)]
            else:
                if node.parent_id is None and self.store.children(node.id):
                    raise InvalidArgumentError(
                        "the root node has children; delete it with subtree=True"
                    )
                for child in self.store.children(node.id):
                    self._reparent_in_tx(child, node.parent_id or "", now)
                doomed = [node.id]
            self.store.append_op(
                "delete",
                node_id=node_id,
                user_id=node.user_id,
                payload={"ids": doomed, "subtree": subtree},
                at=now,
                actor=self.actor,
            )
            self.store.delete_nodes(doomed)
            active = self.store.get_active(node.user_id)
            if active in set(doomed):
                survivor = next((a for a in reversed(node.path)), None)
                seq = self.store.append_op(
                    "set_active",
                    node_id=survivor,
                    user_id=node.user_id,
                    payload={"reason": "active node deleted"},
                    at=now,
                    actor=self.actor,
                )
                self.store.set_active(node.user_id, survivor, now, seq)
        self.index.delete(doomed)
        if not subtree:
            self._finish_pending()
        return len(doomed)

    def _reparent_in_tx(self, node: MemoryNode, new_parent_id: str, now: datetime) -> None:
        """Attach ``node`` under ``new_parent_id``, rewriting its subtree's paths and scopes
        (inside the caller's transaction)."""
        parent = self._require(new_parent_id)
        new_path = (*parent.path, parent.id)
        self.store.update_node(
            node.id,
            {
                "parent_id": parent.id,
                "path": encode_path(new_path),
                "depth": len(new_path),
                "updated_at": to_iso(now),
                "version": node.version + 1,
            },
        )
        self.store.rewrite_subtree_paths(
            node.user_id,
            old_prefix=node.path_prefix_for_children(),
            new_prefix=encode_path((*new_path, node.id)),
            depth_delta=len(new_path) - node.depth,
        )
        self._rescope(node.id)

    def set_active(self, node_id: str, *, user_id: str | None = None) -> MemoryNode:
        """Make ``node_id`` its user's active node (persisted: survives a crash)."""
        self._check_open()
        check_node_id(node_id)
        now = self._now()
        with self._lock, self.store.transaction():
            node = self._get_scoped(node_id, user_id)
            seq = self.store.append_op(
                "set_active",
                node_id=node_id,
                user_id=node.user_id,
                payload={},
                at=now,
                actor=self.actor,
            )
            self.store.set_active(node.user_id, node_id, now, seq)
        return node

    # -- reading --------------------------------------------------------------------------
    def get(self, node_id: str, *, user_id: str | None = None) -> MemoryNode:
        """The node with this id (restricted to ``user_id`` when given)."""
        self._check_open()
        check_node_id(node_id)
        node = self._get_scoped(node_id, user_id)
        self._audit_read("read", node.user_id, [node.id])
        return node

    def children(self, node_id: str, *, user_id: str | None = None) -> list[MemoryNode]:
        """Direct children, oldest first."""
        self._check_open()
        node = self.get(node_id, user_id=user_id)
        found = self.store.children(node.id)
        self._audit_read("read_children", node.user_id, [n.id for n in found])
        return found

    def path_to_root(self, node_id: str, *, user_id: str | None = None) -> list[MemoryNode]:
        """The node's ancestors and the node itself, root first."""
        self._check_open()
        node = self.get(node_id, user_id=user_id)
        found = self.store.get_many(node.path)
        self._audit_read("read_path", node.user_id, list(node.path))
        return [*(found[i] for i in node.path if i in found), node]

    def subtree(self, node_id: str, *, user_id: str | None = None) -> list[MemoryNode]:
        """The node and every descendant, parents before children."""
        self._check_open()
        nodes = self.store.subtree(self.get(node_id, user_id=user_id))
        self._audit_read("read_subtree", nodes[0].user_id, [n.id for n in nodes[1:]])
        return nodes

    def root(self, *, user_id: str = DEFAULT_USER) -> MemoryNode | None:
        """The user's root node, or None before the user's first memory."""
        self._check_open()
        return self.store.user_root(check_user_id(user_id))

    def users(self) -> dict[str, int]:
        """Every user id in the store with its number of nodes, sorted by user id."""
        self._check_open()
        return dict(sorted(self.store.counts("user_id").items()))

    def active_node(self, *, user_id: str = DEFAULT_USER) -> MemoryNode | None:
        """The user's active node (the task or state the agent was working on)."""
        self._check_open()
        node_id = self.store.get_active(check_user_id(user_id))
        return self.store.get(node_id) if node_id else None

    def retrieve(
        self,
        query: str,
        *,
        user_id: str = DEFAULT_USER,
        task_id: str | None = None,
        top_k: int = 8,
        token_budget: int | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
    ) -> RetrievalResult:
        """Find the memories that matter for ``query`` in the active task's subtree.

        Returns ranked hits (each with a score breakdown), the context string to put in a
        prompt (ancestor path first) and its token count, which never exceeds ``token_budget``.

        ``agent_id`` / ``session_id`` narrow further: only nodes written by that agent (session)
        or by none are returned (see :class:`~hybridmem.privacy.isolation.ScopedMemory`).
        """
        self._check_open()
        check_content(query, max_chars=self.config.max_content_chars)
        user_id = check_user_id(user_id)
        check_positive_int("top_k", top_k)
        if token_budget is not None:
            check_positive_int("token_budget", token_budget)
        if task_id is not None:
            check_node_id(task_id, name="task_id")
        visible = None
        if agent_id is not None or session_id is not None:
            from hybridmem.privacy.isolation import visibility

            visible = visibility(user_id, agent_id, session_id)
        with self._lock:
            result = self.retriever.retrieve(
                query,
                user_id=user_id,
                task_id=task_id,
                top_k=top_k,
                token_budget=token_budget,
                now=self._now(),
                visible=visible,
            )
            self._audit_read("retrieve", user_id, [h.node.id for h in result.hits])
            return result

    def stats(self) -> StoreStats:
        """Counts by type, status and index state; vectors in Chroma; sizes."""
        self._check_open()
        db_file = self.path / DB_FILE
        return StoreStats(
            nodes=self.store.node_count(),
            users=len(self.store.counts("user_id")),
            by_type=self.store.counts("node_type"),
            by_status=self.store.counts("status"),
            by_index_state=self.store.counts("index_state"),
            vectors=self.index.count(),
            last_seq=self.store.last_seq(),
            embedder=self.embedder.name,
            dimension=int(self.store.get_meta("dimension") or 0),
            sqlite_bytes=db_file.stat().st_size if db_file.exists() else 0,
            path=str(self.path),
        )

    # -- index maintenance ----------------------------------------------------------------
    def rebuild_index(self) -> int:
        """Drop every vector and re-embed all nodes from SQLite; return how many."""
        self._check_open()
        with self._lock:
            existing = sorted(self.index.get_ids())
            self.index.delete(existing)
            ids = self.store.all_ids()
            self.store.set_index_state(ids, IndexState.PENDING.value)
            return self._finish_pending()

    def _finish_pending(self) -> int:
        """Index every node whose vector write did not complete (e.g. after a crash)."""
        done = 0
        previous: list[str] = []
        while self.index.writable:
            ids = self.store.ids_by_index_state(IndexState.PENDING.value, limit=2000)
            # The same batch twice: rows keep changing under us; leave them for next time.
            if not ids or ids == previous:
                return done
            previous = ids
            nodes = list(self.store.get_many(ids).values())
            self._index(nodes, None)
            done += len(nodes)
        return done

    def _reindex_pending_subtree(self, top: MemoryNode, vectors: Vectors | None) -> None:
        if not self.index.writable:
            return  # another process owns the Chroma directory: it indexes these rows
        pending = [n for n in self.store.subtree(top) if n.index_state == IndexState.PENDING.value]
        if not pending:
            return
        first = pending[0]
        if vectors is not None and first.id == top.id:
            self._index([first], vectors)
            pending = pending[1:]
        if pending:
            # Only metadata changed for these: their content (and vector) is unchanged.
            self.index.update_metadata(
                [n.id for n in pending], [self._chroma_metadata(n) for n in pending]
            )
            consistency.mark_indexed(self.store, pending)

    def _index(self, nodes: Sequence[MemoryNode], vectors: Vectors | None) -> None:
        if not nodes or not self.index.writable:
            return  # not the index owner: the rows stay pending for the owner (or next open)
        if vectors is None or len(vectors) != len(nodes):
            vectors = self._embed_unique([n.content for n in nodes])
        self.index.upsert(
            [n.id for n in nodes],
            vectors,
            [self._chroma_metadata(n) for n in nodes],
            # Chroma gets no document for an encrypted node: ids and vectors only.
            [None if n.sensitive else n.content for n in nodes],
        )
        # Conditional: a node changed by another writer meanwhile stays pending.
        consistency.mark_indexed(self.store, nodes)
        self._reconciler.after_write()

    def _embed_unique(self, texts: Sequence[str]) -> Vectors:
        """Embed texts, computing each distinct text once."""
        import numpy as np

        unique = list(dict.fromkeys(texts))
        size = self.config.embed_batch_size
        parts = [self.embedder.embed(unique[i : i + size]) for i in range(0, len(unique), size)]
        table = np.concatenate(parts) if parts else np.zeros((0, 1), dtype=np.float32)
        position = {t: i for i, t in enumerate(unique)}
        return table[[position[t] for t in texts]]

    @staticmethod
    def _chroma_metadata(node: MemoryNode) -> dict[str, Any]:
        # Retrieval filters on the combined keys: one clause that matches only the scope's
        # entries is far cheaper in Chroma than ANDing clauses that each match the whole
        # collection (measured at 10k nodes: 12 ms vs 25 ms, and the gap grows with size).
        return {
            "user_id": node.user_id,
            "task_id": node.task_id,
            "node_type": node.node_type,
            "status": node.status,
            "user_status": scope_key(node.user_id, node.status),
            "task_status": scope_key(node.task_id, node.status),
        }

    # -- helpers --------------------------------------------------------------------------
    def _require(self, node_id: str) -> MemoryNode:
        node = self.store.get(node_id)
        if node is None:
            raise NodeNotFoundError(f"no node with id {node_id!r}")
        return node

    def _get_scoped(self, node_id: str, user_id: str | None) -> MemoryNode:
        node = self.store.get(node_id)
        # Another user's node is reported exactly like a missing one: ids do not leak.
        if node is None or (user_id is not None and node.user_id != user_id):
            suffix = f" for user {user_id!r}" if user_id is not None else ""
            raise NodeNotFoundError(f"no node with id {node_id!r}{suffix}")
        return node

    # -- privacy ---------------------------------------------------------------------------
    def _audit_read(self, action: str, user_id: str | None, ids: Sequence[str]) -> None:
        self.privacy.audit_read(
            action, user_id=user_id, node_ids=ids, at=self._now(), actor=self.actor
        )

    def scoped(
        self, *, user_id: str, agent_id: str | None = None, session_id: str | None = None
    ) -> ScopedMemory:
        """A view of this memory fixed to one user (and agent / session when given)."""
        from hybridmem.privacy.isolation import ScopedMemory

        return ScopedMemory(self, user_id=user_id, agent_id=agent_id, session_id=session_id)

    def erase(
        self,
        node_id: str | None = None,
        *,
        user_id: str | None = None,
        subtree: bool = True,
        compact: bool = True,
    ) -> ErasureReport:
        """Forget for good: a user's whole memory (``user_id=``) or a node's subtree.

        Unlike :meth:`delete`, no copy of the content is left in the SQLite file, its WAL,
        the lexical index, op-log payloads or the Chroma directory; the audit log keeps a
        content-free tombstone. See :mod:`hybridmem.privacy.erasure`.
        """
        from hybridmem.privacy.erasure import erase

        self._check_open()
        with self._lock:
            return erase(self, node_id, user_id=user_id, subtree=subtree, compact=compact)

    def audit_log(
        self,
        *,
        user_id: str | None = None,
        node_id: str | None = None,
        actor: str | None = None,
        action: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int | None = None,
    ) -> list[AuditEntry]:
        """Audit entries (who did what, when) matching every given filter, oldest first."""
        from hybridmem.privacy import audit

        self._check_open()
        if limit is not None:
            check_positive_int("limit", limit)
        return audit.query(
            self.store,
            user_id=user_id,
            node_id=node_id,
            actor=actor,
            action=action,
            since=since,
            until=until,
            limit=limit,
        )

    def audit_trail(self, node_id: str, *, user_id: str | None = None) -> list[AuditEntry]:
        """The audit entries of one node (which must be visible to ``user_id``), oldest first."""
        node = self.get(node_id, user_id=user_id)
        return self.audit_log(node_id=node.id, user_id=node.user_id)

    def verify_audit(self) -> AuditVerification:
        """Recompute the audit log's hash chain (``hybridmem audit verify``)."""
        from hybridmem.privacy import audit

        self._check_open()
        return audit.verify(self.store)

    def export_user(self, user_id: str, dest: str | Path | IO[str]) -> PortabilityReport:
        """Write one user's memory as JSON Lines (sensitive content decrypted: needs the key)."""
        from hybridmem.privacy.portability import export_user

        self._check_open()
        with self._lock:
            return export_user(self, check_user_id(user_id), dest)

    def import_jsonl(
        self, source: str | Path | IO[str], *, user_id: str | None = None
    ) -> PortabilityReport:
        """Load an export (into ``user_id``, default the exported user); sensitive nodes are
        encrypted again with this store's key. All or nothing."""
        from hybridmem.privacy.portability import import_jsonl

        self._check_open()
        return import_jsonl(self, source, user_id=user_id)

    def rotate_key(self, new_key: bytes | str) -> KeyRotationReport:
        """Re-encrypt every sensitive node with ``new_key`` (the current key must be set)."""
        from hybridmem.privacy.rotation import rotate_key

        self._check_open()
        with self._lock:
            return rotate_key(self, new_key)

    # -- recovery ---------------------------------------------------------------------------
    # Thin delegates to hybridmem/recovery (docs/durability.md).
    def history(self, node_id: str, *, user_id: str | None = None) -> list[OpRecord]:
        """Every op-log entry that changed ``node_id``, oldest first (also after deletion).

        With ``user_id``, another user's node is reported as missing (privacy isolation)."""
        self._check_open()
        records = oplog.history(self.store, check_node_id(node_id))
        if user_id is not None:
            check_user_id(user_id)
            records = [r for r in records if r.user_id == user_id]
            live = self.store.all_ids_among([node_id])
            if live and self.store.get(node_id).user_id != user_id:  # type: ignore[union-attr]
                records = []
        if not records and (not self.store.all_ids_among([node_id]) or user_id is not None):
            suffix = f" for user {user_id!r}" if user_id is not None else ""
            raise NodeNotFoundError(f"no node with id {node_id!r}{suffix} and no history of one")
        return records

    def oplog(
        self, *, since: int = 0, until: int | None = None, limit: int | None = None
    ) -> list[OpRecord]:
        """Op-log entries with ``since < seq <= until``, oldest first."""
        self._check_open()
        for name, value in (("since", since), ("until", until), ("limit", limit)):
            if value is not None and (not isinstance(value, int) or value < 0):
                raise InvalidArgumentError(f"{name} must be an int >= 0, got {value!r}")
        return oplog.oplog(self.store, since=since, until=until, limit=limit)

    def checkpoint(self) -> SnapshotInfo:
        """Write a snapshot of the SQLite store now (its op seq, active nodes and time)."""
        self._check_open()
        with self._lock:
            return snapshots.checkpoint(self)

    def snapshots(self) -> list[SnapshotInfo]:
        """Complete snapshots, oldest first."""
        self._check_open()
        return snapshots.list_snapshots(self)

    def restore(
        self, snapshot: SnapshotInfo | str | int | None = None, *, to_seq: int | None = None
    ) -> RestoreReport:
        """Load a snapshot and replay the op log after it up to ``to_seq`` (default: the end).

        ``snapshot`` is a :class:`SnapshotInfo`, a name, a sequence number (the newest
        snapshot at or before it) or None (the newest). The store being replaced is moved
        aside as ``memory.sqlite3.before-restore-<time>``; the vector index is rebuilt.
        Run it while no other process has this store open.
        """
        self._check_open()
        if to_seq is not None and (not isinstance(to_seq, int) or to_seq < 0):
            raise InvalidArgumentError(f"to_seq must be an int >= 0, got {to_seq!r}")
        with self._lock:
            snap = snapshots.find_snapshot(self, snapshot)
            others = sessions.others_alive(self.store, self._reconciler.session_key)
            if others:
                raise RecoveryError(
                    f"{others} other process(es) have this store open; close them before "
                    "restoring (they would keep writing to the replaced file)"
                )
            live = self.path / DB_FILE
            staged = live.with_name(live.name + ".restoring")
            end, replayed = snapshots.build_restored(self, snap, to_seq, staged)
            self._reconciler.on_close()
            self.store.close()
            aside = snapshots.swap_in(live, staged, self._now())
            self.store = SQLiteStore(live, durability=self._durability)
            self.privacy.attach(self.store)  # decrypt-on-read and audit hooks on the new file
            self.retriever.store = self.store
            self._evolver.store = self.store
            self._auto_checkpoint = snapshots.AutoCheckpoint(self)
            self.store.after_commit = self._auto_checkpoint.after_commit
            reindexed = self.rebuild_index()
            self._reconciler.session_key = None
            self._reconciler.on_open(None, time.perf_counter())
            return RestoreReport(
                snapshot=snap.name,
                snapshot_seq=snap.seq,
                restored_to_seq=end,
                ops_replayed=replayed,
                nodes=self.store.node_count(),
                reindexed=reindexed,
                previous_store=aside,
            )

    def verify(self) -> VerifyReport:
        """Compare SQLite and Chroma entry by entry; check the tree and op-log sequence."""
        self._check_open()
        return consistency.verify(self)

    def repair(self) -> RepairReport:
        """Remove orphaned vectors and re-index missing or stale ones; verify again."""
        self._check_open()
        return consistency.repair(self)

    # -- evolution --------------------------------------------------------------------------
    def maintain(
        self,
        *,
        now: datetime | None = None,
        dry_run: bool = False,
        deep: bool = True,
        user_id: str | None = None,
        distiller: Distiller | None = None,
        max_nodes: int | None = None,
    ) -> MaintenanceReport:
        """Forget and consolidate (see :mod:`hybridmem.evolution.maintenance`).

        ``max_nodes`` caps each user's active nodes for this run (default: the config's cap).
        """
        self._check_open()
        if user_id is not None:
            check_user_id(user_id)
        return maintain(
            self,
            now=now,
            dry_run=dry_run,
            deep=deep,
            user_id=user_id,
            distiller=distiller,
            max_nodes=max_nodes,
        )

    def restore_archived(self, node_id: str, *, user_id: str | None = None) -> MemoryNode:
        """Bring an archived memory back (active, working tier); the reason it left is kept."""
        self._check_open()
        check_node_id(node_id)
        return restore_archived(self, node_id, user_id=user_id)

    def current_value(self, slot: str, *, user_id: str = DEFAULT_USER) -> MemoryNode | None:
        """The current value of a conflict group (a slot like ``user.city`` or a group id)."""
        self._check_open()
        return current_value(self.store, check_user_id(user_id), check_user_id(slot, name="slot"))

    def value_history(self, slot: str, *, user_id: str = DEFAULT_USER) -> list[ValueRecord]:
        """Every value a conflict group held, oldest first, with status and reason."""
        self._check_open()
        return value_history(self.store, check_user_id(user_id), check_user_id(slot, name="slot"))

    def inspect(self, *, user_id: str = DEFAULT_USER, **filters: Any) -> list[InspectRow]:
        """The user's memories with weight, tier, status, lifecycle and conflict groups."""
        self._check_open()
        return inspect_user(self, user_id=check_user_id(user_id), **filters)

    def add_probe(self, *, user_id: str = DEFAULT_USER, content: str | None = None) -> MemoryNode:
        """Add a uniquely marked probe memory (watch it with :meth:`probe_report`)."""
        self._check_open()
        return add_probe(self, user_id=check_user_id(user_id), content=content)

    def probe_report(self, *, user_id: str = DEFAULT_USER) -> list[ProbeReport]:
        """Each probe's readings over time (one per maintenance run) and its state now."""
        self._check_open()
        return probe_report(self, user_id=check_user_id(user_id))
