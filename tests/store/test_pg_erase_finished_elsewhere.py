"""An erase that asked not to compact is finished without compaction by whichever process
finishes it: another writer's catch-up must not rebuild the shared Chroma collection.

The rebuild deletes the collection and creates it again under the same name while every other
process writes to it: their calls met ``Collection [...] does not exist`` (reported by the
server as ``Error in compaction``) or ``Missing metadata segment``, and what they wrote
between the copy and the delete was lost. In the random mix of four writers
(``tests/store/test_pg_user_writers.py``, erasures with ``compact=False``) every erasure
finished by another writer rebuilt the collection: 16 deletes of it in one run, and a writer
failed 1 run in 18. Two memories on one PostgreSQL database and one collection of a real
Chroma server (``two``, tests/store/conftest.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from hybridmem.errors import IndexUnavailableError

pytestmark = pytest.mark.postgres


def collection_id(mem: Any) -> str:
    inner = getattr(mem.index, "inner", mem.index)
    return str(inner.collection.id)


def test_an_uncompacted_erase_finished_by_another_writer_keeps_the_collection(two, monkeypatch):
    a, b = two
    kept = a.add("a note that stays", user_id="u")
    doomed = a.add("a note to erase", user_id="u")
    before = collection_id(b)

    def unavailable(ids: Any) -> None:
        raise IndexUnavailableError("Chroma delete failed: the server went away")

    # The eraser commits, then cannot reach the index: its catch-up, or another's, finishes.
    monkeypatch.setattr(a.index, "delete", unavailable)
    report = a.erase(doomed.id, compact=False)
    assert report.vectors_pending
    monkeypatch.undo()

    b.add("another writer's note", user_id="v")  # its catch-up finishes the erasure
    assert b.verify().pending_erasures == ()
    ids = b.index.get_ids()
    assert doomed.id not in ids and kept.id in ids
    assert collection_id(b) == collection_id(a) == before  # not rebuilt under the writers
