"""Key rotation and the copies of a store: snapshots and moved-aside stores follow the key, so
a restore after ``rotate_key`` gives a store the current key opens (issue 11, defect 1)."""

from __future__ import annotations

import sqlite3

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.errors import RecoveryError
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.privacy.crypto import KEY_ID_META, key_fingerprint, parse_key
from hybridmem.testing.checks import find_bytes

SECRET = "Vorlumbrik"


def open_mem(path, key) -> HybridMemory:
    return HybridMemory(
        path, embedder=HashEmbedder(32), privacy=PrivacyConfig(key=key, key_env="HM_TEST_NOKEY")
    )


def copy_key_id(path) -> str | None:
    conn = sqlite3.connect(path)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (KEY_ID_META,)).fetchone()
        return row[0] if row else None
    finally:
        conn.close()


@pytest.mark.parametrize("head_sealed", [False, True])
def test_restore_of_a_snapshot_taken_before_rotate_key_opens_with_the_new_key(
    tmp_path, head_sealed
):
    path = tmp_path / "m"
    old, new = generate_key(), generate_key()
    with open_mem(path, old) as mem:
        early = mem.add(f"early {SECRET}", sensitive=True)
        if not head_sealed:
            mem.add("plain")
        first = mem.checkpoint()
        late = mem.add(f"late {SECRET}", sensitive=True)
        second = mem.checkpoint()
        mem.rotate_key(new)
        after = mem.add(f"after {SECRET}", sensitive=True)
        # Every copy follows the key: no ciphertext of the old key is left anywhere.
        for snap in (first, second):
            assert copy_key_id(snap.path) == key_fingerprint(parse_key(new))
        report = mem.restore(first)
        assert report.ops_replayed >= 2
        assert mem.get(early.id).content == f"early {SECRET}"
        assert mem.get(late.id).content == f"late {SECRET}"
        assert mem.get(after.id).content == f"after {SECRET}"
    with open_mem(path, new) as mem:
        assert mem.get(early.id).content == f"early {SECRET}"
        assert mem.get(after.id).content == f"after {SECRET}"
        mem.restore(second, to_seq=second.seq)
        assert mem.get(late.id).content == f"late {SECRET}"
        mem.rotate_key(generate_key())  # every stored ciphertext is under the current key
    assert find_bytes(path, SECRET, hnsw_counted_only=True) == []


def test_a_snapshot_under_another_key_is_refused_by_restore(tmp_path):
    """A copy the rotation could not re-seal (e.g. made by an older hybridmem): refused,
    naming the key, instead of a store that neither key opens."""
    path = tmp_path / "m"
    old, new = generate_key(), generate_key()
    with open_mem(path, old) as mem:
        mem.add(f"early {SECRET}", sensitive=True)
        snap = mem.checkpoint()
        keep = snap.path.read_bytes()
        mem.rotate_key(new)
        snap.path.write_bytes(keep)  # the old-key copy comes back
        with pytest.raises(RecoveryError, match=key_fingerprint(parse_key(old))):
            mem.restore(snap)
        assert mem.store.node_count() == 2


def test_index_entries_follow_the_rotated_content_hash(tmp_path):
    """Index entries carry the (keyed) content hash in their metadata: after a rotation,
    verify() finds no stale entry."""
    path = tmp_path / "m"
    old, new = generate_key(), generate_key()
    with open_mem(path, old) as mem:
        for i in range(5):
            mem.add(f"secret {i} {SECRET}", sensitive=True)
        mem.rotate_key(new)
        report = mem.verify(full=True)
        assert report.clean, report.summary()
