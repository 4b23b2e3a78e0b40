"""A sealed memory's text stays out of the metadata, which is stored in clear in its row and in
its op (its history): the write planner used to keep the clause that states a change
("I sold my car") as ``metadata["committed_clause"]`` for sensitive memories too, so a piece of
the sealed text sat in clear in the SQLite file and in ``history``. Checked by grepping the raw
files, the way erasure is tested. Real SQLite and Chroma in tmp_path, time injected."""

from __future__ import annotations

import json
from pathlib import Path

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.privacy import PrivacyConfig, generate_key

SAID = "I sold my Zorbacar, I ride the Quixbus now, the traffic was awful"


def _raw(path: Path, needle: str) -> list[str]:
    return [str(p) for p in path.rglob("*") if p.is_file() and needle.encode() in p.read_bytes()]


def _open(path: Path, clock, **privacy) -> HybridMemory:
    return HybridMemory(
        path, embedder=HashEmbedder(64), clock=clock, privacy=PrivacyConfig(**privacy)
    )


def test_the_clause_of_a_change_is_kept_for_plain_memories_only(tmp_path, clock):
    with _open(tmp_path / "m", clock, key=generate_key()) as mem:
        plain = mem.add(SAID, user_id="u1", node_type="fact")
        # The rule under test exists: a plain memory keeps the clause it found.
        assert "Zorbacar" in plain.metadata.get("committed_clause", "")
        secret = mem.add(
            SAID.replace("Zorbacar", "Vexmobile"), user_id="u2", sensitive=True, node_type="fact"
        )
        assert mem.get(secret.id, user_id="u2").content.startswith("I sold my Vexmobile")
        assert "committed_clause" not in secret.metadata
        history = json.dumps([r.payload for r in mem.history(secret.id)])
        assert "Vexmobile" not in history and "Quixbus" not in history
        mem.checkpoint()  # the snapshot copies rows as stored
    assert _raw(tmp_path / "m", "Vexmobile") == []
    assert _raw(tmp_path / "m", "Zorbacar") != []  # the plain one, as written


def test_a_store_sealing_everything_keeps_no_clause(tmp_path, clock):
    with _open(tmp_path / "m", clock, key=generate_key(), encrypt_all=True) as mem:
        node = mem.add(SAID, user_id="u1", node_type="fact")
        assert "committed_clause" not in node.metadata
    assert _raw(tmp_path / "m", "Zorbacar") == []
