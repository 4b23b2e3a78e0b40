"""The PostgreSQL schema, as numbered migrations tracked in ``hybridmem_schema``.

The same tables and columns as the SQLite schema (``hybridmem/store/schema.py``), so rows map
to the same :class:`~hybridmem.models.MemoryNode`. Differences, each for a reason:

- Text that is compared by range or sorted (``path``, timestamps) is ``COLLATE "C"``: byte
  order, as in SQLite. Under a linguistic collation (``en_US.UTF-8``) ``/`` is ignored at the
  first level, so the subtree range ``path >= p AND path < p || U+FFFF`` would be wrong, and a
  plain btree would not serve prefix scans (that is what ``text_pattern_ops`` is for; a ``C``
  column needs no special operator class).
- The lexical index is a ``tsvector`` column on ``nodes`` (GIN-indexed) instead of an FTS5
  table, plus ``lex_len`` (terms in the node) and ``lex_df`` (how many nodes hold each term):
  with them the store ranks by BM25 exactly as FTS5 does (``lexical.py`` beside this file).
- Op-log numbers come from the ``oplog_numbers`` sequence (SQLite's ``AUTOINCREMENT`` counter): a
  number is never reused, even after the newest op rows are erased; a rolled-back write leaves
  a gap (writers of different users run at once, ``base.py``; m009).

DDL is transactional in PostgreSQL: each migration and its version bump commit together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import psycopg

from hybridmem.errors import SchemaVersionError

Migration = Callable[[psycopg.Connection], None]

# The configuration the lexical terms go through: `simple` (lowercase, no stop words: the
# terms arrive pre-filtered by hybridmem.lexical) with English Snowball stemming for ASCII
# words, the counterpart of FTS5's `porter unicode61`. Chinese words stay as jieba cut them.
TS_CONFIG = "hybridmem_lex"
OPLOG_NUMBERS = "oplog_numbers"
"""The sequence op-log rows are numbered from (m009; before it, a counter row)."""


def _run(conn: psycopg.Connection, script: str) -> None:
    for statement in script.split(";\n"):
        if statement.strip():
            conn.execute(statement)


_NODES = """
        CREATE TABLE nodes (
            rid BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL,
            agent_id TEXT,
            session_id TEXT,
            parent_id TEXT,                       -- tree integrity is enforced in code
            path TEXT COLLATE "C" NOT NULL,       -- '/root/.../parent/' (ancestors, root first)
            depth INTEGER NOT NULL,
            task_id TEXT NOT NULL,
            content TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            node_type TEXT NOT NULL,
            importance DOUBLE PRECISION NOT NULL CHECK (importance BETWEEN 0 AND 1),
            confidence DOUBLE PRECISION NOT NULL CHECK (confidence BETWEEN 0 AND 1),
            activity DOUBLE PRECISION NOT NULL DEFAULT 0 CHECK (activity BETWEEN 0 AND 1),
            created_at TEXT COLLATE "C" NOT NULL,
            updated_at TEXT COLLATE "C" NOT NULL,
            last_accessed_at TEXT COLLATE "C",
            access_count INTEGER NOT NULL DEFAULT 0,
            seq BIGINT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            status TEXT NOT NULL DEFAULT 'active',
            index_state TEXT NOT NULL DEFAULT 'pending',
            source_id TEXT,
            metadata TEXT NOT NULL DEFAULT '{}',
            lifecycle TEXT,
            tier TEXT,
            conflict_group TEXT,
            sensitive INTEGER NOT NULL DEFAULT 0,
            lex TSVECTOR NOT NULL DEFAULT ''::tsvector,
            lex_len INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX idx_nodes_user_parent ON nodes(user_id, parent_id);
        CREATE INDEX idx_nodes_user_path ON nodes(user_id, path);
        CREATE INDEX idx_nodes_task ON nodes(task_id, status);
        CREATE INDEX idx_nodes_parent_seq ON nodes(parent_id, seq);
        CREATE INDEX idx_nodes_index_state ON nodes(index_state, seq);
        CREATE INDEX idx_nodes_user_type ON nodes(user_id, node_type);
        CREATE INDEX idx_nodes_conflict ON nodes(conflict_group);
        CREATE INDEX idx_nodes_lex ON nodes USING gin(lex);
"""
"""The node table (its lexical terms in the same row) and its indexes."""

_COUNTERS = """
        CREATE TABLE lex_df (
            term TEXT COLLATE "C" PRIMARY KEY,
            df BIGINT NOT NULL
        );

        CREATE TABLE counters (
            name TEXT PRIMARY KEY,
            value BIGINT NOT NULL
        );
        INSERT INTO counters(name, value)
            VALUES ('oplog_seq', 0), ('lex_docs', 0), ('lex_terms', 0);
"""
"""The lexical statistics and the counters (op-log sequence, BM25 document and term counts)."""

_LOGS = """
        CREATE TABLE active_nodes (
            user_id TEXT PRIMARY KEY,
            node_id TEXT NOT NULL,
            updated_at TEXT COLLATE "C" NOT NULL,
            seq BIGINT NOT NULL
        );

        CREATE TABLE oplog (
            seq BIGINT PRIMARY KEY,
            op TEXT NOT NULL,
            node_id TEXT,
            user_id TEXT,
            payload TEXT NOT NULL DEFAULT '{}',
            at TEXT COLLATE "C" NOT NULL,
            actor TEXT
        );
        CREATE INDEX idx_oplog_node ON oplog(node_id, seq);
        CREATE INDEX idx_oplog_user ON oplog(user_id, seq);

        CREATE TABLE meta (
            key TEXT COLLATE "C" PRIMARY KEY,
            value TEXT NOT NULL
        );

        CREATE TABLE audit_log (
            seq BIGINT PRIMARY KEY,
            at TEXT COLLATE "C" NOT NULL,
            actor TEXT,
            action TEXT NOT NULL,
            user_id TEXT,
            node_id TEXT,
            detail TEXT NOT NULL DEFAULT '{}',
            op_seq BIGINT,
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL
        );
        CREATE INDEX idx_audit_user ON audit_log(user_id, seq);
        CREATE INDEX idx_audit_node ON audit_log(node_id, seq);
        CREATE INDEX idx_audit_actor ON audit_log(actor, seq);
"""
"""Active nodes, the op log, metadata and the audit log."""

_LEXICAL = f"""
        CREATE TEXT SEARCH DICTIONARY hybridmem_stem (TEMPLATE = snowball, Language = english);
        CREATE TEXT SEARCH CONFIGURATION {TS_CONFIG} (COPY = simple);
        ALTER TEXT SEARCH CONFIGURATION {TS_CONFIG}
            ALTER MAPPING FOR asciiword, asciihword, hword_asciipart WITH hybridmem_stem
"""
"""The text search configuration the lexical terms go through (see ``TS_CONFIG``)."""


def m001_initial(conn: psycopg.Connection) -> None:
    """The tables, indexes and text search configuration of a new store."""
    for script in (_NODES, _COUNTERS, _LOGS, _LEXICAL):
        _run(conn, script)


def m002_snapshots(conn: psycopg.Connection) -> None:
    """Checkpoints kept in the database (``snapshots.py``): a twin of each state table with the
    snapshot's name in front. A later migration that changes a state table changes its twin
    the same way, so ``INSERT INTO snap_t SELECT name, * FROM t`` keeps lining up."""
    conn.execute(
        'CREATE TABLE snapshots (name TEXT COLLATE "C" PRIMARY KEY, seq BIGINT NOT NULL, '
        "manifest TEXT NOT NULL)"
    )
    for table in ("nodes", "lex_df", "counters", "active_nodes", "oplog", "meta", "audit_log"):
        conn.execute(f'CREATE TABLE snap_{table} (snap TEXT COLLATE "C" NOT NULL, LIKE {table})')
        conn.execute(f"CREATE INDEX idx_snap_{table} ON snap_{table}(snap)")
    conn.execute("CREATE INDEX idx_snap_nodes_user ON snap_nodes(user_id)")
    conn.execute("CREATE INDEX idx_snap_nodes_id ON snap_nodes(id)")
    conn.execute("CREATE INDEX idx_snap_oplog_user ON snap_oplog(user_id)")
    conn.execute("CREATE INDEX idx_snap_oplog_node ON snap_oplog(node_id)")


def m003_conflict_pool(conn: psycopg.Connection) -> None:
    """A new fact's conflict pool read off one index, newest first (as SQLite's m004)."""
    conn.execute(
        "CREATE INDEX IF NOT EXISTS idx_nodes_user_type_live "
        "ON nodes(user_id, node_type, status, created_at, seq)"
    )
    conn.execute("DROP INDEX IF EXISTS idx_nodes_user_type")


def m004_index_checks(conn: psycopg.Connection) -> None:
    """What ``verify()`` last confirmed in the vector index (as SQLite's m005)."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS index_checks ("
        'id TEXT COLLATE "C" PRIMARY KEY, fingerprint TEXT NOT NULL)'
    )


def m006_vectors_and_groups(conn: psycopg.Connection) -> None:
    """As SQLite's m007 and m008. Each node's vector beside its row (a copy of the index's,
    tagged with the model and the ``content_hash`` it was computed from), so a task-scoped
    retrieval ranks its scope exactly without asking the Chroma server; removed with its node
    (the foreign key), never snapshotted (a restore re-indexes every node, which writes them
    again). And what a retrieval shows of a conflict group read off indexes: its newest
    members, and a partial index of its waiting challengers (the predicate is written exactly
    as ``PgNodeScans.conflict_group_recent`` writes it, so the planner can use it)."""
    _run(
        conn,
        """
        CREATE TABLE node_vectors (
            rid BIGINT PRIMARY KEY REFERENCES nodes(rid) ON DELETE CASCADE,
            model TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            vector BYTEA NOT NULL
        );
        CREATE INDEX idx_nodes_group_time ON nodes(user_id, conflict_group, created_at, seq);
        CREATE INDEX idx_nodes_group_awaiting ON nodes(user_id, conflict_group)
            WHERE status = 'active' AND (metadata::jsonb ->> 'awaiting') = 'confirmation';
        DROP INDEX IF EXISTS idx_nodes_conflict
        """,
    )


def m_row_hashes(conn: psycopg.Connection) -> None:
    """Tamper evidence on ``nodes`` and ``oplog`` (as SQLite's m006): a hash column kept by
    triggers that refuse writes from sessions that are not hybridmem's (``tamper.py``)."""
    from hybridmem.store.postgres import tamper

    tamper.install(conn)


def m007_sensitive_rows(conn: psycopg.Connection) -> None:
    """As SQLite's m010: a partial index of the sensitive rows, so the key check on open asks
    an index instead of scanning every row of a store that never sealed anything."""
    conn.execute("CREATE INDEX IF NOT EXISTS idx_nodes_sensitive ON nodes(rid) WHERE sensitive = 1")


def m008_grants(conn: psycopg.Connection) -> None:
    """As SQLite's m015: grants between a user's agents, and their snapshot twin (a state
    table: snapshotted and restored with the others, ``snapshots.TABLES``)."""
    _run(
        conn,
        """
        CREATE TABLE IF NOT EXISTS grants (
            id TEXT COLLATE "C" PRIMARY KEY,
            user_id TEXT COLLATE "C" NOT NULL,
            to_agent TEXT COLLATE "C" NOT NULL,
            perms TEXT NOT NULL,
            from_agent TEXT COLLATE "C",
            subtree TEXT COLLATE "C",
            shared INTEGER NOT NULL DEFAULT 0,
            by_agent TEXT COLLATE "C",
            created_at TEXT NOT NULL,
            seq BIGINT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS idx_grants_user_agent ON grants(user_id, to_agent);
        """,
    )
    conn.execute('CREATE TABLE snap_grants (snap TEXT COLLATE "C" NOT NULL, LIKE grants)')
    conn.execute("CREATE INDEX idx_snap_grants ON snap_grants(snap)")


COUNTER_ROWS = (
    "CROSS JOIN LATERAL (VALUES ('lex_docs/' || s.user_id, s.docs), "
    "('lex_terms/' || s.user_id, s.terms)) k(name, v)"
)
"""Two counter rows per user of a per-user subquery ``s``: nodes and terms (BM25)."""


def recount(
    conn: psycopg.Connection,
    prefix: str,
    nodes: str,
    where: str,
    params: Sequence[Any],
    *,
    snap: str | None = None,
) -> None:
    """Write the BM25 statistics of the rows of ``nodes`` (alias ``n``) matching ``where``
    into ``{prefix}lex_df`` and ``{prefix}counters`` (emptied by the caller): the live store's
    (a migration) or a snapshot's (``snap``, after an erasure scrubbed it)."""
    head = [snap] if snap is not None else []
    snap_col = "snap, " if snap is not None else ""
    snap_val = "%s, " if snap is not None else ""
    conn.execute(
        f"INSERT INTO {prefix}lex_df({snap_col}term, user_id, df) "
        f"SELECT {snap_val}u.lexeme, n.user_id, count(*) FROM {nodes} n, unnest(n.lex) u "
        f"WHERE {where} GROUP BY n.user_id, u.lexeme",
        [*head, *params],
    )
    conn.execute(
        f"INSERT INTO {prefix}counters({snap_col}name, value) SELECT {snap_val}k.name, k.v "
        "FROM (SELECT n.user_id, count(*) AS docs, coalesce(sum(n.lex_len), 0) AS terms "
        f"FROM {nodes} n WHERE {where} GROUP BY n.user_id) s {COUNTER_ROWS}",
        [*head, *params],
    )


def m009_per_user_writes(conn: psycopg.Connection) -> None:
    """What writers of different users share no longer serialises them (``base.py``, "Write
    locks"): the op-log numbers come from a ``SEQUENCE`` (``OPLOG_NUMBERS``) instead of the
    ``oplog_seq`` counter row every writer updated, and the BM25 statistics are kept per user
    (``lex_df`` rows keyed by term and user, ``lex_docs/<user>`` and ``lex_terms/<user>``
    counters), summed by the ranking. The statistics of the store and of its snapshots are
    recounted from their rows."""
    row = conn.execute(
        "SELECT greatest((SELECT max(value) FROM counters WHERE name = 'oplog_seq'), "
        "(SELECT max(seq) FROM oplog), 0)"
    ).fetchone()
    last = int(row[0]) if row and row[0] is not None else 0
    conn.execute(f"CREATE SEQUENCE {OPLOG_NUMBERS} AS BIGINT MINVALUE 1")
    if last:
        conn.execute("SELECT setval(%s, %s)", (OPLOG_NUMBERS, last))
    for table in ("lex_df", "snap_lex_df"):
        conn.execute(
            f"ALTER TABLE {table} ADD COLUMN user_id TEXT COLLATE \"C\" NOT NULL DEFAULT ''"
        )
    conn.execute("ALTER TABLE lex_df DROP CONSTRAINT lex_df_pkey")
    conn.execute("ALTER TABLE lex_df ADD PRIMARY KEY (term, user_id)")
    conn.execute("DELETE FROM counters WHERE name IN ('oplog_seq', 'lex_docs', 'lex_terms')")
    conn.execute("DELETE FROM lex_df")
    recount(conn, "", "nodes", "TRUE", ())
    conn.execute("DELETE FROM snap_counters WHERE name IN ('oplog_seq', 'lex_docs', 'lex_terms')")
    conn.execute("DELETE FROM snap_lex_df")
    for (snap,) in conn.execute("SELECT name FROM snapshots").fetchall():
        recount(conn, "snap_", "snap_nodes", "n.snap = %s", (snap,), snap=snap)


def m010_parallel_row_hashes(conn: psycopg.Connection) -> None:
    """The row-hash function may run in parallel workers (it reads nothing but its
    argument): ``verify()``'s recomputation of every row's hash then scans the table with the
    server's parallel workers (at 100k nodes 1.7 s instead of 4.8 s on two busy cores)."""
    from hybridmem.store.postgres import tamper

    tamper.allow_parallel(conn)


MIGRATIONS: list[Migration] = [
    m001_initial,
    m002_snapshots,
    m003_conflict_pool,
    m004_index_checks,
    m_row_hashes,
    m006_vectors_and_groups,
    m007_sensitive_rows,
    m008_grants,
    m009_per_user_writes,
    m010_parallel_row_hashes,
]
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(conn: psycopg.Connection, lock_key: int) -> int:
    """Bring the schema up to :data:`SCHEMA_VERSION`; return the version found.

    Runs under the store's write lock, so two processes opening a new database at once
    migrate it once.
    """
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key,))
        conn.execute("CREATE TABLE IF NOT EXISTS hybridmem_schema (version INTEGER NOT NULL)")
        row = conn.execute("SELECT version FROM hybridmem_schema").fetchone()
        if row is None:
            conn.execute("INSERT INTO hybridmem_schema(version) VALUES (0)")
        found = int(row[0]) if row else 0
        if found > SCHEMA_VERSION:
            raise SchemaVersionError(
                f"this database has hybridmem schema version {found}, newer than this "
                f"hybridmem understands ({SCHEMA_VERSION}); upgrade hybridmem"
            )
        for number in range(found, SCHEMA_VERSION):
            MIGRATIONS[number](conn)
            conn.execute("UPDATE hybridmem_schema SET version = %s", (number + 1,))
    return found
