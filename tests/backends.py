"""One fixture for both tree stores: a test that asks for ``open_mem`` (or ``mem``) runs on
SQLite + embedded Chroma by default, and on both SQLite and PostgreSQL + a Chroma server in a
module that imports :data:`both_backends`.

``open_mem(name="m", **kwargs)`` opens a :class:`HybridMemory` with ``kwargs``: on SQLite in
``tmp_path / name``; on PostgreSQL in a fresh database of the session's throwaway cluster (one
per ``name``: opening the same name again reopens the same store) with its vectors in a
collection of the session's Chroma server (unless the test passes ``index=``).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import Any

import pytest

from hybridmem import HybridMemory

BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]

OpenMem = Callable[..., HybridMemory]


class Locations:
    """Where each named memory of one test lives on its backend."""

    def __init__(self, backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
        self.backend = backend
        self.tmp_path = tmp_path
        self.request = request
        self.stack = ExitStack()
        self.urls: dict[str, str] = {}
        self.collections: dict[str, str] = {}
        self.admin: Any = None

    def target(self, name: str = "m") -> str | Path:
        """The path or URL of the memory called ``name``."""
        if self.backend == "sqlite":
            return self.tmp_path / name
        if name not in self.urls:
            cluster = self.request.getfixturevalue("pg_cluster")
            self.admin = self.request.getfixturevalue("chroma_admin")  # for the teardown
            migrated = cluster.template("hm_migrated", _migrate)
            self.urls[name] = self.stack.enter_context(cluster.database(migrated))
            self.collections[name] = f"t-{uuid.uuid4().hex[:16]}"
        return self.urls[name]

    def args(self, name: str = "m") -> list[str]:
        """``[target, chroma host:port or "-", collection or "-"]``: how a subprocess opens
        the same memory (tests that kill writers)."""
        target = str(self.target(name))
        if self.backend == "sqlite":
            return [target, "-", "-"]
        server = self.request.getfixturevalue("chroma_srv")
        return [target, f"{server.host}:{server.port}", self.collections[name]]

    def open(self, name: str = "m", **kwargs: Any) -> HybridMemory:
        target = self.target(name)
        if self.backend == "postgres" and "index" not in kwargs:
            kwargs.setdefault("chroma", self.request.getfixturevalue("chroma_srv"))
            kwargs.setdefault("collection", self.collections[name])
        return HybridMemory(target, **kwargs)

    def close(self) -> None:
        # The session's Chroma server would otherwise keep every test's collection in memory.
        for collection in self.collections.values():
            with suppress(Exception):  # a memory never opened has no collection
                self.admin.delete_collection(collection)
        self.stack.close()


def _migrate(url: str) -> None:
    from hybridmem.store.postgres import PostgresStore

    PostgresStore(url).close()


@pytest.fixture(scope="session")
def chroma_admin(chroma_srv: Any) -> Any:
    """One client of the session's Chroma server for housekeeping."""
    import chromadb

    return chromadb.HttpClient(host=chroma_srv.host, port=chroma_srv.port)


@pytest.fixture
def locations(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Locations]:
    found = Locations(backend, tmp_path, request)
    try:
        yield found
    finally:
        found.close()


@pytest.fixture
def open_mem(locations: Locations) -> OpenMem:
    return locations.open


def _param(request: pytest.FixtureRequest) -> str:
    return str(request.param)


both_backends = pytest.fixture(params=BACKENDS, name="backend")(_param)
"""``from tests.backends import both_backends`` in a test module runs its ``open_mem``/``mem``
tests on both stores (it overrides conftest's ``backend``, which is SQLite only)."""


def leftovers(mem: HybridMemory, needle: str) -> list[str]:
    """Where ``needle`` can still be read, case-insensitively: files under a SQLite memory's
    directory (raw bytes; Chroma's HNSW buffer excepted, which this process may rewrite until
    it restarts: docs/architecture.md, "Erasure"), or the tables of a PostgreSQL memory's
    database (every row, as text: what anyone with SQL access could read)."""
    from hybridmem.testing.checks import find_bytes

    if mem.path is not None:
        return [str(p) for p in find_bytes(mem.path, needle) if p.name != "data_level0.bin"]
    import psycopg

    url = mem.store.url  # type: ignore[attr-defined]
    found = []
    with psycopg.connect(url) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            ).fetchall()
        ]
        for table in tables:
            hit = conn.execute(
                f"SELECT 1 FROM {table} t WHERE strpos(lower(t::text), lower(%s)) > 0 LIMIT 1",
                (needle,),
            ).fetchone()
            if hit:
                found.append(table)
    return found
