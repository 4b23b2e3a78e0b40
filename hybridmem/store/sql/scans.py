"""Whole-table reads for bookkeeping (evolution's group and user scans, consistency checks,
key rotation), written once for both stores.

Unlike the reads of :mod:`hybridmem.store.sql.nodes`, most of these return content **as
stored**: sealed (encrypted) content is not opened. They serve work that looks at weights,
statuses, groups and hashes, and must run without the key and without paying a decryption per
node. The conflict-group reads open content: groups are read to be shown and compared.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from hybridmem.clock import from_iso, to_iso
from hybridmem.models import MemoryNode
from hybridmem.store.records import IndexRow, NodeRows, values_to_node
from hybridmem.store.sql.access import SqlAccess
from hybridmem.store.sql.nodes import NODE_COLUMNS


class ScanQueries(SqlAccess):
    """Reads over many nodes, and the marks of ``verify()``."""

    def scan_nodes(self) -> list[MemoryNode]:
        """Every node of the store, content as stored."""
        return self._raw_nodes(f"SELECT {NODE_COLUMNS} FROM nodes")

    def user_nodes(self, user_id: str, statuses: Sequence[str] | None = None) -> list[MemoryNode]:
        """All nodes of a user (optionally of some statuses), parents before children,
        content as stored."""
        sql = self.D.q(f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ?")
        params: list[Any] = [user_id]
        if statuses:
            among, among_params = self.D.among("status", statuses)
            sql += f" AND {among}"
            params.extend(among_params)
        return self._raw_nodes(sql + " ORDER BY depth, seq", params)

    def user_nodes_again(
        self, user_id: str, known: NodeRows | None = None
    ) -> tuple[list[MemoryNode], NodeRows]:
        """:meth:`user_nodes` of every status, with the rows they were built from; a row equal
        to its row in ``known`` (an earlier read's) gives that read's node instead of a new one.

        The same nodes as :meth:`user_nodes` (a node is a function of its row, and the uses a
        store deferred are added to every node as that read adds them): what a reader of the
        same user after a few writes (maintenance's next step) pays is the fetch of the rows,
        not the decoding of those that did not change."""
        rows = self._tuples(
            self.D.q(f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ? ORDER BY depth, seq"),
            [user_id],
        )
        if known:
            nodes = [_reused(known.get(row[1]), row) for row in rows]  # row[1]: the id
        else:
            nodes = [values_to_node(row) for row in rows]
        built: NodeRows = {node.id: (row, node) for row, node in zip(rows, nodes, strict=True)}
        return self._as_read(nodes), built

    def user_ids(self) -> list[str]:
        """Every user id in the store."""
        return [r[0] for r in self._tuples("SELECT DISTINCT user_id FROM nodes")]

    def conflict_group_members(self, user_id: str, group: str) -> list[MemoryNode]:
        """Every member of a conflict group, oldest first (all statuses: history is kept),
        content decrypted."""
        return self._nodes(
            self.D.q(
                f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ? AND conflict_group = ? "
                "ORDER BY created_at, seq"
            ),
            [user_id, group],
        )

    def conflict_group_deciding(self, user_id: str, group: str) -> list[MemoryNode]:
        """What a new statement's conflict policy reads of a group, oldest first, content
        decrypted: the newest ``active`` member not awaiting confirmation (the group index
        read newest first: one row unless newer members were archived or wait), every older
        such member said again since it was written (a move back, found by its provenance as
        ``conflict_group_recent`` finds it), and every member awaiting confirmation that is
        not archived (the waiting index for active ones; any other live status, which no write
        path gives a waiting member, by the group index). The same members as
        ``evolution.conflicts.deciding_members`` of the whole group."""
        d = self.D
        floor = "(SELECT created_at FROM newest)"
        return self._nodes(
            d.q(
                "WITH newest AS (SELECT rid, created_at FROM nodes WHERE user_id = ? "
                f"AND conflict_group = ? AND {d.settled} ORDER BY created_at DESC, seq DESC "
                f"LIMIT 1) SELECT {NODE_COLUMNS} FROM nodes WHERE rid IN ("
                "SELECT rid FROM newest "
                f"UNION SELECT rid FROM nodes WHERE user_id = ? AND conflict_group = ? "
                f"AND {d.awaiting} "
                "UNION SELECT rid FROM nodes WHERE user_id = ? AND conflict_group = ? "
                f"AND {d.waiting_else} "
                "UNION SELECT rid FROM nodes WHERE user_id = ? AND conflict_group = ? "
                f"AND {d.settled} AND created_at <= {floor} AND {d.said_since.format(floor)}"
                ") ORDER BY created_at, seq"
            ),
            [user_id, group] * 4,
        )

    def conflict_group_settled(self, user_id: str, group: str, limit: int) -> list[MemoryNode]:
        """The group's ``limit`` newest ``active`` members not awaiting confirmation, newest
        first, content decrypted: the live values a change may name."""
        return self._nodes(
            self.D.q(
                f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ? AND conflict_group = ? "
                f"AND {self.D.settled} ORDER BY created_at DESC, seq DESC LIMIT ?"
            ),
            [user_id, group, limit],
        )

    def conflict_group_recent(
        self, user_id: str, group: str, newest: int
    ) -> tuple[list[MemoryNode], bool]:
        """The group's ``newest`` newest members, every waiting challenger and every older
        member said again since the oldest of those newest was written, oldest first, content
        decrypted; and whether that is every member. The newest and the waiting are read off
        two indexes; an older member said again (a repeat is merged into its first mention:
        a move back in the very words of an old value) is found by its provenance, which
        costs a look at the metadata of the group's older rows, none of them decoded."""
        d = self.D
        floor = "(SELECT min(created_at) FROM newest)"
        rows = self._nodes(
            d.q(
                "WITH newest AS (SELECT rid, created_at FROM nodes WHERE user_id = ? "
                "AND conflict_group = ? ORDER BY created_at DESC, seq DESC LIMIT ?) "
                f"SELECT {NODE_COLUMNS} FROM nodes WHERE rid IN ("
                "SELECT rid FROM newest "
                "UNION SELECT rid FROM nodes WHERE user_id = ? AND conflict_group = ? "
                f"AND {d.awaiting} "
                "UNION SELECT rid FROM nodes WHERE user_id = ? AND conflict_group = ? "
                f"AND created_at <= {floor} AND {d.said_since.format(floor)}"
                ") ORDER BY created_at, seq"
            ),
            [user_id, group, newest, user_id, group, user_id, group],
        )
        total = self._tuples(
            d.q("SELECT count(*) AS n FROM nodes WHERE user_id = ? AND conflict_group = ?"),
            [user_id, group],
        )[0][0]
        return rows, int(total) <= len(rows)

    def active_nodes_of_types(
        self, user_id: str, node_types: Sequence[str], limit: int
    ) -> list[MemoryNode]:
        """The user's ``limit`` newest active nodes of these types, newest first, content
        decrypted (the pool a new fact may conflict with)."""
        # SQLite reads one type at a time, each in the order of idx_nodes_user_type_live (LIMIT
        # stops it early), merged here: with the types in one IN list it sorted every active
        # node of them to keep ``limit``. PostgreSQL merges the index scans itself.
        types = list(dict.fromkeys(node_types))
        groups = [[t] for t in types] if self.D.split_type_reads else [types]
        found: list[MemoryNode] = []
        for group in groups:
            among, among_params = self.D.among("node_type", group)
            found += self._nodes(
                self.D.q(
                    f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ? AND {among} "
                    "AND status = 'active' ORDER BY created_at DESC, seq DESC LIMIT ?"
                ),
                [user_id, *among_params, limit],
            )
        if len(groups) > 1:
            found.sort(key=lambda n: (n.created_at, n.seq), reverse=True)
        return found[:limit]

    def live_repeats(
        self, user_id: str, node_type: str, parent_id: str | None, content_hash: str
    ) -> list[MemoryNode]:
        """Live (not archived) nodes of this type under this parent with exactly this content
        hash, oldest first, content as stored: what a new node would merely repeat."""
        return self.live_repeats_among(user_id, node_type, parent_id, [content_hash])

    def live_repeats_among(
        self, user_id: str, node_type: str, parent_id: str | None, hashes: Sequence[str]
    ) -> list[MemoryNode]:
        """:meth:`live_repeats` for every hash of ``hashes`` in one read, oldest first."""
        d = self.D
        parent, parent_params = d.equals("parent_id", parent_id)
        found: list[MemoryNode] = []
        for chunk in d.chunks(hashes):
            among, among_params = d.among("content_hash", chunk)
            found += self._raw_nodes(
                # The hints keep SQLite on (parent_id, content_hash) (m012), not on every node
                # of the user of this type.
                d.q(
                    f"SELECT {NODE_COLUMNS} FROM nodes WHERE {d.hint}user_id = ? "
                    f"AND {d.hint}node_type = ? AND {parent} AND {among} "
                    "AND status != 'archived'"
                ),
                [user_id, node_type, *parent_params, *among_params],
            )
        return sorted(found, key=lambda n: (n.created_at, n.seq))

    def conflict_pool(
        self, user_id: str, node_type: str, limit: int
    ) -> list[tuple[str, str | None, datetime, int]]:
        """``(id, conflict_group, created_at, seq)`` of the user's ``limit`` newest active
        nodes of this type, newest first: the pool a new fact or preference is compared with,
        read off one (covering) index without decoding a row."""
        rows = self._tuples(
            self.D.q(
                "SELECT id, conflict_group, created_at, seq FROM nodes WHERE user_id = ? "
                "AND node_type = ? AND status = 'active' ORDER BY created_at DESC, seq DESC "
                "LIMIT ?"
            ),
            (user_id, node_type, limit),
        )
        return [(str(i), g, from_iso(at), int(seq)) for i, g, at, seq in rows]

    def said_between(
        self, user_id: str, node_types: Sequence[str], after: datetime, before: datetime, limit: int
    ) -> list[str]:
        """The content of the user's nodes of these types (any status) created strictly between
        ``after`` and ``before``, at most the ``limit`` newest, oldest first, content decrypted:
        what the user said between two statements the engine compares (a value left between
        them, ``evolution.write.value_remarks``)."""
        among, among_params = self.D.among("node_type", node_types)
        found = self._nodes(
            self.D.q(
                f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ? AND {among} "
                "AND created_at > ? AND created_at < ? ORDER BY created_at DESC, seq DESC LIMIT ?"
            ),
            [user_id, *among_params, to_iso(after), to_iso(before), limit],
        )
        return [n.content for n in reversed(found)]

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
        """Remember confirmed entries as ``(id, fingerprint)``; with ``keep_only`` every other
        mark is dropped (a full pass saw all nodes)."""
        with self.transaction():
            if keep_only:
                self._exec("DELETE FROM index_checks")
            self._exec_many(
                self.D.q(
                    "INSERT INTO index_checks(id, fingerprint) VALUES (?, ?) ON CONFLICT(id) "
                    "DO UPDATE SET fingerprint = excluded.fingerprint"
                ),
                list(marks),
            )

    def index_states(self) -> dict[str, str]:
        """Every node's index state, by id."""
        return dict(self._tuples("SELECT id, index_state FROM nodes"))

    def sensitive_contents(self) -> list[tuple[str, str]]:
        """``(id, stored content)`` of every sensitive node: the ciphertexts a key rotation
        re-seals."""
        rows = self._tuples(f"SELECT id, content FROM nodes WHERE {self.D.sealed}")
        return [(str(i), str(c)) for i, c in rows]

    def sealed_sample(self) -> str | None:
        """The stored content of one sensitive node (its ciphertext names the key), or None."""
        rows = self._tuples(f"SELECT content FROM nodes WHERE {self.D.sealed} LIMIT 1")
        return str(rows[0][0]) if rows else None

    def misnumbered_nodes(self) -> int:
        """How many nodes carry a ``seq`` that is not the sequence of their own ``add`` op."""
        rows = self._tuples(
            "SELECT count(*) AS c FROM nodes n LEFT JOIN oplog o ON o.seq = n.seq "
            f"WHERE o.op {self.D.is_not} 'add' OR o.node_id {self.D.is_not} n.id"
        )
        return int(rows[0][0])


def _reused(seen: tuple[tuple[Any, ...], MemoryNode] | None, row: tuple[Any, ...]) -> MemoryNode:
    """The node an earlier read built from this very row, else one built from it."""
    return seen[1] if seen is not None and seen[0] == row else values_to_node(row)
