"""Whole-table reads in PostgreSQL: the queries of :mod:`hybridmem.store.sql.scans`, the
lexical check this backend needs none of, and re-deriving every node's terms."""

from __future__ import annotations

from collections.abc import Callable

from hybridmem.store.postgres import lexical
from hybridmem.store.postgres.base import PgBase
from hybridmem.store.postgres.schema import TS_CONFIG
from hybridmem.store.records import LexicalGaps
from hybridmem.store.sql.scans import ScanQueries


class PgNodeScans(ScanQueries, PgBase):
    """Reads over many nodes, content as stored."""

    def lexical_gaps(self) -> LexicalGaps:
        """Where the lexical index and the node rows disagree: never, by construction.

        The terms are a column of the node's own row (``lex``), written by the same statement,
        so no entry can outlive its node or go missing beside it (SQLite's FTS5 table is a
        separate table, which is why it has this check)."""
        return LexicalGaps(frozenset(), frozenset())

    def rewrite_terms(self, terms: Callable[[str], str]) -> int:
        """Re-derive the terms of every plaintext node (the port's contract): its ``lex``
        column and the per-user BM25 statistics, counted out and back in one transaction
        (exclusive: it spans users)."""
        with self.transaction():
            rows = self.conn.execute("SELECT id, content FROM nodes WHERE sensitive = 0")
            fresh = [(node_id, terms(content)) for node_id, content in rows.fetchall()]
            if not fresh:
                return 0
            ids = [node_id for node_id, _ in fresh]
            lexical.remove_terms(self.conn, ids)
            self._exec_many(
                f"UPDATE nodes SET lex = to_tsvector('{TS_CONFIG}', %s), lex_len = %s "
                "WHERE id = %s",
                [(lexical.fold(t), len(t.split()), node_id) for node_id, t in fresh],
            )
            lexical.count_terms(self.conn, ids)
        return len(fresh)
