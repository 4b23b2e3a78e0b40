"""A full disk or a failing index: a committed write is reported committed (its vector
catches up later), a refused one raises a project error and left nothing, and no raw
``sqlite3`` exception escapes (issue 11, defect 12)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.errors import IndexUnavailableError, StoreFullError
from hybridmem.index import InMemoryIndex


class FlakyIndex(InMemoryIndex):
    """An index whose writes fail while ``down`` (a full disk under Chroma, a lost server)."""

    down = False

    def upsert(self, *args, **kwargs):
        if self.down:
            raise IndexUnavailableError("Chroma upsert failed: database or disk is full")
        return super().upsert(*args, **kwargs)

    def update_metadata(self, *args, **kwargs):
        if self.down:
            raise IndexUnavailableError("Chroma update failed: database or disk is full")
        return super().update_metadata(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if self.down:
            raise IndexUnavailableError("Chroma delete failed: database or disk is full")
        return super().delete(*args, **kwargs)


def test_a_write_whose_vector_fails_is_reported_committed_and_caught_up(tmp_path):
    index = FlakyIndex()
    path = tmp_path / "m"
    with HybridMemory(path, embedder=HashEmbedder(32), index=index) as mem:
        keep = mem.add("indexed before the disk filled")
        index.down = True
        added = mem.add("written while the index cannot be")  # no exception: it committed
        batch = mem.add_many([{"content": "one in a batch"}, {"content": "two in a batch"}])
        mem.update(keep.id, content="changed while the index is down")
        mem.delete(batch[0].id)
        assert mem.engine.index_lag and "disk is full" in mem.engine.index_lag
        assert mem.get(added.id).content == "written while the index cannot be"
        assert len(mem.oplog()) == len(mem.oplog(since=0))  # nothing duplicated
        assert mem.verify().pending  # the vectors are owed, and verify says so
        index.down = False
    with HybridMemory(path, embedder=HashEmbedder(32), index=index) as mem:
        assert mem.open_report.finished_pending >= 3
        report = mem.verify()
        assert report.clean, report.summary()
        assert [o.op for o in mem.oplog()].count("add") == 5  # root + 4, each once


FULL_DISK = textwrap.dedent(
    """
    import json, resource, signal, sys
    from hybridmem import HashEmbedder, HybridMemory
    from hybridmem.errors import HybridMemError
    mem = HybridMemory(sys.argv[1], embedder=HashEmbedder(32))
    mem.add("before the limit")
    # A file size limit is a full disk this process can make without root.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[2]), resource.RLIM_INFINITY))
    for i in range(150):
        try:
            node = mem.add(f"note {i} " + "y" * 2000)
            print(json.dumps({"i": i, "ack": node.id}), flush=True)
        except HybridMemError as exc:
            print(json.dumps({"i": i, "error": type(exc).__name__}), flush=True)
        except Exception as exc:
            print(json.dumps({"i": i, "raw": f"{type(exc).__name__}: {exc}"}), flush=True)
    try:
        mem.close()
    except Exception as exc:
        print(json.dumps({"raw": f"close: {type(exc).__name__}: {exc}"}), flush=True)
    """
)


def test_a_full_disk_refuses_writes_with_a_project_error_and_loses_nothing(tmp_path):
    path = tmp_path / "m"
    done = subprocess.run(
        [sys.executable, "-c", FULL_DISK, str(path), str(2_000_000)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) >= 150, done.stderr[-2000:]
    raw = [line["raw"] for line in lines if "raw" in line]
    assert raw == [], raw[:3]
    acked = {line["i"]: line["ack"] for line in lines if "ack" in line}
    refused = [line["i"] for line in lines if "error" in line]
    assert acked and refused, "the limit should have refused some writes and taken others"
    assert {line["error"] for line in lines if "error" in line} == {StoreFullError.__name__}
    with HybridMemory(path, embedder=HashEmbedder(32)) as mem:
        contents = {n.content.split(" ")[1] for n in mem.store.scan_nodes() if "note" in n.content}
        assert set(acked.values()) <= set(mem.store.all_ids())  # every acknowledged write
        assert not {str(i) for i in refused} & contents  # and nothing of a refused one
        report = mem.verify()
        assert report.clean, report.summary()


def test_a_change_the_index_entry_does_not_hold_needs_no_index(tmp_path):
    """Reinforcing a memory (its importance, mentions, renewal) changes nothing its index
    entry holds: while the index is down it is neither owed nor a failure. A change of status
    is owed until the index is back, and then the entry carries it."""
    index = FlakyIndex()
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(32), index=index) as mem:
        first = mem.add("Bought oat milk", user_id="u1")
        old = mem.add("I live in Shanghai.", node_type="fact", user_id="u1", confidence=0.5)
        index.down = True
        again = mem.add("Bought oat milk", user_id="u1")  # an exact repeat: reinforces
        assert again.id == first.id and mem.get(first.id).importance > first.importance
        assert mem.engine.index_lag is None
        assert mem.verify().pending == ()
        mem.add("I live in Beijing now.", node_type="fact", user_id="u1", confidence=1.0)
        assert mem.get(old.id).status == "archived"
        assert mem.engine.index_lag and old.id in mem.verify().pending
        assert index.get_metadata([old.id])[old.id]["user_status"] == "u1|active"
        index.down = False
        mem.repair()
        assert mem.verify().clean
        assert index.get_metadata([old.id])[old.id]["user_status"] == "u1|archived"
        hits = mem.retrieve("where do I live", user_id="u1").hits
        assert old.id not in {h.node.id for h in hits}


def test_a_node_whose_vector_failed_gets_it_when_a_later_change_syncs_it(tmp_path):
    """A fact written while the index was down has no entry. When a later fact supersedes it
    (a metadata sync of the old one, before any catch-up), its entry is written rather than
    assumed: it is marked indexed only with its vector there, and verify is clean."""
    index = FlakyIndex()
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(32), index=index) as mem:
        mem.add("Bought oat milk", user_id="u1")
        index.down = True
        old = mem.add("I live in Shanghai.", node_type="fact", user_id="u1", confidence=0.5)
        index.down = False
        assert old.id not in index.get_ids()
        mem.add("I live in Beijing now.", node_type="fact", user_id="u1", confidence=1.0)
        assert mem.get(old.id).status == "archived"
        assert index.get_metadata([old.id])[old.id]["user_status"] == "u1|archived"
        assert mem.verify().clean
