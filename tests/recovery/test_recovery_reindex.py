"""Changing the embedding model: the store opens with one of the two models whatever moment
a re-index dies at, and the advice it gives can be followed (issue 11, defect 7)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.errors import EmbedderMismatchError
from hybridmem.index.chroma import ChromaIndex

OLD, NEW = 32, 48


def fill(path: Path, n: int = 30) -> list[str]:
    with HybridMemory(path, embedder=HashEmbedder(OLD)) as mem:
        task = mem.add("invoice task", node_type="task")
        ids = [mem.add(f"receipt number {i} for the claim", parent_id=task.id).id for i in range(n)]
        mem.add("a secret note", sensitive=False)
        return [task.id, *ids]


def collections(mem: HybridMemory) -> set[str]:
    return mem.index.inner.collection_names()  # type: ignore[attr-defined]


def opens_with_one_model(path: Path, ids: list[str]) -> int:
    """Open with whichever model the store records; check it is whole; return its dims."""
    for dims in (OLD, NEW):
        try:
            mem = HybridMemory(path, embedder=HashEmbedder(dims))
        except EmbedderMismatchError as exc:
            assert "reindex=True" in str(exc)
            continue
        with mem:
            report = mem.verify()
            assert report.clean, report.summary()
            assert set(ids) <= set(mem.store.all_ids())
            assert len(collections(mem)) == 1, collections(mem)
            hits = mem.retrieve("receipt number 7", task_id=ids[0])
            assert any(h.node.id == ids[8] for h in hits.hits)
        return dims
    raise AssertionError("the store opens with neither model")


def test_reindex_switches_collections_and_keeps_one(tmp_path):
    path = tmp_path / "m"
    ids = fill(path)
    with HybridMemory(path, embedder=HashEmbedder(NEW), reindex=True) as mem:
        assert mem.store.get_meta("embedder") == HashEmbedder(NEW).name
        assert mem.verify().clean
    assert opens_with_one_model(path, ids) == NEW
    with HybridMemory(path, embedder=HashEmbedder(OLD), reindex=True) as mem:  # and back
        assert mem.verify().clean
    assert opens_with_one_model(path, ids) == OLD


@pytest.mark.parametrize("stage", ["building", "dropping"])
def test_a_reindex_dying_at_either_side_of_the_switch(tmp_path, monkeypatch, stage):
    path = tmp_path / "m"
    ids = fill(path)

    class Died(BaseException):
        pass

    real_upsert, real_drop = ChromaIndex.upsert, ChromaIndex.drop_collection

    def dying_upsert(self, *args, **kwargs):
        if self.name.endswith(".reindex"):
            real_upsert(self, *args, **kwargs)
            raise Died
        return real_upsert(self, *args, **kwargs)

    def dying_drop(self, name):
        raise Died

    if stage == "building":
        monkeypatch.setattr(ChromaIndex, "upsert", dying_upsert)
    else:
        monkeypatch.setattr(ChromaIndex, "drop_collection", dying_drop)
    with pytest.raises(Died):
        HybridMemory(path, embedder=HashEmbedder(NEW), reindex=True)
    monkeypatch.setattr(ChromaIndex, "upsert", real_upsert)
    monkeypatch.setattr(ChromaIndex, "drop_collection", real_drop)
    assert opens_with_one_model(path, ids) == (OLD if stage == "building" else NEW)
    # The advice is followed: re-index again, and it works.
    with HybridMemory(path, embedder=HashEmbedder(NEW), reindex=True) as mem:
        assert mem.verify().clean
    assert opens_with_one_model(path, ids) == NEW


SLOW_REINDEX = """
import sys, time
from hybridmem import HashEmbedder, HybridMemory

class Slow(HashEmbedder):
    def embed(self, texts):
        time.sleep(0.005 * len(texts))
        return super().embed(texts)

print("go", flush=True)
HybridMemory(sys.argv[1], embedder=Slow(int(sys.argv[2])), reindex=True).close()
print("done", flush=True)
"""


def _start(path: Path, dims: int) -> tuple[subprocess.Popen[str], float]:
    proc = subprocess.Popen(
        [sys.executable, "-c", SLOW_REINDEX, str(path), str(dims)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "go"
    return proc, time.monotonic()


@pytest.mark.slow(43)
def test_sigkill_during_reindex_always_leaves_a_store_one_model_opens(tmp_path):
    path = tmp_path / "m"
    ids = fill(path, 300)
    seed = int(os.environ.get("HYBRIDMEM_FAULT_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    # One complete re-index measures how long the window is on this machine now.
    proc, started = _start(path, NEW)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "done"
    window = time.monotonic() - started
    proc.wait()
    current = opens_with_one_model(path, ids)
    seen = []
    for _ in range(4):
        proc, started = _start(path, OLD if current == NEW else NEW)
        time.sleep(rng.uniform(0.5, 1.3) * window)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        current = opens_with_one_model(path, ids)
        seen.append(current)
    print(f"\nreindex kills (seed {seed}, window {window:.1f} s): models after each: {seen}")
