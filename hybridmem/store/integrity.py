"""Checks a SQLite store file must pass before anything is written to it.

Opening a damaged file read-write is itself a write: ``journal_mode = WAL`` and the schema
migration write pages, and the last connection to close checkpoints the WAL into the main
file. So :func:`preflight` looks at the files first, without a read-write connection:

- the main file's header (a file that is not SQLite, or is SQLite but not a hybridmem store);
- the WAL beside it: every page-1 frame in it must carry this store's id (the SQLite header's
  ``application_id``, random per store, set before the file ever enters WAL mode), so a stale
  or foreign ``-wal`` copied beside the file is refused instead of applied. A transaction that
  neither grows the file nor changes the schema writes no page 1, so from schema version
  :data:`STAMPED_SINCE` on every write transaction of this store re-writes its id (:func:`stamp`):
  a WAL whose last committed transaction carries no page 1 was not written by this store and is
  refused too (issue 35). All frames of a WAL share its salts and one checksum chain, so the
  last transaction names the writer of the whole file;
- a rollback journal beside a store in WAL mode (:func:`check_journal`), which SQLite would
  roll into the file before reading that it is in WAL mode;
- ``PRAGMA quick_check`` on a read-only connection (which never checkpoints): every b-tree
  page, cell and overflow chain (measured: ~0.1 s warm, ~1.1 s cold for a 180 MB file).

A file failing any of them raises :class:`~hybridmem.errors.CorruptStoreError` naming the file
and the commands that recover, and is left byte for byte as it was.
"""

from __future__ import annotations

import secrets
import sqlite3
import struct
import time
from pathlib import Path
from typing import BinaryIO

from hybridmem.errors import CorruptStoreError

HEADER_MAGIC = b"SQLite format 3\x00"
_APP_ID_OFFSET = 68
_WAL_MAGICS = (0x377F0682, 0x377F0683)
_WAL_HEADER = 32
_FRAME_HEADER = 24

RECOVER_HINT = (
    "Nothing was changed. Recover with `hybridmem restore --db {home}` (puts the newest "
    "snapshot back, keeping the damaged file aside)"
)


def corrupt(path: Path, problem: str) -> CorruptStoreError:
    """The error for a damaged store file: what is wrong, that nothing changed, what to run."""
    return CorruptStoreError(f"{path}: {problem}. " + RECOVER_HINT.format(home=path.parent))


def new_store_id() -> int:
    """A random, non-zero 31-bit id for a new store's SQLite ``application_id``."""
    return secrets.randbelow(2**31 - 1) + 1


def _header(path: Path) -> bytes:
    with open(path, "rb") as fh:
        return fh.read(100)


def file_store_id(path: Path) -> int:
    """The ``application_id`` in the main file's header (0: not set, an older store)."""
    head = _header(path)
    if len(head) < 100 or not head.startswith(HEADER_MAGIC):
        raise corrupt(path, "the file is not a SQLite database (its header is damaged)")
    return int(struct.unpack(">I", head[_APP_ID_OFFSET : _APP_ID_OFFSET + 4])[0])


STAMPED_SINCE = 14
"""The schema version from which every write transaction carries a page-1 frame (the
``PRAGMA user_version`` that :mod:`hybridmem.store.schema` keeps at offset 60 of the header)."""
_USER_VERSION_OFFSET = 60


def stamp(conn: sqlite3.Connection) -> None:
    """Inside a write transaction: re-write the file's store id (unchanged) so the
    transaction's WAL frames include page 1 carrying it (one page more per commit)."""
    store_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    if store_id:
        conn.execute(f"PRAGMA application_id = {store_id}")


def wal_transactions(wal: Path) -> list[int | None]:
    """Per committed transaction of a WAL file, oldest first: the ``application_id`` of its
    last page-1 frame, or None when it wrote no page 1.

    Only frames carrying the WAL header's salts count, up to the last commit frame: the
    frames SQLite itself would apply. An invalid WAL header yields nothing (SQLite ignores
    such a WAL too).
    """
    try:
        with open(wal, "rb") as fh:
            return _transactions(fh)
    except FileNotFoundError:
        return []


def wal_store_ids(wal: Path) -> list[int]:
    """The store id of every committed transaction of a WAL that wrote page 1, oldest first."""
    return [i for i in wal_transactions(wal) if i is not None]


def _transactions(fh: BinaryIO) -> list[int | None]:
    head = fh.read(_WAL_HEADER)
    if len(head) < _WAL_HEADER:
        return []
    magic, _, page_size, _, salt1, salt2, _, _ = struct.unpack(">8I", head)
    if magic not in _WAL_MAGICS or page_size < 512:
        return []
    committed: list[int | None] = []
    pending: int | None = None
    offset = _WAL_HEADER
    want = _FRAME_HEADER + _APP_ID_OFFSET + 4
    while True:
        fh.seek(offset)
        frame = fh.read(want)
        if len(frame) < want:
            break
        page, commit, s1, s2 = struct.unpack(">4I", frame[:16])
        if (s1, s2) != (salt1, salt2):
            break
        if page == 1:
            pending = int(struct.unpack(">I", frame[want - 4 : want])[0])
        if commit:
            committed.append(pending)
            pending = None
        offset += _FRAME_HEADER + page_size
    return committed


def _user_version(path: Path) -> int:
    head = _header(path)
    return int(struct.unpack(">I", head[_USER_VERSION_OFFSET : _USER_VERSION_OFFSET + 4])[0])


def check_wal(path: Path, store_id: int) -> None:
    """Refuse a WAL written by another store (its page-1 frames carry another id) or, on a
    store that stamps every transaction, by no hybridmem of this store (its last committed
    transaction carries no page 1)."""
    wal = path.with_name(path.name + "-wal")
    transactions = wal_transactions(wal)
    if not transactions or store_id == 0:
        return  # nothing to apply, or an older store without an id: nothing to compare
    ids = [i for i in transactions if i is not None]
    advice = (
        "Nothing was changed and the WAL was not applied. If the WAL was copied here by "
        f"mistake, move it aside; otherwise recover with `hybridmem restore --db {path.parent}`"
    )
    if ids and ids[-1] != store_id:
        raise CorruptStoreError(
            f"{wal} does not belong to {path}: its pages carry store id {ids[-1]}, the file "
            f"{store_id}. {advice}"
        )
    # Before STAMPED_SINCE a small transaction wrote no page 1: such a WAL (an older
    # hybridmem killed, this one not yet checkpointed into the main file) stays accepted.
    if transactions[-1] is None and _user_version(path) >= STAMPED_SINCE:
        raise CorruptStoreError(
            f"{wal} was not written by this store ({path}): its last committed transaction "
            f"carries no store id, which every write of this store does. {advice}"
        )


_JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")
_WAL_MODE = b"\x02\x02"  # header bytes 18-19 (write and read format versions) of a WAL file


def check_journal(path: Path, *, settle_s: float = 2.0) -> None:
    """Refuse a hot rollback journal beside a store in WAL mode (issue 35).

    SQLite rolls a hot ``-journal`` back into the file before it reads that the file is in
    WAL mode, so another database's journal copied beside the store would overwrite its pages.
    This store never writes one once in WAL mode (its first open switches to it), so any
    journal with a live header there was not written by it. A journal whose header is zeroed
    or cut short is not hot: SQLite ignores it too.

    One exception is live: the process creating the store writes its first page 1 (store id,
    then WAL mode) through a rollback journal, and another process opening the new store in
    that instant sees the WAL header beside the journal not yet deleted. A writer's journal
    goes within milliseconds of its commit; a journal copied here stays. So a journal is
    refused only when it is still there, hot, after ``settle_s``."""
    journal = path.with_name(path.name + "-journal")
    deadline = time.monotonic() + settle_s
    while _hot_beside_wal(journal, path):
        if time.monotonic() >= deadline:
            raise CorruptStoreError(
                f"{journal} was not written by this store ({path}): the store keeps a "
                "write-ahead log, never a rollback journal. Nothing was changed and the "
                "journal was not applied. If it was copied here by mistake, move it aside; "
                f"otherwise recover with `hybridmem restore --db {path.parent}`"
            )
        time.sleep(0.01)


def _hot_beside_wal(journal: Path, path: Path) -> bool:
    try:
        with open(journal, "rb") as fh:
            head = fh.read(len(_JOURNAL_MAGIC))
    except FileNotFoundError:
        return False
    return head == _JOURNAL_MAGIC and _header(path)[18:20] == _WAL_MODE


def quick_check(path: Path) -> None:
    """``PRAGMA quick_check`` on a read-only connection; raise :func:`corrupt` on damage.

    Also refuses a readable SQLite file that is not a hybridmem store (tables but no schema
    version), which the migration would otherwise write into.
    """
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    except sqlite3.Error as exc:
        if _environmental(exc):
            return
        raise corrupt(path, f"the file cannot be opened ({exc})") from exc
    try:
        found = [r[0] for r in conn.execute("PRAGMA quick_check(5)").fetchall()]
        if found != ["ok"]:
            raise corrupt(path, "the file is damaged (quick_check: " + "; ".join(found) + ")")
        # One statement, one snapshot: a store another process is creating commits its tables
        # and its version together, and two reads could fall either side of that commit
        # (tables seen, version not: a new store refused as foreign; four processes creating
        # one store under load, tests/store/test_store_open_together.py).
        version, tables = conn.execute(
            "SELECT (SELECT user_version FROM pragma_user_version),"
            " (SELECT count(*) FROM sqlite_master)"
        ).fetchone()
        if version == 0 and tables:
            raise CorruptStoreError(
                f"{path} is a SQLite database but not a hybridmem store (no schema version); "
                "nothing was changed. Point --db at a memory directory"
            )
    except sqlite3.OperationalError as exc:
        if _environmental(exc):
            return  # not damage: the read-write open reports it (permissions, locks)
        raise corrupt(path, f"the file is damaged ({exc})") from exc
    except sqlite3.DatabaseError as exc:
        raise corrupt(path, f"the file is damaged ({exc})") from exc
    finally:
        conn.close()


def _environmental(exc: sqlite3.Error) -> bool:
    """A failure of the surroundings (a read-only directory, a lock), not of the file."""
    text = str(exc).lower()
    return any(w in text for w in ("unable to open", "readonly", "read-only", "locked", "busy"))


def _clean_mark(path: Path) -> Path:
    return path.with_name(path.name + "-clean")


def _identity(path: Path) -> str:
    st = path.stat()
    return f"{st.st_ino}:{st.st_size}:{st.st_mtime_ns}:{file_store_id(path)}"


def mark_clean(path: Path) -> None:
    """After the last connection closed: record the settled file's identity (inode, size,
    mtime, store id), so the next open can skip ``quick_check`` of a file nobody touched.

    No mark while a WAL remains (another connection still has the store open)."""
    wal = path.with_name(path.name + "-wal")
    try:
        if (wal.exists() and wal.stat().st_size > 0) or not path.exists():
            return
        tmp = _clean_mark(path).with_suffix(".tmp")
        tmp.write_text(_identity(path), encoding="utf-8")
        tmp.replace(_clean_mark(path))
    except OSError:
        return  # only an optimisation of the next open: it runs the full check instead


def closed_cleanly(path: Path) -> bool:
    """True when the file is exactly as the last clean close left it (no WAL since)."""
    mark, wal = _clean_mark(path), path.with_name(path.name + "-wal")
    try:
        if wal.exists() and wal.stat().st_size > 0:
            return False
        return mark.read_text(encoding="utf-8") == _identity(path)
    except (OSError, CorruptStoreError):
        return False


def forget_clean(path: Path) -> None:
    """Drop the clean-close mark (the store is open for writing from now on)."""
    _clean_mark(path).unlink(missing_ok=True)


def preflight(path: Path) -> None:
    """Every check above, on an existing store file, before any read-write connection.

    ``quick_check`` reads the whole file (seconds for hundreds of MB, cold); it is skipped
    when the file is byte-for-byte where the last clean close left it (same inode, size,
    mtime and store id, no WAL): a crash, a copy or any write since brings it back.
    ``verify()`` always runs it.
    """
    store_id = file_store_id(path)
    check_journal(path)
    check_wal(path, store_id)
    if not closed_cleanly(path):
        quick_check(path)


def check_missing(path: Path) -> bool:
    """A missing or empty SQLite file beside its own WAL is a lost file, not a new store.

    True when the file has content after all: another process created the store since the
    caller found it missing or empty (a creator writes the file's header before its first WAL
    frame, so the WAL read first and the file read after it tell the two apart), and the
    caller opens it as an existing store. False: a new store to create here.
    """
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size > 0:
        if path.exists() and path.stat().st_size > 0:
            return True
        raise corrupt(
            path,
            f"the file is missing or empty but its write-ahead log {wal.name} is not "
            "(the main file was lost or truncated)",
        )
    return False


__all__ = [
    "STAMPED_SINCE",
    "check_journal",
    "check_missing",
    "check_wal",
    "closed_cleanly",
    "corrupt",
    "file_store_id",
    "forget_clean",
    "mark_clean",
    "new_store_id",
    "preflight",
    "quick_check",
    "stamp",
    "wal_store_ids",
    "wal_transactions",
]
