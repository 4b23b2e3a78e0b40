"""The engine's labels of a node (speech act, its confidence, how the slot was found) live in
``MemoryNode.marks``, not in the caller's ``metadata``; stores written before keep working."""

from __future__ import annotations

import json
import sqlite3

import pytest

from hybridmem import HybridMemory
from hybridmem.errors import InvalidArgumentError
from hybridmem.models import MARK_NAMES, MARKS_KEY, split_marks, stored_metadata
from hybridmem.store import DB_FILE, tamper


def test_the_planners_labels_are_marks_not_metadata(tmp_path):
    with HybridMemory(tmp_path / "m", embedder="hash") as mem:
        fact = mem.add("I live in Berlin.", node_type="fact", user_id="u1", metadata={"k": 1})
        asked = mem.add("Do I like green tea?", node_type="fact", user_id="u1")
        for node in (fact, mem.get(fact.id)):
            assert node.metadata.get("k") == 1
            assert MARK_NAMES.isdisjoint(node.metadata) and MARKS_KEY not in node.metadata
            assert node.marks["speech_act"] == "assertion"
        assert mem.get(asked.id).marks["speech_act"] == "question"
        shown = mem.get(fact.id).to_dict()
        assert shown["marks"]["speech_act"] == "assertion" and "speech_act" not in shown["metadata"]
        # a caller's update of the metadata keeps the engine's marks
        mem.update(fact.id, metadata={"k": 2}, user_id="u1")
        again = mem.get(fact.id)
        assert again.metadata["k"] == 2 and again.marks == fact.marks


@pytest.mark.parametrize("key", [MARKS_KEY, *sorted(MARK_NAMES)])
def test_a_callers_metadata_may_not_use_the_engines_names(tmp_path, key):
    with (
        HybridMemory(tmp_path / "m", embedder="hash") as mem,
        pytest.raises(InvalidArgumentError, match="reserved"),
    ):
        mem.add("note", user_id="u1", metadata={key: "x"})


def test_a_legacy_payload_reads_with_its_labels_moved():
    legacy = {"slot": "user.residence", "speech_act": "assertion", "slot_via": "rule:home"}
    meta, marks = split_marks(legacy)
    assert meta == {"slot": "user.residence"}
    assert marks == {"speech_act": "assertion", "slot_via": "rule:home"}
    assert split_marks(stored_metadata(meta, marks)) == (meta, marks)
    assert legacy["speech_act"] == "assertion"  # the input is not changed


def test_migration_moves_the_keys_of_an_older_store(tmp_path):
    """A row as an older hybridmem stored it (labels in the metadata, schema version 15) is
    rewritten on open: labels under the marks key, the row hash renewed, verify() clean."""
    path = tmp_path / "m"
    with HybridMemory(path, embedder="hash") as mem:
        fact = mem.add("I live in Berlin.", node_type="fact", user_id="u1", metadata={"k": 1})
        marks = dict(fact.marks)
    legacy = json.dumps({"k": 1, **marks}, ensure_ascii=False)
    conn = sqlite3.connect(path / DB_FILE, isolation_level=None)
    tamper.register(conn)  # hybridmem's own function: the row-hash trigger keeps the mac
    conn.execute("UPDATE nodes SET metadata = ? WHERE id = ?", (legacy, fact.id))
    conn.execute("PRAGMA user_version = 15")
    conn.close()
    with HybridMemory(path, embedder="hash") as mem:
        node = mem.get(fact.id)
        assert node.metadata == {"k": 1} and node.marks == marks
        report = mem.verify()
        assert report.clean, report.summary()
    conn = sqlite3.connect(path / DB_FILE)
    (stored,) = conn.execute("SELECT metadata FROM nodes WHERE id = ?", (fact.id,)).fetchone()
    conn.close()
    assert json.loads(stored) == {"k": 1, MARKS_KEY: marks}
