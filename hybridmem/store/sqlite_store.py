"""The embedded tree store: nodes, op log, audit log, active nodes and metadata in one SQLite
file, implementing the :class:`~hybridmem.store.TreeStore` port.

SQLite is the source of truth. Every mutation is one transaction that writes the node rows, an
op-log row and any persisted state together; the vector index is derived from it.

How the class is put together: one table module per concern (:mod:`~hybridmem.store.nodes`,
:mod:`~hybridmem.store.scans`, :mod:`~hybridmem.store.oplog`, :mod:`~hybridmem.store.audit`,
:mod:`~hybridmem.store.meta`), each a mixin over :class:`~hybridmem.store.base.SQLiteBase`
(connection, lock, transaction, hooks), composed here. Mixins rather than delegated
sub-objects because the port is one flat object (``store.get``, ``store.append_op``...): the
core and the services would otherwise either call through sub-objects (``store.nodes.get``,
which ties every caller to this split) or this class would forward ~60 methods by hand. The
concerns also share state that delegation would have to pass around: one connection, one
re-entrant lock and one transaction depth, so an op-log row and its node rows always land in
the same SQLite transaction. Each mixin uses only what ``SQLiteBase`` defines, never another
mixin, so the modules stay independent.
"""

from __future__ import annotations

from hybridmem.store.audit import AuditTable
from hybridmem.store.filters import NodeFilters
from hybridmem.store.meta import MetaTable
from hybridmem.store.nodes import NodeTable
from hybridmem.store.oplog import OpLogTable
from hybridmem.store.scans import NodeScans
from hybridmem.store.sql.grants import GrantQueries

DB_FILE = "memory.sqlite3"
"""The SQLite file inside a memory directory."""


class SQLiteStore(
    NodeTable, NodeScans, NodeFilters, OpLogTable, AuditTable, MetaTable, GrantQueries
):
    """Typed access to the tree tables. Callers group writes with :meth:`transaction`.

    ``SQLiteStore(path, durability="normal", busy_timeout_ms=30_000)`` opens (or creates) the
    file and migrates its schema; a file that is not a readable store raises
    :class:`~hybridmem.errors.CorruptStoreError` and is left untouched.
    """
