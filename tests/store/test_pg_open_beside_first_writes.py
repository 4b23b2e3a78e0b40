"""A process opening a new PostgreSQL store while others write its first memories opens it,
instead of taking the vectors they wrote for another store's.

An open refuses a store with no op at all whose collection holds vectors (the SQLite file
lost, or the collection another store's). On PostgreSQL the op log reads empty to a reader
while the first write of the store is still in flight (``last_seq`` stops below it), though
other writers' nodes and vectors are committed: four writer processes opening one new store
were refused 1 run in 30 (``tests/store/test_pg_user_writers.py``). The write in flight is
held open in a plain psycopg session (its announcement, as a writer's transaction holds it);
a real throwaway PostgreSQL cluster and a real Chroma server.
"""

from __future__ import annotations

import uuid

import psycopg
import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.store.postgres.base import IN_FLIGHT_BASE

pytestmark = pytest.mark.postgres


def test_an_open_beside_a_first_write_in_flight_is_not_refused(pg_url, chroma_srv, clock):
    collection = f"t-{uuid.uuid4().hex[:12]}"

    def opened(actor: str) -> HybridMemory:
        return HybridMemory(
            pg_url,
            embedder=HashEmbedder(64),
            clock=clock,
            chroma=chroma_srv,
            collection=collection,
            actor=actor,
        )

    with psycopg.connect(pg_url, autocommit=True) as writer:
        # A writer that started after op 0 and has not committed yet.
        writer.execute("BEGIN")
        writer.execute("SELECT pg_advisory_xact_lock_shared(%s)", (IN_FLIGHT_BASE,))
        with opened("a") as first:
            node = first.add("the store's first memory", user_id="u")
            assert first.store.last_seq() == 0  # the op log reads empty beside the write
            with opened("b") as second:  # refused before: "has no history but its index..."
                assert second.store.get(node.id) is not None
        writer.execute("ROLLBACK")
