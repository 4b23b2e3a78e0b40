"""Fixtures of the retrieval tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.models import MemoryNode


@pytest.fixture
def lunch(tmp_path: Path, clock: FakeClock) -> Iterator[MemoryNode]:
    """A stored memory to copy nodes from with ``dataclasses.replace`` (the sealed-memory rule
    reads ids, content, flags and slots)."""
    with HybridMemory(tmp_path / "lunch", embedder=HashEmbedder(64), clock=clock) as m:
        yield m.add("lunch with the team at noon", user_id="u1")
