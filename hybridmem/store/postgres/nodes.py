"""The tree in PostgreSQL: what this backend writes its own way (node rows with their lexical
terms in the same row, batched index marks and vectors, use statistics, lexical search, sibling
seeks). The node queries both stores share are in :mod:`hybridmem.store.sql.nodes`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from hybridmem.clock import from_iso, to_iso
from hybridmem.models import MemoryNode
from hybridmem.store.postgres import derived, lexical
from hybridmem.store.postgres.base import PgBase, db_value, refused
from hybridmem.store.postgres.schema import TS_CONFIG
from hybridmem.store.records import NodeRow, Scope
from hybridmem.store.sql.dialect import POSTGRES
from hybridmem.store.sql.nodes import NodeQueries, column_sets
from hybridmem.store.sql.nodes import scope_sql as shared_scope_sql


def scope_sql(scope: Scope, alias: str = "n") -> tuple[str, list[Any]]:
    """A WHERE fragment (``%s`` placeholders) restricting ``alias`` to ``scope``
    (:func:`hybridmem.store.sql.nodes.scope_sql` in PostgreSQL's words)."""
    return shared_scope_sql(POSTGRES, scope, alias)


def _params(row: Mapping[str, Any], cols: Sequence[str], terms: str) -> list[Any]:
    """The parameters of :func:`_insert_sql` for one row and its terms."""
    return [*(db_value(row[c]) for c in cols), lexical.fold(terms), len(terms.split())]


def _insert_sql(cols: Sequence[str]) -> str:
    return (
        f"INSERT INTO nodes({', '.join(cols)}, lex, lex_len) "
        f"VALUES ({', '.join(['%s'] * len(cols))}, to_tsvector('{TS_CONFIG}', %s), %s)"
    )


class PgNodeTable(NodeQueries, PgBase):
    """Node rows with their lexical terms (a ``tsvector`` column), use statistics, lexical
    search and sibling seeks; the queries both stores share are :class:`NodeQueries`'."""

    # -- writes (inside the caller's transaction) -------------------------------------------
    def insert_node(self, row: NodeRow, fts_terms: str) -> MemoryNode:
        """Insert a node row and its lexical terms (inside the caller's transaction)."""
        cols = list(row)
        values: Mapping[str, Any] = row
        with refused(f"cannot insert node {row['id']!r}"):
            with self._piped():  # one round trip for the row and its term statistics
                cur = self.conn.execute(
                    _insert_sql(cols) + " RETURNING rid", _params(values, cols, fts_terms)
                )
                lexical.count_terms(self.conn, [row["id"]])
            found = cur.fetchone()
        return self.decode({**row, "rid": found[0] if found else None})

    def insert_nodes(
        self,
        rows: Sequence[tuple[NodeRow, str]],
        decoded: Sequence[MemoryNode | None] | None = None,
    ) -> list[MemoryNode]:
        """Insert many ``(row, terms)`` at once (inside the caller's transaction): the same
        result as :meth:`insert_node` per row, pipelined, with one update of the term
        statistics (bulk loads); the stored nodes, in order. ``decoded``: see
        :meth:`TreeStore.insert_nodes`."""
        if not rows:
            return []
        cols = list(rows[0][0])
        with refused("cannot insert nodes"), self._piped(), self.conn.cursor() as cur:
            cur.executemany(
                _insert_sql(cols),
                [_params(r, cols, t) for r, t in rows],
            )
            lexical.count_terms(self.conn, [r["id"] for r, _ in rows])
        known = decoded or [None] * len(rows)
        return [
            self.decode(dict(r)) if node is None else self._opened(node)
            for (r, _), node in zip(rows, known, strict=True)
        ]

    def update_node(
        self, node_id: str, values: Mapping[str, Any], fts_terms: str | None = None
    ) -> None:
        """Update columns of one node; re-index its terms when ``fts_terms`` is given."""
        sets, params = column_sets(node_id, values)
        with refused(f"cannot update node {node_id!r}"):
            if fts_terms is not None:
                lexical.remove_terms(self.conn, [node_id])
                sets += [f"lex = to_tsvector('{TS_CONFIG}', ?)", "lex_len = ?"]
                params += [lexical.fold(fts_terms), len(fts_terms.split())]
            self._set_columns(node_id, sets, params)
            if fts_terms is not None:
                lexical.count_terms(self.conn, [node_id])

    def delete_nodes(self, ids: Sequence[str]) -> None:
        """Delete node rows and their lexical terms (inside the caller's transaction)."""
        if not ids:
            return
        with refused("cannot delete nodes"):
            lexical.remove_terms(self.conn, ids)
            self._exec("DELETE FROM nodes WHERE id = ANY(%s)", (list(ids),))

    # -- writes with their own transaction (nested: a savepoint) ----------------------------
    # Derived columns of existing rows: they wait for no writer (base.py, "Write locks"), and
    # never for a row while holding another (derived.py).
    def mark_indexed(self, nodes: Sequence[MemoryNode]) -> None:
        """Mark nodes indexed, but only if they did not change since they were read (a node
        updated or re-scoped meanwhile stays pending, so its newer state is indexed later)."""
        if nodes:
            self._derived_write([derived.MARKS], nodes, derived.mark_params(nodes))

    def store_vectors(self, nodes: Sequence[MemoryNode], vectors: Any, model: str) -> None:
        """Keep each node's vector beside its row (``node_vectors``, float32 bytes), tagged
        with the model and the content hash it was computed from; a node whose content changed
        meanwhile gets none. Own transaction; derived data, like the index entry. A deleted
        node's vector goes with it (foreign key, ``ON DELETE CASCADE``)."""
        if nodes:
            params = derived.vector_params(nodes, vectors, model)
            self._derived_write([derived.VECTORS], nodes, params)

    def record_indexed(self, nodes: Sequence[MemoryNode], vectors: Any, model: str) -> None:
        """The vectors beside the rows and the indexed mark in one statement (a single
        ``add`` paid two transactions for them)."""
        if nodes:
            params = {**derived.vector_params(nodes, vectors, model), **derived.mark_params(nodes)}
            self._derived_write([derived.VECTORS, derived.MARKS], nodes, params)

    def touch(self, ids: Sequence[str], at: datetime, *, count: bool = True) -> None:
        """Record that nodes were used (passive renewal): one batched write. ``count=False``
        renews without counting a retrieval."""
        if ids:
            params = derived.touch_params(ids, to_iso(at), count)
            self._derived_write([derived.TOUCH], ids, params)

    def _derived_write(
        self, parts: list[str], of: Sequence[MemoryNode] | Sequence[str], params: derived.Params
    ) -> None:
        """:func:`derived.write` on this connection: in a derived transaction of its own, or
        nested in the open write transaction."""
        ids = [n if isinstance(n, str) else n.id for n in of]
        with self._lock:
            nested = bool(self._depth)

            def run(sql: str, values: derived.Params) -> list[str] | None:
                with self._derived(), refused("cannot record derived columns of nodes"):
                    cur = self.conn.execute(sql, values)
                return None if nested else [row[0] for row in cur.fetchall()]

            derived.write(run, nested, parts, ids, params)

    # -- reads ------------------------------------------------------------------------------
    def lexical_search(
        self, match: str, scope: Scope, statuses: Sequence[str], limit: int
    ) -> list[tuple[str, float]]:
        """Best BM25 matches in scope as ``(id, score)``, score > 0 and higher is better.

        ``match`` is the expression :func:`hybridmem.lexical.match_expression` builds.
        """
        if not lexical.terms_of_match(match):
            return []
        where, params = scope_sql(scope, "n")
        sql = lexical.search_sql(f"{where} AND n.status = ANY(%s)")
        rows = self._rows(sql, lexical.query_params(match, [*params, list(statuses)], limit))
        return [(r["id"], max(float(r["score"]), 0.0)) for r in rows]

    def lexical_scores(
        self, match: str, documents: Mapping[str, str], rescore: Sequence[str] = ()
    ) -> dict[str, float]:
        """BM25 of documents whose terms the index does not hold and of the indexed nodes
        ``rescore``, as if the documents' terms were indexed (:func:`lexical.unindexed_sql`);
        nothing is written."""
        terms = lexical.terms_of_match(match)
        if not terms or not documents:
            return {}
        ids = list(documents)
        params = (
            lexical.fold(" ".join(terms)),
            ids,
            [lexical.fold(documents[i]) for i in ids],
            [len(documents[i].split()) for i in ids],
            [i for i in dict.fromkeys(rescore) if i not in documents],
        )
        rows = self._rows(lexical.unindexed_sql(), params)
        return {str(r["id"]): float(r["score"]) for r in rows if float(r["score"]) > 0}

    def sibling_neighbours(
        self, nodes: Iterable[MemoryNode], statuses: Sequence[str]
    ) -> dict[str, list[tuple[str, datetime]]]:
        """For each node, its previous and next sibling in creation (``seq``) order among
        these statuses, as ``(id, created_at)``; none for a root.

        One statement for all nodes: two seeks each on ``(parent_id, seq)`` (LATERAL), so the
        cost grows with the nodes asked about, not with the size of a parent's family.
        """
        asked = {n.id: n for n in nodes}  # a node asked twice is answered once
        out: dict[str, list[tuple[str, datetime]]] = {i: [] for i in asked}
        kids = [n for n in asked.values() if n.parent_id is not None]
        if not kids:
            return out
        rows = self._tuples(
            "SELECT v.id, s.id, s.created_at FROM unnest(%s::text[], %s::text[], "
            "%s::bigint[], %s::text[]) WITH ORDINALITY AS v(id, parent, seq, owner, k) "
            "CROSS JOIN LATERAL ("
            "  (SELECT id, created_at, 0 AS side FROM nodes WHERE parent_id = v.parent "
            "   AND seq < v.seq AND user_id = v.owner AND status = ANY(%s) "
            "   ORDER BY seq DESC LIMIT 1)"
            "  UNION ALL"
            "  (SELECT id, created_at, 1 AS side FROM nodes WHERE parent_id = v.parent "
            "   AND seq > v.seq AND user_id = v.owner AND status = ANY(%s) "
            "   ORDER BY seq LIMIT 1)"
            ") s ORDER BY v.k, s.side",
            (
                [n.id for n in kids],
                [n.parent_id for n in kids],
                [n.seq for n in kids],
                [n.user_id for n in kids],
                list(statuses),
                list(statuses),
            ),
        )
        for node_id, sib_id, created in rows:
            out[node_id].append((sib_id, from_iso(created)))
        return out

    # -- active node ------------------------------------------------------------------------
    # -- statistics -------------------------------------------------------------------------
