"""The chat store the decisions tests share: a real SQLite + Chroma store in ``tmp_path`` with
multilingual-e5 and a clock set to the test module's ``START``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder


@pytest.fixture
def chat(
    request: pytest.FixtureRequest, tmp_path: Path, e5: Embedder
) -> Iterator[tuple[HybridMemory, FakeClock]]:
    clock = FakeClock(request.module.START)
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        yield mem, clock
