"""Store metadata: small keyed values (embedder, layout, key fingerprint, lineage, session
markers, pending erasures, the audit chain's head) in the ``meta`` table."""

from __future__ import annotations

from collections.abc import Collection

from hybridmem.store.base import SQLiteBase

META_UPSERT = (  # shared with the audit table, which moves the chain head with each entry
    "INSERT INTO meta(key, value) VALUES (?, ?) "
    "ON CONFLICT(key) DO UPDATE SET value = excluded.value"
)


def _prefix_range(prefix: str) -> tuple[str, str]:
    # A range on the primary key, not LIKE: exact for any prefix ('_' and '%' included).
    return prefix, prefix + "\uffff"


class MetaTable(SQLiteBase):
    """Keyed metadata of the store."""

    def get_meta(self, key: str) -> str | None:
        """The value stored under ``key``, or None."""
        rows = self._rows("SELECT value FROM meta WHERE key = ?", [key])
        return rows[0]["value"] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        """Store ``value`` under ``key`` (its own transaction, or part of the caller's)."""
        with self.transaction():
            self.conn.execute(META_UPSERT, (key, value))

    def delete_meta(self, *keys: str) -> None:
        """Remove these keys (missing ones are ignored)."""
        with self.transaction():
            self.conn.executemany("DELETE FROM meta WHERE key = ?", [(k,) for k in keys])

    def meta_items(self, prefix: str) -> dict[str, str]:
        """Every key starting with ``prefix`` and its value, in key order."""
        rows = self._rows(
            "SELECT key, value FROM meta WHERE key >= ? AND key < ? ORDER BY key",
            _prefix_range(prefix),
        )
        return {r["key"]: r["value"] for r in rows}

    def delete_meta_prefix(self, prefix: str) -> None:
        """Remove every key starting with ``prefix``."""
        with self.transaction():
            self.conn.execute("DELETE FROM meta WHERE key >= ? AND key < ?", _prefix_range(prefix))

    def connection_token(self) -> str | None:
        """None: a SQLite file has no server; its users are processes of this host."""
        return None

    def connections_alive(self, tokens: Collection[str]) -> set[str] | None:
        """None: liveness of a SQLite store's sessions is judged by their process ids."""
        return None
