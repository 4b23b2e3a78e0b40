"""The tree store on PostgreSQL: the same public methods and results as ``SQLiteStore``.

One connection per store (psycopg 3, autocommit outside transactions), shared by threads under
a re-entrant lock, as the SQLite store shares its connection. Other processes and hosts
coordinate through PostgreSQL:

- **Writers are serialised** by ``pg_advisory_xact_lock`` taken first thing in every write
  transaction, the counterpart of SQLite's ``BEGIN IMMEDIATE``: the services read, check
  (``expected_version``, cycles, limits) and write inside one transaction, so a second writer
  must not interleave. The lock is released by COMMIT or ROLLBACK, also when the client dies
  (the server ends its session), so a killed writer never leaves it held.
- **The op log is gap-free and in commit order**: the next sequence comes from the
  ``counters`` row updated in the writing transaction. A ``SEQUENCE`` would not do: its
  numbers are not returned on rollback (gaps) and are handed out in start order, not commit
  order, so a reader could see seq 7 committed before seq 6. Under the write lock the
  counter is never contended.
- Readers take no lock: each statement sees the last committed state (READ COMMITTED).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from datetime import datetime
from typing import Any

import psycopg
from psycopg.rows import dict_row

from hybridmem.clock import to_iso
from hybridmem.errors import StoreClosedError, StoreError, StoreUnavailableError
from hybridmem.models import MemoryNode, OpRecord
from hybridmem.store.nodes import NODE_COLUMNS
from hybridmem.store.postgres import lexical, snapshots
from hybridmem.store.postgres.schema import TS_CONFIG, migrate
from hybridmem.store.records import OpHook, OpsHook, Scope, row_to_node

# Key of the advisory lock that serialises writers (per database): 'hybr' 'mem1'.
WRITE_LOCK_KEY = 0x6879627200006D31



def describe(url: str) -> str:
    """``user@host:port/db`` of a connection URL, without the password."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError as exc:
        raise StoreError(f"not a valid PostgreSQL URL: {exc}") from None
    host = info.get("host") or "localhost"
    port = info.get("port") or 5432
    user = f"{info['user']}@" if info.get("user") else ""
    return f"{user}{host}:{port}/{info.get('dbname') or ''}"


def scope_sql(scope: Scope, alias: str = "n") -> tuple[str, list[Any]]:
    """A WHERE fragment (``%s`` placeholders) restricting ``alias`` to ``scope``."""
    clauses = [f"{alias}.user_id = %s"]
    params: list[Any] = [scope.user_id]
    if scope.task_ids is not None:
        clauses.append(f"{alias}.task_id = ANY(%s)")
        params.append(list(scope.task_ids))
    elif scope.path_prefix is not None:
        clauses.append(f"(({alias}.path >= %s AND {alias}.path < %s) OR {alias}.id = %s)")
        params.extend([scope.path_prefix, scope.path_prefix + "\uffff", scope.node_id])
    return " AND ".join(clauses), params


class PostgresStore:
    """Typed access to the tree tables in PostgreSQL. Writes are grouped by :meth:`transaction`."""

    def __init__(self, url: str, *, connect_timeout: int = 10) -> None:
        self.url = url
        self.where = describe(url)
        self._lock = threading.RLock()
        self._depth = 0
        self._closed = False
        self._connect_timeout = connect_timeout
        self.after_commit: Callable[[], None] | None = None
        """Called after each outermost COMMIT (automatic checkpoints hook in here)."""
        self.conn: psycopg.Connection[Any] = self._connect()
        try:
            migrate(self.conn, WRITE_LOCK_KEY)
        except BaseException:
            self.conn.close()
            raise
        self.opener: Callable[[str, str], str] | None = None
        self.on_op: OpHook | None = None
        self.on_ops: OpsHook | None = None  # batched appends here call on_op per row

    # -- plumbing -------------------------------------------------------------------------
    def _connect(self) -> psycopg.Connection[Any]:
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=self._connect_timeout)
        except psycopg.OperationalError as exc:
            raise StoreUnavailableError(
                f"cannot connect to PostgreSQL at {self.where}: {_first_line(exc)}"
            ) from None

    def _live(self) -> None:
        """Reconnect if the server dropped the connection (restart, failover, idle kill).

        Only between transactions: a transaction cut off by the drop was rolled back by the
        server and has already been reported to its caller as StoreUnavailableError.
        """
        if self.conn.broken or self.conn.closed:
            self.conn.close()
            self.conn = self._connect()

    @contextmanager
    def _reported(self) -> Iterator[None]:
        try:
            yield
        except psycopg.OperationalError as exc:
            raise StoreUnavailableError(
                f"lost the connection to PostgreSQL at {self.where} ({_first_line(exc)}); "
                "an open write was rolled back, nothing of it was kept; retry"
            ) from exc

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
        """One write transaction holding the write lock; a nested call is a SAVEPOINT, so an
        inner failure undoes only the inner work when the caller handles it."""
        with self._lock:
            self._check()
            if self._depth:
                self._depth += 1
                try:
                    with self._reported(), self.conn.transaction():  # SAVEPOINT ... RELEASE
                        yield
                finally:
                    self._depth -= 1
                return
            self._depth = 1
            try:
                with self._reported(), ExitStack() as stack:
                    self._begin(stack)
                    yield
            finally:
                self._depth = 0
            if self.after_commit is not None:
                self.after_commit()

    def _begin(self, stack: ExitStack) -> None:
        """BEGIN and take the write lock; once more on a fresh connection if it was dropped
        while idle (nothing was written yet, so the retry cannot duplicate anything)."""
        for attempt in (0, 1):
            self._live()
            try:
                stack.enter_context(self.conn.transaction())
                self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK_KEY,))
                return
            except psycopg.OperationalError:
                if attempt or not self.conn.broken:
                    raise
                stack.pop_all()  # the server already ended it; no ROLLBACK to send

    @contextmanager
    def reading(self) -> Iterator[psycopg.Connection[Any]]:
        """Serialise reads with writes of other threads sharing this connection."""
        with self._lock:
            self._check()
            if self._depth:
                yield self.conn
                return
            with self._reported():
                self._live()
                yield self.conn

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        with self._lock:
            for attempt in (0, 1):
                try:
                    with self.reading(), self.conn.cursor(row_factory=dict_row) as cur:
                        cur.execute(sql, params)
                        return cur.fetchall()
                except StoreUnavailableError:
                    # A read outside a transaction is safe to repeat on a new connection.
                    if attempt or self._depth or not self.conn.broken:
                        raise
            raise AssertionError("unreachable")

    def _exec(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.conn.execute(sql, params)

    def _node(self, row: dict[str, Any]) -> MemoryNode:
        return self.decode(row)

    def decode(self, row: dict[str, Any]) -> MemoryNode:
        """A ``nodes`` row as a :class:`MemoryNode`, sensitive content decrypted."""
        node = row_to_node(row)
        if node.sensitive and self.opener is not None:
            return replace(node, content=self.opener(node.id, node.content))
        return node

    def analyze(self) -> None:
        """Refresh the planner's statistics (after a bulk load; autovacuum does it later)."""
        with self.reading():
            self.conn.execute("ANALYZE")

    # -- checkpoints (kept in the database: snapshots.py) -----------------------------------
    def create_snapshot(self, name: str, manifest: dict[str, Any]) -> snapshots.StoredSnapshot:
        """Copy every table under ``name`` (one consistent state; writers are not blocked)."""
        with self._lock:
            if self._depth:
                raise StoreError("a snapshot cannot be taken inside a write transaction")
            with self.reading():
                return snapshots.create(self.conn, name, manifest)

    def list_snapshots(self) -> list[snapshots.StoredSnapshot]:
        """Every snapshot in the database, oldest first."""
        with self.reading():
            return snapshots.listing(self.conn)

    def drop_snapshot(self, name: str) -> None:
        """Delete a snapshot (retention)."""
        with self.transaction():
            snapshots.drop(self.conn, name)

    def load_snapshot(self, name: str) -> snapshots.StoredSnapshot:
        """Replace every table's rows with snapshot ``name``'s (inside the caller's
        transaction; the recovery layer replays the op log after it)."""
        return snapshots.load(self.conn, name)

    def scrub_snapshots(
        self, user_id: str, ids: Sequence[str], *, whole_user: bool, erased_payload: str
    ) -> int:
        """Erase nodes from every snapshot (inside the caller's transaction); how many held
        any of them."""
        return snapshots.scrub(self.conn, user_id, ids, whole_user, erased_payload)

    # -- metadata ---------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        rows = self._rows("SELECT value FROM meta WHERE key = %s", [key])
        return rows[0]["value"] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction():
            self._exec(
                "INSERT INTO meta(key, value) VALUES (%s, %s) "
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
        # One statement: take the next number from the counter row and write the op with it.
        row = self.conn.execute(
            "WITH c AS (UPDATE counters SET value = value + 1 WHERE name = 'oplog_seq' "
            "RETURNING value) "
            "INSERT INTO oplog(seq, op, node_id, user_id, payload, at, actor) "
            "SELECT c.value, %s, %s, %s, %s, %s, %s FROM c RETURNING seq",
            (
                op,
                node_id,
                user_id,
                json.dumps(payload, ensure_ascii=False, default=str),
                to_iso(at),
                actor,
            ),
        ).fetchone()
        if row is None:
            raise StoreError("the op-log counter row is missing; the schema is damaged")
        seq = int(row[0])
        if self.on_op is not None:
            self.on_op(OpRecord(seq, op, node_id, user_id, payload, at, actor))
        return seq

    def append_ops(self, ops: Sequence[dict[str, Any]]) -> list[int]:
        """Append many op rows in one pipelined batch; their sequences, in order.

        Each item has :meth:`append_op`'s keyword arguments. For bulk writers: one network
        round trip instead of one per op.
        """
        if not ops:
            return []
        if self.on_op is not None:  # the hook needs each row's number as it is written
            return [self.append_op(**item) for item in ops]
        with self.conn.cursor() as cur:
            cur.executemany(
                "WITH c AS (UPDATE counters SET value = value + 1 WHERE name = 'oplog_seq' "
                "RETURNING value) "
                "INSERT INTO oplog(seq, op, node_id, user_id, payload, at, actor) "
                "SELECT c.value, %s, %s, %s, %s, %s, %s FROM c RETURNING seq",
                [
                    (
                        item["op"],
                        item.get("node_id"),
                        item.get("user_id"),
                        json.dumps(item.get("payload", {}), ensure_ascii=False, default=str),
                        to_iso(item["at"]),
                        item.get("actor"),
                    )
                    for item in ops
                ],
                returning=True,
            )
            seqs = []
            while True:
                row = cur.fetchone()
                if row is not None:
                    seqs.append(int(row[0]))
                if not cur.nextset():
                    break
        return seqs

    def insert_op_row(self, row: Sequence[Any]) -> None:
        """Insert a logged op row verbatim (replay; inside the caller's transaction).

        ``row`` is ``(seq, op, node_id, user_id, payload, at, actor)``; the counter moves up to
        ``seq`` so later appends continue after it.
        """
        self._exec(
            "INSERT INTO oplog(seq, op, node_id, user_id, payload, at, actor) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s)",
            tuple(row),
        )
        self._exec(
            "UPDATE counters SET value = greatest(value, %s) WHERE name = 'oplog_seq'",
            (row[0],),
        )

    def last_seq(self) -> int:
        rows = self._rows("SELECT coalesce(max(seq), 0) AS s FROM oplog")
        return int(rows[0]["s"])

    # -- nodes ----------------------------------------------------------------------------
    def insert_node(self, row: dict[str, Any], fts_terms: str) -> MemoryNode:
        """Insert a node row and its lexical terms (inside the caller's transaction)."""
        cols = [c for c in row if c != "rid"]
        values = [_db_value(row[c]) for c in cols]
        self._exec(
            f"INSERT INTO nodes({', '.join(cols)}, lex, lex_len) "
            f"VALUES ({', '.join(['%s'] * len(cols))}, to_tsvector('{TS_CONFIG}', %s), %s)",
            [*values, lexical.fold(fts_terms), len(fts_terms.split())],
        )
        lexical.count_terms(self.conn, [row["id"]])
        return self.decode(row)

    def insert_nodes(self, rows: Sequence[tuple[dict[str, Any], str]]) -> list[MemoryNode]:
        """Insert many ``(row, terms)`` at once (inside the caller's transaction).

        The same result as :meth:`insert_node` per row, in a pipelined batch with one update of
        the term statistics: what bulk ingest (``add_many``, imports) needs.
        """
        if not rows:
            return []
        cols = [c for c in rows[0][0] if c != "rid"]
        with self.conn.cursor() as cur:
            cur.executemany(
                f"INSERT INTO nodes({', '.join(cols)}, lex, lex_len) "
                f"VALUES ({', '.join(['%s'] * len(cols))}, to_tsvector('{TS_CONFIG}', %s), %s)",
                [
                    [*(_db_value(row[c]) for c in cols), lexical.fold(terms), len(terms.split())]
                    for row, terms in rows
                ],
            )
        lexical.count_terms(self.conn, [row["id"] for row, _ in rows])
        return [self.decode(row) for row, _ in rows]

    def mark_indexed(self, nodes: Sequence[MemoryNode]) -> None:
        """Mark nodes indexed, but only if they did not change since they were read.

        A node updated (version) or re-scoped (task_id) by another writer while its vector was
        being written stays ``pending``, so the newer state is indexed later instead of being
        masked by a stale vector.
        """
        if not nodes:
            return
        with self.transaction():
            self._exec(
                "UPDATE nodes n SET index_state = 'indexed' "
                "FROM unnest(%s::text[], %s::int[], %s::text[]) AS v(id, version, task_id) "
                "WHERE n.id = v.id AND n.version = v.version AND n.task_id = v.task_id",
                (
                    [n.id for n in nodes],
                    [n.version for n in nodes],
                    [n.task_id for n in nodes],
                ),
            )

    def update_node(
        self, node_id: str, values: dict[str, Any], fts_terms: str | None = None
    ) -> None:
        """Update columns of one node; re-index its terms when ``fts_terms`` is given."""
        if fts_terms is not None:
            lexical.remove_terms(self.conn, [node_id])
        sets = [f"{k} = %s" for k in values]
        params = [_db_value(v) for v in values.values()]
        if fts_terms is not None:
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
        lexical.remove_terms(self.conn, ids)
        self._exec("DELETE FROM nodes WHERE id = ANY(%s)", (list(ids),))

    def rewrite_subtree_paths(
        self, user_id: str, *, old_prefix: str, new_prefix: str, depth_delta: int
    ) -> None:
        """Re-root the paths of every node below ``old_prefix`` (inside a transaction)."""
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

    def get(self, node_id: str) -> MemoryNode | None:
        rows = self._rows(f"SELECT {NODE_COLUMNS} FROM nodes WHERE id = %s", [node_id])
        return self._node(rows[0]) if rows else None

    def get_many(self, ids: Iterable[str]) -> dict[str, MemoryNode]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        rows = self._rows(f"SELECT {NODE_COLUMNS} FROM nodes WHERE id = ANY(%s)", [wanted])
        return {r["id"]: self._node(r) for r in rows}

    def conflict_pool(
        self, user_id: str, node_type: str, limit: int
    ) -> list[tuple[str, str | None]]:
        rows = self._rows(
            "SELECT id, conflict_group FROM nodes WHERE user_id = %s AND node_type = %s "
            "AND status = 'active' ORDER BY created_at DESC, seq DESC LIMIT %s",
            [user_id, node_type, limit],
        )
        return [(r["id"], r["conflict_group"]) for r in rows]

    def children(self, node_id: str, *, statuses: Sequence[str] | None = None) -> list[MemoryNode]:
        sql = f"SELECT {NODE_COLUMNS} FROM nodes WHERE parent_id = %s"
        params: list[Any] = [node_id]
        if statuses:
            sql += " AND status = ANY(%s)"
            params.append(list(statuses))
        return [self._node(r) for r in self._rows(sql + " ORDER BY seq", params)]

    def recent_children(
        self, node_id: str, limit: int, statuses: Sequence[str]
    ) -> list[MemoryNode]:
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

    def all_ids_among(self, ids: Iterable[str]) -> list[str]:
        """Which of ``ids`` exist (no row is decoded: works without the encryption key)."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return []
        return [r["id"] for r in self._rows("SELECT id FROM nodes WHERE id = ANY(%s)", [wanted])]

    def user_root(self, user_id: str) -> MemoryNode | None:
        rows = self._rows(
            f"SELECT {NODE_COLUMNS} FROM nodes WHERE user_id = %s AND parent_id IS NULL "
            "ORDER BY seq LIMIT 1",
            [user_id],
        )
        return self._node(rows[0]) if rows else None

    def all_ids(self, *, user_id: str | None = None) -> list[str]:
        if user_id is None:
            return [r["id"] for r in self._rows("SELECT id FROM nodes")]
        return [r["id"] for r in self._rows("SELECT id FROM nodes WHERE user_id = %s", [user_id])]

    def ids_by_index_state(self, state: str, limit: int | None = None) -> list[str]:
        sql = "SELECT id FROM nodes WHERE index_state = %s ORDER BY seq"
        params: list[Any] = [state]
        if limit:
            sql += " LIMIT %s"
            params.append(limit)
        return [r["id"] for r in self._rows(sql, params)]

    def set_index_state(self, ids: Sequence[str], state: str) -> None:
        with self.transaction():
            self._exec(
                "UPDATE nodes SET index_state = %s WHERE id = ANY(%s)", (state, list(ids))
            )

    def lexical_search(
        self, match: str, scope: Scope, statuses: Sequence[str], limit: int
    ) -> list[tuple[str, float]]:
        """Best BM25 matches in scope as ``(id, score)``, score > 0 and higher is better.

        ``match`` is the expression :func:`hybridmem.lexical.match_expression` builds.
        """
        where, params = scope_sql(scope, "n")
        sql = lexical.search_sql(f"{where} AND n.status = ANY(%s)")
        rows = self._rows(sql, lexical.query_params(match, [*params, list(statuses)], limit))
        return [(r["id"], max(float(r["score"]), 0.0)) for r in rows]

    def touch(self, ids: Sequence[str], at: datetime) -> None:
        """Record that nodes were retrieved (passive renewal): one batched write."""
        if not ids:
            return
        with self.transaction():
            self._exec(
                "UPDATE nodes SET access_count = access_count + 1, last_accessed_at = %s "
                "WHERE id = ANY(%s)",
                (to_iso(at), list(ids)),
            )

    def bump_ancestors(self, ids: Sequence[str], at: datetime, bump: float) -> None:
        """Mark ancestors as active (inside the caller's transaction); weights stay <= 1."""
        if not ids:
            return
        # One UPDATE per id, as SQLite's executemany: an id listed twice is bumped twice.
        with self.conn.cursor() as cur:
            cur.executemany(
                "UPDATE nodes SET activity = LEAST(1.0, activity + %s), last_accessed_at = %s "
                "WHERE id = %s",
                [(bump, to_iso(at), i) for i in ids],
            )

    # -- active node ----------------------------------------------------------------------
    def get_active(self, user_id: str) -> str | None:
        rows = self._rows("SELECT node_id FROM active_nodes WHERE user_id = %s", [user_id])
        return rows[0]["node_id"] if rows else None

    def set_active(self, user_id: str, node_id: str | None, at: datetime, seq: int) -> None:
        """Persist the user's active node (inside the caller's transaction)."""
        if node_id is None:
            self._exec("DELETE FROM active_nodes WHERE user_id = %s", (user_id,))
            return
        self._exec(
            "INSERT INTO active_nodes(user_id, node_id, updated_at, seq) VALUES (%s,%s,%s,%s) "
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


def _db_value(value: Any) -> Any:
    # The SQLite rows carry 0/1 for booleans; keep the column an INTEGER in both backends.
    return int(value) if isinstance(value, bool) else value


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
