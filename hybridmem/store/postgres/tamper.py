"""Tamper evidence for PostgreSQL node and op-log rows: the counterpart of the SQLite store's
row hashes (:mod:`hybridmem.store.tamper`), with what PostgreSQL offers instead of a function
only hybridmem's connections define.

Every ``nodes`` and ``oplog`` row carries ``mac``: a SHA-256 of the row as ``jsonb`` (every
column but ``mac``), set by a ``BEFORE INSERT OR UPDATE`` trigger on every write. The same
trigger function (also ``BEFORE DELETE`` and ``BEFORE TRUNCATE``) refuses the write unless the
session declared itself hybridmem's (``SET hybridmem.writer = 'on'``, which every connection
of :class:`~hybridmem.store.postgres.PostgresStore` does). So:

- hybridmem's own writes (live, replay, restore, erasure scrubs, key rotation) keep every
  ``mac`` right without any write path having to remember it;
- an ``UPDATE``, ``INSERT``, ``DELETE`` or ``TRUNCATE`` from ``psql`` or another program
  fails ("rows of nodes are written by hybridmem only") and changes nothing;
- an edit made after dropping or disabling the triggers leaves rows whose ``mac`` no longer
  matches, which :func:`tampered_rows` (``verify()``) lists, with any missing or disabled
  trigger.

Not covered: a session that sets the flag with the triggers in place. The trigger recomputes
``mac`` for every row such a session writes, so its edits to nodes or op-log payloads (which a
replay or restore then applies) are not listed. Evidence, not a seal, as on SQLite: the
formula is public and the database holds no secret; anyone allowed to write these tables can
set the flag (docs/deployment.md, "What it does not cover"). What guards PostgreSQL rows for real
is its access control: give agents a role that owns the schema, and everyone else at most
``SELECT`` (docs/deployment.md). Snapshot twins (``snap_*``) carry the column but no
trigger: a restore recomputes every hash as it writes the rows back.
"""

from __future__ import annotations

from typing import Any

import psycopg

FLAG = "hybridmem.writer"
"""The session setting hybridmem's connections turn on (``SET hybridmem.writer = 'on'``)."""
TABLES = {"nodes": "id", "oplog": "seq"}
"""Guarded tables and the column that names a row in :func:`tampered_rows`."""
TRIGGERS = tuple(f"hm_{table}_{kind}" for table in TABLES for kind in ("mac", "guard_truncate"))

_FUNCTIONS = (
    """CREATE OR REPLACE FUNCTION hm_row_mac(r jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE AS
    $$ SELECT left(encode(sha256(convert_to((r - 'mac')::text, 'UTF8')), 'hex'), 32) $$""",
    f"""CREATE OR REPLACE FUNCTION hm_guard_row() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        IF coalesce(current_setting('{FLAG}', true), '') <> 'on' THEN
            RAISE EXCEPTION 'rows of % are written by hybridmem only', TG_TABLE_NAME
                USING ERRCODE = 'insufficient_privilege',
                HINT = 'use hybridmem (its sessions set {FLAG}); an edit made around it '
                       'is reported by verify()';
        END IF;
        IF TG_LEVEL = 'STATEMENT' THEN
            RETURN NULL;
        ELSIF TG_OP = 'DELETE' THEN
            RETURN OLD;
        END IF;
        NEW.mac := hm_row_mac(to_jsonb(NEW));
        RETURN NEW;
    END $$""",
)


def install(conn: psycopg.Connection[Any]) -> None:
    """The schema of the row hashes (a migration): columns on the tables and their snapshot
    twins, the functions, the hashes of existing rows, the triggers."""
    for statement in _FUNCTIONS:
        conn.execute(statement)
    for table in TABLES:
        conn.execute(f"ALTER TABLE {table} ADD COLUMN mac TEXT NOT NULL DEFAULT ''")
        conn.execute(f"ALTER TABLE snap_{table} ADD COLUMN mac TEXT NOT NULL DEFAULT ''")
        conn.execute(f"UPDATE {table} t SET mac = hm_row_mac(to_jsonb(t))")
        conn.execute(
            f"CREATE TRIGGER hm_{table}_mac BEFORE INSERT OR UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION hm_guard_row()"
        )
        conn.execute(
            f"CREATE TRIGGER hm_{table}_guard_truncate BEFORE TRUNCATE ON {table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION hm_guard_row()"
        )


def allow_parallel(conn: psycopg.Connection[Any]) -> None:
    """Mark the row-hash function parallel safe (a migration; it is immutable and reads only
    its argument), so :func:`tampered_rows` can scan with parallel workers."""
    conn.execute("ALTER FUNCTION hm_row_mac(jsonb) PARALLEL SAFE")


def declare_writer(conn: psycopg.Connection[Any]) -> None:
    """Mark ``conn`` as a hybridmem session (its writes pass the guard triggers)."""
    conn.execute(f"SET {FLAG} = 'on'")


def tampered_rows(conn: psycopg.Connection[Any], *, limit: int = 100) -> list[str]:
    """Rows whose hash does not match their columns, and missing or disabled triggers (at
    most ``limit`` rows of each table): ``"node <id>"``, ``"op #<seq>"``, ``"trigger ..."``,
    as the SQLite store reports them."""
    present = {
        str(r[0])
        for r in conn.execute(
            "SELECT tgname FROM pg_trigger WHERE tgrelid IN ('nodes'::regclass, "
            "'oplog'::regclass) AND NOT tgisinternal AND tgenabled <> 'D'"
        ).fetchall()
    }
    found = [
        f"trigger {name} is missing or disabled (the schema was edited)"
        for name in TRIGGERS
        if name not in present
    ]
    # Every row's hash is recomputed (nothing recorded can stand in for it: the check is for
    # edits nothing recorded). ``+ 0`` keeps the planner off the primary key: walking it in
    # order to stop at ``limit`` mismatches visits the rows one by one in one process (4.8 s at
    # 100k nodes on two busy cores), a parallel scan sorting the few mismatches takes 1.7 s.
    nodes = conn.execute(
        "SELECT id FROM nodes t WHERE mac IS DISTINCT FROM hm_row_mac(to_jsonb(t)) "
        "ORDER BY rid + 0 LIMIT %s",
        (limit,),
    ).fetchall()
    ops = conn.execute(
        "SELECT seq FROM oplog t WHERE mac IS DISTINCT FROM hm_row_mac(to_jsonb(t)) "
        "ORDER BY seq + 0 LIMIT %s",
        (limit,),
    ).fetchall()
    return found + [f"node {r[0]}" for r in nodes] + [f"op #{r[0]}" for r in ops]
