"""The SQLite schema, as numbered migrations tracked in ``PRAGMA user_version``.

Each migration runs once, inside the transaction that also bumps ``user_version``, so a crash
mid-migration leaves the previous version intact. Never edit a released migration: add one.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable

from hybridmem.errors import SchemaVersionError
from hybridmem.store import fts, tamper
from hybridmem.store.fts import FTS_TOKENIZER

Migration = Callable[[sqlite3.Connection], None]


def _run(conn: sqlite3.Connection, script: str) -> None:
    # Not executescript(): it COMMITs first, which would break the migration's transaction.
    for statement in script.split(";\n"):
        if statement.strip():
            conn.execute(statement)


def m001_initial(conn: sqlite3.Connection) -> None:
    _run(
        conn,
        f"""
        CREATE TABLE nodes (
            rid INTEGER PRIMARY KEY,              -- stable rowid, shared with nodes_fts
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL,
            agent_id TEXT,
            session_id TEXT,
            parent_id TEXT REFERENCES nodes(id),
            path TEXT NOT NULL,                   -- '/root/.../parent/' (ancestors, root first)
            depth INTEGER NOT NULL,
            task_id TEXT NOT NULL,                -- nearest scope node (task or root), maybe self
            content TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            node_type TEXT NOT NULL,
            importance REAL NOT NULL CHECK (importance BETWEEN 0 AND 1),
            confidence REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
            activity REAL NOT NULL DEFAULT 0 CHECK (activity BETWEEN 0 AND 1),
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            last_accessed_at TEXT,
            access_count INTEGER NOT NULL DEFAULT 0,
            seq INTEGER NOT NULL,                 -- op-log sequence of the node's creation
            version INTEGER NOT NULL DEFAULT 1,   -- optimistic concurrency
            status TEXT NOT NULL DEFAULT 'active',
            index_state TEXT NOT NULL DEFAULT 'pending',
            source_id TEXT,
            metadata TEXT NOT NULL DEFAULT '{{}}',
            -- reserved for the evolution and privacy layers
            lifecycle TEXT,
            tier TEXT,
            conflict_group TEXT,
            sensitive INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX idx_nodes_user_parent ON nodes(user_id, parent_id);
        CREATE INDEX idx_nodes_task ON nodes(task_id, status);
        CREATE INDEX idx_nodes_path ON nodes(path);
        CREATE INDEX idx_nodes_index_state ON nodes(index_state);
        CREATE INDEX idx_nodes_user_type ON nodes(user_id, node_type);
        CREATE INDEX idx_nodes_conflict ON nodes(conflict_group);

        CREATE VIRTUAL TABLE nodes_fts USING fts5(terms, tokenize='{FTS_TOKENIZER}');

        CREATE TABLE active_nodes (
            user_id TEXT PRIMARY KEY,
            node_id TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            seq INTEGER NOT NULL
        );

        CREATE TABLE oplog (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            op TEXT NOT NULL,
            node_id TEXT,
            user_id TEXT,
            payload TEXT NOT NULL DEFAULT '{{}}',
            at TEXT NOT NULL,
            actor TEXT
        );
        CREATE INDEX idx_oplog_node ON oplog(node_id, seq);

        CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        """,
    )


def m002_privacy(conn: sqlite3.Connection) -> None:
    """The hash-chained audit log (hybridmem/privacy/audit.py). It holds no memory content."""
    _run(
        conn,
        """
        CREATE TABLE audit_log (
            seq INTEGER PRIMARY KEY,              -- 1, 2, 3... part of the hashed record
            at TEXT NOT NULL,
            actor TEXT,
            action TEXT NOT NULL,
            user_id TEXT,
            node_id TEXT,
            detail TEXT NOT NULL DEFAULT '{}',    -- content-free: ids, types, field names
            op_seq INTEGER,                       -- the op-log row it mirrors, if any
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL
        );
        CREATE INDEX idx_audit_user ON audit_log(user_id, seq);
        CREATE INDEX idx_audit_node ON audit_log(node_id, seq);
        CREATE INDEX idx_audit_actor ON audit_log(actor, seq)
        """,
    )


def m003_retrieval(conn: sqlite3.Connection) -> None:
    """Adjacent-sibling lookups (retrieval's neighbour expansion) seek on (parent_id, seq)."""
    conn.execute("CREATE INDEX IF NOT EXISTS idx_nodes_parent_seq ON nodes(parent_id, seq)")


def m004_conflict_pool(conn: sqlite3.Connection) -> None:
    """A new fact's conflict pool (the user's newest live nodes of its type: ids and groups)
    is read off one covering index, newest first, instead of sorting every fact of the user.
    It covers the old ``(user_id, node_type)`` index, which is dropped."""
    _run(
        conn,
        """
        CREATE INDEX IF NOT EXISTS idx_nodes_user_type_live
            ON nodes(user_id, node_type, status, created_at, seq, id, conflict_group);
        DROP INDEX IF EXISTS idx_nodes_user_type
        """,
    )


def m005_index_checks(conn: sqlite3.Connection) -> None:
    """What ``verify()`` last confirmed in the vector index: a node's ``version|task_id`` whose
    entry matched (structure only, no content). Later verifies re-read only the entries of
    nodes whose mark differs, so verifying an unchanged store reads ids, not entries."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS index_checks ("
        "id TEXT PRIMARY KEY, fingerprint TEXT NOT NULL) WITHOUT ROWID"
    )


def m006_row_macs(conn: sqlite3.Connection) -> None:
    """Tamper evidence: a hash per node and op-log row, kept by triggers (store/tamper.py).
    The connection must have ``hm_row_mac`` registered (every hybridmem connection does)."""
    for statement in tamper.install_sql():
        conn.execute(statement)


def m007_node_vectors(conn: sqlite3.Connection) -> None:
    """Each node's vector beside its row (a copy of what the vector index holds), tagged with
    the model and the ``content_hash`` it was computed from, so a task-scoped retrieval ranks
    its scope's vectors exactly, read off the task index, at a cost that follows the task and
    not the store (``TreeStore.scope_vectors``). Keyed by the node's ``rid``; a vector whose hash no
    longer matches its node, or of another model (a re-index in progress), is never read."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS node_vectors ("
        "rid INTEGER PRIMARY KEY, model TEXT NOT NULL, content_hash TEXT NOT NULL, "
        "vector BLOB NOT NULL)"
    )


AWAITING = "status = 'active' AND json_extract(metadata, '$.awaiting') = 'confirmation'"
"""A waiting challenger of a conflict group (``evolution.conflicts.is_unconfirmed``), in the
words of the partial index m008 builds: a query names it in exactly these words to use it."""


SETTLED = "status = 'active' AND json_extract(metadata, '$.awaiting') IS NOT 'confirmation'"
"""An active member of a conflict group that is not a waiting challenger (``NULL``, no key,
counts as not waiting, as in ``evolution.conflicts.is_unconfirmed``)."""

WAITING_ELSE = (
    "status NOT IN ('active', 'archived') AND json_extract(metadata, '$.awaiting') = 'confirmation'"
)
"""A member awaiting confirmation in a live status other than ``active`` (no write path makes
one; an edit can): ``evolution.conflicts.is_waiting`` counts it, :data:`AWAITING` does not."""


SEALED = "sensitive = 1"
"""A sealed (sensitive) row, in the words of the partial index m010 builds: a query names it in
exactly these words to use it."""


def m008_group_reads(conn: sqlite3.Connection) -> None:
    """What a retrieval shows of a conflict group (its newest members, its waiting
    challengers) read off indexes instead of every member's row: ``(user_id, conflict_group,
    created_at, seq)`` replaces the bare ``conflict_group`` index, and a partial index holds
    the waiting challengers."""
    _run(
        conn,
        f"""
        CREATE INDEX IF NOT EXISTS idx_nodes_group_time
            ON nodes(user_id, conflict_group, created_at, seq);
        CREATE INDEX IF NOT EXISTS idx_nodes_group_awaiting
            ON nodes(user_id, conflict_group) WHERE {AWAITING};
        DROP INDEX IF EXISTS idx_nodes_conflict
        """,
    )


def m009_fts_scope(conn: sqlite3.Connection) -> None:
    """The lexical index learns each node's scope: a second FTS5 column ``scope`` holding one
    token, ``k<rid of the node's task>``, so a task-scoped lexical search asks FTS5 for the
    query's terms AND the scope's tokens and ranks only the scope's matches (before, every
    match in the store was ranked and then filtered: O(store) for common words). A trigger
    keeps the token when a subtree moves to another task. Ranking uses ``bm25`` with the scope
    column weighted 0; the one scope token per row lengthens every row by one token in BM25's
    length normalisation (lexical features move by ~0.002 median on the perf corpus).
    Idempotent: a table that has the column already is kept.

    An index with no rows (every new store) is dropped and made again with both columns:
    the same table, without the copy and the rename, which re-parses the schema and was
    about half of a new store's migrations (6 of 12 ms of CPU; docs/benchmarks.md, helpers
    ci24 and ci25)."""
    columns = {str(r[1]) for r in conn.execute("PRAGMA table_info(nodes_fts)")}
    if "scope" in columns:
        _fts_scope_trigger(conn)
        return
    conn.execute("DROP TRIGGER IF EXISTS nodes_fts_rescope")
    if conn.execute("SELECT rowid FROM nodes_fts LIMIT 1").fetchone() is None:
        _run(
            conn,
            f"""
            DROP TABLE nodes_fts;
            CREATE VIRTUAL TABLE nodes_fts USING fts5(terms, scope, tokenize='{FTS_TOKENIZER}')
            """,
        )
        _fts_scope_trigger(conn)
        return
    _run(
        conn,
        f"""
        CREATE VIRTUAL TABLE nodes_fts_scoped USING fts5(
            terms, scope, tokenize='{FTS_TOKENIZER}');
        INSERT INTO nodes_fts_scoped(rowid, terms, scope)
            SELECT f.rowid, f.terms, 'k' || t.rid FROM nodes_fts f
            LEFT JOIN nodes n ON n.rid = f.rowid LEFT JOIN nodes t ON t.id = n.task_id;
        DROP TABLE nodes_fts;
        ALTER TABLE nodes_fts_scoped RENAME TO nodes_fts
        """,
    )
    _fts_scope_trigger(conn)


def _fts_scope_trigger(conn: sqlite3.Connection) -> None:
    conn.execute(
        "CREATE TRIGGER IF NOT EXISTS nodes_fts_rescope AFTER UPDATE OF task_id ON nodes "
        "BEGIN UPDATE nodes_fts SET scope = "
        "'k' || (SELECT t.rid FROM nodes t WHERE t.id = new.task_id) WHERE rowid = new.rid; END"
    )


def m010_sensitive_rows(conn: sqlite3.Connection) -> None:
    """A partial index of the sensitive rows. Opening with a key asks whether any row is
    sealed (the key check when the store has no fingerprint yet): without it that question
    scans every row, 54-114 ms at 100k nodes on each open of a store that never sealed
    anything; with it the answer is one empty index lookup."""
    conn.execute(f"CREATE INDEX IF NOT EXISTS idx_nodes_sensitive ON nodes(rid) WHERE {SEALED}")


def m011_lexical_stats(conn: sqlite3.Connection) -> None:
    """What BM25 needs beside the lexical index, kept in every write transaction with the FTS5
    rows (:mod:`hybridmem.store.fts`): ``lex_df`` (rows holding each token of the ``terms``
    column) and ``lex_totals`` (rows, tokens), so a task-scoped lexical search ranks its
    matches without FTS5's ``bm25()``, which counts each query term's rows over the whole index
    on every query. Counted here from the index itself; re-running recounts."""
    fts.recount(conn)


def m012_repeat_lookup(conn: sqlite3.Connection) -> None:
    """What a new node would merely repeat (the same content under the same parent) is found
    on ``(parent_id, content_hash)``: before, SQLite (no statistics) walked every node of the
    user of that type on ``idx_nodes_user_type_live``, per fact written."""
    conn.execute(
        "CREATE INDEX IF NOT EXISTS idx_nodes_parent_hash ON nodes(parent_id, content_hash)"
    )


def m013_pending_order(conn: sqlite3.Connection) -> None:
    """Pending rows are read oldest first (``ids_by_index_state``: ``ORDER BY seq``, a batch
    at a time). On ``(index_state)`` alone SQLite sorted every pending row for each batch:
    1.2 s per batch of 256 with a million rows pending (a rebuild, a layout change, a bulk
    load), so finishing them was quadratic. PostgreSQL's index was ``(index_state, seq)``
    from the start."""
    conn.execute("CREATE INDEX IF NOT EXISTS idx_nodes_index_state_seq ON nodes(index_state, seq)")
    conn.execute("DROP INDEX IF EXISTS idx_nodes_index_state")  # a prefix of the new one


def m014_wal_stamps(conn: sqlite3.Connection) -> None:
    """No table changes: from this version on every write transaction re-writes the store id
    on page 1 (``integrity.stamp``), so a WAL whose last transaction carries none was not
    written by this store and is refused at open (``integrity.check_wal``, issue 35). The
    version marks the main file as such a store; a WAL an older hybridmem left stays
    accepted until it is checkpointed into a file at this version."""


def m015_grants(conn: sqlite3.Connection) -> None:
    """Grants between a user's agents (issue 33): written by the ``grant``/``revoke`` ops,
    read per call by the permission check on ``(user_id, to_agent)``. A snapshot is a copy
    of the file, so it holds them too."""
    _run(
        conn,
        """
        CREATE TABLE IF NOT EXISTS grants (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL,
            to_agent TEXT NOT NULL,
            perms TEXT NOT NULL,
            from_agent TEXT,
            subtree TEXT,
            shared INTEGER NOT NULL DEFAULT 0,
            by_agent TEXT,
            created_at TEXT NOT NULL,
            seq INTEGER NOT NULL
        );
        CREATE INDEX IF NOT EXISTS idx_grants_user_agent ON grants(user_id, to_agent);
        """,
    )


def m016_node_marks(conn: sqlite3.Connection) -> None:
    """The engine's labels (``speech_act``, ``speech_act_confidence``, ``slot_via``) leave the
    caller's metadata for the node's ``marks`` (stored under ``_marks`` in the same JSON,
    ``hybridmem.models.split_marks``). Rewritten in Python with the encoder the core writes
    rows with, so a row moved here equals one the applier writes replaying its op; the
    row-hash trigger renews each row's ``mac``."""
    from hybridmem.models import MARK_NAMES, split_marks, stored_metadata
    from hybridmem.store.encoding import json_encoder

    encode = json_encoder(ensure_ascii=False)
    tests = " OR ".join(f"json_extract(metadata, '$.{name}') IS NOT NULL" for name in MARK_NAMES)
    rows = conn.execute(
        f"SELECT rid, metadata FROM nodes WHERE json_valid(metadata) AND ({tests})"
    ).fetchall()
    for rid, text in rows:
        moved = encode(stored_metadata(*split_marks(json.loads(text))))
        conn.execute("UPDATE nodes SET metadata = ? WHERE rid = ?", (moved, rid))


MIGRATIONS: list[Migration] = [
    m001_initial,
    m002_privacy,
    m003_retrieval,
    m004_conflict_pool,
    m005_index_checks,
    m006_row_macs,
    m007_node_vectors,
    m008_group_reads,
    m009_fts_scope,
    m010_sensitive_rows,
    m011_lexical_stats,
    m012_repeat_lookup,
    m013_pending_order,
    m014_wal_stamps,
    m015_grants,
    m016_node_marks,
]
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the schema up to :data:`SCHEMA_VERSION`; return the version found on disk."""
    found = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if found > SCHEMA_VERSION:
        raise SchemaVersionError(
            f"this store has schema version {found}, newer than this hybridmem "
            f"understands ({SCHEMA_VERSION}); upgrade hybridmem"
        )
    for number in range(found, SCHEMA_VERSION):
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have migrated while we waited for the write lock.
            current = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if current <= number:
                MIGRATIONS[number](conn)
                conn.execute(f"PRAGMA user_version = {number + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return found
