"""The tree-store ports: what the core and the services ask of the source of truth.

One small protocol per user's need (:class:`NodeRepository` for the tree's rows,
:class:`OpLog`, :class:`AuditLog`, :class:`Meta`, :class:`IndexBookkeeping`, and the reads of
retrieval, evolution, recovery and privacy; :class:`~hybridmem.store.grants.GrantBook` for
the grants between a user's agents); :class:`TreeStore` is their union, the contract an
implementation fulfils (:class:`~hybridmem.store.SQLiteStore`, the PostgreSQL store). Code above
the store annotates with the narrowest protocol it needs and never runs SQL. The values
crossing the ports are in :mod:`hybridmem.store.records`.

Contract, for every implementation:

- **Transactions.** Writes marked "inside the caller's transaction" assume an open
  :meth:`TreeStore.transaction`; the others open their own, which joins (nests in) the
  caller's when there is one. A nested transaction that fails undoes only its own work.
  Everything written in the outermost transaction commits together or not at all, and
  ``after_commit`` runs after each outermost commit.
- **Threads.** One store object is shared by the threads of a process; the store serialises
  them (:meth:`TreeStore.reading` holds other threads' writes off a block of reads).
- **Errors.** A write the backend refuses (constraint, unknown column) raises
  :class:`~hybridmem.errors.StoreWriteError`; a closed store raises
  :class:`~hybridmem.errors.StoreClosedError`. No backend exception type crosses the port.
- **Content.** Node reads return plaintext: sensitive rows are opened with ``opener``. The
  scans documented "content as stored" do not open them.
- **Op log.** Sequence numbers are assigned in commit order, never reused and without gaps
  from rolled-back writes; ``append_op`` calls ``on_op`` in the same transaction.

Not in the port: checkpoints. Each backend keeps them its own way. The SQLite store's are
files beside it (:meth:`SQLiteStore.copy_to`, :mod:`hybridmem.store.copies`); a store shared by
many hosts keeps them inside itself and says so by also being a :class:`SnapshotKeeper`
(the PostgreSQL store; :mod:`hybridmem.store.snapshot_keeper`).
:mod:`hybridmem.recovery.snapshots` serves both.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, Protocol

from hybridmem.filters import NodeFilter
from hybridmem.models import MemoryNode, OpRecord
from hybridmem.store.grants import GrantBook
from hybridmem.store.records import (
    AuditQuery,
    AuditRow,
    ContentOpener,
    IndexRow,
    LexicalGaps,
    NodeRow,
    NodeRows,
    OpHook,
    OpRow,
    OpsHook,
    PayloadScrubber,
    Scope,
    ScopeVectors,
    SequenceReport,
)


class StoreHooks(Protocol):
    """Callbacks the layers above install on the store (the privacy layer's vault and audit
    mirror, the recovery layer's automatic checkpoints); None when unused."""

    opener: ContentOpener | None
    """``(node_id, stored) -> plaintext`` for sensitive rows (the privacy layer's vault)."""
    on_op: OpHook | None
    """Called with each appended op inside its transaction (the privacy layer's audit log)."""
    on_ops: OpsHook | None
    """Called once with the rows of an ``append_ops`` batch (else ``on_op`` per row)."""
    after_commit: Callable[[], None] | None
    """Called after each outermost commit (the recovery layer's automatic checkpoints)."""


class StoreLifecycle(Protocol):
    """Opening, closing and transactions: what every writer and every careful reader needs."""

    @property
    def closed(self) -> bool:
        """True once :meth:`close` ran."""
        ...

    def close(self) -> None:
        """Release the backend; later calls raise ``StoreClosedError``. Idempotent."""
        ...

    def transaction(self, user_id: str | None = None) -> AbstractContextManager[None]:
        """A write transaction; nested calls are savepoints (see the module docstring).
        ``user_id``: the user whose nodes it writes, when it writes one user's only: a backend
        with many writers (PostgreSQL) lets other users' writers run meanwhile; None: work
        that spans users, exclusive. SQLite has one writer either way."""
        ...

    def reading(self) -> AbstractContextManager[None]:
        """Hold off other threads' writes while the block reads (re-entrant)."""
        ...


class NodeRepository(StoreLifecycle, Protocol):
    """The tree's rows: the core's write unit and the reads of the facade and services
    (content opened: sensitive rows are decrypted with ``opener``)."""

    def insert_node(self, row: NodeRow, fts_terms: str) -> MemoryNode:
        """Insert a node and its lexical terms (inside the caller's transaction); return the
        stored node."""
        ...

    def insert_nodes(
        self,
        rows: Sequence[tuple[NodeRow, str]],
        decoded: Sequence[MemoryNode | None] | None = None,
    ) -> list[MemoryNode]:
        """Insert many ``(row, terms)`` at once, as :meth:`insert_node` would one by one
        (inside the caller's transaction); return the stored nodes in order. ``decoded``:
        per row, ``row_to_node`` of that very row when the caller already built it (None:
        the store decodes the row), so a bulk write decodes each row once."""
        ...

    def update_node(
        self, node_id: str, values: Mapping[str, Any], fts_terms: str | None = None
    ) -> None:
        """Set columns (keys of :class:`NodeRow`, never ``id``) of one node; replace its
        lexical terms when ``fts_terms`` is given (inside the caller's transaction)."""
        ...

    def delete_nodes(self, ids: Sequence[str]) -> None:
        """Delete nodes and their lexical terms (inside the caller's transaction)."""
        ...

    def rewrite_subtree_paths(
        self, user_id: str, *, old_prefix: str, new_prefix: str, depth_delta: int
    ) -> None:
        """Replace the path prefix ``old_prefix`` by ``new_prefix`` and shift ``depth`` by
        ``depth_delta`` for every node of the user below it (inside the caller's
        transaction)."""
        ...

    def bump_ancestors(self, ids: Sequence[str], at: datetime, bump: float) -> None:
        """Raise ``activity`` by ``bump`` (capped at 1) and set ``last_accessed_at`` to ``at``
        (inside the caller's transaction)."""
        ...

    def set_active(self, user_id: str, node_id: str | None, at: datetime, seq: int) -> None:
        """Persist the user's active node, or clear it with None (inside the caller's
        transaction)."""
        ...

    def touch(self, ids: Sequence[str], at: datetime, *, count: bool = True) -> None:
        """Record a use: ``last_accessed_at = at`` and, with ``count``, one more
        ``access_count`` (one write for all ids). A store may defer the write outside a write
        transaction (SQLite does, see ``NodeTable.touch``) as long as its own reads see the
        uses at once."""
        ...

    def get(self, node_id: str) -> MemoryNode | None:
        """The node with this id, or None."""
        ...

    def owner(self, node_id: str) -> str | None:
        """The user id of the node, or None; reads no content."""
        ...

    def get_many(self, ids: Iterable[str]) -> dict[str, MemoryNode]:
        """The nodes of ``ids`` that exist, by id."""
        ...

    def children(self, node_id: str, *, statuses: Sequence[str] | None = None) -> list[MemoryNode]:
        """The node's children in creation (``seq``) order, optionally of some statuses."""
        ...

    def recent_children(
        self, node_id: str, limit: int, statuses: Sequence[str]
    ) -> list[MemoryNode]:
        """The node's ``limit`` newest children of these statuses, newest first."""
        ...

    def subtree(self, node: MemoryNode) -> list[MemoryNode]:
        """``node`` and all its descendants, parents before children."""
        ...

    def user_root(self, user_id: str) -> MemoryNode | None:
        """The user's root node, or None."""
        ...

    def all_ids(self, *, user_id: str | None = None) -> list[str]:
        """Ids of every node, or of one user's."""
        ...

    def all_ids_among(self, ids: Iterable[str]) -> list[str]:
        """Which of ``ids`` exist (works without the encryption key)."""
        ...

    def ids_by_fragment(
        self, fragment: str, *, user_id: str | None = None, limit: int = 10
    ) -> list[str]:
        """Ids beginning or ending with ``fragment`` (of one user), at most ``limit``, in id
        order."""
        ...

    def get_active(self, user_id: str) -> str | None:
        """Id of the user's active node, or None."""
        ...

    def counts(self, column: str) -> dict[str, int]:
        """Node counts by ``node_type``, ``status``, ``index_state`` or ``user_id``."""
        ...

    def node_count(self, user_id: str | None = None) -> int:
        """How many nodes (of one user, or all)."""
        ...

    def max_depth_below(self, node: MemoryNode) -> int:
        """The largest ``depth`` in ``node``'s subtree (its own when it has no children)."""
        ...

    def find_nodes(
        self,
        user_id: str,
        node_filter: NodeFilter,
        *,
        statuses: Sequence[str] | None = None,
        limit: int | None = None,
        offset: int = 0,
        roots: bool = True,
    ) -> list[MemoryNode]:
        """The user's nodes (of ``statuses``, when given) passing ``node_filter``, ordered by
        ``seq``; ``limit`` / ``offset`` page through them; ``roots=False`` leaves the user's
        root out."""
        ...


class IndexBookkeeping(Protocol):
    """What the core's vector step and the recovery layer's reindex and verify read and
    mark: index states, kept vectors and verified fingerprints."""

    def mark_indexed(self, nodes: Sequence[MemoryNode]) -> None:
        """Set ``index_state = indexed`` for each node whose ``version`` and ``task_id`` are
        still those given (a node changed meanwhile stays pending)."""
        ...

    def store_vectors(self, nodes: Sequence[MemoryNode], vectors: Any, model: str) -> None:
        """Keep each node's ``model`` vector (rows of ``vectors``) beside its row, for
        :meth:`scope_vectors`; a node whose content changed since it was read gets none. A
        backend that keeps no vectors does nothing (own transaction)."""
        ...

    def record_indexed(self, nodes: Sequence[MemoryNode], vectors: Any, model: str) -> None:
        """:meth:`store_vectors` then :meth:`mark_indexed` for nodes whose entries just
        reached the vector index, in one transaction (one write of derived data per indexed
        batch instead of two; on PostgreSQL one round trip for both statements)."""
        ...

    def set_index_state(self, ids: Sequence[str], state: str) -> None:
        """Set the index state of these nodes."""
        ...

    def set_index_state_all(self, state: str) -> None:
        """Set the index state of every node."""
        ...

    def ids_by_index_state(self, state: str, limit: int | None = None) -> list[str]:
        """Ids of nodes in this index state, oldest first, at most ``limit``."""
        ...

    def index_rows(self) -> list[IndexRow]:
        """Every node's tree and index columns (no content decoded), parents before children."""
        ...

    def index_states(self) -> dict[str, str]:
        """Every node's index state, by id."""
        ...

    def verified_marks(self) -> dict[str, str]:
        """``id -> fingerprint`` of the vector entries the last ``verify()`` confirmed."""
        ...

    def record_verified(self, marks: Sequence[tuple[str, str]], *, keep_only: bool) -> None:
        """Remember confirmed entries ``(id, fingerprint)`` (own transaction); with
        ``keep_only`` every other mark is dropped."""
        ...

    def kept_vectors(self, ids: Sequence[str], model: str) -> dict[str, Any]:
        """The kept ``model`` vector (see :meth:`store_vectors`) of each of ``ids`` computed
        from its present content, as ``{id: float32 array}``; a node without one is absent
        (as is every node on a backend that keeps none): the caller asks the vector index."""
        ...

    def scope_vectors(
        self, scope: Scope, statuses: Sequence[str], limit: int, model: str
    ) -> ScopeVectors | None:
        """Every node in ``scope`` among these statuses with its stored ``model`` vector, or
        None when
        the scope holds more than ``limit`` nodes, any of them has no current vector, or the
        backend keeps no vectors (the caller then asks the vector index)."""
        ...


class RetrievalReads(Protocol):
    """The candidate reads of retrieval (lexical search, scope and time filters, siblings)."""

    def lexical_search(
        self, match: str, scope: Scope, statuses: Sequence[str], limit: int
    ) -> list[tuple[str, float]]:
        """Best full-text matches of ``match`` (a query built by :mod:`hybridmem.lexical`) in
        ``scope`` among these statuses, as ``(id, score)`` with score > 0, best first; empty
        rather than an error when the backend cannot run the query."""
        ...

    def lexical_scores(
        self, match: str, documents: Mapping[str, str], rescore: Sequence[str] = ()
    ) -> dict[str, float]:
        """The scores :meth:`lexical_search` would give ``documents`` (id -> terms cut by
        :func:`hybridmem.lexical.document_terms`) whose terms the lexical index does not hold
        - a sealed memory's plaintext, read at query time - and the indexed nodes ``rescore``,
        had the documents' terms been indexed; nothing is written. Only scores > 0."""
        ...

    def sibling_neighbours(
        self, nodes: Iterable[MemoryNode], statuses: Sequence[str]
    ) -> dict[str, list[tuple[str, datetime]]]:
        """For each node, its previous and next sibling (same parent and user, by ``seq``)
        among these statuses, as ``(id, created_at)``; an empty list for a root."""
        ...

    def descendant_scope_ids(self, node: MemoryNode, scope_types: Sequence[str]) -> list[str]:
        """Ids of nodes of ``scope_types`` strictly below ``node``."""
        ...

    def created_between(
        self, scope: Scope, statuses: Sequence[str], start: datetime, end: datetime, limit: int
    ) -> list[str]:
        """Ids of nodes in ``scope`` among these statuses created in ``[start, end)``, the
        earliest first, at most ``limit``."""
        ...

    def task_members(
        self, task_id: str, node_types: Sequence[str], statuses: Sequence[str]
    ) -> list[str]:
        """Ids of the nodes of these types and statuses whose ``task_id`` is ``task_id``
        (the user-level memories when it is the root; see ``retrieval.scoping``)."""
        ...

    def filter_ids(
        self, scope: Scope, node_filter: NodeFilter, statuses: Sequence[str] | None = None
    ) -> list[str]:
        """Ids of the nodes in ``scope`` (of ``statuses``) passing ``node_filter``."""
        ...


class EvolutionReads(Protocol):
    """What evolution reads to place a new statement: a user's nodes, conflict groups,
    repeats and the pool a new fact is compared with."""

    def user_nodes(self, user_id: str, statuses: Sequence[str] | None = None) -> list[MemoryNode]:
        """The user's nodes (optionally of some statuses), ordered by ``depth, seq``."""
        ...

    def user_nodes_again(
        self, user_id: str, known: NodeRows | None = None
    ) -> tuple[list[MemoryNode], NodeRows]:
        """``user_nodes(user_id)`` and the rows they were built from; a row unchanged since
        ``known`` (an earlier call's rows) reuses that call's node."""
        ...

    def user_ids(self) -> list[str]:
        """Every user id that has nodes."""
        ...

    def conflict_group_members(self, user_id: str, group: str) -> list[MemoryNode]:
        """Every node of the user in conflict group ``group``, ordered by ``created_at, seq``,
        content decrypted: a group's values are shown (value history, "previously: ...") and
        compared with a new statement."""
        ...

    def conflict_group_deciding(self, user_id: str, group: str) -> list[MemoryNode]:
        """What a new statement's conflict policy reads of group ``group``, ordered by
        ``created_at, seq``, content decrypted: the newest ``active`` member whose metadata
        is not ``awaiting = "confirmation"``, and every member not ``archived`` whose metadata
        is (``evolution.conflicts.deciding_members`` of every member), read off indexes."""
        ...

    def conflict_group_settled(self, user_id: str, group: str, limit: int) -> list[MemoryNode]:
        """The group's ``limit`` newest ``active`` members whose metadata is not ``awaiting =
        "confirmation"``, newest first, content decrypted: the live values a change may name
        (``evolution.write.named``)."""
        ...

    def conflict_group_recent(
        self, user_id: str, group: str, newest: int
    ) -> tuple[list[MemoryNode], bool]:
        """The group's ``newest`` newest members (by ``created_at, seq``) plus every waiting
        challenger (active, metadata ``awaiting = "confirmation"``) plus every older member
        said again (an entry of its ``metadata.provenance`` at or after the ``created_at`` of
        the oldest of those newest), oldest first, content decrypted; and whether that is every
        member of the group. A member left out was written and last said before all of the
        newest: it is neither the group's current value nor one of its last values unless the
        members returned hold too few of them."""
        ...

    def active_nodes_of_types(
        self, user_id: str, node_types: Sequence[str], limit: int
    ) -> list[MemoryNode]:
        """The user's ``limit`` newest ``active`` nodes of these types, newest first."""
        ...

    def live_repeats(
        self, user_id: str, node_type: str, parent_id: str | None, content_hash: str
    ) -> list[MemoryNode]:
        """Live nodes of this type under this parent with exactly this content hash."""
        ...

    def live_repeats_among(
        self, user_id: str, node_type: str, parent_id: str | None, hashes: Sequence[str]
    ) -> list[MemoryNode]:
        """:meth:`live_repeats` for many content hashes in one read (a batch's items)."""
        ...

    def conflict_pool(
        self, user_id: str, node_type: str, limit: int
    ) -> list[tuple[str, str | None, datetime, int]]:
        """``(id, conflict_group, created_at, seq)`` of the user's ``limit`` newest ``active``
        nodes of this type, newest first (no row decoded; the age lets a writer keep the pool
        in order as its batch adds nodes)."""
        ...

    def said_between(
        self, user_id: str, node_types: Sequence[str], after: datetime, before: datetime, limit: int
    ) -> list[str]:
        """The content of the user's nodes of these types (any status) created strictly between
        ``after`` and ``before``, at most the ``limit`` newest, oldest first, content
        decrypted: what was said between two statements the engine compares."""
        ...


class OpLog(StoreLifecycle, Protocol):
    """The op log: the core appends, recovery replays and reads history."""

    def append_op(
        self,
        op: str,
        *,
        node_id: str | None,
        user_id: str | None,
        payload: dict[str, Any],
        at: datetime,
        actor: str | None = None,
    ) -> int:
        """Append an op (inside the caller's transaction), call ``on_op`` with it, and return
        its sequence number."""
        ...

    def append_ops(self, ops: Sequence[dict[str, Any]]) -> list[int]:
        """Append many ops (each with :meth:`append_op`'s keyword arguments) in one batch
        inside the caller's transaction; call ``on_ops`` (else ``on_op`` per row); return their
        sequence numbers in order."""
        ...

    def insert_op_row(self, row: OpRow) -> None:
        """Insert a logged op verbatim, sequence included (replay; inside the caller's
        transaction)."""
        ...

    def last_seq(self) -> int:
        """The newest op's sequence (0 for an empty log)."""
        ...

    def op_rows(self, *, since: int = 0, until: int | None = None) -> list[OpRow]:
        """Stored ops with ``since < seq <= until``, in order, exactly as stored."""
        ...

    def read_ops(
        self,
        *,
        since: int = 0,
        until: int | None = None,
        limit: int | None = None,
        ops: Sequence[str] | None = None,
    ) -> list[OpRecord]:
        """Ops with ``since < seq <= until`` (only kinds ``ops``), oldest first, at most
        ``limit``."""
        ...

    def node_ops(self, node_id: str) -> list[OpRecord]:
        """Ops logged under ``node_id``, oldest first."""
        ...

    def ops_mentioning(self, node_id: str, ops: Sequence[str]) -> list[OpRecord]:
        """Ops of kinds ``ops`` logged under another node (or none) whose payload may name
        ``node_id``; a superset the caller filters exactly."""
        ...

    def op_digest(self, seq: int) -> str:
        """A digest of the stored op at ``seq`` ("" when there is none); equal digests mean
        the same op, byte for byte."""
        ...


class AuditLog(StoreLifecycle, Protocol):
    """The audit log's rows (the privacy layer hashes and chains them)."""

    def last_audit_entry(self) -> AuditRow | None:
        """The newest audit entry, or None."""
        ...

    def append_audit(self, row: AuditRow) -> None:
        """Insert an audit entry and record ``seq:hash`` as the chain head, atomically
        (inside the caller's transaction)."""
        ...

    def append_audits(self, rows: Sequence[AuditRow]) -> None:
        """Insert consecutive audit entries and record the last as the chain's head."""
        ...

    def audit_head(self) -> str | None:
        """The recorded chain head ``seq:hash``, or None."""
        ...

    def audit_entries(
        self,
        query: AuditQuery | None = None,
        *,
        after_seq: int | None = None,
        limit: int | None = None,
    ) -> list[AuditRow]:
        """Entries (after ``after_seq``, when given) that ``query`` matches (all when None),
        oldest first, at most ``limit``."""
        ...


class Meta(StoreLifecycle, Protocol):
    """Small keyed values (embedder, layout, key fingerprint, lineage, session markers,
    pending erasures) and the liveness of other sessions."""

    def get_meta(self, key: str) -> str | None:
        """The value under ``key``, or None."""
        ...

    def set_meta(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``."""
        ...

    def delete_meta(self, *keys: str) -> None:
        """Remove these keys (missing ones are ignored)."""
        ...

    def meta_items(self, prefix: str) -> dict[str, str]:
        """Every key starting with ``prefix`` and its value."""
        ...

    def delete_meta_prefix(self, prefix: str) -> None:
        """Remove every key starting with ``prefix``."""
        ...

    def watch_meta(self, prefix: str) -> None:
        """Keys under ``prefix`` are asked for after every write (a duty's check): a store
        with a server may read them with each write's COMMIT, and answer
        :meth:`meta_items` from that read when nothing ran on its connection since."""
        ...

    def connection_token(self) -> str | None:
        """This store's connection as its database server knows it, or None when there is
        no server (SQLite: every user of the file is on this host). Changes on reconnect."""
        ...

    def connections_alive(self, tokens: Collection[str]) -> set[str] | None:
        """Which of these :meth:`connection_token` values the server still has open (its
        view of which processes, on any host, are still there); None without a server."""
        ...


class RecoveryReads(Protocol):
    """The consistency checks of recovery and of the test helpers: tampered rows, the
    backend's own check, gaps in the log, the lexical index and node numbering."""

    def sequence_gaps(self, *, max_report: int = 100) -> SequenceReport:
        """First and last sequence and the missing numbers between (at most ``max_report``)."""
        ...

    def tampered_rows(self, *, full: bool = True, remember: bool = False) -> list[str]:
        """Rows edited behind the store's back (their integrity hash does not match), as
        ``"node <id>"`` / ``"op #<seq>"``; empty when the backend keeps no such hashes.
        ``full=False`` lets a backend that can tell which rows were written since its last
        clean check (``remember=True`` records one) check only those."""
        ...

    def quick_check(self) -> list[str]:
        """What the backend's own consistency check finds wrong with its storage (empty when
        sound); cheap enough for ``verify``."""
        ...

    def lexical_gaps(self) -> LexicalGaps:
        """Where the lexical index and the node rows disagree."""
        ...

    def rewrite_terms(self, terms: Callable[[str], str]) -> int:
        """Re-derive every plaintext node's lexical terms with ``terms(content)``, statistics
        included (after a change of the lexical analysis); how many nodes were re-termed."""
        ...

    def misnumbered_nodes(self) -> int:
        """How many nodes have a ``seq`` that is not the sequence of their own ``add`` op."""
        ...

    def scan_nodes(self) -> list[MemoryNode]:
        """Every node."""
        ...


class PrivacyRewrites(Protocol):
    """What erasure and key rotation read and rewrite: unscrubbed op payloads, sealed
    content, and storage that must not keep deleted content."""

    def has_unerased_ops(self, user_id: str) -> bool:
        """True if an op of the user (``erase`` ops included) has a payload without the
        ``ERASED_KEY`` mark."""
        ...

    def count_erasable_ops(self, user_id: str, node_ids: Sequence[str], whole_user: bool) -> int:
        """How many payloads :meth:`scrub_op_payloads` would rewrite now."""
        ...

    def scrub_op_payloads(
        self, user_id: str, node_ids: Sequence[str], whole_user: bool, scrub: PayloadScrubber
    ) -> int:
        """Replace by ``scrub(payload)`` the payload of every op of ``node_ids`` (of the user,
        with ``whole_user``) that is neither an ``erase`` op nor marked ``ERASED_KEY``
        (inside the caller's transaction); return how many changed."""
        ...

    def ops_with_payload_key(self, key: str) -> list[OpRecord]:
        """Ops whose payload has the top-level key ``key``, oldest first."""
        ...

    def set_op_payload(self, seq: int, payload: dict[str, Any]) -> None:
        """Rewrite one op's payload (key rotation; inside the caller's transaction)."""
        ...

    def sensitive_contents(self) -> list[tuple[str, str]]:
        """``(id, stored content)`` of every sensitive node."""
        ...

    def sealed_sample(self) -> str | None:
        """The stored content of one sensitive node, or None when there is none."""
        ...

    def secure_delete(self) -> None:
        """From now on, overwrite deleted content instead of leaving it in free space."""
        ...

    def synced(self) -> AbstractContextManager[None]:
        """Commits inside survive a power cut once they return, whatever the store's
        durability setting."""
        ...

    def compact(self) -> bool:
        """Rewrite the storage so deleted content is gone from every file the backend keeps
        (erasure); False if another reader kept part of it from completing."""
        ...


class TreeStore(
    StoreHooks,
    NodeRepository,
    IndexBookkeeping,
    RetrievalReads,
    EvolutionReads,
    OpLog,
    AuditLog,
    Meta,
    RecoveryReads,
    PrivacyRewrites,
    GrantBook,
    Protocol,
):
    """The source of truth: the memory tree, the op log, the audit log and metadata. The
    union of the protocols above, for the engine that wires them all; code that needs only
    one part annotates with that part."""
