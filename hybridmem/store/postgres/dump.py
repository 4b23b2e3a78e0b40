"""Logical snapshots of a PostgreSQL tree store: every table to files, and back.

A dump is a directory with one gzip'd ``COPY`` text file per table and ``tables.json`` (schema
version, row counts, last op sequence). All tables are read in one ``REPEATABLE READ``
transaction, so the files are one consistent state even while other agents write, and the dump
blocks no writer. Loading replaces every table's contents inside the caller's transaction
(``TRUNCATE`` is transactional in PostgreSQL): other sessions see the old state or the new one,
never a mix, and a failed load leaves the old state in place.
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

import psycopg

from hybridmem.errors import RecoveryError
from hybridmem.store.postgres.schema import SCHEMA_VERSION

# Every table that holds state, with the order its rows are written in (for stable files).
TABLES: dict[str, str] = {
    "nodes": "rid",
    "lex_df": "term",
    "counters": "name",
    "active_nodes": "user_id",
    "oplog": "seq",
    "meta": "key",
    "audit_log": "seq",
}
INDEX_FILE = "tables.json"
_CHUNK = 1 << 16


def dump(conn: psycopg.Connection[Any], directory: Path) -> dict[str, Any]:
    """Write every table into ``directory`` (created; must not exist); return the summary."""
    directory.mkdir(parents=True)
    counts: dict[str, int] = {}
    with conn.transaction():
        conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        for table, order in TABLES.items():
            rows = 0
            path = directory / f"{table}.copy.gz"
            with gzip.open(path, "wb") as out, conn.cursor() as cur:
                query = f"COPY (SELECT * FROM {table} ORDER BY {order}) TO STDOUT"
                with cur.copy(query) as copy:
                    for data in copy:
                        out.write(bytes(data))
                        rows += bytes(data).count(b"\n")
                out.flush()
                os.fsync(out.fileno())
            counts[table] = rows
        row = conn.execute("SELECT coalesce(max(seq), 0) FROM oplog").fetchone()
    summary = {"schema_version": SCHEMA_VERSION, "rows": counts, "seq": int(row[0] if row else 0)}
    _write_json(directory / INDEX_FILE, summary)
    return summary


def read_summary(directory: Path) -> dict[str, Any]:
    """The ``tables.json`` of a dump, checked to be complete and of this schema version."""
    try:
        summary: dict[str, Any] = json.loads((directory / INDEX_FILE).read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise RecoveryError(f"{directory} is not a complete PostgreSQL snapshot ({exc})") from None
    if summary.get("schema_version") != SCHEMA_VERSION:
        raise RecoveryError(
            f"snapshot {directory} has schema version {summary.get('schema_version')}, this "
            f"hybridmem writes {SCHEMA_VERSION}; restore it with the version that wrote it"
        )
    missing = [t for t in TABLES if not (directory / f"{t}.copy.gz").exists()]
    if missing:
        raise RecoveryError(f"snapshot {directory} lacks the tables {missing}")
    return summary


def load(conn: psycopg.Connection[Any], directory: Path) -> dict[str, Any]:
    """Replace every table's rows with the dump's (inside the caller's transaction)."""
    summary = read_summary(directory)
    conn.execute(f"TRUNCATE {', '.join(TABLES)}")
    for table in TABLES:
        with (
            gzip.open(directory / f"{table}.copy.gz", "rb") as src,
            conn.cursor() as cur,
            cur.copy(f"COPY {table} FROM STDIN") as copy,
        ):
            while data := src.read(_CHUNK):
                copy.write(data)
    # COPY wrote the identity values; the generator must continue after them.
    conn.execute(
        "SELECT setval(pg_get_serial_sequence('nodes', 'rid'), "
        "coalesce((SELECT max(rid) FROM nodes), 0) + 1, false)"
    )
    return summary


def _write_json(path: Path, value: dict[str, Any]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(value, fh, indent=2)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
