"""Node reads and the node writes both backends spell alike, written once against a
:class:`~hybridmem.store.sql.dialect.Dialect`.

Statements are written with ``?``; ``self.D.q`` turns them into the driver's placeholders, and
``self.D.among`` binds a list (``IN (?,?)`` in chunks for SQLite, one ``= ANY(%s)`` for
PostgreSQL). What each backend writes its own way (inserting rows with their lexical terms,
lexical search, sibling seeks with index hints, use statistics) stays in its node module.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import numpy as np

from hybridmem.clock import to_iso
from hybridmem.errors import StoreWriteError
from hybridmem.models import MemoryNode
from hybridmem.store.records import (
    NODE_FIELDS,
    Scope,
    ScopeVectors,
    kept_vectors_of,
    scope_vectors_of,
)
from hybridmem.store.sql.access import SqlAccess
from hybridmem.store.sql.dialect import Dialect
from hybridmem.store.sql.grants import readers_sql

NODE_COLUMNS = (
    "rid, id, user_id, agent_id, session_id, parent_id, path, depth, task_id, content, "
    "content_hash, node_type, importance, confidence, activity, created_at, updated_at, "
    "last_accessed_at, access_count, seq, version, status, index_state, source_id, metadata, "
    "lifecycle, tier, conflict_group, sensitive"
)
"""The node columns every read selects, in the order the row decoders expect."""

STORE_VECTOR = (
    "INSERT INTO node_vectors(rid, model, content_hash, vector) "
    "SELECT rid, ?, content_hash, ? FROM nodes WHERE id = ? AND content_hash = ? "
    "ON CONFLICT (rid) DO UPDATE SET model = excluded.model, "
    "content_hash = excluded.content_hash, vector = excluded.vector"
)
"""Keep a node's vector beside its row (float32 bytes), tagged with the model and the content
hash it was computed from; a node whose content changed meanwhile gets none (its newer vector
comes when it is indexed again). Parameters: :func:`vector_params`."""


def vector_params(
    nodes: Sequence[MemoryNode], vectors: Any, model: str
) -> list[tuple[str, bytes, str, str]]:
    """The :data:`STORE_VECTOR` parameters of each node and its row of ``vectors``."""
    rows = np.asarray(vectors, dtype=np.float32)
    return [(model, rows[i].tobytes(), n.id, n.content_hash) for i, n in enumerate(nodes)]


COUNTABLE = frozenset({"node_type", "status", "index_state", "user_id"})


def scope_sql(d: Dialect, scope: Scope, alias: str = "n") -> tuple[str, list[Any]]:
    """A WHERE fragment (in ``d``'s placeholders) and its parameters restricting ``alias`` to
    ``scope``."""
    m = d.q("?")
    clauses = [f"{alias}.user_id = {m}"]
    params: list[Any] = [scope.user_id]
    narrowed: str | None = None
    if scope.task_ids is not None:
        narrowed, params_in = d.among(f"{alias}.task_id", scope.task_ids)
        params.extend(params_in)
    elif scope.path_prefix is not None:
        narrowed = f"(({alias}.path >= {m} AND {alias}.path < {m}) OR {alias}.id = {m})"
        params.extend([scope.path_prefix, scope.path_prefix + "\uffff", scope.node_id])
    if narrowed is not None and scope.has_standing:
        types, types_params = d.among(f"{alias}.node_type", scope.standing_types)
        narrowed = f"({narrowed} OR ({alias}.task_id = {m} AND {types}))"
        params.extend([scope.standing_task, *types_params])
    if narrowed is not None:
        # The hint keeps SQLite off the user_id index (it has no statistics and would walk
        # every node of the user): the task or path index finds the scope's rows, so the cost
        # follows the scope, not the store.
        clauses[0] = f"{d.hint}{alias}.user_id = {m}"
        clauses.append(narrowed)
    if scope.readers is not None:
        # One agent's read set (issue 33), in the same WHERE as the scope: filtered before any
        # ranking, so other agents' memories never crowd an agent's own out of a top k.
        readers, readers_params = readers_sql(d, scope.readers, alias)
        clauses.append(readers)
        params.extend(readers_params)
    return " AND ".join(clauses), params


def kept_vector_select(mark: str, *, every_node: bool = False) -> str:
    """``SELECT n.id, v.vector FROM nodes n`` joined to each node's kept vector of the model
    bound at ``mark``, only when that vector was computed from the node's present content (a
    vector of older content or of another model never joins). ``every_node``: nodes without
    one come too, with a NULL vector (a LEFT JOIN). The caller adds its WHERE clause."""
    join = "LEFT JOIN" if every_node else "JOIN"
    return (
        f"SELECT n.id, v.vector FROM nodes n {join} node_vectors v "
        f"ON v.rid = n.rid AND v.content_hash = n.content_hash AND v.model = {mark} "
    )


def column_sets(node_id: str, values: Mapping[str, Any]) -> tuple[list[str], list[Any]]:
    """``column = ?`` for each of ``values`` and their parameters (booleans as 0/1: the columns
    are INTEGERs in both backends); a column the node table does not have is refused."""
    unknown = sorted(set(values) - NODE_FIELDS) + (["id"] if "id" in values else [])
    if unknown:
        raise StoreWriteError(f"cannot update node {node_id!r}: unknown columns {unknown}")
    params = [int(v) if isinstance(v, bool) else v for v in values.values()]
    return [f"{k} = ?" for k in values], params


class NodeQueries(SqlAccess):
    """The node queries of both stores."""

    def _set_columns(self, node_id: str, sets: Sequence[str], params: Sequence[Any]) -> None:
        """``UPDATE`` one node's row (``sets`` from :func:`column_sets`, plus any the backend
        adds)."""
        if sets:
            self._exec(
                self.D.q(f"UPDATE nodes SET {', '.join(sets)} WHERE id = ?"), [*params, node_id]
            )

    # -- writes (inside the caller's transaction) -------------------------------------------
    def rewrite_subtree_paths(
        self, user_id: str, *, old_prefix: str, new_prefix: str, depth_delta: int
    ) -> None:
        """Re-root the paths of every node below ``old_prefix`` (inside a transaction)."""
        with self._refused(f"cannot move the nodes below {old_prefix!r}"):
            self._exec(
                self.D.q(
                    "UPDATE nodes SET path = ? || substr(path, ?), depth = depth + ? "
                    f"WHERE {self.D.hint}user_id = ? AND path >= ? AND path < ?"
                ),
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
        # One UPDATE per id: an id listed twice is bumped twice.
        with self._refused("cannot raise the activity of ancestors"):
            self._exec_many(
                self.D.q(
                    f"UPDATE nodes SET activity = {self.D.least}(1.0, activity + ?), "
                    "last_accessed_at = ? WHERE id = ?"
                ),
                [(bump, stamp, i) for i in ids],
            )

    def set_active(self, user_id: str, node_id: str | None, at: datetime, seq: int) -> None:
        """Persist the user's active node (inside the caller's transaction)."""
        with self._refused(f"cannot set the active node of {user_id!r}"):
            if node_id is None:
                self._exec(self.D.q("DELETE FROM active_nodes WHERE user_id = ?"), (user_id,))
                return
            self._exec(
                self.D.q(
                    "INSERT INTO active_nodes(user_id, node_id, updated_at, seq) "
                    "VALUES (?,?,?,?) ON CONFLICT(user_id) DO UPDATE SET "
                    "node_id = excluded.node_id, updated_at = excluded.updated_at, "
                    "seq = excluded.seq"
                ),
                (user_id, node_id, to_iso(at), seq),
            )

    # -- writes with their own transaction (nested: a savepoint) ----------------------------
    def set_index_state(self, ids: Sequence[str], state: str) -> None:
        """Set the index state of these nodes (back to pending: their entries will be
        rewritten, so what ``verify()`` confirmed about them is forgotten)."""
        with self.transaction():
            for chunk in self.D.chunks(ids):
                where, params = self.D.among("id", chunk)
                self._exec(
                    self.D.q(f"UPDATE nodes SET index_state = ? WHERE {where}"), [state, *params]
                )
                if state == "pending":
                    self._exec(self.D.q(f"DELETE FROM index_checks WHERE {where}"), params)

    def set_index_state_all(self, state: str) -> None:
        """Set the index state of every node (a restore re-indexes everything)."""
        with self.transaction():
            self._exec(self.D.q("UPDATE nodes SET index_state = ?"), (state,))
            if state == "pending":
                self._exec("DELETE FROM index_checks")

    # -- reads ------------------------------------------------------------------------------
    def get(self, node_id: str) -> MemoryNode | None:
        """The node with this id, or None."""
        nodes = self._nodes(self.D.q(f"SELECT {NODE_COLUMNS} FROM nodes WHERE id = ?"), [node_id])
        return nodes[0] if nodes else None

    def owner(self, node_id: str) -> str | None:
        """The user id of the node, or None; reads no content (works on encrypted nodes
        without the key)."""
        rows = self._tuples(self.D.q("SELECT user_id FROM nodes WHERE id = ?"), [node_id])
        return str(rows[0][0]) if rows else None

    def get_many(self, ids: Iterable[str]) -> dict[str, MemoryNode]:
        """The nodes of ``ids`` that exist, by id."""
        out: dict[str, MemoryNode] = {}
        for chunk in self.D.chunks(list(dict.fromkeys(ids))):
            where, params = self.D.among("id", chunk)
            for node in self._nodes(f"SELECT {NODE_COLUMNS} FROM nodes WHERE {where}", params):
                out[node.id] = node
        return out

    def children(self, node_id: str, *, statuses: Sequence[str] | None = None) -> list[MemoryNode]:
        """The node's children in creation order, optionally only of some statuses."""
        sql = self.D.q(f"SELECT {NODE_COLUMNS} FROM nodes WHERE parent_id = ?")
        params: list[Any] = [node_id]
        if statuses:
            among, among_params = self.D.among("status", statuses)
            sql += f" AND {among}"
            params.extend(among_params)
        return self._nodes(sql + " ORDER BY seq", params)

    def recent_children(
        self, node_id: str, limit: int, statuses: Sequence[str]
    ) -> list[MemoryNode]:
        """The node's ``limit`` newest children of these statuses, newest first."""
        among, among_params = self.D.among("status", statuses)
        return self._nodes(
            self.D.q(
                f"SELECT {NODE_COLUMNS} FROM nodes WHERE parent_id = ? AND {among} "
                "ORDER BY created_at DESC, seq DESC LIMIT ?"
            ),
            [node_id, *among_params, limit],
        )

    def subtree(self, node: MemoryNode) -> list[MemoryNode]:
        """The node and all its descendants, parents before children (the path index finds
        the subtree; the dialect's hint keeps SQLite off the user_id index)."""
        prefix = node.path_prefix_for_children()
        rows = self._nodes(
            self.D.q(
                f"SELECT {NODE_COLUMNS} FROM nodes WHERE {self.D.hint}user_id = ? "
                "AND path >= ? AND path < ? ORDER BY depth, seq"
            ),
            [node.user_id, prefix, prefix + "\uffff"],
        )
        return [node, *rows]

    def descendant_scope_ids(self, node: MemoryNode, scope_types: Sequence[str]) -> list[str]:
        """Ids of scope-type nodes strictly below ``node``."""
        prefix = node.path_prefix_for_children()
        among, among_params = self.D.among("node_type", scope_types)
        rows = self._tuples(
            self.D.q(
                f"SELECT id FROM nodes WHERE {self.D.hint}user_id = ? AND path >= ? "
                f"AND path < ? AND {among}"
            ),
            [node.user_id, prefix, prefix + "\uffff", *among_params],
        )
        return [r[0] for r in rows]

    def created_between(
        self, scope: Scope, statuses: Sequence[str], start: datetime, end: datetime, limit: int
    ) -> list[str]:
        """Ids of nodes in ``scope`` among these statuses created in ``[start, end)``, the
        earliest first (a question naming a day asks what happened that day)."""
        where, params = scope_sql(self.D, scope, "n")
        among, among_params = self.D.among("n.status", statuses)
        rows = self._tuples(
            self.D.q(
                f"SELECT n.id AS id FROM nodes n WHERE {where} AND {among} "
                "AND n.created_at >= ? AND n.created_at < ? ORDER BY n.created_at, n.seq LIMIT ?"
            ),
            [*params, *among_params, to_iso(start), to_iso(end), limit],
        )
        return [r[0] for r in rows]

    def task_members(
        self, task_id: str, node_types: Sequence[str], statuses: Sequence[str]
    ) -> list[str]:
        """Ids of the nodes of these types and statuses whose ``task_id`` is ``task_id``."""
        types, types_params = self.D.among("node_type", node_types)
        among, among_params = self.D.among("status", statuses)
        rows = self._tuples(
            self.D.q(f"SELECT id FROM nodes WHERE task_id = ? AND {types} AND {among}"),
            [task_id, *types_params, *among_params],
        )
        return [r[0] for r in rows]

    def all_ids_among(self, ids: Iterable[str]) -> list[str]:
        """Which of ``ids`` exist (no row is decoded: works without the encryption key)."""
        out: list[str] = []
        for chunk in self.D.chunks(list(dict.fromkeys(ids))):
            where, params = self.D.among("id", chunk)
            out.extend(r[0] for r in self._tuples(f"SELECT id FROM nodes WHERE {where}", params))
        return out

    def user_root(self, user_id: str) -> MemoryNode | None:
        """The user's root node, or None when the user has no tree."""
        nodes = self._nodes(
            self.D.q(
                f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ? "
                "AND parent_id IS NULL ORDER BY seq LIMIT 1"
            ),
            [user_id],
        )
        return nodes[0] if nodes else None

    def all_ids(self, *, user_id: str | None = None) -> list[str]:
        """Ids of every node (of one user)."""
        if user_id is None:
            return [r[0] for r in self._tuples("SELECT id FROM nodes")]
        sql = self.D.q("SELECT id FROM nodes WHERE user_id = ?")
        return [r[0] for r in self._tuples(sql, [user_id])]

    def ids_by_fragment(
        self, fragment: str, *, user_id: str | None = None, limit: int = 10
    ) -> list[str]:
        """Ids that begin or end with ``fragment`` (of one user), at most ``limit``, in id
        order: one scan of the id index, no content read. Tables show an id's last characters
        (a new id begins with its creation time: core/ids.py); a beginning is taken too."""
        k = len(fragment)
        # substr rather than LIKE: SQLite's LIKE ignores case, PostgreSQL's does not.
        sql = (
            "SELECT id FROM nodes WHERE ((id >= ? AND id < ?) "
            f"OR (length(id) >= {k} AND substr(id, length(id) - {k - 1}) = ?))"
        )
        params: list[Any] = [fragment, fragment + "\uffff", fragment]
        if user_id is not None:
            sql += " AND user_id = ?"
            params.append(user_id)
        params.append(limit)
        return [r[0] for r in self._tuples(self.D.q(sql + " ORDER BY id LIMIT ?"), params)]

    def ids_by_index_state(self, state: str, limit: int | None = None) -> list[str]:
        """Ids of nodes in this index state, oldest first (at most ``limit``)."""
        sql = "SELECT id FROM nodes WHERE index_state = ? ORDER BY seq"
        params: list[Any] = [state]
        if limit:
            sql += " LIMIT ?"
            params.append(limit)
        return [r[0] for r in self._tuples(self.D.q(sql), params)]

    def scope_vectors(
        self, scope: Scope, statuses: Sequence[str], limit: int, model: str
    ) -> ScopeVectors | None:
        """Every node in ``scope`` among these statuses with its stored ``model`` vector, read
        off the task (or path) index: None when the scope holds more than ``limit`` nodes or
        any of them has no current vector (pending, written before vectors were kept, or by
        another model), so the caller asks the vector index instead."""
        where, params = scope_sql(self.D, scope, "n")
        among, among_params = self.D.among("n.status", statuses)
        sql = kept_vector_select("?", every_node=True) + f"WHERE {where} AND {among} LIMIT ?"
        rows = self._tuples(self.D.q(sql), [model, *params, *among_params, limit + 1])
        return scope_vectors_of(rows, limit)

    def kept_vectors(self, ids: Sequence[str], model: str) -> dict[str, Any]:
        """The kept ``model`` vector of each of ``ids`` computed from its present content;
        a node without one (pending, indexed before vectors were kept, or by another model) is
        absent."""
        out: dict[str, Any] = {}
        with self.reading():
            for chunk in self.D.chunks(ids):
                where, params = self.D.among("n.id", chunk)
                sql = self.D.q(kept_vector_select("?") + f"WHERE {where}")
                out.update(kept_vectors_of(self._tuples(sql, [model, *params])))
        return out

    # -- active node ------------------------------------------------------------------------
    def get_active(self, user_id: str) -> str | None:
        """Id of the user's active node, or None."""
        rows = self._tuples(
            self.D.q("SELECT node_id FROM active_nodes WHERE user_id = ?"), [user_id]
        )
        return rows[0][0] if rows else None

    # -- statistics -------------------------------------------------------------------------
    def counts(self, column: str) -> dict[str, int]:
        """Node counts grouped by ``node_type``, ``status``, ``index_state`` or ``user_id``."""
        if column not in COUNTABLE:
            raise ValueError(column)
        rows = self._tuples(f"SELECT {column} AS k, count(*) AS c FROM nodes GROUP BY {column}")
        return {k: int(c) for k, c in rows}

    def node_count(self, user_id: str | None = None) -> int:
        """How many nodes (one user's, or all)."""
        if user_id is None:
            return int(self._tuples("SELECT count(*) AS c FROM nodes")[0][0])
        sql = self.D.q("SELECT count(*) AS c FROM nodes WHERE user_id = ?")
        return int(self._tuples(sql, [user_id])[0][0])

    def max_depth_below(self, node: MemoryNode) -> int:
        """The deepest ``depth`` in ``node``'s subtree (the node's own when it has none)."""
        prefix = node.path_prefix_for_children()
        rows = self._tuples(
            self.D.q(
                f"SELECT max(depth) AS d FROM nodes WHERE {self.D.hint}user_id = ? "
                "AND path >= ? AND path < ?"
            ),
            [node.user_id, prefix, prefix + "\uffff"],
        )
        found = rows[0][0]
        return node.depth if found is None else int(found)
