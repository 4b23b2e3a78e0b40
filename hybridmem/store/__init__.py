"""The tree store (source of truth): the :class:`TreeStore` port and its SQLite implementation."""

from hybridmem.store.sqlite_store import DB_FILE, Scope, SQLiteStore, encode_path, row_to_node

TreeStore = SQLiteStore
"""The tree-store port every layer codes against (SQLite is the embedded implementation)."""

__all__ = ["DB_FILE", "SQLiteStore", "Scope", "TreeStore", "encode_path", "row_to_node"]
