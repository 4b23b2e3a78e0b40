"""Privacy x recovery: encrypted writes replay from the op log, erasure survives a restore."""

from __future__ import annotations

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.testing.checks import consistency, find_bytes

MARK = "Quillfernbast"


def open_mem(path, key) -> HybridMemory:
    return HybridMemory(
        path, embedder=HashEmbedder(64), privacy=PrivacyConfig(key=key, key_env="HM_TEST_NOKEY")
    )


def test_restore_replays_encrypted_writes(tmp_path):
    key = generate_key()
    path = tmp_path / "m"
    with open_mem(path, key) as mem:
        task = mem.add("task", node_type="task", user_id="u1")
        before = mem.add(f"before {MARK}", user_id="u1", parent_id=task.id, sensitive=True)
        snap = mem.checkpoint()
        after = mem.add(f"after {MARK}", user_id="u1", parent_id=task.id, sensitive=True)
        mem.update(before.id, content=f"edited {MARK}")
        report = mem.restore(snap)
        assert report.ops_replayed >= 2
        assert mem.get(after.id).content == f"after {MARK}" and mem.get(after.id).sensitive
        assert mem.get(before.id).content == f"edited {MARK}"
        assert consistency(mem).ok
    assert find_bytes(path / "memory.sqlite3", MARK) == []


def test_erased_user_stays_erased_after_restore(tmp_path):
    key = generate_key()
    path = tmp_path / "m"
    with open_mem(path, key) as mem:
        mem.add(f"victim {MARK}", user_id="victim")
        kept = mem.add("bystander", user_id="other")
        snap = mem.checkpoint()
        mem.add(f"victim later {MARK}", user_id="victim", sensitive=True)
        mem.erase(user_id="victim")
        assert find_bytes(path, MARK, hnsw_counted_only=True) == []
        mem.restore(snap)  # snapshot (scrubbed) + replay of the scrubbed log, erase included
        assert mem.root(user_id="victim") is None
        assert mem.get(kept.id).content == "bystander"
        assert consistency(mem).ok
    found = [p for p in find_bytes(path, MARK) if "before-restore" not in p.name]
    assert found == []


def test_erase_after_restore_scrubs_the_store_moved_aside(tmp_path):
    path = tmp_path / "m"
    with open_mem(path, generate_key()) as mem:
        mem.add(f"victim {MARK}", user_id="victim")
        snap = mem.checkpoint()
        mem.add(f"victim again {MARK}", user_id="victim")
        mem.restore(snap)  # the replaced store (with the text) is kept aside
        assert any("before-restore" in p.name for p in find_bytes(path, MARK))
        report = mem.erase(user_id="victim")
        assert report.snapshots_scrubbed >= 2  # the snapshot and the aside copy
    assert find_bytes(path, MARK, hnsw_counted_only=True) == []
