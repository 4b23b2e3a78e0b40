"""The WAL is checkpointed by a background thread (store/wal.py): a large write's pages reach
the main file without a caller waiting, an explicit truncation still empties the WAL, and a
close leaves the store whole and the WAL gone."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.index import InMemoryIndex
from hybridmem.store.wal import BACKSTOP_PAGES

DB = "memory.sqlite3"


def _batch(k: int, n: int) -> list[dict[str, str]]:
    return [{"content": f"note {k}-{i}: the parcel went to warehouse {i % 37}"} for i in range(n)]


def _share_in_main_file(path: Path) -> float:
    """The share of the store's pages the main file holds (the rest are only in the WAL)."""
    conn = sqlite3.connect(path / DB)
    try:
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        size = conn.execute("PRAGMA page_size").fetchone()[0]
    finally:
        conn.close()
    return (path / DB).stat().st_size / (pages * size)


def test_a_large_write_reaches_the_main_file_in_the_background(tmp_path):
    path = tmp_path / "m"
    with HybridMemory(path, embedder=HashEmbedder(32), index=InMemoryIndex()) as mem:
        store = mem.engine.store
        for k in range(3):
            mem.add_many(_batch(k, 400))
        store.checkpoints_idle()
        # The writer's own automatic checkpoint is far above what these batches wrote, so
        # only the background thread can have copied the WAL into the main file (all but the
        # last small commits, which stay below its threshold).
        frames = (path / f"{DB}-wal").stat().st_size // 4096
        assert frames < BACKSTOP_PAGES
        assert _share_in_main_file(path) > 0.9
        assert len(mem.get_all()) == 1200


def test_truncation_and_close_beside_the_background_checkpoint(tmp_path):
    path = tmp_path / "m"
    index = InMemoryIndex()
    with HybridMemory(path, embedder=HashEmbedder(32), index=index) as mem:
        for k in range(3):
            mem.add_many(_batch(k, 400))
            # What erasure relies on: the WAL emptied even while a checkpoint was asked for.
            assert mem.engine.store.checkpoint_wal()
            assert (path / f"{DB}-wal").stat().st_size == 0
        mem.add_many(_batch(9, 400))  # closed right after: a checkpoint may be running
    assert not (path / f"{DB}-wal").exists()
    with HybridMemory(path, embedder=HashEmbedder(32), index=index) as mem:
        assert len(mem.get_all()) == 1600
        assert mem.verify().clean
