"""Derived writes (a node's vector beside its row, its indexed mark, its use statistics) never
deadlock with a writer of the same nodes: they wait for a row only while holding none.

A derived write follows another process's commit and takes no user's lock, so it meets the
writer of the same user at the rows. The writer locks a node, then (deleting it) the node's
vector row through the foreign key's cascade; a derived write used to upsert the vector row
first and mark the node after, and the two waited for each other until PostgreSQL cancelled
one (``tests/store/test_pg_user_writers.py`` failed 1 run in 3). Here the interleaving is
forced: the writer holds the node while the derived write starts, and deletes it once the
derived write waits. A real throwaway PostgreSQL cluster, the in-memory vector index; no
sleeps (a third session watches for the wait).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import psycopg
import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.index import InMemoryIndex
from hybridmem.store.postgres import PostgresStore

pytestmark = pytest.mark.postgres


def waiting_for_a_lock(url: str, pid: int) -> None:
    """Return once the session ``pid`` waits for a lock (asked from a third session)."""
    with psycopg.connect(url, autocommit=True) as watcher:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            row = watcher.execute(
                "SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", (pid,)
            ).fetchone()
            if row and row[0] == "Lock":
                return
        raise AssertionError("the derived write never waited for the writer's row")


def in_thread(work: Callable[[], None]) -> tuple[threading.Thread, list[BaseException]]:
    failures: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as exc:  # reported by the test, not lost in the thread
            failures.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, failures


def vector_rows(url: str) -> int:
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT count(*) FROM node_vectors").fetchone()
        return int(row[0]) if row else 0


def test_indexing_a_node_again_while_its_writer_deletes_it_does_not_deadlock(pg_url, clock):
    embedder = HashEmbedder(64)
    with HybridMemory(pg_url, embedder=embedder, clock=clock, index=InMemoryIndex()) as mem:
        node = mem.add("a note its writer is about to delete", user_id="u")
        before = vector_rows(pg_url)  # the note's and its user's root's, kept when indexed
        vector = embedder.embed([node.content])
        store = mem.store
        indexer = PostgresStore(pg_url)  # another process catching up the node's entry
        try:
            with store.transaction("u"):  # type: ignore[call-arg]
                store.update_node(node.id, {"importance": 0.9})  # type: ignore[attr-defined]
                assert store.get(node.id) is not None  # a read: the update and its lock are sent
                thread, failures = in_thread(
                    lambda: indexer.record_indexed([node], vector, embedder.name)
                )
                waiting_for_a_lock(pg_url, indexer.conn.info.backend_pid)
                # The cascade reaches the vector row: the old derived write held it here.
                store.delete_nodes([node.id])  # type: ignore[attr-defined]
            thread.join(timeout=60)
        finally:
            indexer.close()
        assert not thread.is_alive() and failures == []
        assert store.get(node.id) is None and vector_rows(pg_url) == before - 1


def test_a_derived_write_writes_the_rows_nobody_holds_at_once(pg_url, clock):
    """Rows a writer holds are written after it commits; the others do not wait for it."""
    embedder = HashEmbedder(64)
    with HybridMemory(pg_url, embedder=embedder, clock=clock, index=InMemoryIndex()) as mem:
        held = mem.add("held by its writer", user_id="u")
        free = mem.add("nobody writes this one", user_id="v")
        store = mem.store
        toucher = PostgresStore(pg_url)
        try:
            with store.transaction("u"):  # type: ignore[call-arg]
                store.update_node(held.id, {"importance": 0.9})  # type: ignore[attr-defined]
                assert store.get(held.id) is not None
                thread, failures = in_thread(
                    lambda: toucher.touch([held.id, free.id, free.id], clock())
                )
                waiting_for_a_lock(pg_url, toucher.conn.info.backend_pid)
                # The free row is counted already (committed), the held one not yet.
                with psycopg.connect(pg_url, autocommit=True) as look:
                    counts = dict(look.execute("SELECT id, access_count FROM nodes").fetchall())
                assert counts[free.id] == free.access_count + 2
                assert counts[held.id] == held.access_count
            thread.join(timeout=60)
        finally:
            toucher.close()
        assert not thread.is_alive() and failures == []
        after = store.get_many([held.id, free.id])
        assert after[held.id].access_count == held.access_count + 1
        assert after[free.id].access_count == free.access_count + 2
