"""Where the node columns and the kept-vector join are spelled (kept for imports of this name;
the queries written once for both stores are in :mod:`hybridmem.store.sql`)."""

from hybridmem.store.sql.nodes import NODE_COLUMNS, kept_vector_select

__all__ = ["NODE_COLUMNS", "kept_vector_select"]
