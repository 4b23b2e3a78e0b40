"""Whole-table reads for bookkeeping: evolution's group and user scans, consistency checks,
key rotation.

Unlike the reads of :mod:`hybridmem.store.nodes`, these return content **as stored**: sealed
(encrypted) content is not opened. They serve work that looks at weights, statuses, groups and
hashes, and must run without the key and without paying a decryption per node.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from hybridmem.clock import from_iso
from hybridmem.models import MemoryNode
from hybridmem.store import fts
from hybridmem.store.base import SQLiteBase, marks
from hybridmem.store.nodes import NODE_COLUMNS
from hybridmem.store.records import IndexRow, LexicalGaps, values_to_node
from hybridmem.store.schema import AWAITING, SEALED, SETTLED, WAITING_ELSE


class NodeScans(SQLiteBase):
    """Reads over many nodes, content as stored."""

    def _raw_nodes(self, sql: str, params: Sequence[Any] = ()) -> list[MemoryNode]:
        with self.reading():
            nodes = [values_to_node(r) for r in self.conn.execute(sql, params).fetchall()]
        return [self._with_accessed(n) for n in nodes] if self._accessed else nodes

    def _decoded_nodes(self, sql: str, params: Sequence[Any] = ()) -> list[MemoryNode]:
        return self._nodes(sql, params)

    def scan_nodes(self) -> list[MemoryNode]:
        """Every node of the store, content as stored."""
        return self._raw_nodes(f"SELECT {NODE_COLUMNS} FROM nodes")

    def user_nodes(self, user_id: str, statuses: Sequence[str] | None = None) -> list[MemoryNode]:
        """All nodes of a user (optionally of some statuses), parents before children,
        content as stored."""
        sql = f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ?"
        params: list[Any] = [user_id]
        if statuses:
            sql += f" AND status IN ({marks(statuses)})"
            params.extend(statuses)
        return self._raw_nodes(sql + " ORDER BY depth, seq", params)

    def user_ids(self) -> list[str]:
        """Every user id in the store."""
        return [r["user_id"] for r in self._rows("SELECT DISTINCT user_id FROM nodes")]

    def conflict_group_members(self, user_id: str, group: str) -> list[MemoryNode]:
        """Every member of a conflict group, oldest first (all statuses: history is kept),
        content decrypted (groups are read to be shown and compared)."""
        return self._decoded_nodes(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ? AND conflict_group = ? "
            "ORDER BY created_at, seq",
            [user_id, group],
        )

    def conflict_group_deciding(self, user_id: str, group: str) -> list[MemoryNode]:
        """What a new statement's conflict policy reads of a group, oldest first, content
        decrypted: the newest ``active`` member not awaiting confirmation (the group index
        read newest first: one row unless newer members were archived or wait) and every
        member awaiting confirmation that is not archived (the waiting index for active ones;
        any other live status, which no write path gives a waiting member, by the group index).
        The same members as ``evolution.conflicts.deciding_members`` of the whole group."""
        return self._decoded_nodes(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE rid IN ("
            "SELECT rid FROM (SELECT rid FROM nodes WHERE user_id = ? AND conflict_group = ? "
            f"AND {SETTLED} ORDER BY created_at DESC, seq DESC LIMIT 1) "
            f"UNION SELECT rid FROM nodes WHERE user_id = ? AND conflict_group = ? AND {AWAITING} "
            "UNION SELECT rid FROM nodes WHERE user_id = ? AND conflict_group = ? "
            f"AND {WAITING_ELSE}) ORDER BY created_at, seq",
            [user_id, group] * 3,
        )

    def conflict_group_recent(
        self, user_id: str, group: str, newest: int
    ) -> tuple[list[MemoryNode], bool]:
        """The group's ``newest`` newest members plus every waiting challenger, oldest first,
        content decrypted (groups are read to be shown and compared); and whether that is
        every member. Read off two indexes (m008): the group's newest members and its waiting
        challengers, so a group of hundreds costs what a few members cost."""
        rows = self._decoded_nodes(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE rid IN ("
            "SELECT rid FROM (SELECT rid FROM nodes WHERE user_id = ? AND conflict_group = ? "
            "ORDER BY created_at DESC, seq DESC LIMIT ?) "
            f"UNION SELECT rid FROM nodes WHERE user_id = ? AND conflict_group = ? AND {AWAITING}"
            ") ORDER BY created_at, seq",
            [user_id, group, newest, user_id, group],
        )
        total = self._rows(
            "SELECT count(*) AS n FROM nodes WHERE user_id = ? AND conflict_group = ?",
            [user_id, group],
        )[0]["n"]
        return rows, int(total) <= len(rows)

    def active_nodes_of_types(
        self, user_id: str, node_types: Sequence[str], limit: int
    ) -> list[MemoryNode]:
        """The user's ``limit`` newest active nodes of these types, newest first, content
        decrypted (the pool a new fact may conflict with)."""
        # One read per type, each in the order of idx_nodes_user_type_live (LIMIT stops it
        # early), merged here: with the types in one IN list SQLite sorted every active node
        # of them to keep ``limit``.
        found: list[MemoryNode] = []
        for node_type in dict.fromkeys(node_types):
            found += self._decoded_nodes(
                f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ? AND node_type = ? "
                "AND status = 'active' ORDER BY created_at DESC, seq DESC LIMIT ?",
                [user_id, node_type, limit],
            )
        found.sort(key=lambda n: (n.created_at, n.seq), reverse=True)
        return found[:limit]

    def live_repeats(
        self, user_id: str, node_type: str, parent_id: str | None, content_hash: str
    ) -> list[MemoryNode]:
        """Live (not archived) nodes of this type under this parent with exactly this content
        hash, oldest first, content as stored: what a new node would merely repeat."""
        return self._raw_nodes(
            # + keeps SQLite on (parent_id, content_hash) (m012), not on every node of the
            # user of this type.
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE +user_id = ? AND +node_type = ? "
            "AND parent_id IS ? AND content_hash = ? AND status != 'archived' "
            "ORDER BY created_at, seq",
            [user_id, node_type, parent_id, content_hash],
        )

    def live_repeats_among(
        self, user_id: str, node_type: str, parent_id: str | None, hashes: Sequence[str]
    ) -> list[MemoryNode]:
        """:meth:`live_repeats` for every hash of ``hashes`` in one read, oldest first."""
        found: list[MemoryNode] = []
        for lo in range(0, len(hashes), 500):  # SQLite's limit on parameters
            chunk = list(hashes[lo : lo + 500])
            found += self._raw_nodes(
                f"SELECT {NODE_COLUMNS} FROM nodes WHERE +user_id = ? AND +node_type = ? "
                f"AND parent_id IS ? AND content_hash IN ({', '.join('?' * len(chunk))}) "
                "AND status != 'archived'",
                [user_id, node_type, parent_id, *chunk],
            )
        return sorted(found, key=lambda n: (n.created_at, n.seq))

    def conflict_pool(
        self, user_id: str, node_type: str, limit: int
    ) -> list[tuple[str, str | None, datetime, int]]:
        """``(id, conflict_group, created_at, seq)`` of the user's ``limit`` newest active
        nodes of this type, newest first: the pool a new fact or preference is compared with,
        read off one (covering) index without decoding a row."""
        with self.reading():
            # Plain tuples, not sqlite-utils dicts: this runs once per new fact.
            cur = self.conn.execute(
                "SELECT id, conflict_group, created_at, seq FROM nodes WHERE user_id = ? "
                "AND node_type = ? AND status = 'active' ORDER BY created_at DESC, seq DESC "
                "LIMIT ?",
                (user_id, node_type, limit),
            )
            return [(str(i), g, from_iso(at), int(seq)) for i, g, at, seq in cur.fetchall()]

    def index_rows(self) -> list[IndexRow]:
        """Every node's tree and index columns (no content decoded), parents before
        children."""
        with self.reading():
            cur = self.conn.execute(
                "SELECT id, user_id, parent_id, path, depth, task_id, node_type, status, "
                "index_state, content_hash, version, agent_id FROM nodes ORDER BY depth, seq"
            )
            return [
                IndexRow(i, u, p, tuple(x for x in path.split("/") if x), d, t, nt, st, ix, h, v, a)
                for i, u, p, path, d, t, nt, st, ix, h, v, a in cur.fetchall()
            ]

    def verified_marks(self) -> dict[str, str]:
        """``id -> fingerprint`` of the vector entries the last ``verify()`` confirmed."""
        with self.reading():
            return dict(self.conn.execute("SELECT id, fingerprint FROM index_checks").fetchall())

    def record_verified(self, marks: Sequence[tuple[str, str]], *, keep_only: bool) -> None:
        """Remember confirmed entries as ``(id, fingerprint)``; with ``keep_only`` every other
        mark is dropped (a full pass saw all nodes)."""
        with self.transaction():
            if keep_only:
                self.conn.execute("DELETE FROM index_checks")
            self.conn.executemany(
                "INSERT INTO index_checks(id, fingerprint) VALUES (?, ?) ON CONFLICT(id) "
                "DO UPDATE SET fingerprint = excluded.fingerprint",
                marks,
            )

    def index_states(self) -> dict[str, str]:
        """Every node's index state, by id."""
        return {r["id"]: r["index_state"] for r in self._rows("SELECT id, index_state FROM nodes")}

    def sensitive_contents(self) -> list[tuple[str, str]]:
        """``(id, stored content)`` of every sensitive node: the ciphertexts a key rotation
        re-seals."""
        rows = self._rows(f"SELECT id, content FROM nodes WHERE {SEALED}")
        return [(r["id"], r["content"]) for r in rows]

    def sealed_sample(self) -> str | None:
        """The stored content of one sensitive node (its ciphertext names the key), or None."""
        rows = self._rows(f"SELECT content FROM nodes WHERE {SEALED} LIMIT 1")
        return str(rows[0]["content"]) if rows else None

    def lexical_gaps(self) -> LexicalGaps:
        """Lexical entries without a node row, node rows without a lexical entry, and lexical
        statistics that disagree with the index (m011; reads the whole index)."""
        with self.reading():
            rids = {int(r[0]) for r in self.conn.execute("SELECT rid FROM nodes")}
            terms = {int(r[0]) for r in self.conn.execute("SELECT rowid FROM nodes_fts")}
            drift = fts.drift(self.conn)
        return LexicalGaps(frozenset(terms - rids), frozenset(rids - terms), drift)

    def misnumbered_nodes(self) -> int:
        """How many nodes carry a ``seq`` that is not the sequence of their own ``add`` op."""
        rows = self._rows(
            "SELECT count(*) AS c FROM nodes n LEFT JOIN oplog o ON o.seq = n.seq "
            "WHERE o.op IS NOT 'add' OR o.node_id IS NOT n.id"
        )
        return int(rows[0]["c"])

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
