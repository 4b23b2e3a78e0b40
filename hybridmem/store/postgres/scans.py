"""Whole-table reads in PostgreSQL, content as stored (sealed content is not opened): the same
methods and results as :mod:`hybridmem.store.scans`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from hybridmem.clock import from_iso
from hybridmem.models import MemoryNode
from hybridmem.store.nodes import NODE_COLUMNS
from hybridmem.store.postgres.base import PgBase
from hybridmem.store.records import IndexRow, LexicalGaps, row_to_node


class PgNodeScans(PgBase):
    """Reads over many nodes, content as stored."""

    def _raw_nodes(self, sql: str, params: Sequence[Any] = ()) -> list[MemoryNode]:
        return [row_to_node(r) for r in self._rows(sql, params)]

    def _decoded_nodes(self, sql: str, params: Sequence[Any] = ()) -> list[MemoryNode]:
        return [self._node(r) for r in self._rows(sql, params)]

    def scan_nodes(self) -> list[MemoryNode]:
        """Every node of the store, content as stored."""
        return self._raw_nodes(f"SELECT {NODE_COLUMNS} FROM nodes")

    def user_nodes(self, user_id: str, statuses: Sequence[str] | None = None) -> list[MemoryNode]:
        """All nodes of a user (optionally of some statuses), parents before children."""
        sql = f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = %s"
        params: list[Any] = [user_id]
        if statuses:
            sql += " AND status = ANY(%s)"
            params.append(list(statuses))
        return self._raw_nodes(sql + " ORDER BY depth, seq", params)

    def user_ids(self) -> list[str]:
        """Every user id in the store."""
        return [r["user_id"] for r in self._rows("SELECT DISTINCT user_id FROM nodes")]

    def conflict_group_members(self, user_id: str, group: str) -> list[MemoryNode]:
        """Every member of a conflict group, oldest first (all statuses)."""
        return self._decoded_nodes(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = %s AND conflict_group = %s "
            "ORDER BY created_at, seq",
            [user_id, group],
        )

    def conflict_group_deciding(self, user_id: str, group: str) -> list[MemoryNode]:
        """What a new statement's conflict policy reads of a group, oldest first: the newest
        active member not awaiting confirmation and every non-archived member awaiting it."""
        waiting = "(metadata::jsonb ->> 'awaiting') = 'confirmation'"
        return self._decoded_nodes(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE rid IN ("
            "SELECT rid FROM (SELECT rid FROM nodes WHERE user_id = %s AND conflict_group = %s "
            "AND status = 'active' AND (metadata::jsonb ->> 'awaiting') "
            "IS DISTINCT FROM 'confirmation' "
            "ORDER BY created_at DESC, seq DESC LIMIT 1) AS settled "
            "UNION SELECT rid FROM nodes WHERE user_id = %s AND conflict_group = %s "
            f"AND status = 'active' AND {waiting} "
            "UNION SELECT rid FROM nodes WHERE user_id = %s AND conflict_group = %s "
            f"AND status NOT IN ('active', 'archived') AND {waiting}"
            ") ORDER BY created_at, seq",
            [user_id, group] * 3,
        )

    def conflict_group_recent(
        self, user_id: str, group: str, newest: int
    ) -> tuple[list[MemoryNode], bool]:
        """The group's ``newest`` newest members plus every waiting challenger, oldest first;
        and whether that is every member."""
        rows = self._decoded_nodes(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE rid IN ("
            "SELECT rid FROM (SELECT rid FROM nodes WHERE user_id = %s AND conflict_group = %s "
            "ORDER BY created_at DESC, seq DESC LIMIT %s) AS newest "
            "UNION SELECT rid FROM nodes WHERE user_id = %s AND conflict_group = %s "
            "AND status = 'active' AND (metadata::jsonb ->> 'awaiting') = 'confirmation'"
            ") ORDER BY created_at, seq",
            [user_id, group, newest, user_id, group],
        )
        total = self._rows(
            "SELECT count(*) AS n FROM nodes WHERE user_id = %s AND conflict_group = %s",
            [user_id, group],
        )[0]["n"]
        return rows, int(total) <= len(rows)

    def active_nodes_of_types(
        self, user_id: str, node_types: Sequence[str], limit: int
    ) -> list[MemoryNode]:
        """The user's ``limit`` newest active nodes of these types, newest first."""
        return self._decoded_nodes(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = %s AND node_type = ANY(%s) "
            "AND status = 'active' ORDER BY created_at DESC, seq DESC LIMIT %s",
            [user_id, list(node_types), limit],
        )

    def live_repeats(
        self, user_id: str, node_type: str, parent_id: str | None, content_hash: str
    ) -> list[MemoryNode]:
        """Live nodes of this type under this parent with exactly this content hash, oldest
        first, content as stored."""
        # "parent_id = %s" / "IS NULL", not IS NOT DISTINCT FROM: PostgreSQL serves only the
        # former from the (parent_id, ...) indexes, and this runs once per new node.
        parent = "parent_id IS NULL" if parent_id is None else "parent_id = %s"
        return self._raw_nodes(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = %s AND node_type = %s "
            f"AND {parent} AND content_hash = %s AND status != 'archived' "
            "ORDER BY created_at, seq",
            [user_id, node_type, *([] if parent_id is None else [parent_id]), content_hash],
        )

    def live_repeats_among(
        self, user_id: str, node_type: str, parent_id: str | None, hashes: Sequence[str]
    ) -> list[MemoryNode]:
        """:meth:`live_repeats` for every hash of ``hashes`` in one read, oldest first."""
        parent = "parent_id IS NULL" if parent_id is None else "parent_id = %s"
        return self._raw_nodes(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = %s AND node_type = %s "
            f"AND {parent} AND content_hash = ANY(%s) AND status != 'archived' "
            "ORDER BY created_at, seq",
            [user_id, node_type, *([] if parent_id is None else [parent_id]), list(hashes)],
        )

    def conflict_pool(
        self, user_id: str, node_type: str, limit: int
    ) -> list[tuple[str, str | None, datetime, int]]:
        """``(id, conflict_group, created_at, seq)`` of the user's ``limit`` newest active
        nodes of this type, newest first (no row decoded)."""
        rows = self._tuples(
            "SELECT id, conflict_group, created_at, seq FROM nodes WHERE user_id = %s "
            "AND node_type = %s AND status = 'active' ORDER BY created_at DESC, seq DESC "
            "LIMIT %s",
            [user_id, node_type, limit],
        )
        return [(str(i), g, from_iso(at), int(seq)) for i, g, at, seq in rows]

    def index_rows(self) -> list[IndexRow]:
        """Every node's tree and index columns (no content decoded), parents before
        children."""
        rows = self._tuples(
            "SELECT id, user_id, parent_id, path, depth, task_id, node_type, status, "
            "index_state, content_hash, version, agent_id FROM nodes ORDER BY depth, seq"
        )
        return [
            IndexRow(i, u, p, tuple(x for x in path.split("/") if x), d, t, nt, st, ix, h, v, a)
            for i, u, p, path, d, t, nt, st, ix, h, v, a in rows
        ]

    def verified_marks(self) -> dict[str, str]:
        """``id -> fingerprint`` of the vector entries the last ``verify()`` confirmed."""
        return {str(i): str(f) for i, f in self._tuples("SELECT id, fingerprint FROM index_checks")}

    def record_verified(self, marks: Sequence[tuple[str, str]], *, keep_only: bool) -> None:
        """Remember confirmed entries; with ``keep_only`` every other mark is dropped."""
        with self.transaction():
            if keep_only:
                self._exec("DELETE FROM index_checks")
            with self.conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO index_checks(id, fingerprint) VALUES (%s, %s) ON CONFLICT(id) "
                    "DO UPDATE SET fingerprint = excluded.fingerprint",
                    list(marks),
                )

    def index_states(self) -> dict[str, str]:
        """Every node's index state, by id."""
        return {r["id"]: r["index_state"] for r in self._rows("SELECT id, index_state FROM nodes")}

    def sensitive_contents(self) -> list[tuple[str, str]]:
        """``(id, stored content)`` of every sensitive node."""
        rows = self._rows("SELECT id, content FROM nodes WHERE sensitive = 1")
        return [(r["id"], r["content"]) for r in rows]

    def sealed_sample(self) -> str | None:
        """The stored content of one sensitive node (its ciphertext names the key), or None."""
        rows = self._rows("SELECT content FROM nodes WHERE sensitive = 1 LIMIT 1")
        return str(rows[0]["content"]) if rows else None

    def lexical_gaps(self) -> LexicalGaps:
        """Where the lexical index and the node rows disagree: never, by construction.

        The terms are a column of the node's own row (``lex``), written by the same statement,
        so no entry can outlive its node or go missing beside it (SQLite's FTS5 table is a
        separate table, which is why it has this check)."""
        return LexicalGaps(frozenset(), frozenset())

    def misnumbered_nodes(self) -> int:
        """How many nodes carry a ``seq`` that is not the sequence of their own ``add`` op."""
        rows = self._tuples(
            "SELECT count(*) FROM nodes n LEFT JOIN oplog o ON o.seq = n.seq "
            "WHERE o.op IS DISTINCT FROM 'add' OR o.node_id IS DISTINCT FROM n.id"
        )
        return int(rows[0][0])
