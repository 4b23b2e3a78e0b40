"""``HybridMemory``: the one object users hold; a thin facade over the engine core.

It validates arguments, opens the resources (SQLite store, vector index, embedder), builds the
engine (:mod:`hybridmem.core`) and the services on top of it (retrieval, evolution, privacy,
recovery), and forwards each public call. The write order and the op model are described in
:mod:`hybridmem.core.engine`; nothing here writes to a store directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

from hybridmem.arguments import (
    DEFAULT_USER,
    audit_query,
    check_snapshot,
    checked_search,
    update_changes,
)
from hybridmem.clock import Clock
from hybridmem.config import MemoryConfig
from hybridmem.config.privacy import PrivacyConfig
from hybridmem.core import Engine, NodeInput, coerce_input, content_hash
from hybridmem.core.reads import Reader
from hybridmem.embedding import Embedder
from hybridmem.errors import InvalidArgumentError
from hybridmem.index import ChromaServer, VectorIndex
from hybridmem.memory_conversation import ConversationCalls
from hybridmem.memory_evolution import EvolutionCalls
from hybridmem.models import MemoryNode, OpRecord, RetrievalResult, StoreStats
from hybridmem.opening import CHROMA_DIR, OpenOptions, open_memory
from hybridmem.privacy import services as privacy_ops
from hybridmem.recovery import services as recovery_ops
from hybridmem.recovery.models import RepairReport, RestoreReport, SnapshotInfo, VerifyReport
from hybridmem.sharing import Sharing
from hybridmem.store import DB_FILE, TreeStore
from hybridmem.tokens import TokenCounter
from hybridmem.validation import (
    check_bool,
    check_node_id,
    check_optional_user,
    check_seq,
    check_user_id,
)

if TYPE_CHECKING:
    from hybridmem.privacy.audit import AuditEntry, AuditVerification
    from hybridmem.privacy.erasure import ErasureReport
    from hybridmem.privacy.portability import PortabilityReport
    from hybridmem.privacy.rotation import KeyRotationReport
    from hybridmem.scoped import ScopedMemory

__all__ = ["CHROMA_DIR", "DB_FILE", "DEFAULT_USER", "HybridMemory", "NodeInput", "content_hash"]


class HybridMemory(EvolutionCalls, Sharing, ConversationCalls):
    """A weighted memory tree: SQLite (or PostgreSQL) for structure and state, Chroma for
    vectors.

    ``HybridMemory("agent-memory/")`` keeps ``memory.sqlite3`` and a ``chroma/`` directory in
    that folder (created if missing). Pass ``chroma=ChromaServer(host, port)`` (or
    ``chroma="host:port"``) to keep vectors in a Chroma server instead, or ``index=`` any
    :class:`~hybridmem.index.VectorIndex` (e.g. the in-memory fake for tests); nothing else
    changes.

    ``HybridMemory("postgresql://user@host:5432/db", chroma=ChromaServer(host, port))`` puts
    the tree in PostgreSQL instead, for many agents on many hosts sharing one memory: every
    process writes and searches (docs/deployment.md). A path keeps meaning SQLite; messages
    name the URL without its password (:attr:`location`).

    ``create=False`` refuses a path holding no store (:class:`StoreNotFoundError`) instead of
    creating one. ``read_only=True`` (implies ``create=False``) is for inspection: writes raise
    :class:`ReadOnlyStoreError`, open-time recovery is left to the next writer, and the vector
    index is opened only when a call needs vectors. ``embedder=None`` opens an existing store
    with the embedder it was built with (a new store gets the bundled default).
    """

    def __init__(
        self,
        path: str | Path,
        *,
        embedder: str | Embedder | None = None,
        config: MemoryConfig | None = None,
        clock: Clock | None = None,
        chroma: ChromaServer | str | None = None,
        collection: str | None = None,
        durability: str = "normal",
        actor: str | None = None,
        reindex: bool = False,
        token_counter: TokenCounter | None = None,
        privacy: PrivacyConfig | None = None,
        index: VectorIndex | None = None,
        create: bool = True,
        read_only: bool = False,
    ) -> None:
        opened = open_memory(
            path,
            OpenOptions(
                embedder=embedder,
                config=config,
                clock=clock,
                chroma=ChromaServer.coerce(chroma),  # before anything is created
                collection=collection,
                durability=durability,
                actor=actor,
                reindex=reindex,
                token_counter=token_counter,
                privacy=privacy,
                index=index,
                create=create,
                read_only=read_only,
            ),
        )
        self._core = opened.core
        self._privacy = opened.privacy
        self._retriever = opened.retriever
        self._recovery = opened.recovery
        self._reads = Reader(
            opened.core.engine, self._privacy.audit_read, self._privacy.audit_retrieval
        )
        self.location = opened.location
        """Where the tree lives, safe to show: the directory, or the URL without password."""
        self.path = opened.path
        """The memory directory (SQLite, snapshots, embedded Chroma); None on PostgreSQL."""
        self.read_only = read_only
        """Opened with ``read_only=True``: writes raise, the index opens on first vector use."""
        self.open_report = opened.report
        """What opening had to repair (pending writes, orphans, a lost index)."""

    # -- resources (read-only views for inspection and tests) -------------------------------
    @property
    def engine(self) -> Engine:
        """The engine core (resources, write unit, op registry) this facade forwards to."""
        return self._core.engine

    @property
    def store(self) -> TreeStore:
        """The tree store (SQLite), for inspection; write through this facade."""
        return self._core.engine.store

    @property
    def index(self) -> VectorIndex:
        """The vector index, for inspection; write through this facade."""
        return self._core.engine.index

    @property
    def config(self) -> MemoryConfig:
        return self._core.engine.config

    @property
    def clock(self) -> Clock:
        return self._core.engine.clock

    @property
    def embedder(self) -> Embedder:
        return self._core.engine.embedder

    @property
    def counter(self) -> TokenCounter:
        return self._core.engine.counter

    @property
    def actor(self) -> str | None:
        return self._core.engine.actor

    @property
    def encrypts_all(self) -> bool:
        """Whether every node's content is sealed (``PrivacyConfig(encrypt_all=True)``)."""
        return self._privacy.guard.config.encrypt_all

    # -- lifecycle ------------------------------------------------------------------------
    def close(self) -> None:
        """Close the store. Further calls raise :class:`StoreClosedError`."""
        engine = self._core.engine
        # Before the lock: the backlog's thread takes it to write the batch it is on. What is
        # still pending stays so in the store; the next open indexes it.
        engine.backlog.stop()
        with engine.lock:
            if engine.closed:
                return
            engine.closed = True
            self._recovery.on_close()
            engine.index.close()
            engine.store.close()

    def __enter__(self) -> HybridMemory:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def sealed_masked(self) -> AbstractContextManager[None]:
        """``with mem.sealed_masked():`` reads in the block (this thread only) without a key
        give a sealed node's content as ``hybridmem.core.sealed.MASKED`` instead of raising
        KeyUnavailableError, so a viewer shows the rest (``PrivacyConfig.mask_without_key``
        does it for the whole store). Writing sensitive content still needs the key."""
        self._check_open()
        return self._privacy.guard.vault.masking()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Make several public calls one atomic write::

            with mem.transaction():
                mem.add("Finance returned the claim", node_type="event", user_id="u1")
                mem.add("Next: re-scan the invoice", node_type="state", user_id="u1")

        Either every write inside commits or none does (an exception rolls all back). Vector
        writes run once the outermost transaction commits. Reads inside see the writes.
        """
        with self._core.engine.write():
            yield

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
        source: str | None = None,
    ) -> MemoryNode:
        """Add one memory under ``parent_id``.

        Without ``parent_id``, a task goes under the user's root (a new top-level task), so
        does a node of a user-level type (fact, preference, profile:
        ``MemoryConfig.user_level_types``; it follows the user into every task), and anything
        else goes under the user's active node (or the root when none is active).

        Adding a node whose type is in ``MemoryConfig.activate_on_add`` (task, state) makes it
        the user's active node unless ``activate=False``.

        Facts and preferences pass the speech-act filter and join conflict groups (``slot``);
        every node gets a lifecycle and tier (see :mod:`hybridmem.evolution`).
        ``sensitive=True`` stores the content encrypted (needs a key, see
        :class:`~hybridmem.privacy.PrivacyConfig`); such a node is found by vector only.
        ``source`` (``user`` / ``agent`` / ``system``) sets the default confidence
        (``MemoryConfig.source_confidence``); ``MemoryConfig.type_importance`` the default
        importance by type.
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
            source=source,
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
        if isinstance(items, str | bytes) or not isinstance(items, Iterable):
            raise InvalidArgumentError(
                f"items must be an iterable of NodeInput or mappings, got {type(items).__name__}"
            )
        inputs = [coerce_input(item, i, self.config) for i, item in enumerate(items)]
        if not inputs:
            return []
        return self._core.tree.add_many(inputs, user_id)

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
        self._check_open()
        check_node_id(node_id)
        changes = update_changes(
            self.config,
            content=content,
            importance=importance,
            confidence=confidence,
            node_type=node_type,
            metadata=metadata,
            status=status,
            source_id=source_id,
            user_id=user_id,
            expected_version=expected_version,
        )
        return self._core.tree.update(
            node_id, changes, user_id=user_id, expected_version=expected_version
        )

    def move(self, node_id: str, new_parent_id: str, *, user_id: str | None = None) -> MemoryNode:
        """Re-attach a node (and its subtree) under another node of the same user."""
        self._check_open()
        check_node_id(node_id)
        check_node_id(new_parent_id, name="new_parent_id")
        check_optional_user(user_id)
        return self._core.tree.move(node_id, new_parent_id, user_id=user_id)

    def delete(self, node_id: str, *, subtree: bool = True, user_id: str | None = None) -> int:
        """Delete a node from SQLite, the lexical index and Chroma; return how many went.

        ``subtree=True`` removes all descendants too; ``subtree=False`` re-attaches the
        node's children to its parent. If the active node goes, its nearest surviving
        ancestor becomes active.
        """
        self._check_open()
        check_node_id(node_id)
        check_optional_user(user_id)
        return self._core.tree.delete(
            node_id, subtree=check_bool("subtree", subtree), user_id=user_id
        )

    def set_active(self, node_id: str, *, user_id: str | None = None) -> MemoryNode:
        """Make ``node_id`` its user's active node (persisted: survives a crash)."""
        self._check_open()
        check_node_id(node_id)
        check_optional_user(user_id)
        return self._core.tree.set_active(node_id, user_id=user_id)

    # -- reading --------------------------------------------------------------------------
    def resolve_id(self, prefix: str, *, user_id: str | None = None) -> str:
        """The full id of the one node (of ``user_id``) whose id starts or ends with ``prefix``.

        A full id is returned as is when it exists. Tables (the CLI's) show an id's last
        characters: the first ones of an id the engine made are its creation time, shared by
        the nodes of one batch (``core/ids.py``). A fragment shorter than 4 characters, or
        matching no node, raises :class:`NodeNotFoundError`; several nodes raise
        :class:`AmbiguousIdError` naming them.
        """
        return self._reads.resolve_id(prefix, user_id=user_id)

    def get(self, node_id: str, *, user_id: str | None = None) -> MemoryNode:
        """The node with this id (restricted to ``user_id`` when given)."""
        return self._reads.get(node_id, user_id=user_id)

    def children(self, node_id: str, *, user_id: str | None = None) -> list[MemoryNode]:
        """Direct children, oldest first."""
        return self._reads.children(node_id, user_id=user_id)

    def path_to_root(self, node_id: str, *, user_id: str | None = None) -> list[MemoryNode]:
        """The node's ancestors and the node itself, root first."""
        return self._reads.path_to_root(node_id, user_id=user_id)

    def subtree(self, node_id: str, *, user_id: str | None = None) -> list[MemoryNode]:
        """The node and every descendant, parents before children."""
        return self._reads.subtree(node_id, user_id=user_id)

    def root(self, *, user_id: str = DEFAULT_USER) -> MemoryNode | None:
        """The user's root node, or None before the user's first memory."""
        return self._reads.root(user_id)

    def users(self) -> dict[str, int]:
        """Every user id in the store with its number of nodes, sorted by user id."""
        return self._reads.users()

    def active_node(self, *, user_id: str = DEFAULT_USER) -> MemoryNode | None:
        """The user's active node (the task or state the agent was working on)."""
        return self._reads.active_node(user_id)

    def get_all(
        self,
        *,
        user_id: str = DEFAULT_USER,
        node_type: str | Sequence[str] | None = None,
        where: Mapping[str, Any] | None = None,
        status: str | Sequence[str] | None = "active",
        limit: int | None = None,
        offset: int = 0,
    ) -> list[MemoryNode]:
        """The user's memories, oldest first, optionally of some types and matching a metadata
        filter (``where``, see :mod:`hybridmem.filters`)::

            mem.get_all(user_id="u1", node_type="fact", where={"project": "apollo"})

        ``status`` is one status, a list, or None for every status (archived memories
        included); the default lists the active ones. The user's root (a structural node) is
        left out unless ``node_type`` names ``"root"``. ``limit`` / ``offset`` page.
        """
        return self._reads.get_all(
            user_id=user_id,
            node_type=node_type,
            where=where,
            status=status,
            limit=limit,
            offset=offset,
        )

    def retrieve(
        self,
        query: str,
        *,
        user_id: str = DEFAULT_USER,
        task_id: str | None = None,
        top_k: int | None = None,
        token_budget: int | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        scope: str = "task",
        record_access: bool = True,
        node_types: str | Sequence[str] | None = None,
        where: Mapping[str, Any] | None = None,
        min_score: float | None = None,
        include_sensitive: bool = False,
    ) -> RetrievalResult:
        """Find the memories that matter for ``query`` in the active task's subtree.

        Returns ranked hits (each with a score breakdown), the context string to put in a
        prompt (ancestor path first) and its token count, which never exceeds ``token_budget``.
        ``top_k`` caps the hits; left out, it is 8 without a ``token_budget`` and the budget
        alone decides with one (as many memories as fit).

        ``scope="task"`` (default) searches the task (``task_id``, else the active node's
        task) plus the user-level facts, preferences and profiles; ``scope="user"`` the whole
        tree (the rule: :mod:`hybridmem.retrieval.scoping`). ``record_access=False`` leaves
        the hits' access statistics alone (a read-only look); by default the packed hits are
        renewed against forgetting. ``agent_id`` narrows to what that agent may read (its own
        memories, the user's shared ones and what it was granted, :meth:`grant`), before any
        ranking; ``session_id`` to that session's nodes and those of none (see
        :class:`~hybridmem.scoped.ScopedMemory`). ``node_types`` and ``where`` (a metadata
        filter, :mod:`hybridmem.filters`) keep only matching hits; ``min_score`` (in [0, 1])
        drops hits scoring below it. A sensitive memory (``add(..., sensitive=True)``) is
        returned only when the question is about it (no ordinary memory matches it better,
        :mod:`hybridmem.retrieval.sensitive`); ``include_sensitive=True`` returns sensitive
        memories like any other.
        """
        self._check_open()
        search = checked_search(
            self._retriever,
            self.config,
            query,
            user_id=user_id,
            task_id=task_id,
            top_k=top_k,
            token_budget=token_budget,
            agent_id=agent_id,
            session_id=session_id,
            scope=scope,
            record_access=record_access,
            node_types=node_types,
            where=where,
            min_score=min_score,
            include_sensitive=include_sensitive,
        )
        search = self._within_access(search, user_id, agent_id, session_id)
        return self._reads.retrieve(user_id, search, agent_id=agent_id, query=query)

    def stats(self, *, count_vectors: bool = True) -> StoreStats:
        """Counts by type, status and index state; vectors in Chroma; sizes.

        ``count_vectors=False`` leaves the vector index closed (``vectors`` is then -1): the
        cheap call for a read-only open.
        """
        self._check_open()
        return recovery_ops.stats(self._core, count_vectors=count_vectors)

    # -- index maintenance ----------------------------------------------------------------
    def rebuild_index(self) -> int:
        """Drop every vector and re-embed all nodes from SQLite; return how many."""
        self._check_open()
        return self._core.indexer.rebuild()

    # -- privacy ---------------------------------------------------------------------------
    def scoped(
        self, *, user_id: str, agent_id: str | None = None, session_id: str | None = None
    ) -> ScopedMemory:
        """A view of this memory fixed to one user (and agent / session when given)."""
        from hybridmem.scoped import ScopedMemory

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
        self._check_open()
        if node_id is not None:
            check_node_id(node_id)
        check_optional_user(user_id)
        return privacy_ops.erase(
            self._core,
            node_id,
            user_id=user_id,
            subtree=check_bool("subtree", subtree),
            compact=check_bool("compact", compact),
        )

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
        self._check_open()
        query = audit_query(
            user_id=user_id,
            node_id=node_id,
            actor=actor,
            action=action,
            since=since,
            until=until,
            limit=limit,
        )
        return privacy_ops.audit_log(self._core, query, limit=limit)

    def audit_trail(self, node_id: str, *, user_id: str | None = None) -> list[AuditEntry]:
        """The audit entries of one node (which must be visible to ``user_id``), oldest first."""
        node = self.get(node_id, user_id=user_id)
        return self.audit_log(node_id=node.id, user_id=node.user_id)

    def verify_audit(self) -> AuditVerification:
        """Recompute the audit log's hash chain (``hybridmem audit verify``)."""
        self._check_open()
        return privacy_ops.verify_audit(self._core)

    def export_user(self, user_id: str, dest: str | Path | IO[str]) -> PortabilityReport:
        """Write one user's memory as JSON Lines (sensitive content decrypted: needs the key)."""
        self._check_open()
        return privacy_ops.export_user(self._core, check_user_id(user_id), dest)

    def import_jsonl(
        self,
        source: str | Path | IO[str],
        *,
        user_id: str | None = None,
        new_ids: bool = False,
        on_existing: str = "error",
    ) -> PortabilityReport:
        """Load an export into ``user_id`` (required: the file's header never picks the
        tenant); sensitive nodes are encrypted again with this store's key. All or nothing:
        one write unit. The file's active node becomes the user's only if the user has none.

        ``new_ids=True`` gives every imported node a fresh id. An id the store already has
        fails the import (``on_existing="error"``), is left as it is when it is the target
        user's own (``"skip"``; another user's id gets a fresh one), or gets a fresh id
        (``"remap"``); the report counts ``skipped`` and ``remapped``."""
        self._check_open()
        check_optional_user(user_id)
        return privacy_ops.import_jsonl(
            self._core,
            source,
            user_id=user_id,
            new_ids=check_bool("new_ids", new_ids),
            on_existing=on_existing,
        )

    def rotate_key(self, new_key: bytes | str) -> KeyRotationReport:
        """Re-encrypt every sensitive node with ``new_key`` (the current key must be set)."""
        self._check_open()
        if not isinstance(new_key, bytes | str):
            raise InvalidArgumentError(
                f"new_key must be bytes or base64 text, got {type(new_key).__name__}"
            )
        return privacy_ops.rotate_key(self._core, self._privacy, new_key)

    # -- recovery ---------------------------------------------------------------------------
    def history(self, node_id: str, *, user_id: str | None = None) -> list[OpRecord]:
        """Every op-log entry that changed ``node_id``, oldest first (also after deletion).

        With ``user_id``, another user's node is reported as missing (privacy isolation)."""
        self._check_open()
        check_node_id(node_id)
        check_optional_user(user_id)
        return recovery_ops.history(self._core, node_id, user_id=user_id)

    def oplog(
        self, *, since: int = 0, until: int | None = None, limit: int | None = None
    ) -> list[OpRecord]:
        """Op-log entries with ``since < seq <= until``, oldest first."""
        self._check_open()
        for name, value in (("since", since), ("until", until), ("limit", limit)):
            if value is not None:
                check_seq(name, value)
        return recovery_ops.oplog(self._core, since=since, until=until, limit=limit)

    def checkpoint(self) -> SnapshotInfo:
        """Write a snapshot of the SQLite store now (its op seq, active nodes and time)."""
        self._check_open()
        return recovery_ops.checkpoint(self._core)

    def snapshots(self) -> list[SnapshotInfo]:
        """Complete snapshots, oldest first."""
        self._check_open()
        return recovery_ops.list_snapshots(self._core)

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
        check_snapshot(snapshot, to_seq)
        return recovery_ops.restore(self._core, self._recovery, snapshot, to_seq=to_seq)

    def verify(self, *, full: bool = False) -> VerifyReport:
        """Compare SQLite and Chroma: all ids both ways, each entry's metadata and content hash
        (re-read only for nodes changed since the last verify, unless ``full``); check the
        tree, the op-log sequence and the file, and the rows' tamper-evidence hashes (on
        PostgreSQL, of the rows written since the last clean check, unless ``full``)."""
        self._check_open()
        if not isinstance(full, bool):
            raise InvalidArgumentError(f"full must be True or False, got {full!r}")
        return recovery_ops.verify(self._core, full=full)

    def repair(self) -> RepairReport:
        """Remove orphaned vectors and re-index missing or stale ones; verify again."""
        self._check_open()
        return recovery_ops.repair(self._core)
