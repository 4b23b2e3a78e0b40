"""Tamper evidence: node rows and op-log rows edited behind hybridmem's back are refused or
found by ``verify()``; hybridmem's own rewrites (erase, rotate_key, restore) are not
(issue 11, defect 16)."""

from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.store import DB_FILE
from hybridmem.store.tamper import TRIGGERS


def open_mem(path, key=None) -> HybridMemory:
    return HybridMemory(
        path, embedder=HashEmbedder(32), privacy=PrivacyConfig(key=key, key_env="HM_NOKEY")
    )


def fill(path, key=None) -> list[str]:
    with open_mem(path, key) as mem:
        task = mem.add("pay the invoice", node_type="task")
        note = mem.add("the invoice is 120 EUR", parent_id=task.id)
        secret = mem.add("card ends in 4242", parent_id=task.id, sensitive=key is not None)
        assert mem.verify().clean
        return [task.id, note.id, secret.id]


def digest(path):
    return hashlib.sha256((path / DB_FILE).read_bytes()).hexdigest()


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE nodes SET content = 'the invoice is 12 EUR' WHERE content LIKE '%120%'",
        "UPDATE oplog SET payload = '{}' WHERE seq = 2",
        "DELETE FROM nodes WHERE content LIKE '%120%'",
        "DELETE FROM oplog WHERE seq = 3",
        "INSERT INTO oplog(op, node_id, user_id, payload, at) VALUES ('add', 'x', 'u', '{}', 'y')",
    ],
)
def test_an_edit_from_another_sqlite_client_is_refused(tmp_path, edit):
    path = tmp_path / "m"
    fill(path)
    before = digest(path)
    conn = sqlite3.connect(path / DB_FILE)
    with pytest.raises(sqlite3.OperationalError, match="hm_row_mac"):
        conn.execute(edit)
    conn.close()
    assert digest(path) == before
    with open_mem(path) as mem:
        assert mem.verify().clean


def test_an_edit_after_dropping_the_guards_is_found_by_verify(tmp_path):
    path = tmp_path / "m"
    ids = fill(path)
    conn = sqlite3.connect(path / DB_FILE)
    for name in TRIGGERS:
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute("UPDATE nodes SET content = 'the invoice is 12 EUR' WHERE id = ?", (ids[1],))
    payload = json.loads(conn.execute("SELECT payload FROM oplog WHERE seq = 2").fetchone()[0])
    payload["importance"] = 1.0
    conn.execute("UPDATE oplog SET payload = ? WHERE seq = 2", (json.dumps(payload),))
    conn.commit()
    conn.close()
    with open_mem(path) as mem:
        report = mem.verify()
    assert not report.clean
    assert f"node {ids[1]}" in report.tampered and "op #2" in report.tampered
    assert any(t.startswith("trigger nodes_mac_update") for t in report.tampered)
    assert "tampered" in report.summary()


def test_hybridmems_own_rewrites_keep_the_row_hashes(tmp_path):
    path = tmp_path / "m"
    key = generate_key()
    ids = fill(path, key)
    with open_mem(path, key) as mem:
        snap = mem.checkpoint()
        mem.update(ids[1], content="the invoice is 130 EUR")
        mem.move(ids[2], new_parent_id=mem.root().id)
        mem.add("another user", user_id="other")
        mem.erase(user_id="other")
        new = generate_key()
        mem.rotate_key(new)
        assert mem.verify().tampered == ()
    with open_mem(path, new) as mem:
        mem.restore(snap)
        report = mem.verify()
        assert report.clean and report.tampered == (), report.summary()


def test_a_store_from_before_the_row_hashes_gets_them_on_open(tmp_path):
    path = tmp_path / "m"
    ids = fill(path)
    conn = sqlite3.connect(path / DB_FILE)
    for name in TRIGGERS:
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute("ALTER TABLE nodes DROP COLUMN mac")
    conn.execute("ALTER TABLE oplog DROP COLUMN mac")
    conn.execute("PRAGMA user_version = 5")
    conn.commit()
    conn.close()
    with open_mem(path) as mem:
        assert mem.verify().clean
        assert mem.get(ids[1]).content == "the invoice is 120 EUR"
