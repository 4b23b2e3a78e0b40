"""The tree store: nodes, op log, active nodes and store metadata in one SQLite file.

SQLite is the source of truth. Every mutation is one transaction that writes the node rows, an
op-log row and any persisted state together; the vector index is derived from it.
The connection is shared by threads under a re-entrant lock; other processes coordinate through
SQLite's own locking (WAL mode, busy timeout, ``BEGIN IMMEDIATE`` for writers).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from hybridmem.clock import from_iso, to_iso
from hybridmem.errors import CorruptStoreError, StoreClosedError, StoreError
from hybridmem.models import MemoryNode
from hybridmem.store.schema import migrate

DB_FILE = "memory.sqlite3"
"""The SQLite file inside a memory directory."""

_SYNC_MODES = {"off": "OFF", "normal": "NORMAL", "full": "FULL", "extra": "EXTRA"}

NODE_COLUMNS = (
    "rid, id, user_id, agent_id, session_id, parent_id, path, depth, task_id, content, "
    "content_hash, node_type, importance, confidence, activity, created_at, updated_at, "
    "last_accessed_at, access_count, seq, version, status, index_state, source_id, metadata, "
    "lifecycle, tier, conflict_group, sensitive"
)


@dataclass(frozen=True, slots=True)
class Scope:
    """Which of a user's nodes a query may see.

    ``task_ids``: nodes whose ``task_id`` is one of these (a task and its nested tasks).
    ``path_prefix``: nodes strictly below a non-task node (its materialised path prefix), plus
    ``node_id`` itself. Neither: the user's whole tree.
    """

    user_id: str
    node_id: str | None = None
    task_ids: tuple[str, ...] | None = None
    path_prefix: str | None = None

    def sql(self, alias: str = "n") -> tuple[str, list[Any]]:
        """A WHERE fragment and its parameters restricting ``alias`` to this scope."""
        clauses = [f"{alias}.user_id = ?"]
        params: list[Any] = [self.user_id]
        if self.task_ids is not None:
            marks = ",".join("?" * len(self.task_ids))
            clauses.append(f"{alias}.task_id IN ({marks})")
            params.extend(self.task_ids)
        elif self.path_prefix is not None:
            clauses.append(f"(({alias}.path >= ? AND {alias}.path < ?) OR {alias}.id = ?)")
            params.extend([self.path_prefix, self.path_prefix + "\uffff", self.node_id])
        return " AND ".join(clauses), params


class SQLiteStore:
    """Typed access to the tree tables. Callers group writes with :meth:`transaction`."""

    def __init__(
        self, path: Path, *, durability: str = "normal", busy_timeout_ms: int = 30_000
    ) -> None:
        if durability not in _SYNC_MODES:
            raise StoreError(f"durability must be one of {sorted(_SYNC_MODES)}, got {durability!r}")
        self.path = Path(path)
        self.durability = durability
        self._lock = threading.RLock()
        self._depth = 0
        self._closed = False
        self.after_commit: Callable[[], None] | None = None
        """Called after each outermost COMMIT (automatic checkpoints hook in here)."""
        existed = self.path.exists() and self.path.stat().st_size > 0
        try:
            conn = sqlite3.connect(
                str(self.path),
                timeout=busy_timeout_ms / 1000,
                isolation_level=None,
                check_same_thread=False,
            )
            conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute(f"PRAGMA synchronous = {_SYNC_MODES[durability]}")
            conn.execute("PRAGMA foreign_keys = OFF")  # tree integrity is enforced in code
            migrate(conn)
            if existed:
                conn.execute("SELECT count(*) FROM nodes").fetchone()
        except sqlite3.DatabaseError as exc:
            raise CorruptStoreError(
                f"{self.path} is not a readable hybridmem store ({exc}). Nothing was changed; "
                "restore it from a snapshot (hybridmem restore) or move it aside"
            ) from exc
        self.conn = conn
        self.db = sqlite_utils.Database(conn)
        # Privacy hooks (hybridmem/privacy): decrypt sensitive content on read, and mirror
        # every op-log row into the audit log inside the same transaction.
        self.opener: Callable[[str, str], str] | None = None
        self.on_op: OpHook | None = None

    # -- plumbing -------------------------------------------------------------------------
    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self.conn.close()

    @property
    def closed(self) -> bool:
        return self._closed

    def _check(self) -> None:
        if self._closed:
            raise StoreClosedError("this memory store has been closed")

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction (``BEGIN IMMEDIATE``); a nested call is a SAVEPOINT, so an
        inner failure undoes only the inner work when the caller handles it."""
        with self._lock:
            self._check()
            if self._depth:
                name = f"sp{self._depth}"
                self.conn.execute(f"SAVEPOINT {name}")
                self._depth += 1
                try:
                    yield
                except BaseException:
                    self.conn.execute(f"ROLLBACK TO {name}")
                    self.conn.execute(f"RELEASE {name}")
                    raise
                finally:
                    self._depth -= 1
                self.conn.execute(f"RELEASE {name}")
                return
            self.conn.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield
            except BaseException:
                self._depth = 0
                self.conn.execute("ROLLBACK")
                raise
            self._depth = 0
            self.conn.execute("COMMIT")
            if self.after_commit is not None:
                self.after_commit()

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """Serialise reads with writes of other threads sharing this connection."""
        with self._lock:
            self._check()
            yield self.conn

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        with self.reading():
            return list(self.db.query(sql, params))

    def _node(self, row: dict[str, Any]) -> MemoryNode:
        return self.decode(row)

    def decode(self, row: dict[str, Any]) -> MemoryNode:
        """A ``nodes`` row as a :class:`MemoryNode`, sensitive content decrypted."""
        node = row_to_node(row)
        if node.sensitive and self.opener is not None:
            return replace(node, content=self.opener(node.id, node.content))
        return node

    # -- metadata ---------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        rows = self._rows("SELECT value FROM meta WHERE key = ?", [key])
        return rows[0]["value"] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction():
            self.conn.execute(
                "INSERT INTO meta(key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # -- op log ---------------------------------------------------------------------------
    def append_op(
        self,
        op: str,
        *,
        node_id: str | None,
        user_id: str | None,
        payload: dict[str, Any],
        at: datetime,
        actor: str | None = None,
    ) -> int:
        """Append an op-log row (inside the caller's transaction) and return its sequence."""
        cur = self.conn.execute(
            "INSERT INTO oplog(op, node_id, user_id, payload, at, actor) VALUES (?,?,?,?,?,?)",
            (
                op,
                node_id,
                user_id,
                json.dumps(payload, ensure_ascii=False, default=str),
                to_iso(at),
                actor,
            ),
        )
        seq = int(cur.lastrowid or 0)
        if self.on_op is not None:
            self.on_op(self.conn, op, node_id, user_id, payload, at, actor, seq)
        return seq

    def insert_op_row(self, row: Sequence[Any]) -> None:
        """Insert a logged op row verbatim (replay; inside the caller's transaction)."""
        self.conn.execute(
            "INSERT INTO oplog(seq, op, node_id, user_id, payload, at, actor) "
            "VALUES (?,?,?,?,?,?,?)",
            tuple(row),
        )

    def last_seq(self) -> int:
        rows = self._rows("SELECT coalesce(max(seq), 0) AS s FROM oplog")
        return int(rows[0]["s"])

    # -- nodes ----------------------------------------------------------------------------
    def insert_node(self, row: dict[str, Any], fts_terms: str) -> MemoryNode:
        """Insert a node row and its lexical terms (inside the caller's transaction)."""
        cols = [c for c in row if c != "rid"]
        cur = self.conn.execute(
            f"INSERT INTO nodes({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
            [row[c] for c in cols],
        )
        self.conn.execute(
            "INSERT INTO nodes_fts(rowid, terms) VALUES (?, ?)", (cur.lastrowid, fts_terms)
        )
        return self.decode({**row, "rid": cur.lastrowid})

    def mark_indexed(self, nodes: Sequence[MemoryNode]) -> None:
        """Mark nodes indexed, but only if they did not change since they were read.

        A node updated (version) or re-scoped (task_id) by another writer while its vector was
        being written stays ``pending``, so the newer state is indexed later instead of being
        masked by a stale vector.
        """
        if not nodes:
            return
        with self.transaction():
            self.conn.executemany(
                "UPDATE nodes SET index_state = 'indexed' WHERE id = ? AND version = ? "
                "AND task_id = ?",
                [(n.id, n.version, n.task_id) for n in nodes],
            )

    def update_node(
        self, node_id: str, values: dict[str, Any], fts_terms: str | None = None
    ) -> None:
        """Update columns of one node; re-index its terms when ``fts_terms`` is given."""
        sets = ", ".join(f"{k} = ?" for k in values)
        self.conn.execute(f"UPDATE nodes SET {sets} WHERE id = ?", [*values.values(), node_id])
        if fts_terms is not None:
            rid = self.conn.execute("SELECT rid FROM nodes WHERE id = ?", (node_id,)).fetchone()[0]
            self.conn.execute("DELETE FROM nodes_fts WHERE rowid = ?", (rid,))
            self.conn.execute("INSERT INTO nodes_fts(rowid, terms) VALUES (?, ?)", (rid, fts_terms))

    def delete_nodes(self, ids: Sequence[str]) -> None:
        """Delete node rows and their lexical terms (inside the caller's transaction)."""
        for chunk in _chunks(ids, 500):
            marks = ",".join("?" * len(chunk))
            self.conn.execute(
                "DELETE FROM nodes_fts WHERE rowid IN "
                f"(SELECT rid FROM nodes WHERE id IN ({marks}))",
                chunk,
            )
            self.conn.execute(f"DELETE FROM nodes WHERE id IN ({marks})", chunk)

    def rewrite_subtree_paths(
        self, user_id: str, *, old_prefix: str, new_prefix: str, depth_delta: int
    ) -> None:
        """Re-root the paths of every node below ``old_prefix`` (inside a transaction)."""
        self.conn.execute(
            "UPDATE nodes SET path = ? || substr(path, ?), depth = depth + ? "
            "WHERE user_id = ? AND path >= ? AND path < ?",
            (
                new_prefix,
                len(old_prefix) + 1,
                depth_delta,
                user_id,
                old_prefix,
                old_prefix + "\uffff",
            ),
        )

    def get(self, node_id: str) -> MemoryNode | None:
        rows = self._rows(f"SELECT {NODE_COLUMNS} FROM nodes WHERE id = ?", [node_id])
        return self._node(rows[0]) if rows else None

    def get_many(self, ids: Iterable[str]) -> dict[str, MemoryNode]:
        out: dict[str, MemoryNode] = {}
        for chunk in _chunks(list(dict.fromkeys(ids)), 500):
            marks = ",".join("?" * len(chunk))
            for row in self._rows(f"SELECT {NODE_COLUMNS} FROM nodes WHERE id IN ({marks})", chunk):
                out[row["id"]] = self._node(row)
        return out

    def children(self, node_id: str, *, statuses: Sequence[str] | None = None) -> list[MemoryNode]:
        sql = f"SELECT {NODE_COLUMNS} FROM nodes WHERE parent_id = ?"
        params: list[Any] = [node_id]
        if statuses:
            sql += f" AND status IN ({','.join('?' * len(statuses))})"
            params.extend(statuses)
        return [self._node(r) for r in self._rows(sql + " ORDER BY seq", params)]

    def recent_children(
        self, node_id: str, limit: int, statuses: Sequence[str]
    ) -> list[MemoryNode]:
        marks = ",".join("?" * len(statuses))
        rows = self._rows(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE parent_id = ? AND status IN ({marks}) "
            "ORDER BY created_at DESC, seq DESC LIMIT ?",
            [node_id, *statuses, limit],
        )
        return [self._node(r) for r in rows]

    def subtree(self, node: MemoryNode) -> list[MemoryNode]:
        """The node and all its descendants, parents before children."""
        prefix = node.path_prefix_for_children()
        rows = self._rows(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ? AND path >= ? AND path < ? "
            "ORDER BY depth, seq",
            [node.user_id, prefix, prefix + "\uffff"],
        )
        return [node, *(self._node(r) for r in rows)]

    def descendant_scope_ids(self, node: MemoryNode, scope_types: Sequence[str]) -> list[str]:
        """Ids of scope-type nodes strictly below ``node``."""
        prefix = node.path_prefix_for_children()
        marks = ",".join("?" * len(scope_types))
        rows = self._rows(
            f"SELECT id FROM nodes WHERE user_id = ? AND path >= ? AND path < ? "
            f"AND node_type IN ({marks})",
            [node.user_id, prefix, prefix + "\uffff", *scope_types],
        )
        return [r["id"] for r in rows]

    def all_ids_among(self, ids: Iterable[str]) -> list[str]:
        """Which of ``ids`` exist (no row is decoded: works without the encryption key)."""
        out: list[str] = []
        for chunk in _chunks(list(dict.fromkeys(ids)), 500):
            marks = ",".join("?" * len(chunk))
            out.extend(
                r["id"] for r in self._rows(f"SELECT id FROM nodes WHERE id IN ({marks})", chunk)
            )
        return out

    def user_root(self, user_id: str) -> MemoryNode | None:
        rows = self._rows(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = ? AND parent_id IS NULL "
            "ORDER BY seq LIMIT 1",
            [user_id],
        )
        return self._node(rows[0]) if rows else None

    def all_ids(self, *, user_id: str | None = None) -> list[str]:
        if user_id is None:
            return [r["id"] for r in self._rows("SELECT id FROM nodes")]
        return [r["id"] for r in self._rows("SELECT id FROM nodes WHERE user_id = ?", [user_id])]

    def ids_by_index_state(self, state: str, limit: int | None = None) -> list[str]:
        sql = "SELECT id FROM nodes WHERE index_state = ? ORDER BY seq"
        params: list[Any] = [state]
        if limit:
            sql += " LIMIT ?"
            params.append(limit)
        return [r["id"] for r in self._rows(sql, params)]

    def set_index_state(self, ids: Sequence[str], state: str) -> None:
        with self.transaction():
            for chunk in _chunks(ids, 500):
                marks = ",".join("?" * len(chunk))
                self.conn.execute(
                    f"UPDATE nodes SET index_state = ? WHERE id IN ({marks})", [state, *chunk]
                )

    def lexical_search(
        self, match: str, scope: Scope, statuses: Sequence[str], limit: int
    ) -> list[tuple[str, float]]:
        """Best BM25 matches in scope as ``(id, score)``, score > 0 and higher is better."""
        where, params = scope.sql("n")
        marks = ",".join("?" * len(statuses))
        sql = (
            "SELECT n.id AS id, -bm25(nodes_fts) AS score FROM nodes_fts "
            "JOIN nodes n ON n.rid = nodes_fts.rowid "
            f"WHERE nodes_fts MATCH ? AND {where} AND n.status IN ({marks}) "
            "ORDER BY bm25(nodes_fts) LIMIT ?"
        )
        try:
            rows = self._rows(sql, [match, *params, *statuses, limit])
        except sqlite3.OperationalError:
            # match_expression quotes every term, so this is unexpected; lexical is only one
            # candidate source, so degrade to none rather than fail the whole retrieval.
            return []
        return [(r["id"], max(float(r["score"]), 0.0)) for r in rows]

    def touch(self, ids: Sequence[str], at: datetime, *, count: bool = True) -> None:
        """Record that nodes were used (passive renewal): one batched write. ``count=False``
        renews without counting a retrieval."""
        if not ids:
            return
        stamp = to_iso(at)
        bump = 1 if count else 0
        with self.transaction():
            self.conn.executemany(
                "UPDATE nodes SET access_count = access_count + ?, last_accessed_at = ? "
                "WHERE id = ?",
                [(bump, stamp, i) for i in ids],
            )

    def bump_ancestors(self, ids: Sequence[str], at: datetime, bump: float) -> None:
        """Mark ancestors as active (inside the caller's transaction); weights stay <= 1."""
        if not ids:
            return
        stamp = to_iso(at)
        self.conn.executemany(
            "UPDATE nodes SET activity = min(1.0, activity + ?), last_accessed_at = ? WHERE id = ?",
            [(bump, stamp, i) for i in ids],
        )

    # -- active node ----------------------------------------------------------------------
    def get_active(self, user_id: str) -> str | None:
        rows = self._rows("SELECT node_id FROM active_nodes WHERE user_id = ?", [user_id])
        return rows[0]["node_id"] if rows else None

    def set_active(self, user_id: str, node_id: str | None, at: datetime, seq: int) -> None:
        """Persist the user's active node (inside the caller's transaction)."""
        if node_id is None:
            self.conn.execute("DELETE FROM active_nodes WHERE user_id = ?", (user_id,))
            return
        self.conn.execute(
            "INSERT INTO active_nodes(user_id, node_id, updated_at, seq) VALUES (?,?,?,?) "
            "ON CONFLICT(user_id) DO UPDATE SET node_id = excluded.node_id, "
            "updated_at = excluded.updated_at, seq = excluded.seq",
            (user_id, node_id, to_iso(at), seq),
        )

    # -- statistics -----------------------------------------------------------------------
    def counts(self, column: str) -> dict[str, int]:
        if column not in {"node_type", "status", "index_state", "user_id"}:
            raise ValueError(column)
        rows = self._rows(f"SELECT {column} AS k, count(*) AS c FROM nodes GROUP BY {column}")
        return {r["k"]: int(r["c"]) for r in rows}

    def node_count(self, user_id: str | None = None) -> int:
        if user_id is None:
            return int(self._rows("SELECT count(*) AS c FROM nodes")[0]["c"])
        return int(
            self._rows("SELECT count(*) AS c FROM nodes WHERE user_id = ?", [user_id])[0]["c"]
        )

    def max_depth_below(self, node: MemoryNode) -> int:
        """The deepest ``depth`` in ``node``'s subtree (the node's own when it has none)."""
        prefix = node.path_prefix_for_children()
        rows = self._rows(
            "SELECT max(depth) AS d FROM nodes WHERE user_id = ? AND path >= ? AND path < ?",
            [node.user_id, prefix, prefix + "\uffff"],
        )
        found = rows[0]["d"]
        return node.depth if found is None else int(found)


OpHook = Callable[
    [
        sqlite3.Connection,
        str,
        "str | None",
        "str | None",
        dict[str, Any],
        datetime,
        "str | None",
        int,
    ],
    None,
]


def row_to_node(row: dict[str, Any]) -> MemoryNode:
    """Build the public :class:`MemoryNode` from a ``nodes`` row."""
    path = tuple(p for p in row["path"].split("/") if p)
    return MemoryNode(
        id=row["id"],
        user_id=row["user_id"],
        parent_id=row["parent_id"],
        content=row["content"],
        node_type=row["node_type"],
        importance=float(row["importance"]),
        confidence=float(row["confidence"]),
        created_at=from_iso(row["created_at"]),
        updated_at=from_iso(row["updated_at"]),
        last_accessed_at=from_iso(row["last_accessed_at"]) if row["last_accessed_at"] else None,
        access_count=int(row["access_count"]),
        seq=int(row["seq"]),
        version=int(row["version"]),
        status=row["status"],
        depth=int(row["depth"]),
        path=path,
        task_id=row["task_id"],
        content_hash=row["content_hash"],
        index_state=row["index_state"],
        activity=float(row["activity"]),
        source_id=row["source_id"],
        agent_id=row["agent_id"],
        session_id=row["session_id"],
        metadata=json.loads(row["metadata"]) if row["metadata"] else {},
        lifecycle=row["lifecycle"],
        tier=row["tier"],
        conflict_group=row["conflict_group"],
        sensitive=bool(row["sensitive"]),
    )


def encode_path(ancestors: Sequence[str]) -> str:
    """Materialised path of a node whose ancestors (root first) are ``ancestors``."""
    return "/" + "".join(a + "/" for a in ancestors) if ancestors else "/"


def _chunks(items: Sequence[str], size: int) -> Iterator[list[str]]:
    for i in range(0, len(items), size):
        yield list(items[i : i + size])
