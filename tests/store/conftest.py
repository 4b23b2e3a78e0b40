"""Fixtures shared by the store tests."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from hybridmem import HashEmbedder, HybridMemory


@pytest.fixture
def two(pg_url, chroma_srv, clock) -> Iterator[tuple[HybridMemory, HybridMemory]]:
    """Two PostgreSQL memories (actors a and b) on one database and one Chroma collection."""
    collection = f"t-{uuid.uuid4().hex[:12]}"
    opened = [
        HybridMemory(
            pg_url,
            embedder=HashEmbedder(64),
            clock=clock,
            chroma=chroma_srv,
            collection=collection,
            actor=name,
        )
        for name in ("a", "b")
    ]
    try:
        yield opened[0], opened[1]
    finally:
        for mem in opened:
            mem.close()
