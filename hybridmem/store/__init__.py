"""The tree store (source of truth): the ports its users ask for and its SQLite implementation.

Module map: :mod:`~hybridmem.store.port` (the small protocols, each named for what its caller
needs, and :class:`TreeStore`, their union), :mod:`~hybridmem.store.records` (values crossing
them), :mod:`~hybridmem.store.sql` (the queries written once for both backends, against a
dialect), :mod:`~hybridmem.store.sqlite_store` (``SQLiteStore``, composed of
:mod:`~hybridmem.store.base`, :mod:`~hybridmem.store.nodes`, :mod:`~hybridmem.store.scans`,
:mod:`~hybridmem.store.oplog`, :mod:`~hybridmem.store.audit`, :mod:`~hybridmem.store.meta`),
:mod:`~hybridmem.store.grants` (the port of the grants between a user's agents),
:mod:`~hybridmem.store.copies` (snapshot files), :mod:`~hybridmem.store.schema`
(migrations) and :mod:`~hybridmem.store.encoding` (the write path's JSON and time stamps).
All SQL of hybridmem is in this package.
"""

from hybridmem.store.copies import (
    CopyFacts,
    Resealer,
    copy_meta,
    copy_sealed_sample,
    prepare_copy_for_restore,
    read_copy,
    reseal_copy,
    scrub_copy,
)
from hybridmem.store.encoding import iso_stamp, json_encoder
from hybridmem.store.grants import GrantBook
from hybridmem.store.port import (
    AuditLog,
    EvolutionReads,
    IndexBookkeeping,
    Meta,
    NodeRepository,
    OpLog,
    PrivacyRewrites,
    RecoveryReads,
    RetrievalReads,
    StoreHooks,
    StoreLifecycle,
    TreeStore,
)
from hybridmem.store.records import (
    AUDIT_HEAD_KEY,
    ERASED_KEY,
    NODE_FIELDS,
    AuditQuery,
    AuditRow,
    ContentOpener,
    IndexRow,
    LexicalGaps,
    NodeRow,
    OpHook,
    OpRow,
    OpsHook,
    PayloadScrubber,
    Readers,
    Scope,
    ScopeVectors,
    SequenceReport,
    StoredSnapshot,
    encode_path,
    row_to_node,
)
from hybridmem.store.snapshot_keeper import SnapshotKeeper
from hybridmem.store.sqlite_store import DB_FILE, SQLiteStore


def _implements_port(store: SQLiteStore) -> TreeStore:
    # mypy checks here that SQLiteStore provides every member of the port.
    return store


__all__ = [
    "AUDIT_HEAD_KEY",
    "DB_FILE",
    "ERASED_KEY",
    "NODE_FIELDS",
    "AuditLog",
    "AuditQuery",
    "AuditRow",
    "ContentOpener",
    "CopyFacts",
    "EvolutionReads",
    "GrantBook",
    "IndexBookkeeping",
    "IndexRow",
    "LexicalGaps",
    "Meta",
    "NodeRepository",
    "NodeRow",
    "OpHook",
    "OpLog",
    "OpRow",
    "OpsHook",
    "PayloadScrubber",
    "PrivacyRewrites",
    "Readers",
    "RecoveryReads",
    "Resealer",
    "RetrievalReads",
    "SQLiteStore",
    "Scope",
    "ScopeVectors",
    "SequenceReport",
    "SnapshotKeeper",
    "StoreHooks",
    "StoreLifecycle",
    "StoredSnapshot",
    "TreeStore",
    "copy_meta",
    "copy_sealed_sample",
    "encode_path",
    "iso_stamp",
    "json_encoder",
    "prepare_copy_for_restore",
    "read_copy",
    "reseal_copy",
    "row_to_node",
    "scrub_copy",
]
