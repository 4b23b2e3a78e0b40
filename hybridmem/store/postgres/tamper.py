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


CHECKED_KEY = "tamper_checked"
"""Meta key: ``<cluster system id>:<xid horizon>`` of the last check that found nothing."""

# A row's xmin (32 bits) as a 64-bit transaction id, counted back from the snapshot's next id
# (exact for any row written in the last 2^32 transactions; an older, frozen row may come out
# recent, which only checks it again).
_WRITTEN_SINCE = (
    "(x.nxt - ((x.nxt - t.xmin::text::bigint) %% 4294967296 + 4294967296) %% 4294967296) >= %s"
)


def horizon(conn: psycopg.Connection[Any]) -> tuple[str, int, int]:
    """``(cluster system id, oldest running transaction id, next transaction id)`` now. Read
    before a check: every transaction older than the horizon has ended, so the check sees
    its rows; rows of the ones from the horizon on are checked again next time."""
    row = conn.execute(
        "SELECT system_identifier, pg_snapshot_xmin(s)::text::bigint, "
        "pg_snapshot_xmax(s)::text::bigint FROM pg_control_system(), pg_current_snapshot() s"
    ).fetchone()
    assert row is not None
    return str(row[0]), int(row[1]), int(row[2])


def recorded(mark: tuple[str, int, int]) -> str:
    """The meta value saying a check that began at ``mark`` found nothing."""
    return f"{mark[0]}:{mark[1]}"


def trusted(value: str | None, mark: tuple[str, int, int]) -> int | None:
    """The horizon of the last clean check (``value`` under :data:`CHECKED_KEY`) if it was
    made in this cluster and is not ahead of it; else None: every row is checked (a dump
    restored into another cluster carries the old cluster's record)."""
    if value is None:
        return None
    system, _, since = value.partition(":")
    if system != mark[0] or not since.isdigit() or int(since) > mark[2]:
        return None
    return int(since)


def tampered_rows(
    conn: psycopg.Connection[Any], *, limit: int = 100, since: int | None = None
) -> list[str]:
    """Rows whose hash does not match their columns, and missing or disabled triggers (at
    most ``limit`` rows of each table): ``"node <id>"``, ``"op #<seq>"``, ``"trigger ..."``,
    as the SQLite store reports them.

    ``since``: only rows written by transactions from this id on (:func:`horizon`). Any change
    to a row, an edit with the triggers disabled included, gives it a new transaction id
    (``xmin``), which SQL cannot set; what that skips is an edit of the data files
    themselves, which only a check of every row (``since=None``) finds."""
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
    # The hashes of the rows checked are recomputed. ``+ 0`` keeps the planner off the
    # primary key: walking it in order to stop at ``limit`` mismatches visits the rows one by
    # one in one process (4.8 s at 100k nodes on two busy cores), a parallel scan sorting the
    # few mismatches takes 1.7 s.
    for table, name, order, shown in (
        ("nodes", "id", "rid", "node "),
        ("oplog", "seq", "seq", "op #"),
    ):
        where = "mac IS DISTINCT FROM hm_row_mac(to_jsonb(t))"
        params: list[Any] = [limit]
        if since is not None:
            where = f"{_WRITTEN_SINCE} AND {where}"
            params.insert(0, since)
        hits = conn.execute(
            "WITH x AS (SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS nxt) "
            f"SELECT t.{name} FROM {table} t, x WHERE {where} ORDER BY t.{order} + 0 LIMIT %s",
            params,
        ).fetchall()
        found += [f"{shown}{r[0]}" for r in hits]
    return found
