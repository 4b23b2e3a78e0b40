"""Checkpoints of a PostgreSQL tree store, kept in the database itself.

A snapshot is a copy of every state table into its ``snap_<table>`` twin (the same columns plus
``snap``, the snapshot's name), made by ``INSERT ... SELECT`` in one ``REPEATABLE READ``
transaction: one consistent state even while other agents write, and no writer is blocked.
Kept in the database rather than in files on one host, a checkpoint taken by an agent on one
machine can be restored by an agent on another, and erasure scrubs snapshots as it scrubs a SQLite
copy (:func:`hybridmem.store.scrub_copy`): erased nodes stay as empty placeholders so the live
op log (whose ``erase`` op removes them) still replays onto the snapshot.

Restoring replaces the live tables' rows with a snapshot's inside the caller's write
transaction (``TRUNCATE`` is transactional in PostgreSQL): other sessions see the old state or
the new one, never a mix, and a failed restore leaves the old state in place. The recovery
layer then replays the live op log after the snapshot's sequence, as on SQLite.

This protects against mistakes (a bad import, an agent gone wrong), not against losing the
database: for that, back PostgreSQL up (``pg_dump``, WAL archiving; docs/deployment.md).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Sequence
from typing import Any

import psycopg

from hybridmem.errors import SnapshotNotFoundError
from hybridmem.store.postgres.base import LAST_NUMBER, WRITE_LOCK_KEY
from hybridmem.store.postgres.logs import scrub_payloads_on
from hybridmem.store.postgres.schema import OPLOG_NUMBERS, recount
from hybridmem.store.records import PayloadScrubber, Resealer, StoredSnapshot, op_digest_of
from hybridmem.store.sql.logs import LAST_SEQ
from hybridmem.store.themes_found import themes_found_prefix

# Every table that holds state (snapshotted and restored together), and their twins.
TABLES = (
    "nodes",
    "lex_df",
    "counters",
    "active_nodes",
    "oplog",
    "meta",
    "audit_log",
    "grants",
)
TWINS = tuple(f"snap_{t}" for t in TABLES)
_EMPTY_HASH = hashlib.sha256(b"").hexdigest()[:32]


RESEAL_LOCK_KEY = 0x6879627200006B31
"""Advisory lock between checkpoints (shared) and key rotations (exclusive, :func:`reseal`)."""


def create(conn: psycopg.Connection[Any], name: str, manifest: dict[str, Any]) -> StoredSnapshot:
    """Copy every table under ``name`` in one REPEATABLE READ transaction (outside any
    transaction of ``conn``).

    Writers wait for the copy: it holds the global write lock exclusively, taken at session
    level *before* its transaction takes its snapshot of the data, so no op is in flight (op
    numbers are taken in start order and committed in any order: an op below the copy's
    sequence committing after it would be in neither the copy nor the replay after it). And a
    key rotation waits: the checkpoint holds the re-seal lock shared, taken the same way (a
    lock taken inside would come after the snapshot, and a rotation committing meanwhile would
    leave a copy under the old key). The rotation takes it exclusively, so it waits for this
    copy and then re-seals it, or this copy waits and copies the re-sealed state. Both are
    taken in the order a rotation takes them (write lock, then re-seal lock)."""
    conn.execute("SELECT pg_advisory_lock(%s)", (WRITE_LOCK_KEY,))
    try:
        conn.execute("SELECT pg_advisory_lock_shared(%s)", (RESEAL_LOCK_KEY,))
        with conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            return copy(conn, name, manifest)
    finally:
        # A lost connection released it with its session: never mask the first error.
        with contextlib.suppress(psycopg.OperationalError):
            conn.execute("SELECT pg_advisory_unlock_shared(%s)", (RESEAL_LOCK_KEY,))
            conn.execute("SELECT pg_advisory_unlock(%s)", (WRITE_LOCK_KEY,))


def copy(conn: psycopg.Connection[Any], name: str, manifest: dict[str, Any]) -> StoredSnapshot:
    """Copy every table under ``name`` (inside the caller's transaction, which must see one
    consistent state: REPEATABLE READ, or the write lock held)."""
    row = conn.execute(LAST_SEQ).fetchone()
    seq = int(row[0]) if row else 0
    conn.execute(
        "INSERT INTO snapshots(name, seq, manifest) VALUES (%s, %s, %s)",
        (name, seq, json.dumps(manifest, ensure_ascii=False)),
    )
    for table in TABLES:
        conn.execute(f"INSERT INTO snap_{table} SELECT %s, * FROM {table}", (name,))
    return _described(conn, "WHERE s.name = %s", (name,))[0]


def _described(
    conn: psycopg.Connection[Any], where: str, params: Sequence[Any]
) -> list[StoredSnapshot]:
    rows = conn.execute(
        "SELECT s.name, s.seq, s.manifest, "
        "(SELECT count(*) FROM snap_nodes n WHERE n.snap = s.name), "
        "(SELECT json_build_array(o.seq, o.op, o.node_id, o.user_id, o.payload, o.at)::text "
        " FROM snap_oplog o WHERE o.snap = s.name AND o.seq = s.seq), "
        "(SELECT coalesce(json_object_agg(a.user_id, a.node_id), '{}')::text "
        " FROM snap_active_nodes a WHERE a.snap = s.name) "
        f"FROM snapshots s {where} ORDER BY s.seq, s.name",
        params,
    ).fetchall()
    return [
        StoredSnapshot(
            name=r[0],
            seq=int(r[1]),
            nodes=int(r[3]),
            head_digest=op_digest_of(json.loads(r[4])) if r[4] else "",
            active_nodes=json.loads(r[5]),
            manifest=json.loads(r[2]),
        )
        for r in rows
    ]


def listing(conn: psycopg.Connection[Any]) -> list[StoredSnapshot]:
    """Every snapshot, oldest first."""
    return _described(conn, "", ())


def drop(conn: psycopg.Connection[Any], name: str) -> None:
    """Delete a snapshot's rows (inside the caller's transaction)."""
    for table in TABLES:
        conn.execute(f"DELETE FROM snap_{table} WHERE snap = %s", (name,))
    conn.execute("DELETE FROM snapshots WHERE name = %s", (name,))


def load(conn: psycopg.Connection[Any], name: str) -> StoredSnapshot:
    """Replace every live table's rows with snapshot ``name``'s (inside a transaction)."""
    found = _described(conn, "WHERE s.name = %s", (name,))
    if not found:
        raise SnapshotNotFoundError(f"no snapshot named {name!r} in this database")
    # node_vectors too (its rows reference nodes; derived data the re-index writes again).
    conn.execute(f"TRUNCATE {', '.join(TABLES)}, node_vectors")
    for table in TABLES:
        cols = _columns(conn, table)
        override = "OVERRIDING SYSTEM VALUE " if table == "nodes" else ""
        conn.execute(
            f"INSERT INTO {table}({cols}) {override}SELECT {cols} FROM snap_{table} "
            "WHERE snap = %s",
            (name,),
        )
    # The identity generator continues after the restored rows.
    conn.execute(
        "SELECT setval(pg_get_serial_sequence('nodes', 'rid'), "
        "coalesce((SELECT max(rid) FROM nodes), 0) + 1, false)"
    )
    # So do op numbers: raised here if the loaded log is ahead (never lowered here: a
    # sequence ignores ROLLBACK); the store lowers them to the log once this commits.
    conn.execute(
        f"SELECT setval('{OPLOG_NUMBERS}', greatest(x.v, 1), x.v > 0) FROM (SELECT "
        f"greatest(coalesce(max(seq), 0), ({LAST_NUMBER})) AS v FROM oplog) x"
    )
    return found[0]


def scrub(
    conn: psycopg.Connection[Any],
    user_id: str,
    ids: Sequence[str],
    whole_user: bool,
    scrub_payload: PayloadScrubber,
) -> int:
    """Apply an erasure to every snapshot (inside the caller's transaction): the nodes (every
    node of ``user_id`` with ``whole_user``) keep their place in the tree but lose content,
    metadata and terms; their op payloads are rewritten with ``scrub_payload``; the term
    statistics are recounted. Returns how many snapshots held any of it."""
    key: list[Any]
    op_key: list[Any]
    if whole_user:
        node_filter, key = "user_id = %s", [user_id]
        op_filter, op_key = "user_id = %s OR node_id = ANY(%s)", [user_id, list(ids)]
    else:
        node_filter, key = "id = ANY(%s)", [list(ids)]
        op_filter, op_key = "node_id = ANY(%s)", [list(ids)]
    touched = {
        r[0]
        for r in conn.execute(
            f"UPDATE snap_nodes SET content = '', content_hash = %s, metadata = '{{}}', "
            f"sensitive = 0, lex = ''::tsvector, lex_len = 0 WHERE {node_filter} RETURNING snap",
            [_EMPTY_HASH, *key],
        ).fetchall()
    }
    before = {r[0] for r in conn.execute(
        f"SELECT DISTINCT snap FROM snap_oplog WHERE {op_filter}", op_key
    ).fetchall()}  # fmt: skip
    if scrub_payloads_on(conn, "snap_oplog", op_filter, op_key, scrub_payload):
        touched |= before
    # The user's kept theme searches hold their words (store/themes_found.py).
    prefix = themes_found_prefix(user_id)
    conn.execute("DELETE FROM snap_meta WHERE key >= %s AND key < %s", [prefix, prefix + "\uffff"])
    for snap in sorted(touched):
        _recount_terms(conn, snap)
    return len(touched)


def key_samples(
    conn: psycopg.Connection[Any], meta_key: str
) -> dict[str, tuple[str | None, str | None]]:
    """``name -> (recorded key fingerprint, one stored ciphertext)`` of every snapshot: which
    key a key rotation finds it sealed with. Inside the rotation's transaction, after waiting
    for checkpoints in progress (the re-seal lock, see :func:`create`), so every snapshot that
    exists when the rotation commits is among them."""
    conn.execute("SELECT pg_advisory_xact_lock(%s)", (RESEAL_LOCK_KEY,))
    rows = conn.execute(
        "SELECT s.name, "
        "(SELECT value FROM snap_meta m WHERE m.snap = s.name AND m.key = %s), "
        "(SELECT content FROM snap_nodes n WHERE n.snap = s.name AND n.sensitive = 1 LIMIT 1), "
        "(SELECT payload FROM snap_oplog o WHERE o.snap = s.name "
        " AND o.payload LIKE '%%\"sealed\"%%' LIMIT 1) "
        "FROM snapshots s ORDER BY s.name",
        (meta_key,),
    ).fetchall()
    out: dict[str, tuple[str | None, str | None]] = {}
    for name, recorded, content, payload in rows:
        sample = content
        if sample is None and payload is not None:
            body = json.loads(payload)
            sealed = body.get("sealed") if isinstance(body, dict) else None
            sample = sealed if isinstance(sealed, str) else None
        out[str(name)] = (recorded, sample)
    return out


def reseal(
    conn: psycopg.Connection[Any],
    names: Sequence[str],
    resealer: Resealer,
    key_meta: tuple[str, str],
) -> int:
    """Re-seal every ciphertext of snapshots ``names`` (sensitive node rows and ``sealed``
    op payloads) and record ``meta[key_meta[0]] = key_meta[1]`` in them, inside the caller's
    transaction (the key rotation's); return the rows re-sealed."""
    done = 0
    for name in names:
        for node_id, stored in conn.execute(
            "SELECT id, content FROM snap_nodes WHERE snap = %s AND sensitive = 1", (name,)
        ).fetchall():
            sealed, digest = resealer(node_id, stored)
            conn.execute(
                "UPDATE snap_nodes SET content = %s, content_hash = %s WHERE snap = %s AND id = %s",
                (sealed, digest, name, node_id),
            )
            done += 1
        for seq, node_id, raw in conn.execute(
            "SELECT seq, node_id, payload FROM snap_oplog WHERE snap = %s "
            "AND payload LIKE '%%\"sealed\"%%'",
            (name,),
        ).fetchall():
            body = json.loads(raw)
            if not (isinstance(body, dict) and isinstance(body.get("sealed"), str) and node_id):
                continue
            body["sealed"], body["sealed_hash"] = resealer(node_id, body["sealed"])
            conn.execute(
                "UPDATE snap_oplog SET payload = %s WHERE snap = %s AND seq = %s",
                (json.dumps(body, ensure_ascii=False), name, seq),
            )
            done += 1
        conn.execute("DELETE FROM snap_meta WHERE snap = %s AND key = %s", (name, key_meta[0]))
        conn.execute(
            "INSERT INTO snap_meta(snap, key, value) VALUES (%s, %s, %s)", (name, *key_meta)
        )
    return done


def _recount_terms(conn: psycopg.Connection[Any], snap: str) -> None:
    conn.execute("DELETE FROM snap_lex_df WHERE snap = %s", (snap,))
    conn.execute("DELETE FROM snap_counters WHERE snap = %s AND starts_with(name, 'lex_')", (snap,))
    recount(conn, "snap_", "snap_nodes", "n.snap = %s", (snap,), snap=snap)


def _columns(conn: psycopg.Connection[Any], table: str) -> str:
    rows = conn.execute(
        "SELECT column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = %s ORDER BY ordinal_position",
        (table,),
    ).fetchall()
    return ", ".join(r[0] for r in rows)
