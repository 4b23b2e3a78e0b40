"""Filtered node reads (``get_all``'s listing and retrieval's candidate filter), written once:
the scope, statuses and node types in the dialect's words; the metadata test is the one part
each backend compiles itself (``json_type`` / ``json_extract`` for SQLite, ``jsonb`` for
PostgreSQL: ``store/filters.py``, ``store/postgres/filters.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hybridmem.filters import NodeFilter, Where
from hybridmem.models import MemoryNode
from hybridmem.store.records import Scope
from hybridmem.store.sql.access import SqlAccess
from hybridmem.store.sql.nodes import NODE_COLUMNS, scope_sql


class FilterQueries(SqlAccess):
    """Reads narrowed by node type and metadata filter."""

    def _where_sql(self, where: Where, column: str) -> tuple[str, list[Any]]:
        """The backend's test of the JSON text in ``column`` against ``where``."""
        raise NotImplementedError

    def _filtered(
        self, scope: Scope, node_filter: NodeFilter, statuses: Sequence[str] | None
    ) -> tuple[str, list[Any]]:
        where, params = scope_sql(self.D, scope, "n")
        clauses = [where]
        if statuses:
            among, among_params = self.D.among("n.status", statuses)
            clauses.append(among)
            params.extend(among_params)
        if node_filter.node_types is not None:
            among, among_params = self.D.among("n.node_type", node_filter.node_types)
            clauses.append(among)
            params.extend(among_params)
        if node_filter.where is not None:
            extra, extra_params = self._where_sql(node_filter.where, "n.metadata")
            clauses.append(extra)
            params.extend(extra_params)
        return " AND ".join(clauses), params

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
            query += self.D.q(" LIMIT ? OFFSET ?")
            params.extend([self.D.no_limit if limit is None else limit, offset])
        return self._nodes(query, params)

    def filter_ids(
        self, scope: Scope, node_filter: NodeFilter, statuses: Sequence[str] | None = None
    ) -> list[str]:
        """Ids of the nodes in ``scope`` passing ``node_filter`` (no content decoded)."""
        sql, params = self._filtered(scope, node_filter, statuses)
        return [r[0] for r in self._tuples(f"SELECT n.id AS id FROM nodes n WHERE {sql}", params)]
