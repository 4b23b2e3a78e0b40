"""The tree in SQLite: what only this backend writes its own way (node rows with their FTS5
terms, deferred use statistics, lexical search, sibling seeks with index hints). The node
queries both stores share are in :mod:`hybridmem.store.sql.nodes`.

Writes here run inside the caller's transaction (the engine's write unit) unless they say
otherwise; reads decode rows into :class:`MemoryNode`, opening sensitive content with the
store's ``opener``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from operator import itemgetter
from typing import Any

from hybridmem.clock import from_iso, to_iso
from hybridmem.models import MemoryNode
from hybridmem.store import fts
from hybridmem.store.base import (
    ACCESS_BATCH,
    ACCESS_IDS,
    SQLiteBase,
    chunks,
    insert_many,
    marks,
    refused,
)
from hybridmem.store.records import NodeRow, Scope
from hybridmem.store.sql.dialect import SQLITE
from hybridmem.store.sql.nodes import STORE_VECTOR, NodeQueries, column_sets, vector_params
from hybridmem.store.sql.nodes import scope_sql as shared_scope_sql

MAX_SCOPE_TOKENS = 200
"""Most tasks a lexical search names in its FTS5 query; a wider scope is filtered in SQL."""


def scope_sql(scope: Scope, alias: str = "n") -> tuple[str, list[Any]]:
    """A WHERE fragment (``?`` placeholders) and its parameters restricting ``alias`` to
    ``scope`` (:func:`hybridmem.store.sql.nodes.scope_sql` in SQLite's words)."""
    return shared_scope_sql(SQLITE, scope, alias)


def delete_node_rows(conn: sqlite3.Connection, ids: Sequence[str], *, terms: bool = True) -> None:
    """Delete node rows (and, with ``terms``, their lexical rows, counted out of the lexical
    statistics) on ``conn``; shared by the live store and the scrubbing of snapshot copies."""
    for chunk in chunks(ids):
        if terms:
            fts.delete_terms(conn, f"SELECT rid FROM nodes WHERE id IN ({marks(chunk)})", chunk)
        # The vector goes with its node (an erased memory leaves no embedding behind).
        conn.execute(
            "DELETE FROM node_vectors WHERE rid IN "
            f"(SELECT rid FROM nodes WHERE id IN ({marks(chunk)}))",
            chunk,
        )
        conn.execute(f"DELETE FROM nodes WHERE id IN ({marks(chunk)})", chunk)


class NodeTable(NodeQueries, SQLiteBase):
    """Node rows and their lexical terms (FTS5), deferred use statistics, lexical search and
    sibling seeks; the queries both stores share are :class:`NodeQueries`'."""

    # -- writes (inside the caller's transaction) -------------------------------------------
    def insert_node(self, row: NodeRow, fts_terms: str) -> MemoryNode:
        """Insert a node row and its lexical terms (inside the caller's transaction)."""
        cols = list(row)
        values: Mapping[str, Any] = row
        with refused(f"cannot insert node {row['id']!r}"):
            cur = self.conn.execute(
                f"INSERT INTO nodes({', '.join(cols)}) VALUES ({marks(cols)})",
                [values[c] for c in cols],
            )
            fts.insert_terms(self.conn, [(int(cur.lastrowid or 0), fts_terms)])
        return self.decode({**row, "rid": cur.lastrowid})

    def insert_nodes(
        self,
        rows: Sequence[tuple[NodeRow, str]],
        decoded: Sequence[MemoryNode | None] | None = None,
    ) -> list[MemoryNode]:
        """Insert many ``(row, terms)`` with one statement per table (inside the caller's
        transaction); the stored nodes, in order. The same rows as :meth:`insert_node` per
        row: bulk writes (``add_many``, imports) pay one round trip per table, not per node.
        ``decoded``: see :meth:`TreeStore.insert_nodes`."""
        if not rows:
            return []
        cols = list(rows[0][0])
        with refused("cannot insert nodes"):
            # Inside the write transaction nobody else takes rowids, so ours follow the max.
            top = self.conn.execute("SELECT coalesce(max(rid), 0) FROM nodes").fetchone()[0]
            rids = range(int(top) + 1, int(top) + 1 + len(rows))
            take = itemgetter(*cols) if len(cols) > 1 else lambda row: (row[cols[0]],)
            insert_many(
                self.conn,
                "nodes",
                ["rid", *cols],
                [(rid, *take(row)) for rid, (row, _) in zip(rids, rows, strict=True)],
            )
            fts.insert_terms(
                self.conn, [(rid, terms) for rid, (_, terms) in zip(rids, rows, strict=True)]
            )
        known = decoded or [None] * len(rows)
        return [
            self.decode({**row, "rid": rid}) if node is None else self._opened(node)
            for rid, (row, _), node in zip(rids, rows, known, strict=True)
        ]

    def update_node(
        self, node_id: str, values: Mapping[str, Any], fts_terms: str | None = None
    ) -> None:
        """Update columns of one node; re-index its terms when ``fts_terms`` is given."""
        sets, params = column_sets(node_id, values)
        with refused(f"cannot update node {node_id!r}"):
            self._set_columns(node_id, sets, params)
            if fts_terms is not None:
                found = self.conn.execute("SELECT rid FROM nodes WHERE id = ?", (node_id,))
                rid = found.fetchone()[0]
                fts.delete_terms(self.conn, "?", [rid])
                fts.insert_terms(self.conn, [(rid, fts_terms)])

    def delete_nodes(self, ids: Sequence[str]) -> None:
        """Delete node rows and their lexical terms (inside the caller's transaction)."""
        with refused("cannot delete nodes"):
            delete_node_rows(self.conn, ids)

    # -- writes with their own transaction (nested: a savepoint) ----------------------------
    def mark_indexed(self, nodes: Sequence[MemoryNode]) -> None:
        """Mark nodes indexed, but only if they did not change since they were read.

        A node updated (version) or re-scoped (task_id) by another writer while its vector was
        being written stays ``pending``, so the newer state is indexed later instead of being
        masked by a stale vector.
        """
        if not nodes:
            return
        with self.transaction():
            self._mark_indexed(nodes)

    def _mark_indexed(self, nodes: Sequence[MemoryNode]) -> None:
        self.conn.executemany(
            "UPDATE nodes SET index_state = 'indexed' WHERE id = ? AND version = ? AND task_id = ?",
            [(n.id, n.version, n.task_id) for n in nodes],
        )

    def store_vectors(self, nodes: Sequence[MemoryNode], vectors: Any, model: str) -> None:
        """Keep each node's vector beside its row, tagged with the model and the content hash
        it was computed from (a node whose content changed meanwhile gets none: its newer
        vector comes when it is indexed again). Own transaction; derived data, like the index
        entry."""
        if not nodes:
            return
        with self.transaction():
            self._store_vectors(nodes, vectors, model)

    def _store_vectors(self, nodes: Sequence[MemoryNode], vectors: Any, model: str) -> None:
        self.conn.executemany(STORE_VECTOR, vector_params(nodes, vectors, model))

    def record_indexed(self, nodes: Sequence[MemoryNode], vectors: Any, model: str) -> None:
        """The vectors beside the rows and the indexed mark, in one transaction."""
        if not nodes:
            return
        with self.transaction():
            self._store_vectors(nodes, vectors, model)
            self._mark_indexed(nodes)

    def touch(self, ids: Sequence[str], at: datetime, *, count: bool = True) -> None:
        """Record that nodes were used (passive renewal). ``count=False`` renews without
        counting a retrieval.

        Outside a write the uses are deferred, not written: they ride along with this
        connection's next write transaction, or are written once ``ACCESS_BATCH`` retrieves
        (or ``ACCESS_IDS`` nodes) have waited, and at close. Reads of this store see them at
        once (``get``, ``inspect``, retrieval's recency and use weights); other processes see
        them once written. So a read costs no write transaction (and never waits for another
        process's write lock); a crash loses at most the deferred use statistics, which are
        not logged anyway (reads are not ops)."""
        if not ids:
            return
        stamp = to_iso(at)
        bump = 1 if count else 0
        with self._lock:
            self._check()
            for node_id in ids:
                n, last = self._accessed.get(node_id, (0, stamp))
                self._accessed[node_id] = (n + bump, max(last, stamp))
            self._deferred_touches += 1
            if (
                self._depth  # inside a write: written with it
                or self._deferred_touches >= ACCESS_BATCH
                or len(self._accessed) >= ACCESS_IDS
            ):
                with self.transaction():
                    if self._depth > 1:  # a savepoint: the outer BEGIN wrote earlier ones
                        self._write_accessed()

    # -- reads ------------------------------------------------------------------------------
    def lexical_search(
        self, match: str, scope: Scope, statuses: Sequence[str], limit: int
    ) -> list[tuple[str, float]]:
        """Best BM25 matches in scope as ``(id, score)``, score > 0 and higher is better.

        The query's terms are matched in the ``terms`` column only. A task scope also names its
        tasks' scope tokens (m009), so FTS5 finds the scope's matches, not the store's, and
        they are ranked with the kept statistics (:func:`hybridmem.store.fts.rank`, m011): the
        same scores as ``bm25()``, without its per-query count of each term over the index."""
        where, params = scope_sql(scope, "n")
        expression = "{terms} : (" + match + ")"
        tasks = list(scope.task_ids or ())
        if scope.task_ids is not None and scope.has_standing and scope.standing_task:
            tasks.append(scope.standing_task)
        scoped = bool(tasks) and len(tasks) <= MAX_SCOPE_TOKENS
        if scoped:
            with self.reading():
                rids = self.conn.execute(
                    f"SELECT rid FROM nodes WHERE id IN ({marks(tasks)})", tasks
                ).fetchall()
            if not rids:
                return []
            tokens = " OR ".join(f'"k{int(r[0])}"' for r in rids)
            expression += " AND {scope} : (" + tokens + ")"
        phrases = fts.phrases_of(match) if scoped else None
        try:
            if phrases:
                ranked = self._ranked_matches(expression, phrases, where, params, statuses)
                if ranked is not None:
                    return [(i, max(s, 0.0)) for i, s in ranked[:limit]]
            sql = (
                "SELECT n.id AS id, -bm25(nodes_fts, 1.0, 0.0) AS score FROM nodes_fts "
                "JOIN nodes n ON n.rid = nodes_fts.rowid "
                f"WHERE nodes_fts MATCH ? AND {where} AND n.status IN ({marks(statuses)}) "
                "ORDER BY bm25(nodes_fts, 1.0, 0.0) LIMIT ?"
            )
            rows = self._rows(sql, [expression, *params, *statuses, limit])
        except sqlite3.OperationalError:
            # match_expression quotes every term, so this is unexpected; lexical is only one
            # candidate source, so degrade to none rather than fail the whole retrieval.
            return []
        return [(r["id"], max(float(r["score"]), 0.0)) for r in rows]

    def lexical_scores(
        self, match: str, documents: Mapping[str, str], rescore: Sequence[str] = ()
    ) -> dict[str, float]:
        """BM25 of ``documents`` (id -> terms, as :func:`hybridmem.lexical.document_terms`
        cuts them) whose terms the index does not hold, and of the indexed nodes ``rescore``,
        for ``match`` as if the documents' terms were in the index (:func:`fts.rank_unindexed`):
        a sealed memory's plaintext, read at query time, never enters it. Scores > 0 only."""
        phrases = fts.phrases_of(match)
        if not phrases or not documents:
            return {}
        ids = [i for i in dict.fromkeys(rescore) if i not in documents]
        with self.reading():
            indexed = (
                self.conn.execute(
                    "SELECT n.id, f.terms FROM nodes n JOIN nodes_fts f ON f.rowid = n.rid "
                    f"WHERE n.id IN ({marks(ids)})",
                    ids,
                ).fetchall()
                if ids
                else []
            )
            pairs = [(str(r[0]), str(r[1])) for r in indexed]
            return dict(fts.rank_unindexed(self.conn, phrases, list(documents.items()), pairs))

    def _ranked_matches(
        self,
        expression: str,
        phrases: Sequence[str],
        where: str,
        params: Sequence[Any],
        statuses: Sequence[str],
    ) -> list[tuple[str, float]] | None:
        """Every match of ``expression`` in scope, ranked by :func:`fts.rank`; None when the
        query's terms need FTS5's own ranking (a term of several tokens)."""
        sql = (
            "SELECT n.id, nodes_fts.rowid, nodes_fts.terms FROM nodes_fts "
            "JOIN nodes n ON n.rid = nodes_fts.rowid "
            f"WHERE nodes_fts MATCH ? AND {where} AND n.status IN ({marks(statuses)})"
        )
        with self.reading():
            rows = self.conn.execute(sql, [expression, *params, *statuses]).fetchall()
            if not rows:
                return []
            return fts.rank(self.conn, phrases, rows)

    def sibling_neighbours(
        self, nodes: Iterable[MemoryNode], statuses: Sequence[str]
    ) -> dict[str, list[tuple[str, datetime]]]:
        """For each node, its previous and next sibling in creation (``seq``) order among
        these statuses, as ``(id, created_at)``; none for a root.

        One statement per 200 nodes: two seeks each on the ``(parent_id, seq)`` index, so the
        cost grows with the number of nodes asked about, not with the size of the tree or of a
        parent's family, and a retrieval pays one round trip instead of two per candidate.
        """
        asked = {n.id: n for n in nodes}  # a node asked twice is answered once
        out: dict[str, list[tuple[str, datetime]]] = {i: [] for i in asked}
        kids = [n for n in asked.values() if n.parent_id is not None]
        among = marks(statuses)
        seek = (
            "(SELECT rid FROM nodes INDEXED BY idx_nodes_parent_seq WHERE parent_id = v.parent "
            "AND seq {op} v.seq AND user_id = v.owner AND status IN ({among}) "
            "ORDER BY seq {order} LIMIT 1)"
        )
        with self.reading():
            for lo in range(0, len(kids), 200):
                part = kids[lo : lo + 200]
                values = ", ".join(["(?, ?, ?, ?)"] * len(part))
                sql = (
                    f"WITH v(k, parent, seq, owner) AS (VALUES {values}), "
                    "s(k, side, rid) AS ("
                    f"SELECT k, 0, {seek.format(op='<', among=among, order='DESC')} FROM v "
                    f"UNION ALL SELECT k, 1, {seek.format(op='>', among=among, order='')} FROM v"
                    ") SELECT s.k, n.id, n.created_at FROM s JOIN nodes n ON n.rid = s.rid "
                    "ORDER BY s.k, s.side"
                )
                params: list[Any] = []
                for k, node in enumerate(part):
                    params.extend((k, node.parent_id, node.seq, node.user_id))
                params.extend([*statuses, *statuses])
                for k, sib_id, created in self.conn.execute(sql, params):
                    out[part[k].id].append((sib_id, from_iso(created)))
        return out

    # -- active node ------------------------------------------------------------------------
    # -- statistics -------------------------------------------------------------------------
