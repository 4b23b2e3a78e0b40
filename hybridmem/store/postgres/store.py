"""The tree store on PostgreSQL: the :class:`~hybridmem.store.TreeStore` port for many agents on
many hosts sharing one tree.

Put together like :class:`~hybridmem.store.SQLiteStore`: one module per concern
(:mod:`.nodes`, :mod:`.scans`, :mod:`.logs`), each a mixin over :class:`.base.PgBase`
(connection, write lock, transactions, hooks), composed here with what only this backend has:
checkpoints kept in the database (:mod:`.snapshots`), compaction, and bulk writes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg

from hybridmem.errors import StoreError
from hybridmem.store.postgres import lexical, piped, snapshots, tamper
from hybridmem.store.postgres.base import LAST_NUMBER, first_line, refused
from hybridmem.store.postgres.filters import PgNodeFilters
from hybridmem.store.postgres.logs import (
    _INSERT_OP,
    _RESERVE,
    PgAuditTable,
    PgMetaTable,
    PgOpLog,
)
from hybridmem.store.postgres.nodes import PgNodeTable
from hybridmem.store.postgres.scans import PgNodeScans
from hybridmem.store.records import (
    PayloadScrubber,
    Resealer,
    StoredSnapshot,
    numbered_ops,
    op_row_values,
)
from hybridmem.store.sql.grants import GrantQueries

# Tables compaction rewrites: every one that holds content or once held it.
_CONTENT_TABLES = (
    "nodes",
    "node_vectors",
    "oplog",
    "lex_df",
    "meta",
    "active_nodes",
    *snapshots.TWINS,
)


class PostgresStore(
    PgNodeTable, PgNodeScans, PgNodeFilters, PgOpLog, PgAuditTable, PgMetaTable, GrantQueries
):
    """Typed access to the tree tables in PostgreSQL. Writes are grouped by :meth:`transaction`.

    ``PostgresStore("postgresql://user@host:5432/db")`` connects and migrates the schema (two
    processes opening a new database at once migrate it once). An unreachable server raises
    :class:`~hybridmem.errors.StoreUnavailableError`; messages name ``user@host:port/db``,
    never the password.
    """

    # -- storage ----------------------------------------------------------------------------
    def tampered_rows(self, *, full: bool = True, remember: bool = False) -> list[str]:
        """Node and op-log rows edited behind hybridmem's back, and missing or disabled
        guard triggers (see :mod:`hybridmem.store.postgres.tamper`). ``full=False``: only the
        rows written since the last check that found nothing (``remember`` records this one
        if it finds nothing)."""
        with self.reading():
            mark = tamper.horizon(self.conn)
            since = None if full else tamper.trusted(self.get_meta(tamper.CHECKED_KEY), mark)
            found = tamper.tampered_rows(self.conn, since=since)
        if remember and not found:
            self.set_meta(tamper.CHECKED_KEY, tamper.recorded(mark))
        return found

    def quick_check(self) -> list[str]:
        """What is wrong with the bookkeeping this store keeps beside its rows (empty when
        sound). PostgreSQL guards its own pages (WAL, optional checksums); what it cannot
        know is whether the op-log counter and the BM25 statistics still match the rows."""
        try:
            row = self._tuples(
                f"SELECT ({LAST_NUMBER}), (SELECT coalesce(max(seq), 0) FROM oplog), "
                f"(SELECT coalesce(sum(value), 0) FROM counters WHERE {lexical.DOCS_COUNTERS}), "
                "(SELECT count(*) FROM nodes)"
            )[0]
        except psycopg.Error as exc:
            return [f"cannot read the store's bookkeeping: {first_line(exc)}"]
        counter, last, docs, nodes = row
        found = []
        if counter is None or counter < last:
            found.append(f"the op-log sequence ({counter}) is behind the log (last seq {last})")
        if docs != nodes:
            found.append(f"the lexical statistics count {docs} nodes; the table has {nodes}")
        return found

    def secure_delete(self) -> None:
        """Nothing to switch on: PostgreSQL has no "overwrite on delete" mode. A deleted row
        stays in its table file until VACUUM reuses the space; :meth:`compact` rewrites the
        tables so it is gone."""
        with self.reading():
            return

    @contextmanager
    def synced(self) -> Iterator[None]:
        """Nothing to change: a PostgreSQL COMMIT is durable (``synchronous_commit`` on)."""
        yield

    def compact(self) -> bool:
        """``VACUUM FULL`` every table that holds content (each is rewritten without its dead
        rows), then ``CHECKPOINT`` so the WAL segments holding them can be recycled.

        False if another session held a table too long (5 s lock timeout: agents keep
        working; the next erasure compacts again) or the role may not run CHECKPOINT.
        """
        with self._lock:
            self._check()
            if self._depth:
                raise StoreError("compact() cannot run inside a write transaction")
            with self._reported():
                self._live()
                try:
                    self.conn.execute("SET lock_timeout = '5s'")
                    self.conn.execute(f"VACUUM FULL {', '.join(_CONTENT_TABLES)}")
                except psycopg.errors.LockNotAvailable:
                    return False
                finally:
                    self.conn.execute("RESET lock_timeout")
                try:
                    self.conn.execute("CHECKPOINT")
                except psycopg.errors.InsufficientPrivilege:
                    return False
        return True

    # -- bulk writes ------------------------------------------------------------------------
    def append_ops(self, ops: Sequence[dict[str, Any]]) -> list[int]:
        """Append many op rows (inside the caller's transaction) in two round trips: one
        takes their numbers from the sequence, one pipelined batch inserts them. Their
        sequences, in order; the hooks see the rows in the same transaction (``on_ops`` once
        with all of them, else ``on_op`` per row), as in the SQLite store. Each item has
        :meth:`append_op`'s keyword arguments."""
        if not ops:
            return []
        for op in ops:
            self._hold_user(op.get("user_id"))
        seqs: list[int] = []  # the numbers its locks took first (PgOpLog), in order
        while len(seqs) < len(ops) and (spare := self._take_spare()) is not None:
            seqs.append(spare)
        with refused("cannot log ops"):
            if len(ops) > len(seqs):
                rows = self.conn.execute(_RESERVE, (len(ops) - len(seqs),)).fetchall()
                seqs.extend(int(r[0]) for r in rows)
                self._taken(seqs)
            records = [numbered_ops([op], seq)[0] for op, seq in zip(ops, seqs, strict=True)]
            with self.conn.cursor() as cur:
                cur.executemany(_INSERT_OP, [op_row_values(r) for r in records])
        self._notify(records)
        return [r.seq for r in records]

    # -- checkpoints (kept in the database: snapshots.py) -----------------------------------
    def create_snapshot(self, name: str, manifest: dict[str, Any]) -> StoredSnapshot:
        """Copy every state table under ``name``: in its own REPEATABLE READ transaction
        holding the write lock exclusively (no op in flight, so the log the restore replays
        after the snapshot's sequence is exactly what the copy lacks), or inside the
        caller's write transaction, which must span users (exclusive)."""
        with self._lock, self.reading(), self._reported():
            if self._depth and self._mode != "exclusive":
                raise StoreError("a checkpoint inside a write transaction needs it exclusive")
            try:
                if self._depth:
                    # A savepoint: a failure undoes only this.
                    with piped.savepoint(self.conn, "hm_snapshot"):
                        return snapshots.copy(self.conn, name, manifest)
                return snapshots.create(self.conn, name, manifest)
            except psycopg.IntegrityError:
                raise StoreError(f"a snapshot named {name!r} exists already") from None

    def list_snapshots(self) -> list[StoredSnapshot]:
        """Every snapshot in the database, oldest first."""
        with self.reading():
            return snapshots.listing(self.conn)

    def drop_snapshot(self, name: str) -> None:
        """Delete a snapshot (retention)."""
        with self.transaction():
            snapshots.drop(self.conn, name)

    def load_snapshot(self, name: str) -> StoredSnapshot:
        """Replace every state table's rows with snapshot ``name``'s (inside the caller's
        transaction; the recovery layer replays the op log after it)."""
        self._audit_tail = None  # the audit log is replaced too
        self._forget_heads()  # and the op log
        self._reclaim_after = True  # numbers continue after the restored log (once committed)
        with refused(f"cannot load snapshot {name!r}"):
            return snapshots.load(self.conn, name)

    def scrub_snapshots(
        self, user_id: str, ids: Sequence[str], whole_user: bool, scrub: PayloadScrubber
    ) -> int:
        """Apply an erasure to every snapshot (inside the caller's transaction), as
        :func:`~hybridmem.store.scrub_copy` does to a SQLite copy; how many held any of it."""
        with refused("cannot scrub snapshots"):
            return snapshots.scrub(self.conn, user_id, ids, whole_user, scrub)

    def snapshot_key_samples(self, meta_key: str) -> dict[str, tuple[str | None, str | None]]:
        """``name -> (recorded key fingerprint, one stored ciphertext)`` of every snapshot."""
        with self.reading():
            return snapshots.key_samples(self.conn, meta_key)

    def reseal_snapshots(
        self, names: Sequence[str], reseal: Resealer, key_meta: tuple[str, str]
    ) -> int:
        """Re-seal every ciphertext of snapshots ``names`` and record the new key in them
        (inside the caller's transaction: a key rotation's); the rows re-sealed."""
        with refused("cannot re-seal snapshots"):
            return snapshots.reseal(self.conn, names, reseal, key_meta)
