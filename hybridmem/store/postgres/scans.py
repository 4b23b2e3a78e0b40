"""Whole-table reads in PostgreSQL: the queries of :mod:`hybridmem.store.sql.scans`, and the
lexical check this backend needs none of."""

from __future__ import annotations

from hybridmem.store.postgres.base import PgBase
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
