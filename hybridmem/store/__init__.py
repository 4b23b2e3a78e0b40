"""The SQLite tree store (source of truth) and its schema migrations."""

from hybridmem.store.sqlite_store import Scope, SQLiteStore, encode_path, row_to_node

__all__ = ["SQLiteStore", "Scope", "encode_path", "row_to_node"]
