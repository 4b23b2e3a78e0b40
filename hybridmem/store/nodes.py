"""The tree: node rows, their lexical terms (FTS5) and each user's active node.

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

import numpy as np

from hybridmem.clock import from_iso, to_iso
from hybridmem.errors import StoreWriteError
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
from hybridmem.store.grants import readers_sql
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


MAX_SCOPE_TOKENS = 200
"""Most tasks a lexical search names in its FTS5 query; a wider scope is filtered in SQL."""


def scope_sql(scope: Scope, alias: str = "n") -> tuple[str, list[Any]]:
    """A WHERE fragment and its parameters restricting ``alias`` to ``scope``."""
    clauses = [f"{alias}.user_id = ?"]
    params: list[Any] = [scope.user_id]
    narrowed: str | None = None
    if scope.task_ids is not None:
        narrowed = f"{alias}.task_id IN ({marks(scope.task_ids)})"
        params.extend(scope.task_ids)
    elif scope.path_prefix is not None:
        narrowed = f"(({alias}.path >= ? AND {alias}.path < ?) OR {alias}.id = ?)"
        params.extend([scope.path_prefix, scope.path_prefix + "\uffff", scope.node_id])
    if narrowed is not None and scope.has_standing:
        narrowed = (
            f"({narrowed} OR ({alias}.task_id = ? "
            f"AND {alias}.node_type IN ({marks(scope.standing_types)})))"
        )
        params.extend([scope.standing_task, *scope.standing_types])
    if narrowed is not None:
        # The unary + keeps SQLite off the user_id index (it has no statistics and would walk
        # every node of the user): the task or path index finds the scope's rows, so the cost
        # follows the scope, not the store.
        clauses[0] = f"+{alias}.user_id = ?"
        clauses.append(narrowed)
    if scope.readers is not None:
        clause, more = readers_sql(scope.readers, alias, "?")
        clauses.append(clause)
        params.extend(more)
    return " AND ".join(clauses), params


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


class NodeTable(SharedNodeReads, SQLiteBase):
    """Node rows, lexical terms and active nodes."""

    MARK = "?"

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
        unknown = sorted(set(values) - NODE_FIELDS) + (["id"] if "id" in values else [])
        if unknown:
            raise StoreWriteError(f"cannot update node {node_id!r}: unknown columns {unknown}")
        sets = ", ".join(f"{k} = ?" for k in values)
        with refused(f"cannot update node {node_id!r}"):
            self.conn.execute(f"UPDATE nodes SET {sets} WHERE id = ?", [*values.values(), node_id])
            if fts_terms is not None:
                found = self.conn.execute("SELECT rid FROM nodes WHERE id = ?", (node_id,))
                rid = found.fetchone()[0]
                fts.delete_terms(self.conn, "?", [rid])
                fts.insert_terms(self.conn, [(rid, fts_terms)])

    def delete_nodes(self, ids: Sequence[str]) -> None:
        """Delete node rows and their lexical terms (inside the caller's transaction)."""
        with refused("cannot delete nodes"):
            delete_node_rows(self.conn, ids)

    def rewrite_subtree_paths(
        self, user_id: str, *, old_prefix: str, new_prefix: str, depth_delta: int
    ) -> None:
        """Re-root the paths of every node below ``old_prefix`` (inside a transaction)."""
        with refused(f"cannot move the nodes below {old_prefix!r}"):
            self.conn.execute(
                "UPDATE nodes SET path = ? || substr(path, ?), depth = depth + ? "
                "WHERE +user_id = ? AND path >= ? AND path < ?",
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
        stamp = to_iso(at)
        with refused("cannot raise the activity of ancestors"):
            self.conn.executemany(
                "UPDATE nodes SET activity = min(1.0, activity + ?), last_accessed_at = ? "
                "WHERE id = ?",
                [(bump, stamp, i) for i in ids],
            )

    def set_active(self, user_id: str, node_id: str | None, at: datetime, seq: int) -> None:
        """Persist the user's active node (inside the caller's transaction)."""
        with refused(f"cannot set the active node of {user_id!r}"):
            if node_id is None:
                self.conn.execute("DELETE FROM active_nodes WHERE user_id = ?", (user_id,))
                return
            self.conn.execute(
                "INSERT INTO active_nodes(user_id, node_id, updated_at, seq) VALUES (?,?,?,?) "
                "ON CONFLICT(user_id) DO UPDATE SET node_id = excluded.node_id, "
                "updated_at = excluded.updated_at, seq = excluded.seq",
                (user_id, node_id, to_iso(at), seq),
            )

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
        rows = np.asarray(vectors, dtype=np.float32)
        self.conn.executemany(
            "INSERT OR REPLACE INTO node_vectors(rid, model, content_hash, vector) "
            "SELECT rid, ?, content_hash, ? FROM nodes WHERE id = ? AND content_hash = ?",
            [(model, rows[i].tobytes(), n.id, n.content_hash) for i, n in enumerate(nodes)],
        )

    def record_indexed(self, nodes: Sequence[MemoryNode], vectors: Any, model: str) -> None:
        """The vectors beside the rows and the indexed mark, in one transaction."""
        if not nodes:
            return
        with self.transaction():
            self._store_vectors(nodes, vectors, model)
            self._mark_indexed(nodes)

    def set_index_state(self, ids: Sequence[str], state: str) -> None:
        """Set the index state of these nodes (back to pending: their entries will be
        rewritten, so what ``verify()`` confirmed about them is forgotten)."""
        with self.transaction():
            for chunk in chunks(ids):
                self.conn.execute(
                    f"UPDATE nodes SET index_state = ? WHERE id IN ({marks(chunk)})",
                    [state, *chunk],
                )
                if state == "pending":
                    self.conn.execute(
                        f"DELETE FROM index_checks WHERE id IN ({marks(chunk)})", chunk
                    )

    def set_index_state_all(self, state: str) -> None:
        """Set the index state of every node (a restore re-indexes everything)."""
        with self.transaction():
            self.conn.execute("UPDATE nodes SET index_state = ?", (state,))
            if state == "pending":
                self.conn.execute("DELETE FROM index_checks")

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
    def get(self, node_id: str) -> MemoryNode | None:
        """The node with this id, or None."""
        nodes = self._nodes(f"SELECT {NODE_COLUMNS} FROM nodes WHERE id = ?", [node_id])
        return nodes[0] if nodes else None

    def owner(self, node_id: str) -> str | None:
        """The user id of the node, or None; reads no content (works on encrypted nodes
        without the key)."""
        rows = self._rows("SELECT user_id FROM nodes WHERE id = ?", [node_id])
        return str(rows[0]["user_id"]) if rows else None

    def get_many(self, ids: Iterable[str]) -> dict[str, MemoryNode]:
        """The nodes of ``ids`` that exist, by id."""
        out: dict[str, MemoryNode] = {}
        for chunk in chunks(list(dict.fromkeys(ids))):
            sql = f"SELECT {NODE_COLUMNS} FROM nodes WHERE id IN ({marks(chunk)})"
            for node in self._nodes(sql, chunk):
                out[node.id] = node
        return out

    def children(self, node_id: str, *, statuses: Sequence[str] | None = None) -> list[MemoryNode]:
        """The node's children in creation order, optionally only of some statuses."""
        sql = f"SELECT {NODE_COLUMNS} FROM nodes WHERE parent_id = ?"
        params: list[Any] = [node_id]
        if statuses:
            sql += f" AND status IN ({marks(statuses)})"
            params.extend(statuses)
        return self._nodes(sql + " ORDER BY seq", params)

    def recent_children(
        self, node_id: str, limit: int, statuses: Sequence[str]
    ) -> list[MemoryNode]:
        """The node's ``limit`` newest children of these statuses, newest first."""
        return self._nodes(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE parent_id = ? "
            f"AND status IN ({marks(statuses)}) ORDER BY created_at DESC, seq DESC LIMIT ?",
            [node_id, *statuses, limit],
        )

    def subtree(self, node: MemoryNode) -> list[MemoryNode]:
        """The node and all its descendants, parents before children. (``+user_id`` in the
        path-range reads here: the path index finds the subtree; without statistics SQLite
        would walk every node of the user on the user_id index.)"""
        prefix = node.path_prefix_for_children()
        rows = self._nodes(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE +user_id = ? AND path >= ? AND path < ? "
            "ORDER BY depth, seq",
            [node.user_id, prefix, prefix + "\uffff"],
        )
        return [node, *rows]

    def descendant_scope_ids(self, node: MemoryNode, scope_types: Sequence[str]) -> list[str]:
        """Ids of scope-type nodes strictly below ``node``."""
        prefix = node.path_prefix_for_children()
        rows = self._rows(
            f"SELECT id FROM nodes WHERE +user_id = ? AND path >= ? AND path < ? "
            f"AND node_type IN ({marks(scope_types)})",
            [node.user_id, prefix, prefix + "\uffff", *scope_types],
        )
        return [r["id"] for r in rows]

    def created_between(
        self, scope: Scope, statuses: Sequence[str], start: datetime, end: datetime, limit: int
    ) -> list[str]:
        """Ids of nodes in ``scope`` among these statuses created in ``[start, end)``, the
        earliest first (a question naming a day asks what happened that day)."""
        where, params = scope_sql(scope, "n")
        rows = self._rows(
            f"SELECT n.id AS id FROM nodes n WHERE {where} AND n.status IN ({marks(statuses)}) "
            "AND n.created_at >= ? AND n.created_at < ? ORDER BY n.created_at, n.seq LIMIT ?",
            [*params, *statuses, to_iso(start), to_iso(end), limit],
        )
        return [r["id"] for r in rows]

    def task_members(
        self, task_id: str, node_types: Sequence[str], statuses: Sequence[str]
    ) -> list[str]:
        """Ids of the nodes of these types and statuses whose ``task_id`` is ``task_id``."""
        rows = self._rows(
            f"SELECT id FROM nodes WHERE task_id = ? AND node_type IN ({marks(node_types)}) "
            f"AND status IN ({marks(statuses)})",
            [task_id, *node_types, *statuses],
        )
        return [r["id"] for r in rows]

    def all_ids_among(self, ids: Iterable[str]) -> list[str]:
        """Which of ``ids`` exist (no row is decoded: works without the encryption key)."""
        out: list[str] = []
        for chunk in chunks(list(dict.fromkeys(ids))):
            sql = f"SELECT id FROM nodes WHERE id IN ({marks(chunk)})"
            out.extend(r["id"] for r in self._rows(sql, chunk))
        return out

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

    def scope_vectors(
        self, scope: Scope, statuses: Sequence[str], limit: int, model: str
    ) -> ScopeVectors | None:
        """Every node in ``scope`` among these statuses with its stored ``model`` vector, read
        off the task (or path) index: None when the scope holds more than ``limit`` nodes or
        any of them has no current vector (pending, written before vectors were kept, or by
        another model), so the caller asks the vector index instead."""
        where, params = scope_sql(scope, "n")
        sql = (
            kept_vector_select("?", every_node=True)
            + f"WHERE {where} AND n.status IN ({marks(statuses)}) LIMIT ?"
        )
        with self.reading():
            rows = self.conn.execute(sql, [model, *params, *statuses, limit + 1]).fetchall()
        return scope_vectors_of(rows, limit)

    def kept_vectors(self, ids: Sequence[str], model: str) -> dict[str, Any]:
        """The kept ``model`` vector of each of ``ids`` computed from its present content;
        a node without one (pending, indexed before vectors were kept, or by another model) is
        absent."""
        out: dict[str, Any] = {}
        with self.reading():
            for chunk in chunks(ids):
                rows = self.conn.execute(
                    kept_vector_select("?") + f"WHERE n.id IN ({marks(chunk)})", [model, *chunk]
                ).fetchall()
                out.update(kept_vectors_of(rows))
        return out

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
    def get_active(self, user_id: str) -> str | None:
        """Id of the user's active node, or None."""
        rows = self._rows("SELECT node_id FROM active_nodes WHERE user_id = ?", [user_id])
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
            self._rows("SELECT count(*) AS c FROM nodes WHERE user_id = ?", [user_id])[0]["c"]
        )

    def max_depth_below(self, node: MemoryNode) -> int:
        """The deepest ``depth`` in ``node``'s subtree (the node's own when it has none)."""
        prefix = node.path_prefix_for_children()
        rows = self._rows(
            "SELECT max(depth) AS d FROM nodes WHERE +user_id = ? AND path >= ? AND path < ?",
            [node.user_id, prefix, prefix + "\uffff"],
        )
        found = rows[0]["d"]
        return node.depth if found is None else int(found)
