"""SQL text both tree stores build the same way, up to the driver's placeholder (``?`` for
sqlite3, ``%s`` for psycopg): one builder, so the two backends cannot drift apart."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from hybridmem.clock import to_iso
from hybridmem.store.records import AuditQuery, Scope

if TYPE_CHECKING:
    from hybridmem.filters import NodeFilter
    from hybridmem.models import MemoryNode

NODE_COLUMNS = (
    "rid, id, user_id, agent_id, session_id, parent_id, path, depth, task_id, content, "
    "content_hash, node_type, importance, confidence, activity, created_at, updated_at, "
    "last_accessed_at, access_count, seq, version, status, index_state, source_id, metadata, "
    "lifecycle, tier, conflict_group, sensitive"
)
"""The node columns every read selects, in the order the row decoders expect."""


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


def audit_select(
    columns: str,
    mark: str,
    query: AuditQuery,
    *,
    after_seq: int | None = None,
    limit: int | None = None,
) -> tuple[str, list[Any]]:
    """The audit-log query for the entries ``query`` matches (after ``after_seq``), oldest
    first, and its parameters."""
    clauses: list[str] = []
    params: list[Any] = []
    if after_seq is not None:
        clauses.append(f"seq > {mark}")
        params.append(after_seq)
    for column, value in (
        ("user_id", query.user_id),
        ("node_id", query.node_id),
        ("actor", query.actor),
        ("action", query.action),
    ):
        if value is not None:
            clauses.append(f"{column} = {mark}")
            params.append(value)
    if query.since is not None:
        clauses.append(f"at >= {mark}")
        params.append(to_iso(query.since))
    if query.until is not None:
        clauses.append(f"at < {mark}")
        params.append(to_iso(query.until))
    sql = f"SELECT {columns} FROM audit_log"
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    sql += " ORDER BY seq"
    if limit is not None:
        sql += f" LIMIT {mark}"
        params.append(limit)
    return sql, params


class SharedNodeReads:
    """Node reads written once for both stores: each store class sets ``MARK`` to its
    driver's placeholder and provides ``_rows``, ``_node`` and ``_nodes`` (the decoded
    nodes of a ``SELECT {NODE_COLUMNS}``)."""

    MARK: ClassVar[str]

    if TYPE_CHECKING:

        def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]: ...

        def _node(self, row: dict[str, Any]) -> MemoryNode: ...

        def _nodes(self, sql: str, params: Sequence[Any] = ()) -> list[MemoryNode]: ...

    def user_root(self, user_id: str) -> MemoryNode | None:
        """The user's root node, or None when the user has no tree."""
        nodes = self._nodes(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = {self.MARK} "
            "AND parent_id IS NULL ORDER BY seq LIMIT 1",
            [user_id],
        )
        return nodes[0] if nodes else None

    def all_ids(self, *, user_id: str | None = None) -> list[str]:
        """Ids of every node (of one user)."""
        if user_id is None:
            return [r["id"] for r in self._rows("SELECT id FROM nodes")]
        sql = f"SELECT id FROM nodes WHERE user_id = {self.MARK}"
        return [r["id"] for r in self._rows(sql, [user_id])]

    def ids_by_fragment(
        self, fragment: str, *, user_id: str | None = None, limit: int = 10
    ) -> list[str]:
        """Ids that begin or end with ``fragment`` (of one user), at most ``limit``, in id
        order: one scan of the id index, no content read. Tables show an id's last characters
        (a new id begins with its creation time: core/ids.py); a beginning is taken too."""
        m, k = self.MARK, len(fragment)
        # substr rather than LIKE: SQLite's LIKE ignores case, PostgreSQL's does not.
        sql = (
            f"SELECT id FROM nodes WHERE ((id >= {m} AND id < {m}) "
            f"OR (length(id) >= {k} AND substr(id, length(id) - {k - 1}) = {m}))"
        )
        params: list[Any] = [fragment, fragment + "\uffff", fragment]
        if user_id is not None:
            sql += f" AND user_id = {m}"
            params.append(user_id)
        params.append(limit)
        return [r["id"] for r in self._rows(sql + f" ORDER BY id LIMIT {m}", params)]

    def ids_by_index_state(self, state: str, limit: int | None = None) -> list[str]:
        """Ids of nodes in this index state, oldest first (at most ``limit``)."""
        sql = f"SELECT id FROM nodes WHERE index_state = {self.MARK} ORDER BY seq"
        params: list[Any] = [state]
        if limit:
            sql += f" LIMIT {self.MARK}"
            params.append(limit)
        return [r["id"] for r in self._rows(sql, params)]


class SharedFilterReads:
    """Filtered reads written once for both stores; each store builds its own WHERE clause
    (``_filtered``) and says how its SQL spells "no limit" (``NO_LIMIT``)."""

    MARK: ClassVar[str]
    NO_LIMIT: ClassVar[int | None]

    if TYPE_CHECKING:

        def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]: ...

        def _node(self, row: dict[str, Any]) -> MemoryNode: ...

        def _nodes(self, sql: str, params: Sequence[Any] = ()) -> list[MemoryNode]: ...

        def _filtered(
            self, scope: Scope, node_filter: NodeFilter, statuses: Sequence[str] | None
        ) -> tuple[str, list[Any]]: ...

    def find_nodes(
        self,
        user_id: str,
        node_filter: NodeFilter,
        *,
        statuses: Sequence[str] | None = None,
        limit: int | None = None,
        offset: int = 0,
        roots: bool = True,
    ) -> list[MemoryNode]:
        """The user's nodes passing ``node_filter``, oldest first (insertion order)."""
        sql, params = self._filtered(Scope(user_id), node_filter, statuses)
        if not roots:
            sql += " AND n.parent_id IS NOT NULL"
        query = f"SELECT {NODE_COLUMNS} FROM nodes n WHERE {sql} ORDER BY n.seq"
        if limit is not None or offset:
            query += f" LIMIT {self.MARK} OFFSET {self.MARK}"
            params.extend([self.NO_LIMIT if limit is None else limit, offset])
        return self._nodes(query, params)

    def filter_ids(
        self, scope: Scope, node_filter: NodeFilter, statuses: Sequence[str] | None = None
    ) -> list[str]:
        """Ids of the nodes in ``scope`` passing ``node_filter`` (no content decoded)."""
        sql, params = self._filtered(scope, node_filter, statuses)
        return [r["id"] for r in self._rows(f"SELECT n.id AS id FROM nodes n WHERE {sql}", params)]
