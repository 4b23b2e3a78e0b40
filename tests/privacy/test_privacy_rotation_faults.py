"""Key rotation under faults: a process dying at every step boundary of ``rotate_key``, a
restore from a snapshot older than the first encryption, another process rotating the key
under a running one. After each, exactly one key opens the store and every ciphertext in it
and in its copies is under that key (issue 11: the intermittent "no key opens the store" of
the heavy crash suite)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.errors import WrongKeyError
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.privacy.crypto import KEY_ID_META, copy_key_id, key_fingerprint, parse_key

SECRET = "Quarnefel"


def open_mem(path: Path, key: str) -> HybridMemory:
    return HybridMemory(
        path, embedder=HashEmbedder(32), privacy=PrivacyConfig(key=key, key_env="HM_TEST_NOKEY")
    )


def fid(key: str) -> str:
    return key_fingerprint(parse_key(key))


def only_key_that_opens(path: Path, keys: list[str]) -> str:
    """The one key of ``keys`` the store opens with (the others must be refused)."""
    opened = []
    for key in keys:
        try:
            with open_mem(path, key) as mem:
                for node_id in mem.store.all_ids():
                    mem.get(node_id)  # decrypts every sensitive node
            opened.append(key)
        except WrongKeyError:
            continue
    assert len(opened) == 1, f"{len(opened)} of {len(keys)} keys open the store"
    return opened[0]


def test_restore_of_a_snapshot_older_than_the_first_encryption_keeps_the_key(tmp_path):
    """The snapshot has no key fingerprint, the replayed ops bring ciphertexts: the restored
    store must still refuse a wrong key (it used to open with any key, and its first sealed
    write under that key left rows under two keys: a store no key opens)."""
    path = tmp_path / "m"
    key, wrong = generate_key(), generate_key()
    with open_mem(path, key) as mem:
        mem.add("plain note")
        mem.checkpoint()  # before anything was encrypted
        secret = mem.add(f"the {SECRET} code", sensitive=True)
        mem.restore()
        assert mem.store.get_meta(KEY_ID_META) == fid(key)
    with pytest.raises(WrongKeyError, match=fid(key)):
        open_mem(path, wrong)
    with open_mem(path, key) as mem:
        assert mem.get(secret.id).content == f"the {SECRET} code"
        snap = mem.checkpoint()
        mem.rotate_key(wrong)  # the copy taken after the restore follows the rotation
    assert copy_key_id(snap.path) == fid(wrong)
    assert only_key_that_opens(path, [key, wrong]) == wrong


def test_a_store_without_its_key_fingerprint_is_judged_by_its_ciphertexts(tmp_path):
    """A store an older hybridmem restored that way (ciphertexts, no fingerprint) refuses a
    wrong key, and a rotation re-seals a snapshot of it."""
    path = tmp_path / "m"
    key, wrong = generate_key(), generate_key()
    with open_mem(path, key) as mem:
        secret = mem.add(f"the {SECRET} code", sensitive=True)
    conn = sqlite3.connect(path / "memory.sqlite3")
    with conn:
        conn.execute("DELETE FROM meta WHERE key = ?", (KEY_ID_META,))
    conn.close()
    with pytest.raises(WrongKeyError, match=fid(key)):
        open_mem(path, wrong)
    with open_mem(path, key) as mem:
        snap = mem.checkpoint()
        assert copy_key_id(snap.path) == fid(key)  # named by its ciphertext
        mem.rotate_key(wrong)
        assert mem.get(secret.id).content == f"the {SECRET} code"
    assert copy_key_id(snap.path) == fid(wrong)
    with open_mem(path, wrong) as mem:
        mem.restore(snap)
        assert mem.get(secret.id).content == f"the {SECRET} code"


def test_a_sealed_write_after_another_process_rotated_is_refused(tmp_path):
    """Process A keeps the store open with the old key while B rotates it: A's next sealed
    write is refused (it would have mixed two keys), and the store opens with the new key."""
    path = tmp_path / "m"
    old, new = generate_key(), generate_key()
    a = open_mem(path, old)
    try:
        first = a.add(f"first {SECRET}", sensitive=True)
        with open_mem(path, old) as b:
            b.rotate_key(new)
        with pytest.raises(WrongKeyError, match="another process"):
            a.add("zzz unrelated words", user_id="u2", sensitive=True)
        with pytest.raises(WrongKeyError):
            a.rotate_key(generate_key())  # nor can A rotate from a key the store left
        a.add("a plain note of another user still works", user_id="u3")
    finally:
        a.close()
    assert only_key_that_opens(path, [old, new]) == new
    with open_mem(path, new) as mem:
        assert mem.get(first.id).content == f"first {SECRET}"
        assert mem.verify().clean


# -- a process dying at each step boundary of rotate_key --------------------------------------
DIE = """
import os, sys
from hybridmem import HashEmbedder, HybridMemory
from hybridmem.core.indexing import IndexSync
from hybridmem.privacy import PrivacyConfig, audit, rotation
from hybridmem.store import SQLiteStore

path, old, new, point = sys.argv[1:5]

def die():
    os._exit(9)  # like SIGKILL: no cleanup, no rollback but SQLite's own

def after_first(real):
    calls = []
    def wrapped(*args, **kwargs):
        out = real(*args, **kwargs)
        calls.append(1)
        die()
    return wrapped

if point == "staging":  # the first copy re-sealed, the others not
    rotation.reseal_copy = after_first(rotation.reseal_copy)
elif point == "staged":  # every copy staged, the live store not touched
    rotation._switch_live = lambda *a, **k: die()
elif point == "in-transaction":  # rows re-sealed, not committed
    real_append = audit.append
    def append(store, **kw):
        if kw.get("action") == "rotate_key":
            die()
        return real_append(store, **kw)
    audit.append = append
elif point == "committed":  # the live store switched, no copy replaced
    rotation._switch_live = after_first(rotation._switch_live)
elif point == "placing":  # one copy replaced
    rotation._put_in_place = after_first(rotation._put_in_place)
elif point == "placed":  # every copy replaced, index metadata not refreshed
    IndexSync.sync_metadata = lambda *a, **k: die()
elif point == "compacting":
    SQLiteStore.compact = lambda *a, **k: die()
mem = HybridMemory(path, embedder=HashEmbedder(32),
                   privacy=PrivacyConfig(key=old, key_env="HM_TEST_NOKEY"))
mem.rotate_key(new)
print("not killed", flush=True)
"""

BEFORE_COMMIT = ("staging", "staged", "in-transaction")
AFTER_COMMIT = ("committed", "placing", "placed", "compacting")


@pytest.mark.parametrize("point", BEFORE_COMMIT + AFTER_COMMIT)
def test_rotate_key_killed_at_each_step_leaves_one_key_everywhere(tmp_path, point):
    path = tmp_path / "m"
    old, new = generate_key(), generate_key()
    with open_mem(path, old) as mem:
        a = mem.add(f"a {SECRET}", sensitive=True)
        mem.checkpoint()
        b = mem.add(f"b {SECRET}", sensitive=True)
        mem.checkpoint()
        mem.restore()  # a moved-aside store: a third copy to re-seal
        c = mem.add(f"c {SECRET}", sensitive=True)
    run = subprocess.run(
        [sys.executable, "-c", DIE, str(path), old, new, point],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 9, run.stdout + run.stderr
    expected = old if point in BEFORE_COMMIT else new
    assert only_key_that_opens(path, [old, new]) == expected
    with open_mem(path, expected) as mem:
        report = mem.verify()
        assert report.clean, report.summary()
        assert {mem.get(n.id).content for n in (a, b, c)} == {f"{x} {SECRET}" for x in "abc"}
        copies = sorted(path.glob("snapshots/snap-*.sqlite3"))
        copies += sorted(path.glob("memory.sqlite3.before-restore-*[0-9a-f]"))
        assert len(copies) == 3
        assert {copy_key_id(p) for p in copies} == {fid(expected)}
        assert sorted(path.rglob("*.rekey-*")) == []
        for snap in mem.snapshots():
            mem.restore(snap)
            assert mem.get(a.id).content == f"a {SECRET}"
        mem.rotate_key(generate_key())  # and the next rotation goes through


def test_the_rotation_commits_with_a_full_fsync_whatever_the_durability(tmp_path, monkeypatch):
    """The switch must survive a power cut before the re-sealed copies replace the old ones:
    ``synchronous = FULL`` for its commit, the store's own setting (``normal``) after."""
    from hybridmem.privacy import audit

    path = tmp_path / "m"
    old, new = generate_key(), generate_key()
    seen: list[int] = []
    real = audit.append

    def spy(store, **kw):
        if kw.get("action") == "rotate_key":
            seen.append(store.conn.execute("PRAGMA synchronous").fetchone()[0])
        return real(store, **kw)

    with open_mem(path, old) as mem:
        mem.add(f"a {SECRET}", sensitive=True)
        mem.checkpoint()
        monkeypatch.setattr(audit, "append", spy)
        mem.rotate_key(new)
        assert seen == [2]  # FULL
        assert mem.store.conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
