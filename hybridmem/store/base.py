"""The SQLite connection every table module of :class:`~hybridmem.store.SQLiteStore` shares.

One connection per open store, shared by the threads of the process under a re-entrant lock;
other processes coordinate through SQLite's own locking (WAL mode, busy timeout, ``BEGIN
IMMEDIATE`` for writers). :class:`SQLiteBase` opens it, runs the migrations, and owns the
transaction (nested calls are SAVEPOINTs), the hooks of the port and the file-level work
(secure delete, compaction, copies).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import replace
from itertools import chain
from pathlib import Path
from typing import Any

from hybridmem.clock import from_iso
from hybridmem.errors import (
    CorruptStoreError,
    StoreBusyError,
    StoreClosedError,
    StoreError,
    StoreFullError,
    StoreWriteError,
)
from hybridmem.models import MemoryNode
from hybridmem.store import tamper
from hybridmem.store.integrity import (
    check_missing,
    corrupt,
    forget_clean,
    mark_clean,
    new_store_id,
    preflight,
)
from hybridmem.store.integrity import (
    stamp as stamp_store_id,
)
from hybridmem.store.records import ContentOpener, OpHook, OpsHook, row_to_node, values_to_node
from hybridmem.store.schema import migrate
from hybridmem.store.sql.access import SqlAccess
from hybridmem.store.sql.dialect import SQLITE

_SYNC_MODES = {"off": "OFF", "normal": "NORMAL", "full": "FULL", "extra": "EXTRA"}

ACCESS_BATCH = 32
"""Retrieves whose use statistics may wait for the next write (see ``NodeTable.touch``)."""
ACCESS_IDS = 2000
"""Nodes whose use statistics may wait, whatever the number of retrieves."""

_ACCESS_UPDATE = (
    "UPDATE nodes SET access_count = access_count + ?, last_accessed_at = CASE "
    "WHEN last_accessed_at IS NULL OR last_accessed_at < ? THEN ? ELSE last_accessed_at END "
    "WHERE id = ?"
)

CHUNK = 500
"""Ids per ``IN (...)`` list: well under SQLite's bound-parameter limit."""


def chunks(items: Sequence[str], size: int = CHUNK) -> Iterator[list[str]]:
    """``items`` in lists of at most ``size``."""
    for i in range(0, len(items), size):
        yield list(items[i : i + size])


def marks(items: Sequence[object]) -> str:
    """``?,?,?`` for an ``IN (...)`` list of ``items``."""
    return ",".join("?" * len(items))


def insert_many(
    conn: sqlite3.Connection, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    """Insert ``rows`` (values in ``columns``' order) with multi-row ``INSERT ... VALUES``
    statements, in order: the same rows as ``executemany``. A table with triggers (the row
    hashes, store/tamper.py) pays SQLite's per-statement trigger setup (~30 us) once per
    statement instead of once per row."""
    width = len(columns)
    one = f"({marks(columns)})"
    # Within SQLite's bound on parameters per statement (32,766 here; 999 in old builds).
    size = max(1, min(CHUNK, conn.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER) // width))
    head = f"INSERT INTO {table}({', '.join(columns)}) VALUES "
    for lo in range(0, len(rows), size):
        part = rows[lo : lo + size]
        conn.execute(head + ",".join([one] * len(part)), list(chain.from_iterable(part)))


@contextmanager
def refused(what: str) -> Iterator[None]:
    """Turn SQLite's refusal of a write (constraint, bad column) into :class:`StoreWriteError`,
    so callers above the store (replay) need not know the backend's exception types."""
    try:
        yield
    except sqlite3.IntegrityError as exc:
        raise StoreWriteError(f"{what}: {exc}") from exc
    except sqlite3.Error as exc:
        raise translate(exc, None, what) from exc


def translate(exc: sqlite3.Error, path: Path | None, what: str = "") -> StoreError:
    """The project error for a SQLite failure, so no raw ``sqlite3`` exception leaves the
    store: a full disk or an I/O error (nothing was committed), a lock held too long, a
    read-only file, a damaged file, or a refused statement."""
    text = str(exc)
    low = text.lower()
    where = f"{path}: " if path is not None else ""
    doing = f"{what}: " if what else ""
    if isinstance(exc, sqlite3.IntegrityError):
        return StoreWriteError(f"{where}{doing}{text}")
    if "full" in low or "i/o error" in low:
        return StoreFullError(
            f"{where}{doing}the store's file could not be written ({text}); nothing of this "
            "write was committed. Free disk space and retry"
        )
    if "locked" in low or "busy" in low:
        return StoreBusyError(
            f"{where}{doing}another process held the store's write lock too long ({text}); "
            "nothing was written. Retry"
        )
    if "readonly" in low or "read-only" in low or "unable to open" in low:
        return StoreError(
            f"{where}{doing}the store's files cannot be written here ({text}): check the "
            "permissions of the memory directory, or open it with read_only=True"
        )
    if type(exc) is sqlite3.DatabaseError or "malformed" in low or "not a database" in low:
        if path is not None:
            return corrupt(path, f"the file is damaged ({text})")
        return CorruptStoreError(f"{doing}the store's file is damaged ({text}); run verify")
    return StoreWriteError(f"{where}{doing}{text}")


def _ensure_store_id(conn: sqlite3.Connection) -> None:
    """Give the file a random store id (``application_id``) unless it has one; one write
    transaction, so two processes creating the same store agree on the id."""
    if conn.execute("PRAGMA application_id").fetchone()[0]:
        return
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError:
        return  # a read-only file or directory: a later writable open records the id
    try:
        if not conn.execute("PRAGMA application_id").fetchone()[0]:
            conn.execute(f"PRAGMA application_id = {new_store_id()}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _enter_wal(conn: sqlite3.Connection, timeout_s: float) -> None:
    """Switch the file to WAL mode, waiting up to ``timeout_s`` for the lock it needs.

    Converting a rollback-journal file takes an exclusive lock from the shared one the
    statement holds; when two processes convert the same new file at once each holds a shared
    lock the other must wait out, and SQLite answers one of them "database is locked" at once
    instead of calling the busy handler (it would deadlock). Measured: four processes opening
    one new file together, 14 of 40 rounds had one fail in 0 ms (the cause of
    ``test_four_processes_500_adds_each_give_exactly_2000_nodes``' intermittent failure). The
    other has converted the file a moment later, so the switch is asked again, as the busy
    handler would have waited."""
    deadline = time.monotonic() + timeout_s
    pause = 0.001
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


PAGE_CACHE_KIB = 65_536
"""The connection's page cache, at most (SQLite's default is 2 MiB; pages are cached as they
are read, so a small store never uses more than its size). A batch of new nodes updates index
pages all over the file (random ids, content hashes, terms): at 95k nodes (630 MB) a 2 MiB
cache re-read them every batch; with 64 MiB the engine's add_many took ~0.1-0.2 ms a node
less (medians of 8 alternating batches each: docs/benchmarks.md, "Seventh pass")."""


class SQLiteBase(SqlAccess):
    """Connection, lock, transactions and hooks; the table mixins build on it."""

    D = SQLITE

    def __init__(
        self, path: Path, *, durability: str = "normal", busy_timeout_ms: int = 30_000
    ) -> None:
        if durability not in _SYNC_MODES:
            raise StoreError(f"durability must be one of {sorted(_SYNC_MODES)}, got {durability!r}")
        self.path = Path(path)
        """The SQLite file."""
        self.durability = durability
        """SQLite's ``synchronous`` level: off, normal, full or extra."""
        self._lock = threading.RLock()
        self._depth = 0
        self._closed = False
        self.after_commit: Callable[[], None] | None = None
        """Called after each outermost COMMIT (automatic checkpoints hook in here)."""
        self.opener: ContentOpener | None = None
        """Decrypts sensitive content as rows are read (installed by the privacy layer)."""
        self.on_op: OpHook | None = None
        """Mirrors each op-log row inside its transaction (the privacy layer's audit log)."""
        self.on_ops: OpsHook | None = None
        """Mirrors the rows of one ``append_ops`` batch at once (falls back to ``on_op``)."""
        self._accessed: dict[str, tuple[int, str]] = {}
        """Uses recorded by ``touch`` and not yet written: id -> (count, latest ISO time)."""
        self._deferred_touches = 0
        existed = self.path.exists() and self.path.stat().st_size > 0
        if not existed:
            # A lost file beside its WAL is refused; one another process created since the
            # look above is an existing store (integrity.check_missing).
            existed = check_missing(self.path)
        if existed:
            # Read-only checks first: a damaged or foreign file must not be written to.
            preflight(self.path)
            forget_clean(self.path)  # open from here on: the next open checks unless we close
        try:
            conn = sqlite3.connect(
                str(self.path),
                timeout=busy_timeout_ms / 1000,
                isolation_level=None,
                check_same_thread=False,
            )
            conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            tamper.register(conn)  # the row-hash triggers call it (store/tamper.py)
            # The store id goes into the header before the file enters WAL mode (so the main
            # file always carries it; integrity.check_wal compares WAL frames against it).
            _ensure_store_id(conn)
            _enter_wal(conn, busy_timeout_ms / 1000)
            conn.execute(f"PRAGMA synchronous = {_SYNC_MODES[durability]}")
            conn.execute(f"PRAGMA cache_size = -{PAGE_CACHE_KIB}")
            conn.execute("PRAGMA foreign_keys = OFF")  # tree integrity is enforced in code
            migrate(conn)
            if existed:
                conn.execute("SELECT count(*) FROM nodes").fetchone()
        except sqlite3.DatabaseError as exc:
            if type(exc) is sqlite3.DatabaseError:
                raise corrupt(self.path, f"not a readable hybridmem store ({exc})") from exc
            raise translate(exc, self.path, "opening the store") from exc
        self.conn = conn
        """The connection. Only this package runs SQL on it; tests may inspect the file."""

    # -- plumbing -------------------------------------------------------------------------
    def close(self) -> None:
        """Close the connection (writing deferred use statistics first); later calls raise
        :class:`StoreClosedError`."""
        with self._lock:
            if not self._closed:
                self.flush_accessed(quiet=True)
                self._closed = True
                self.conn.close()
                mark_clean(self.path)

    @property
    def closed(self) -> bool:
        """True once :meth:`close` ran."""
        return self._closed

    def _check(self) -> None:
        if self._closed:
            raise StoreClosedError("this memory store has been closed")

    @contextmanager
    def transaction(self, user_id: str | None = None) -> Iterator[None]:
        """One write transaction (``BEGIN IMMEDIATE``); a nested call is a SAVEPOINT, so an
        inner failure undoes only the inner work when the caller handles it. ``user_id`` is
        ignored: SQLite has one writer at a time whichever users it writes.

        A SQLite failure (full disk, I/O error, busy, damage) inside the block or at COMMIT
        rolls the transaction back and leaves as a :class:`StoreError`, never a raw
        ``sqlite3`` exception: the caller knows nothing of it was committed.
        """
        with self._lock:
            self._check()
            if self._depth:
                with self._savepoint():
                    yield
                return
            self._sql("BEGIN IMMEDIATE")
            self._depth = 1
            written: dict[str, tuple[int, str]] = {}
            changes = self.conn.total_changes
            try:
                written = self._write_accessed()  # deferred uses ride along (see touch)
                yield
                if self.conn.total_changes != changes:
                    stamp_store_id(self.conn)  # the WAL names its writer (integrity.check_wal)
                self._depth = 0
                self._sql("COMMIT")
            except BaseException as exc:
                self._depth = 0
                self._rollback("ROLLBACK")
                self._keep_accessed(written)
                if isinstance(exc, sqlite3.Error):
                    raise translate(exc, self.path) from exc
                raise
            if self.after_commit is not None:
                self.after_commit()

    # -- deferred use statistics (NodeTable.touch) -------------------------------------------
    def _write_accessed(self) -> dict[str, tuple[int, str]]:
        """Write the deferred uses inside the open write transaction; what was written."""
        if not self._accessed:
            return {}
        taken, self._accessed = self._accessed, {}
        self._deferred_touches = 0
        self.conn.executemany(
            _ACCESS_UPDATE, [(n, at, at, node_id) for node_id, (n, at) in taken.items()]
        )
        return taken

    def _keep_accessed(self, taken: dict[str, tuple[int, str]]) -> None:
        """Put uses whose write was rolled back back among the deferred ones."""
        for node_id, (n, at) in taken.items():
            count, last = self._accessed.get(node_id, (0, at))
            self._accessed[node_id] = (count + n, max(last, at))

    def flush_accessed(self, *, quiet: bool = False) -> None:
        """Write the deferred use statistics now (one write transaction). ``quiet``: a store
        that cannot be written (read-only file, busy) drops them instead of raising."""
        with self._lock:
            if self._closed or not self._accessed or self._depth:
                return
            try:
                with self.transaction():
                    pass
            except StoreError:
                if not quiet:
                    raise
                self._accessed.clear()

    def _with_accessed(self, node: MemoryNode) -> MemoryNode:
        """``node`` with its deferred uses added (reads see them before they are written)."""
        seen = self._accessed.get(node.id)
        if seen is None:
            return node
        count, stamp = seen
        at = from_iso(stamp)
        last = node.last_accessed_at
        return replace(
            node,
            access_count=node.access_count + count,
            last_accessed_at=at if last is None or at > last else last,
        )

    @contextmanager
    def _savepoint(self) -> Iterator[None]:
        name = f"sp{self._depth}"
        self._sql(f"SAVEPOINT {name}")
        self._depth += 1
        try:
            yield
        except BaseException as exc:
            self._rollback(f"ROLLBACK TO {name}", f"RELEASE {name}")
            if isinstance(exc, sqlite3.Error):
                raise translate(exc, self.path) from exc
            raise
        finally:
            self._depth -= 1
        self._sql(f"RELEASE {name}")

    def _sql(self, statement: str) -> None:
        try:
            self.conn.execute(statement)
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from exc

    def _rollback(self, *statements: str) -> None:
        # SQLite may already have rolled back by itself (a full disk, an I/O error): then
        # ROLLBACK fails with "no transaction is active", which must not hide the cause.
        try:
            for statement in statements:
                self.conn.execute(statement)
        except sqlite3.Error:
            if self.conn.in_transaction:
                raise

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Hold off writes of other threads sharing this connection while the block reads;
        a SQLite failure inside leaves as a :class:`StoreError`."""
        with self._lock:
            self._check()
            try:
                yield
            except sqlite3.Error as exc:
                raise translate(exc, self.path) from exc

    @property
    def db(self) -> Any:
        """The connection as a ``sqlite_utils.Database``, for inspection (imported on first
        use: sqlite-utils costs ~60 ms of CPU to import, a read command's budget; no store
        method needs it)."""
        from hybridmem.store._sqlite_utils import sqlite_utils

        return sqlite_utils.Database(self.conn)

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        with self.reading():
            cursor = self.conn.execute(sql, params)
            keys = [d[0] for d in cursor.description]
            return [dict(zip(keys, row, strict=True)) for row in cursor.fetchall()]

    def _tuples(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self.reading():
            return self.conn.execute(sql, params).fetchall()

    def _exec(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.conn.execute(sql, params)

    def _exec_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.conn.executemany(sql, rows)

    def _refused(self, what: str) -> AbstractContextManager[None]:
        return refused(what)

    def _raw_nodes(self, sql: str, params: Sequence[Any] = ()) -> list[MemoryNode]:
        with self.reading():
            nodes = [values_to_node(r) for r in self.conn.execute(sql, params).fetchall()]
        return self._as_read(nodes)

    def _as_read(self, nodes: list[MemoryNode]) -> list[MemoryNode]:
        return [self._with_accessed(n) for n in nodes] if self._accessed else nodes

    def _node(self, row: dict[str, Any]) -> MemoryNode:
        return self.decode(row)

    def _nodes(self, sql: str, params: Sequence[Any] = ()) -> list[MemoryNode]:
        """The nodes a ``SELECT {NODE_COLUMNS} ...`` (store/sql/nodes.py) reads, decoded as
        :meth:`decode` does, from the row tuples (no dict per row: every tree read of a write
        or a retrieve decodes its rows here)."""
        with self.reading():
            rows = self.conn.execute(sql, params).fetchall()
        return [self._opened(values_to_node(r)) for r in rows]

    def decode(self, row: dict[str, Any]) -> MemoryNode:
        """A ``nodes`` row as a :class:`MemoryNode`, sensitive content decrypted."""
        return self._opened(row_to_node(row))

    def _opened(self, node: MemoryNode) -> MemoryNode:
        """A node decoded from its row as reads show it: deferred uses added, sensitive
        content decrypted."""
        if self._accessed:
            node = self._with_accessed(node)
        if node.sensitive and self.opener is not None:
            return replace(node, content=self.opener(node.id, node.content))
        return node

    # -- the file -------------------------------------------------------------------------
    def tampered_rows(self, *, full: bool = True, remember: bool = False) -> list[str]:
        """Node and op-log rows edited behind hybridmem's back, and missing guard triggers
        (see :mod:`hybridmem.store.tamper`). Every row, whatever ``full`` and ``remember``
        say: anyone who can write the file can edit any row without leaving a trace."""
        with self.reading():
            return tamper.tampered_rows(self.conn)

    def quick_check(self) -> list[str]:
        """What ``PRAGMA quick_check`` finds wrong with the file (empty when sound)."""
        with self._lock:
            self._check()
            try:
                found = [str(r[0]) for r in self.conn.execute("PRAGMA quick_check(20)")]
            except sqlite3.DatabaseError as exc:  # damage bad enough to stop the check
                return [str(exc)]
        return [] if found == ["ok"] else found

    def secure_delete(self) -> None:
        """Overwrite deleted rows with zeros from now on instead of leaving them in free pages."""
        with self.reading():
            self.conn.execute("PRAGMA secure_delete = ON")

    @contextmanager
    def synced(self) -> Iterator[None]:
        """Commits inside are fsynced (``synchronous = FULL``) whatever ``durability`` says:
        for a commit that must survive a power cut before files outside the store change
        (a key rotation, before its re-sealed snapshots replace the old ones). Only an
        outermost call changes the setting (SQLite reads it at COMMIT)."""
        with self._lock:
            self._check()
            if self._depth or _SYNC_MODES[self.durability] in ("FULL", "EXTRA"):
                yield
                return
            self.conn.execute("PRAGMA synchronous = FULL")
            try:
                yield
            finally:
                if not self._closed:
                    self.conn.execute(f"PRAGMA synchronous = {_SYNC_MODES[self.durability]}")

    def checkpoint_wal(self) -> bool:
        """Copy the WAL into the main file and truncate it; False if another connection kept
        part of it from being checkpointed."""
        with self.reading():
            return self._truncate_wal()

    def _truncate_wal(self) -> bool:
        busy, _, _ = self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        return bool(busy == 0)

    def compact(self) -> bool:
        """Merge the lexical index's segments, VACUUM and truncate the WAL, so deleted content
        is gone from the file; False if another connection kept the WAL from being fully
        checkpointed."""
        with self.transaction():
            self.conn.execute("INSERT INTO nodes_fts(nodes_fts) VALUES ('optimize')")
        with self.reading():
            self.conn.execute("VACUUM")
            return self._truncate_wal()

    def copy_to(self, target: Path) -> None:
        """Write a consistent copy of the whole store to ``target`` (``VACUUM INTO``: one read
        transaction, so other processes may keep writing) and fsync it."""
        self.flush_accessed(quiet=True)  # the copy carries the uses recorded so far
        try:
            with self.reading():
                self.conn.execute("VACUUM INTO ?", (str(target),))
        except sqlite3.Error as exc:
            raise StoreError(f"cannot copy the store to {target}: {exc}") from exc
        # VACUUM INTO does not promise an fsync of the new file; a snapshot must survive power
        # loss.
        fd = os.open(str(target), os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
