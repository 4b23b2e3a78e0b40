"""SQLite copies of a store that are not the open store: snapshots and stores a restore moved
aside. Reading their facts, scrubbing erased content out of them, preparing one to become the
live store: the SQLite implementation's knowledge of its own file format.

A copy is opened with a plain connection, not as a :class:`SQLiteStore`: opening a store
migrates its schema and switches it to WAL, and a snapshot must stay the file it was.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from hybridmem.errors import StoreError
from hybridmem.store import fts, tamper
from hybridmem.store.base import chunks, marks
from hybridmem.store.oplog import op_digest_on, scrub_payloads_on
from hybridmem.store.records import PayloadScrubber, Resealer
from hybridmem.store.schema import SEALED
from hybridmem.store.sql.logs import LAST_SEQ
from hybridmem.store.themes_found import themes_found_prefix


@dataclass(frozen=True, slots=True)
class CopyFacts:
    """What a snapshot manifest records about its copy."""

    seq: int
    """The op sequence the digest was taken at (by default the copy's last op)."""
    nodes: int
    active_nodes: dict[str, str]
    head_digest: str
    """:meth:`SQLiteStore.op_digest` of the op at ``seq`` in the copy."""


@contextmanager
def _open(path: Path, *, autocommit: bool = False) -> Iterator[sqlite3.Connection]:
    try:
        conn = sqlite3.connect(
            str(path), timeout=30, isolation_level=None if autocommit else "DEFERRED"
        )
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open the store copy {path}: {exc}") from exc
    tamper.register(conn)  # scrubs and re-seals go through the row-hash triggers
    try:
        yield conn
    except sqlite3.Error as exc:
        raise StoreError(f"the store copy {path} cannot be used: {exc}") from exc
    finally:
        conn.close()


def read_copy(path: Path, seq: int | None = None) -> CopyFacts:
    """The facts of a copy; the head digest is taken at ``seq`` (default: its last op)."""
    with _open(path) as conn:
        if seq is None:
            seq = int(conn.execute(LAST_SEQ).fetchone()[0])
        nodes = int(conn.execute("SELECT count(*) FROM nodes").fetchone()[0])
        active = dict(conn.execute("SELECT user_id, node_id FROM active_nodes").fetchall())
        return CopyFacts(seq, nodes, active, op_digest_on(conn, seq))


def scrub_copy(
    path: Path,
    user_id: str,
    node_ids: Sequence[str],
    *,
    whole_user: bool,
    scrub: PayloadScrubber,
) -> bool:
    """Apply an erasure to a copy (a snapshot taken before it): the nodes (every node of
    ``user_id`` with ``whole_user``) keep their place in the tree but lose their content,
    metadata and terms, their op-log payloads are rewritten with ``scrub``, then VACUUM so no
    old byte stays in the file. The structure stays so the live op log (whose ``erase`` op
    removes these placeholders) still replays onto the copy. False if the file holds no
    store."""
    with _open(path, autocommit=True) as conn:
        conn.execute("PRAGMA secure_delete = ON")
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "nodes" not in tables:
            return False
        conn.execute("BEGIN IMMEDIATE")
        if whole_user:
            ids = [r[0] for r in conn.execute("SELECT id FROM nodes WHERE user_id = ?", (user_id,))]
        else:
            ids = list(node_ids)
        empty_hash = hashlib.sha256(b"").hexdigest()[:32]
        for chunk in chunks(ids):
            conn.execute(
                "UPDATE nodes SET content = '', content_hash = ?, metadata = '{}', "
                f"sensitive = 0 WHERE id IN ({marks(chunk)})",
                [empty_hash, *chunk],
            )
            rids_sql = f"SELECT rid FROM nodes WHERE id IN ({marks(chunk)})"
            if "lex_df" in tables:  # a copy with lexical statistics (m011) keeps them right
                fts.delete_terms(conn, rids_sql, chunk)
                blank = [(int(r[0]), "") for r in conn.execute(rids_sql, chunk)]
                fts.insert_terms(conn, blank)
            elif "nodes_fts" in tables:
                conn.execute(f"DELETE FROM nodes_fts WHERE rowid IN ({rids_sql})", chunk)
                conn.execute(
                    "INSERT INTO nodes_fts(rowid, terms) "
                    f"SELECT rid, '' FROM nodes WHERE id IN ({marks(chunk)})",
                    chunk,
                )
            if "node_vectors" in tables:  # the embedding says what the content said
                conn.execute(
                    "DELETE FROM node_vectors WHERE rid IN "
                    f"(SELECT rid FROM nodes WHERE id IN ({marks(chunk)}))",
                    chunk,
                )
        if "oplog" in tables:
            scrub_payloads_on(conn, user_id, ids, whole_user, scrub)
        if "meta" in tables:  # the user's kept theme searches hold their words
            prefix = themes_found_prefix(user_id)
            conn.execute("DELETE FROM meta WHERE key >= ? AND key < ?", (prefix, prefix + "\uffff"))
        conn.execute("COMMIT")
        if "nodes_fts" in tables:
            conn.execute("INSERT INTO nodes_fts(nodes_fts) VALUES ('optimize')")
        conn.execute("VACUUM")
        return True


def copy_meta(path: Path, key: str) -> str | None:
    """One ``meta`` value of a copy (e.g. the key fingerprint its ciphertexts use)."""
    with _open(path) as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])


def copy_sealed_sample(path: Path) -> str | None:
    """One ciphertext stored in a copy (a sensitive node's content, else a ``sealed`` op
    payload), or None: which key a copy without a recorded key fingerprint was sealed with."""
    with _open(path) as conn:
        row = conn.execute(f"SELECT content FROM nodes WHERE {SEALED} LIMIT 1").fetchone()
        if row is not None:
            return str(row[0])
        for (raw,) in conn.execute("SELECT payload FROM oplog WHERE payload LIKE '%\"sealed\"%'"):
            body = json.loads(raw)
            if isinstance(body, dict) and isinstance(body.get("sealed"), str):
                return str(body["sealed"])
    return None


def reseal_copy(source: Path, target: Path, reseal: Resealer, *, key_meta: tuple[str, str]) -> int:
    """Write ``source`` to ``target`` with every ciphertext re-sealed (sensitive node rows and
    the ``sealed`` op payloads) and ``meta[key_meta[0]] = key_meta[1]``; fsynced, no old
    ciphertext left in free space. ``source`` is not changed. Return the rows re-sealed."""
    target.unlink(missing_ok=True)
    with _open(source, autocommit=True) as conn:
        conn.execute("VACUUM INTO ?", (str(target),))  # reads through a WAL if there is one
    done = 0
    with _open(target, autocommit=True) as conn:
        conn.execute("PRAGMA secure_delete = ON")
        conn.execute("BEGIN IMMEDIATE")
        for node_id, stored in conn.execute(
            f"SELECT id, content FROM nodes WHERE {SEALED}"
        ).fetchall():
            sealed, digest = reseal(node_id, stored)
            conn.execute(
                "UPDATE nodes SET content = ?, content_hash = ? WHERE id = ?",
                (sealed, digest, node_id),
            )
            done += 1
        rows = conn.execute(
            "SELECT seq, node_id, payload FROM oplog WHERE payload LIKE '%\"sealed\"%'"
        ).fetchall()
        for seq, node_id, raw in rows:
            body = json.loads(raw)
            if not (isinstance(body, dict) and isinstance(body.get("sealed"), str) and node_id):
                continue
            body["sealed"], body["sealed_hash"] = reseal(node_id, body["sealed"])
            conn.execute(
                "UPDATE oplog SET payload = ? WHERE seq = ?",
                (json.dumps(body, ensure_ascii=False), seq),
            )
            done += 1
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", key_meta)
        conn.execute("COMMIT")
        conn.execute("VACUUM")
    fd = os.open(str(target), os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    return done


def prepare_copy_for_restore(path: Path, *, drop_meta_prefix: str) -> None:
    """Make a copy ready to replace the live store: every node pending (its vectors are
    rebuilt on the next open) and the ``meta`` keys under ``drop_meta_prefix`` removed (the
    session markers of processes that had the copied store open)."""
    with _open(path) as conn, conn:
        conn.execute("UPDATE nodes SET index_state = 'pending'")
        conn.execute(
            "DELETE FROM meta WHERE key >= ? AND key < ?",
            (drop_meta_prefix, drop_meta_prefix + "\uffff"),
        )
