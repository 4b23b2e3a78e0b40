"""The tree in PostgreSQL: node rows (their lexical terms in the same row) and active nodes.

The same methods and results as :mod:`hybridmem.store.nodes`. Writes run inside the caller's
transaction unless they say otherwise; reads decode rows into :class:`MemoryNode`, opening
sensitive content with the store's ``opener``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import numpy as np

from hybridmem.clock import from_iso, to_iso
from hybridmem.errors import StoreWriteError
from hybridmem.models import MemoryNode
from hybridmem.store.grants import readers_sql
from hybridmem.store.postgres import lexical
from hybridmem.store.postgres.base import PgBase, db_value, refused
from hybridmem.store.postgres.schema import TS_CONFIG
from hybridmem.store.queries import NODE_COLUMNS, SharedNodeReads, kept_vector_select
from hybridmem.store.records import (
    NODE_FIELDS,
    NodeRow,
    Scope,
    ScopeVectors,
    kept_vectors_of,
    scope_vectors_of,
)

_COUNTABLE = frozenset({"node_type", "status", "index_state", "user_id"})


def scope_sql(scope: Scope, alias: str = "n") -> tuple[str, list[Any]]:
    """A WHERE fragment (``%s`` placeholders) restricting ``alias`` to ``scope``."""
    clauses = [f"{alias}.user_id = %s"]
    params: list[Any] = [scope.user_id]
    narrowed: str | None = None
    if scope.task_ids is not None:
        narrowed = f"{alias}.task_id = ANY(%s)"
        params.append(list(scope.task_ids))
    elif scope.path_prefix is not None:
        narrowed = f"(({alias}.path >= %s AND {alias}.path < %s) OR {alias}.id = %s)"
        params.extend([scope.path_prefix, scope.path_prefix + "\uffff", scope.node_id])
    if narrowed is not None and scope.has_standing:
        narrowed = f"({narrowed} OR ({alias}.task_id = %s AND {alias}.node_type = ANY(%s)))"
        params.extend([scope.standing_task, list(scope.standing_types)])
    if narrowed is not None:
        clauses.append(narrowed)
    if scope.readers is not None:
        clause, more = readers_sql(scope.readers, alias, "%s")
        clauses.append(clause)
        params.extend(more)
    return " AND ".join(clauses), params


def _params(row: Mapping[str, Any], cols: Sequence[str], terms: str) -> list[Any]:
    """The parameters of :func:`_insert_sql` for one row and its terms."""
    return [*(db_value(row[c]) for c in cols), lexical.fold(terms), len(terms.split())]


def _insert_sql(cols: Sequence[str]) -> str:
    return (
        f"INSERT INTO nodes({', '.join(cols)}, lex, lex_len) "
        f"VALUES ({', '.join(['%s'] * len(cols))}, to_tsvector('{TS_CONFIG}', %s), %s)"
    )


class PgNodeTable(SharedNodeReads, PgBase):
    """Node rows, lexical terms and active nodes."""

    MARK = "%s"

    # -- writes (inside the caller's transaction) -------------------------------------------
    def insert_node(self, row: NodeRow, fts_terms: str) -> MemoryNode:
        """Insert a node row and its lexical terms (inside the caller's transaction)."""
        cols = list(row)
        values: Mapping[str, Any] = row
        with refused(f"cannot insert node {row['id']!r}"):
            with self.conn.pipeline():  # one round trip for the row and its term statistics
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
        with refused("cannot insert nodes"), self.conn.pipeline(), self.conn.cursor() as cur:
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
        unknown = sorted(set(values) - NODE_FIELDS) + (["id"] if "id" in values else [])
        if unknown:
            raise StoreWriteError(f"cannot update node {node_id!r}: unknown columns {unknown}")
        sets = [f"{k} = %s" for k in values]
        params = [db_value(v) for v in values.values()]
        with refused(f"cannot update node {node_id!r}"):
            if fts_terms is not None:
                lexical.remove_terms(self.conn, [node_id])
                sets += [f"lex = to_tsvector('{TS_CONFIG}', %s)", "lex_len = %s"]
                params += [lexical.fold(fts_terms), len(fts_terms.split())]
            if sets:
                self._exec(f"UPDATE nodes SET {', '.join(sets)} WHERE id = %s", [*params, node_id])
            if fts_terms is not None:
                lexical.count_terms(self.conn, [node_id])

    def delete_nodes(self, ids: Sequence[str]) -> None:
        """Delete node rows and their lexical terms (inside the caller's transaction)."""
        if not ids:
            return
        with refused("cannot delete nodes"):
            lexical.remove_terms(self.conn, ids)
            self._exec("DELETE FROM nodes WHERE id = ANY(%s)", (list(ids),))

    def rewrite_subtree_paths(
        self, user_id: str, *, old_prefix: str, new_prefix: str, depth_delta: int
    ) -> None:
        """Re-root the paths of every node below ``old_prefix`` (inside a transaction)."""
        with refused(f"cannot move the nodes below {old_prefix!r}"):
            self._exec(
                "UPDATE nodes SET path = %s || substr(path, %s), depth = depth + %s "
                "WHERE user_id = %s AND path >= %s AND path < %s",
                (
                    new_prefix,
                    len(old_prefix) + 1,
                    depth_delta,
                    user_id,
                    old_prefix,
                    old_prefix + "\uffff",
                ),
            )

    def bump_ancestors(self, ids: Sequence[str], at: datetime, bump: float) -> None:
        """Mark ancestors as active (inside the caller's transaction); weights stay <= 1."""
        if not ids:
            return
        # One UPDATE per id, as SQLite's executemany: an id listed twice is bumped twice.
        with refused("cannot raise the activity of ancestors"), self.conn.cursor() as cur:
            cur.executemany(
                "UPDATE nodes SET activity = LEAST(1.0, activity + %s), last_accessed_at = %s "
                "WHERE id = %s",
                [(bump, to_iso(at), i) for i in ids],
            )

    def set_active(self, user_id: str, node_id: str | None, at: datetime, seq: int) -> None:
        """Persist the user's active node (inside the caller's transaction)."""
        with refused(f"cannot set the active node of {user_id!r}"):
            if node_id is None:
                self._exec("DELETE FROM active_nodes WHERE user_id = %s", (user_id,))
                return
            self._exec(
                "INSERT INTO active_nodes(user_id, node_id, updated_at, seq) "
                "VALUES (%s,%s,%s,%s) ON CONFLICT(user_id) DO UPDATE SET "
                "node_id = excluded.node_id, updated_at = excluded.updated_at, seq = excluded.seq",
                (user_id, node_id, to_iso(at), seq),
            )

    # -- writes with their own transaction (nested: a savepoint) ----------------------------
    def mark_indexed(self, nodes: Sequence[MemoryNode]) -> None:
        """Mark nodes indexed, but only if they did not change since they were read (a node
        updated or re-scoped meanwhile stays pending, so its newer state is indexed later)."""
        if not nodes:
            return
        with self.transaction():
            self._exec(_MARK_INDEXED, _mark_params(nodes))

    def store_vectors(self, nodes: Sequence[MemoryNode], vectors: Any, model: str) -> None:
        """Keep each node's vector beside its row (``node_vectors``, float32 bytes), tagged
        with the model and the content hash it was computed from; a node whose content changed
        meanwhile gets none. Own transaction; derived data, like the index entry. A deleted
        node's vector goes with it (foreign key, ``ON DELETE CASCADE``)."""
        if not nodes:
            return
        with self.transaction(), refused("cannot keep vectors"), self.conn.cursor() as cur:
            cur.executemany(_STORE_VECTOR, _vector_params(nodes, vectors, model))

    def record_indexed(self, nodes: Sequence[MemoryNode], vectors: Any, model: str) -> None:
        """The vectors beside the rows and the indexed mark in one transaction, both
        statements in one pipeline (a single ``add`` paid two transactions for them)."""
        if not nodes:
            return
        with (
            self.transaction(),
            refused("cannot record indexed nodes"),
            self.conn.pipeline(),
            self.conn.cursor() as cur,
        ):
            cur.executemany(_STORE_VECTOR, _vector_params(nodes, vectors, model))
            cur.execute(_MARK_INDEXED, _mark_params(nodes))

    def set_index_state(self, ids: Sequence[str], state: str) -> None:
        """Set the index state of these nodes (pending: ``verify()``'s marks are forgotten)."""
        with self.transaction():
            self._exec("UPDATE nodes SET index_state = %s WHERE id = ANY(%s)", (state, list(ids)))
            if state == "pending":
                self._exec("DELETE FROM index_checks WHERE id = ANY(%s)", (list(ids),))

    def set_index_state_all(self, state: str) -> None:
        """Set the index state of every node (a restore re-indexes everything)."""
        with self.transaction():
            self._exec("UPDATE nodes SET index_state = %s", (state,))
            if state == "pending":
                self._exec("DELETE FROM index_checks")

    def touch(self, ids: Sequence[str], at: datetime, *, count: bool = True) -> None:
        """Record that nodes were used (passive renewal): one batched write. ``count=False``
        renews without counting a retrieval."""
        if not ids:
            return
        # unnest keeps duplicates: an id listed twice is counted twice, as on SQLite.
        with self.transaction():
            self._exec(
                "UPDATE nodes n SET access_count = n.access_count + v.k * %s, "
                "last_accessed_at = %s FROM (SELECT id, count(*) AS k FROM unnest(%s::text[]) "
                "AS u(id) GROUP BY id) v WHERE n.id = v.id",
                (1 if count else 0, to_iso(at), list(ids)),
            )

    # -- reads ------------------------------------------------------------------------------
    def get(self, node_id: str) -> MemoryNode | None:
        """The node with this id, or None."""
        rows = self._rows(f"SELECT {NODE_COLUMNS} FROM nodes WHERE id = %s", [node_id])
        return self._node(rows[0]) if rows else None

    def owner(self, node_id: str) -> str | None:
        """The user id of the node, or None; reads no content."""
        rows = self._rows("SELECT user_id FROM nodes WHERE id = %s", [node_id])
        return str(rows[0]["user_id"]) if rows else None

    def get_many(self, ids: Iterable[str]) -> dict[str, MemoryNode]:
        """The nodes of ``ids`` that exist, by id."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        rows = self._rows(f"SELECT {NODE_COLUMNS} FROM nodes WHERE id = ANY(%s)", [wanted])
        return {r["id"]: self._node(r) for r in rows}

    def children(self, node_id: str, *, statuses: Sequence[str] | None = None) -> list[MemoryNode]:
        """The node's children in creation order, optionally only of some statuses."""
        sql = f"SELECT {NODE_COLUMNS} FROM nodes WHERE parent_id = %s"
        params: list[Any] = [node_id]
        if statuses:
            sql += " AND status = ANY(%s)"
            params.append(list(statuses))
        return [self._node(r) for r in self._rows(sql + " ORDER BY seq", params)]

    def recent_children(
        self, node_id: str, limit: int, statuses: Sequence[str]
    ) -> list[MemoryNode]:
        """The node's ``limit`` newest children of these statuses, newest first."""
        rows = self._rows(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE parent_id = %s AND status = ANY(%s) "
            "ORDER BY created_at DESC, seq DESC LIMIT %s",
            [node_id, list(statuses), limit],
        )
        return [self._node(r) for r in rows]

    def subtree(self, node: MemoryNode) -> list[MemoryNode]:
        """The node and all its descendants, parents before children."""
        prefix = node.path_prefix_for_children()
        rows = self._rows(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = %s AND path >= %s AND path < %s "
            "ORDER BY depth, seq",
            [node.user_id, prefix, prefix + "\uffff"],
        )
        return [node, *(self._node(r) for r in rows)]

    def descendant_scope_ids(self, node: MemoryNode, scope_types: Sequence[str]) -> list[str]:
        """Ids of scope-type nodes strictly below ``node``."""
        prefix = node.path_prefix_for_children()
        rows = self._rows(
            "SELECT id FROM nodes WHERE user_id = %s AND path >= %s AND path < %s "
            "AND node_type = ANY(%s)",
            [node.user_id, prefix, prefix + "\uffff", list(scope_types)],
        )
        return [r["id"] for r in rows]

    def created_between(
        self, scope: Scope, statuses: Sequence[str], start: datetime, end: datetime, limit: int
    ) -> list[str]:
        """Ids of nodes in ``scope`` among these statuses created in ``[start, end)``, the
        earliest first."""
        where, params = scope_sql(scope, "n")
        rows = self._rows(
            f"SELECT n.id AS id FROM nodes n WHERE {where} AND n.status = ANY(%s) "
            "AND n.created_at >= %s AND n.created_at < %s ORDER BY n.created_at, n.seq LIMIT %s",
            [*params, list(statuses), to_iso(start), to_iso(end), limit],
        )
        return [r["id"] for r in rows]

    def task_members(
        self, task_id: str, node_types: Sequence[str], statuses: Sequence[str]
    ) -> list[str]:
        """Ids of the nodes of these types and statuses whose ``task_id`` is ``task_id``."""
        rows = self._rows(
            "SELECT id FROM nodes WHERE task_id = %s AND node_type = ANY(%s) AND status = ANY(%s)",
            [task_id, list(node_types), list(statuses)],
        )
        return [r["id"] for r in rows]

    def all_ids_among(self, ids: Iterable[str]) -> list[str]:
        """Which of ``ids`` exist (no row is decoded: works without the encryption key)."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return []
        return [r["id"] for r in self._rows("SELECT id FROM nodes WHERE id = ANY(%s)", [wanted])]

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

    def scope_vectors(
        self, scope: Scope, statuses: Sequence[str], limit: int, model: str
    ) -> ScopeVectors | None:
        """Every node in ``scope`` among these statuses with its stored ``model`` vector, read
        off the task (or path) index: None when the scope holds more than ``limit`` nodes or
        any of them has no current vector (pending, or of another model), so the caller asks
        the vector index instead."""
        where, params = scope_sql(scope, "n")
        rows = self._tuples(
            kept_vector_select("%s", every_node=True)
            + f"WHERE {where} AND n.status = ANY(%s) LIMIT %s",
            [model, *params, list(statuses), limit + 1],
        )
        return scope_vectors_of(rows, limit)

    def kept_vectors(self, ids: Sequence[str], model: str) -> dict[str, Any]:
        """The kept ``model`` vector of each of ``ids`` computed from its present content;
        a node without one (pending, or of another model) is absent."""
        if not ids:
            return {}
        rows = self._tuples(kept_vector_select("%s") + "WHERE n.id = ANY(%s)", [model, list(ids)])
        return kept_vectors_of(rows)

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
    def get_active(self, user_id: str) -> str | None:
        """Id of the user's active node, or None."""
        rows = self._rows("SELECT node_id FROM active_nodes WHERE user_id = %s", [user_id])
        return rows[0]["node_id"] if rows else None

    # -- statistics -------------------------------------------------------------------------
    def counts(self, column: str) -> dict[str, int]:
        """Node counts grouped by ``node_type``, ``status``, ``index_state`` or ``user_id``."""
        if column not in _COUNTABLE:
            raise ValueError(column)
        rows = self._rows(f"SELECT {column} AS k, count(*) AS c FROM nodes GROUP BY {column}")
        return {r["k"]: int(r["c"]) for r in rows}

    def node_count(self, user_id: str | None = None) -> int:
        """How many nodes (one user's, or all)."""
        if user_id is None:
            return int(self._rows("SELECT count(*) AS c FROM nodes")[0]["c"])
        return int(
            self._rows("SELECT count(*) AS c FROM nodes WHERE user_id = %s", [user_id])[0]["c"]
        )

    def max_depth_below(self, node: MemoryNode) -> int:
        """The deepest ``depth`` in ``node``'s subtree (the node's own when it has none)."""
        prefix = node.path_prefix_for_children()
        rows = self._rows(
            "SELECT max(depth) AS d FROM nodes WHERE user_id = %s AND path >= %s AND path < %s",
            [node.user_id, prefix, prefix + "\uffff"],
        )
        found = rows[0]["d"]
        return node.depth if found is None else int(found)


_MARK_INDEXED = (
    "UPDATE nodes n SET index_state = 'indexed' "
    "FROM unnest(%s::text[], %s::int[], %s::text[]) AS v(id, version, task_id) "
    "WHERE n.id = v.id AND n.version = v.version AND n.task_id = v.task_id"
)
_STORE_VECTOR = (
    "INSERT INTO node_vectors(rid, model, content_hash, vector) "
    "SELECT rid, %s, content_hash, %s FROM nodes WHERE id = %s AND content_hash = %s "
    "ON CONFLICT (rid) DO UPDATE SET model = excluded.model, "
    "content_hash = excluded.content_hash, vector = excluded.vector"
)


def _mark_params(nodes: Sequence[MemoryNode]) -> tuple[list[str], list[int], list[str]]:
    return [n.id for n in nodes], [n.version for n in nodes], [n.task_id for n in nodes]


def _vector_params(
    nodes: Sequence[MemoryNode], vectors: Any, model: str
) -> list[tuple[str, bytes, str, str]]:
    rows = np.asarray(vectors, dtype=np.float32)
    return [(model, rows[i].tobytes(), n.id, n.content_hash) for i, n in enumerate(nodes)]
