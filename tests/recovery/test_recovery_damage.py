"""Damaged, lost, foreign and leftover files around a store: refused with the command that
recovers, never written to, never opened as a fresh store (issue 11, defects 2, 3, 5, 9)."""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.cli import app
from hybridmem.config import MemoryConfig
from hybridmem.errors import CorruptStoreError
from hybridmem.recovery import RecoveryConfig
from hybridmem.store import DB_FILE
from hybridmem.testing.checks import find_bytes

MARK = "Quellbrisant"


def open_mem(path: Path, **kw) -> HybridMemory:
    return HybridMemory(path, embedder=HashEmbedder(32), **kw)


def fill(path: Path, n: int, prefix: str = "note") -> list[str]:
    with open_mem(path) as mem:
        task = mem.add(f"{prefix} task", node_type="task")
        notes = [mem.add(f"{prefix} {i} " + "x" * 200, parent_id=task.id) for i in range(n)]
        return [task.id] + [n.id for n in notes]


def vectors_on_disk(path: Path) -> int:
    conn = sqlite3.connect(path / "chroma" / "chroma.sqlite3")
    try:
        return int(conn.execute("SELECT count(*) FROM embeddings").fetchone()[0])
    finally:
        conn.close()


def digest(*files: Path) -> list[str | None]:
    return [hashlib.sha256(f.read_bytes()).hexdigest() if f.exists() else None for f in files]


# -- defect 2: a lost SQLite file is not a new store -----------------------------------------
@pytest.mark.parametrize("how", ["missing", "empty"])
def test_lost_sqlite_file_is_refused_and_restore_brings_the_snapshot_back(tmp_path, how):
    path = tmp_path / "m"
    ids = fill(path, 5)
    with open_mem(path) as mem:
        mem.checkpoint()
        mem.add("after the snapshot")
    db = path / DB_FILE
    before = vectors_on_disk(path)
    assert before == 8  # root, task, 5 notes, one more
    if how == "missing":
        db.unlink()
    else:
        db.write_bytes(b"")
    with pytest.raises(CorruptStoreError) as err:
        open_mem(path)
    text = str(err.value)
    assert str(db) in text and "hybridmem restore" in text and "no vector was deleted" in text
    assert vectors_on_disk(path) == before  # nothing treated as orphaned
    assert (db.exists() and db.stat().st_size == 0) or not db.exists()
    # The advice can be followed: the CLI restore puts the snapshot back.
    result = CliRunner().invoke(app, ["restore", "--db", str(path), "--embedder", "hash:32"])
    assert result.exit_code == 0, result.output
    with open_mem(path) as mem:
        assert sorted(mem.store.all_ids()) == sorted([mem.root().id, *ids])
        assert mem.verify().clean


def test_lost_sqlite_file_without_snapshot_says_what_to_do(tmp_path):
    path = tmp_path / "m"
    fill(path, 2)
    (path / DB_FILE).unlink()
    with pytest.raises(CorruptStoreError, match="no snapshot to restore") as err:
        open_mem(path)
    assert "move" in str(err.value) and "chroma" in str(err.value)
    assert vectors_on_disk(path) == 4
    result = CliRunner().invoke(app, ["restore", "--db", str(path), "--embedder", "hash:32"])
    assert result.exit_code != 0
    message = " ".join(result.output.split())  # the CLI's one-line error, unwrapped
    assert "holds no snapshot" in message and "move" in message
    # Moving the index aside, as advised, gives an empty store.
    shutil.move(str(path / "chroma"), str(tmp_path / "chroma.kept"))
    with open_mem(path) as mem:
        assert mem.store.node_count() == 0


def test_a_fresh_store_against_a_full_index_deletes_nothing(tmp_path):
    """The same with an index the file check cannot see (a server collection, here the
    index of another directory): refused, not reconciled into emptiness."""
    from hybridmem.index import InMemoryIndex

    index = InMemoryIndex()
    with HybridMemory(tmp_path / "a", embedder=HashEmbedder(32), index=index) as mem:
        mem.add("kept in the index")
    count = index.count()
    with pytest.raises(CorruptStoreError, match="No vector was deleted"):
        HybridMemory(tmp_path / "b", embedder=HashEmbedder(32), index=index)
    assert index.count() == count


# -- defect 3: a garbage page is refused at open and the file is not touched -------------------
def test_a_garbage_page_anywhere_is_a_clean_corrupt_store_error(tmp_path):
    path = tmp_path / "m"
    fill(path, 150)
    db = path / DB_FILE
    pages = db.stat().st_size // 4096
    assert pages > 20
    rng = random.Random(11)
    original = db.read_bytes()
    positions = sorted(rng.sample(range(2, pages - 1), 15))
    for page in positions:
        damaged = bytearray(original)
        damaged[page * 4096 : (page + 1) * 4096] = rng.randbytes(4096)
        db.write_bytes(bytes(damaged))
        for side in ("-wal", "-shm"):
            Path(str(db) + side).unlink(missing_ok=True)
        before = digest(db)
        with pytest.raises(CorruptStoreError) as err:
            open_mem(path)
        assert str(db) in str(err.value) and "hybridmem restore" in str(err.value), page
        assert digest(db) == before, f"page {page}: the damaged file was written to"
        assert not Path(str(db) + "-wal").exists() or Path(str(db) + "-wal").stat().st_size == 0
    db.write_bytes(original)
    with open_mem(path) as mem:
        assert mem.verify().clean


def test_a_sqlite_file_of_another_application_is_not_migrated(tmp_path):
    path = tmp_path / "m"
    path.mkdir()
    db = path / DB_FILE
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    conn.commit()
    conn.close()
    before = digest(db)
    with pytest.raises(CorruptStoreError, match="not a hybridmem store"):
        open_mem(path)
    assert digest(db) == before


# -- defect 9: a foreign WAL is never applied ------------------------------------------------
def _crash_copy(mem: HybridMemory, target: Path) -> None:
    """Copy a store's files while it is open: what a kill leaves (main file + live WAL)."""
    target.mkdir(parents=True, exist_ok=True)
    for name in (DB_FILE, DB_FILE + "-wal"):
        shutil.copyfile(mem.path / name, target / name)


def _refused_until_moved_aside(store: Path, beside: Path, says: str) -> None:
    """Opening ``store`` with the foreign file ``beside`` it is refused with an error naming
    the file (and ``says``), both files left as they were; then the file is moved aside, as
    the error advises."""
    before = digest(store / DB_FILE, beside)
    with pytest.raises(CorruptStoreError) as err:
        open_mem(store)
    assert str(beside) in str(err.value) and says in str(err.value)
    assert digest(store / DB_FILE, beside) == before
    beside.unlink()  # as advised: moved aside


def test_a_foreign_wal_is_refused_and_not_applied(tmp_path):
    big, small = tmp_path / "big", tmp_path / "small"
    fill(big, 80, "big")
    with open_mem(big) as mem:
        assert mem.store.node_count() == 82
    with open_mem(small) as mem:
        task = mem.add("small task", node_type="task")
        for i in range(29):
            mem.add(f"small {i}", parent_id=task.id)
        _crash_copy(mem, tmp_path / "small-crashed")
    wal = big / (DB_FILE + "-wal")
    shutil.copyfile(tmp_path / "small-crashed" / (DB_FILE + "-wal"), wal)
    _refused_until_moved_aside(big, wal, "does not belong")
    with open_mem(big) as mem:
        assert mem.store.node_count() == 82 and mem.verify().clean


def test_the_stores_own_wal_after_a_crash_is_applied(tmp_path):
    """The control: a WAL that belongs to the file (a kill left it) opens with every write."""
    path = tmp_path / "m"
    with open_mem(path) as mem:
        ids = [mem.add(f"n{i}").id for i in range(30)]
        _crash_copy(mem, tmp_path / "crashed")
    assert (tmp_path / "crashed" / (DB_FILE + "-wal")).stat().st_size > 0
    with HybridMemory(tmp_path / "crashed", embedder=HashEmbedder(32), index=_fake()) as mem:
        assert set(ids) <= set(mem.store.all_ids())


def _fake():
    from hybridmem.index import InMemoryIndex

    return InMemoryIndex()


# -- defect 5: leftovers of interrupted checkpoints; retention of moved-aside stores ---------
def test_checkpoint_leftovers_are_removed_on_open_and_erase_leaves_no_copy(tmp_path):
    path = tmp_path / "m"
    with open_mem(path) as mem:
        mem.add(f"secret {MARK}", user_id="victim")
        mem.add("bystander", user_id="other")
        snap = mem.checkpoint()
        folder = snap.path.parent
        # What a checkpoint killed inside VACUUM INTO / the manifest write leaves behind.
        shutil.copyfile(snap.path, folder / ".tmp-0123abcd.sqlite3")
        (folder / ".tmp-0123abcd.sqlite3-journal").write_bytes(f"{MARK} page".encode())
        (folder / f"{snap.name}.json.tmp").write_text(f'{{"partial": "{MARK}"}}')
    with open_mem(path) as mem:
        left = sorted(p.name for p in folder.iterdir())
        assert left == sorted([".lock", snap.path.name, f"{snap.name}.json"])
        shutil.copyfile(snap.path, folder / ".tmp-feedbeef.sqlite3")  # another interrupted one
        mem.erase(user_id="victim")
        assert not (folder / ".tmp-feedbeef.sqlite3").exists()
    assert find_bytes(path, MARK) == []


def test_a_hot_journal_beside_a_snapshot_is_rolled_back_not_deleted(tmp_path):
    path = tmp_path / "m"
    with open_mem(path) as mem:
        mem.add("keep me")
        snap = mem.checkpoint()
    # A scrub killed inside its transaction: the journal holds the snapshot's original pages.
    code = (
        "import sqlite3, os, sys\n"
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.create_function('hm_row_mac', -1, lambda *a: 'x')\n"  # as hybridmem's own scrub
        "c.execute('PRAGMA cache_size = 1')\n"
        "c.execute('BEGIN IMMEDIATE')\n"
        "c.execute(\"UPDATE nodes SET content = 'half-scrubbed' || hex(randomblob(3000))\")\n"
        "os._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", code, str(snap.path)], check=True)
    journal = Path(str(snap.path) + "-journal")
    assert journal.exists()
    with open_mem(path) as mem:
        assert not journal.exists()
        conn = sqlite3.connect(snap.path)
        contents = {r[0] for r in conn.execute("SELECT content FROM nodes")}
        conn.close()
        assert "keep me" in contents and not any(c.startswith("half") for c in contents)
        assert mem.restore(snap).nodes == 2


def test_stores_moved_aside_by_restore_are_pruned(tmp_path):
    path = tmp_path / "m"
    config = MemoryConfig(recovery=RecoveryConfig(keep_previous_stores=2))
    with open_mem(path, config=config) as mem:
        mem.add("one")
        mem.checkpoint()
        for i in range(4):
            mem.add(f"more {i}")
            mem.restore()
        aside = sorted(p.name for p in path.glob(f"{DB_FILE}.before-restore-*"))
    stores = [a for a in aside if not a.endswith(("-wal", "-shm"))]
    assert len(stores) == 2, aside


def test_open_skips_the_whole_file_check_only_for_a_file_left_as_a_clean_close_left_it(
    tmp_path, monkeypatch
):
    from hybridmem.store import integrity

    path = tmp_path / "m"
    fill(path, 20)  # opened and closed cleanly
    db = path / DB_FILE
    checked: list[Path] = []
    real = integrity.quick_check
    monkeypatch.setattr(integrity, "quick_check", lambda p: (checked.append(p), real(p)))
    with open_mem(path) as mem:
        assert checked == []  # untouched since the clean close: the full read is skipped
        mem.add("one more")
    # A killed process leaves no mark: the next open reads the whole file again.
    code = (
        "import os, signal, sys\n"
        "from hybridmem import HashEmbedder, HybridMemory\n"
        "mem = HybridMemory(sys.argv[1], embedder=HashEmbedder(32))\n"
        "mem.add('written, then killed')\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    subprocess.run(
        [sys.executable, "-c", code, str(path)],
        check=False,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    with open_mem(path):
        assert checked == [db]
    # Any change to the file since the clean close (here: a damaged page) is checked too.
    raw = bytearray(db.read_bytes())
    raw[5 * 4096 : 6 * 4096] = bytes(4096)
    db.write_bytes(bytes(raw))
    with pytest.raises(CorruptStoreError):
        open_mem(path)
    assert checked[-1] == db


def test_bit_rot_after_a_clean_close_is_caught_by_verify(tmp_path):
    """The trade-off of the fast reopen: a file left exactly as its clean close left it
    (inode, size, mtime) skips the whole-file check at open. Bit rot that keeps all three
    (a failing disk, a bad sector) is then caught by ``verify()`` (which always runs
    ``quick_check``), or by open itself when it reads the page; never a clean verify."""
    from hybridmem.store.integrity import closed_cleanly

    rng = random.Random(5)
    caught_at_open = caught_by_verify = 0
    for attempt in range(4):
        path = tmp_path / f"m{attempt}"
        fill(path, 80)
        db = path / DB_FILE
        assert closed_cleanly(db)
        before = db.stat()
        page = rng.randrange(3, before.st_size // 4096 - 1)
        with open(db, "r+b") as fh:  # in place: same inode and size
            fh.seek(page * 4096)
            fh.write(rng.randbytes(4096))
        os.utime(db, ns=(before.st_atime_ns, before.st_mtime_ns))
        assert closed_cleanly(db), "the rot must look like an untouched file"
        try:
            mem = open_mem(path)
        except CorruptStoreError as exc:
            assert str(db) in str(exc)
            caught_at_open += 1
            continue
        with mem:
            report = mem.verify()
            assert not report.clean and report.damaged, f"page {page}: verify() missed it"
            caught_by_verify += 1
    assert caught_at_open + caught_by_verify == 4
    print(f"\nbit rot after a clean close: {caught_at_open} at open, {caught_by_verify} by verify")


# -- issue 35 defect 3: a foreign WAL without a page-1 frame is refused too -----------------
def test_every_committed_write_carries_the_store_id_into_the_wal(tmp_path):
    """A small add (no file growth) still writes a page-1 frame with the store's id: a WAL
    whose committed frames carry none was not written by this store."""
    from hybridmem.store.integrity import file_store_id, wal_store_ids, wal_transactions

    path = tmp_path / "m"
    ids = fill(path, 3)
    with open_mem(path) as mem:
        mem.add("one small add")
        for i, node_id in enumerate(ids):
            mem.update(node_id, importance=0.1 + i / 10)  # rewrites rows, grows nothing
        wal = path / (DB_FILE + "-wal")
        assert len(wal_transactions(wal)) >= len(ids)
        assert wal_transactions(wal) == wal_store_ids(wal)  # every one wrote page 1
        assert set(wal_store_ids(wal)) == {file_store_id(path / DB_FILE)}


def test_a_foreign_wal_without_a_page_one_frame_is_refused(tmp_path):
    from hybridmem.store import tamper
    from hybridmem.store.integrity import wal_store_ids

    a, b = tmp_path / "a", tmp_path / "b"
    a_ids = fill(a, 5, "alpha")
    fill(b, 5, "beta")
    # Another writer on B (an older hybridmem, a tool): a small update, killed before its
    # close checkpointed, so its WAL holds committed frames and no page 1.
    conn = sqlite3.connect(b / DB_FILE, isolation_level=None)
    tamper.register(conn)
    conn.execute("UPDATE nodes SET content = 'beta forged' WHERE node_type = 'task'")
    wal = a / (DB_FILE + "-wal")
    shutil.copyfile(b / (DB_FILE + "-wal"), wal)
    conn.close()
    assert wal.stat().st_size > 0 and wal_store_ids(wal) == []  # the case closed here
    _refused_until_moved_aside(a, wal, "not written by this store")
    with open_mem(a) as mem:
        assert set(a_ids) <= set(mem.store.all_ids()) and mem.verify().clean


def test_a_foreign_rollback_journal_beside_the_store_is_refused(tmp_path):
    """SQLite rolls a hot ``-journal`` back into the file before it reads that the file is
    in WAL mode: another database's journal would overwrite the store's pages with its own.
    This store never writes one, so any hot journal beside it is refused."""
    a = tmp_path / "a"
    a_ids = fill(a, 5, "alpha")
    other = tmp_path / "other.db"
    code = (
        "import sqlite3, os, shutil, sys\n"
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute('CREATE TABLE t(x)')\n"
        "c.executemany('INSERT INTO t VALUES (?)', [('b%d' % i,) for i in range(100)])\n"
        "c.execute('PRAGMA cache_size = 1')\n"
        "c.execute('BEGIN')\n"
        'c.execute("UPDATE t SET x = hex(randomblob(3000))")\n'
        "shutil.copyfile(sys.argv[1] + '-journal', sys.argv[2])\n"
        "os._exit(0)\n"
    )
    journal = a / (DB_FILE + "-journal")
    subprocess.run([sys.executable, "-c", code, str(other), str(journal)], check=True)
    _refused_until_moved_aside(a, journal, "not written by this store")
    with open_mem(a) as mem:
        assert set(a_ids) <= set(mem.store.all_ids()) and mem.verify().clean


def test_a_journal_that_goes_at_its_writers_commit_is_not_refused(tmp_path):
    """The process creating a store writes its first page 1 (store id, WAL mode) through a
    rollback journal; a second process opening the new store in that instant sees the WAL
    header beside the journal. Four processes opening one new store hit this in CI. The
    journal goes at the writer's commit, so the open waits for it instead of refusing."""
    a = tmp_path / "a"
    a_ids = fill(a, 3, "alpha")
    journal = a / (DB_FILE + "-journal")
    journal.write_bytes(bytes.fromhex("d9d505f920a163d7") + bytes(504))  # a live header
    committed = threading.Timer(0.2, journal.unlink)  # the writer commits a moment later
    committed.start()
    try:
        with open_mem(a) as mem:
            assert set(a_ids) <= set(mem.store.all_ids())
    finally:
        committed.join()
    assert not journal.exists()
