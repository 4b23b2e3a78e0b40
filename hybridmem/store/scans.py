"""The lexical index's bookkeeping in SQLite (FTS5 is a table of its own, so it can drift
from the node rows); the whole-table scans both stores share are in
:mod:`hybridmem.store.sql.scans`.
"""

from __future__ import annotations

from collections.abc import Callable

from hybridmem.store import fts
from hybridmem.store.base import SQLiteBase
from hybridmem.store.records import LexicalGaps
from hybridmem.store.sql.scans import ScanQueries


class NodeScans(ScanQueries, SQLiteBase):
    """Reads over many nodes, content as stored, and the FTS5 index's checks."""

    def lexical_gaps(self) -> LexicalGaps:
        """Lexical entries without a node row, node rows without a lexical entry, and lexical
        statistics that disagree with the index (m011; reads the whole index)."""
        with self.reading():
            rids = {int(r[0]) for r in self.conn.execute("SELECT rid FROM nodes")}
            terms = {int(r[0]) for r in self.conn.execute("SELECT rowid FROM nodes_fts")}
            drift = fts.drift(self.conn)
        return LexicalGaps(frozenset(terms - rids), frozenset(rids - terms), drift)

    def rewrite_terms(self, terms: Callable[[str], str]) -> int:
        """Re-derive the lexical terms of every plaintext node with ``terms(content)`` (after a
        change of the lexical analysis; nothing is re-embedded). Sensitive nodes keep none.
        Returns how many nodes were re-indexed."""
        with self.transaction():
            rows = self.conn.execute("SELECT rid, content FROM nodes WHERE sensitive = 0")
            fresh = [(rid, terms(content)) for rid, content in rows.fetchall()]
            fts.delete_terms(self.conn, "SELECT rid FROM nodes WHERE sensitive = 0", ())
            fts.insert_terms(self.conn, fresh)
        return len(fresh)
