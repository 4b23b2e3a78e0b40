"""Store metadata in SQLite: small keyed values (embedder, layout, key fingerprint, lineage,
session markers, pending erasures, the audit chain's head) in the ``meta`` table, read and
written by :class:`~hybridmem.store.sql.logs.MetaQueries`; what differs here is that a file
has no server to ask which sessions are alive."""

from __future__ import annotations

from collections.abc import Collection

from hybridmem.store.base import SQLiteBase
from hybridmem.store.sql.logs import MetaQueries


class MetaTable(MetaQueries, SQLiteBase):
    """Keyed metadata of the store."""

    def connection_token(self) -> str | None:
        """None: a SQLite file has no server; its users are processes of this host."""
        return None

    def connections_alive(self, tokens: Collection[str]) -> set[str] | None:
        """None: liveness of a SQLite store's sessions is judged by their process ids."""
        return None
