"""``verify()`` on PostgreSQL recomputes the row hashes of the rows written since its last clean
check (a row's transaction id says when it was written, and SQL cannot set it); a record it
cannot trust makes it check every row, and ``verify(full=True)`` always does."""

from __future__ import annotations

import psycopg
import pytest

from hybridmem import HybridMemory
from hybridmem.index import InMemoryIndex
from hybridmem.store.postgres.tamper import CHECKED_KEY

pytestmark = pytest.mark.postgres


def _edit_around_the_guard(url: str, node_id: str, content: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("ALTER TABLE nodes DISABLE TRIGGER hm_nodes_mac")
        conn.execute("UPDATE nodes SET content = %s WHERE id = %s", (content, node_id))
        conn.execute("ALTER TABLE nodes ENABLE TRIGGER hm_nodes_mac")


def _record(url: str, value: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("UPDATE meta SET value = %s WHERE key = %s", (value, CHECKED_KEY))


def _system(url: str) -> str:
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT system_identifier FROM pg_control_system()").fetchone()
        assert row is not None
        return str(row[0])


def test_an_edit_after_a_clean_check_is_found_until_it_is_undone(pg_url: str) -> None:
    with HybridMemory(pg_url, embedder="hash", index=InMemoryIndex()) as mem:
        task = mem.add("invoice task", node_type="task")
        note = mem.add("the invoice is 120 EUR", parent_id=task.id)
        assert mem.verify().tampered == ()  # clean: recorded
        _edit_around_the_guard(pg_url, note.id, "the invoice is 12 EUR")
        assert mem.verify().tampered == (f"node {note.id}",)
        assert mem.verify().tampered == (f"node {note.id}",)  # a finding is not recorded
        mem.update(note.id, content="the invoice is 130 EUR")  # its own write re-hashes it
        assert mem.verify().tampered == ()


@pytest.mark.parametrize("record", ["other-cluster", "ahead"])
def test_a_record_it_cannot_trust_makes_verify_check_every_row(pg_url: str, record: str) -> None:
    with HybridMemory(pg_url, embedder="hash", index=InMemoryIndex()) as mem:
        note = mem.add("the invoice is 120 EUR")
        assert mem.verify().tampered == ()
        _edit_around_the_guard(pg_url, note.id, "the invoice is 12 EUR")
        # A record claiming every row up to a far horizon was checked: from another cluster
        # (a restored dump carries it), or ahead of this cluster's transaction ids.
        system = "1" if record == "other-cluster" else _system(pg_url)
        _record(pg_url, f"{system}:{2**40}")
        assert mem.verify().tampered == (f"node {note.id}",)


def test_full_verify_rehashes_rows_the_record_vouches_for(pg_url: str) -> None:
    """What the incremental check trusts: a row not written since the recorded horizon. An
    edit that kept the row's transaction id (only an edit of the data files can) is what
    ``verify(full=True)`` is for; here the record is moved past the edit to stand in for it."""
    with HybridMemory(pg_url, embedder="hash", index=InMemoryIndex()) as mem:
        note = mem.add("the invoice is 120 EUR")
        assert mem.verify().tampered == ()
        _edit_around_the_guard(pg_url, note.id, "the invoice is 12 EUR")
        with psycopg.connect(pg_url, autocommit=True) as conn:
            row = conn.execute("SELECT pg_snapshot_xmax(pg_current_snapshot())::text").fetchone()
        assert row is not None
        _record(pg_url, f"{_system(pg_url)}:{row[0]}")
        assert mem.verify().tampered == ()
        assert mem.verify(full=True).tampered == (f"node {note.id}",)
