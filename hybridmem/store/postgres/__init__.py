"""The PostgreSQL tree store (psycopg 3): for many agents on many hosts sharing one tree.

Install with the ``postgres`` extra (``pip install 'hybridmem[postgres]'``). Module map:
:mod:`.base` (connection, write lock, transactions), :mod:`.nodes`, :mod:`.scans`, :mod:`.logs`
(op log, audit, meta), :mod:`.lexical` (BM25 over ``tsvector``), :mod:`.snapshots`
(checkpoints in the database), :mod:`.schema` (migrations), :mod:`.store` (the composed class).
"""

from __future__ import annotations

from hybridmem.store.port import TreeStore
from hybridmem.store.postgres.base import describe
from hybridmem.store.postgres.store import PostgresStore
from hybridmem.store.snapshot_keeper import SnapshotKeeper

__all__ = ["PostgresStore", "describe"]


def _implements_port(store: PostgresStore) -> TreeStore:
    # mypy checks here that PostgresStore provides every member of the port.
    return store


def _keeps_snapshots(store: PostgresStore) -> SnapshotKeeper:
    # ... and every member of the in-database checkpoints the recovery layer uses.
    return store
