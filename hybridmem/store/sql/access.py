"""What the shared queries need of a store's connection: the seam between the SQL written once
(:mod:`hybridmem.store.sql`) and each backend's plumbing (``store/base.py``,
``store/postgres/base.py``), which implements every member here."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, ClassVar

from hybridmem.models import MemoryNode
from hybridmem.store.sql.dialect import Dialect


class SqlAccess:
    """Connection plumbing the shared query mixins call; each backend's base class overrides
    every method (the bodies here only say so)."""

    D: ClassVar[Dialect]
    """The backend's spelling, fixed per class."""

    def transaction(self, user_id: str | None = None) -> AbstractContextManager[None]:
        """One write transaction (nested: a savepoint), of ``user_id``'s nodes or spanning
        users (None)."""
        raise NotImplementedError

    def reading(self) -> AbstractContextManager[None]:
        """Reads that must not interleave with this connection's other threads' writes."""
        raise NotImplementedError

    def _refused(self, what: str) -> AbstractContextManager[None]:
        """The backend's refusal of a write as :class:`~hybridmem.errors.StoreWriteError`."""
        raise NotImplementedError

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows as dicts (the statement in the driver's placeholders)."""
        raise NotImplementedError

    def _tuples(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows as tuples."""
        raise NotImplementedError

    def _exec(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run one statement whose result nobody reads."""
        raise NotImplementedError

    def _exec_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement once per parameter row."""
        raise NotImplementedError

    def _node(self, row: dict[str, Any]) -> MemoryNode:
        """A node row as a node, sensitive content opened."""
        raise NotImplementedError

    def _nodes(self, sql: str, params: Sequence[Any] = ()) -> list[MemoryNode]:
        """The nodes a ``SELECT {NODE_COLUMNS}`` reads, sensitive content opened."""
        raise NotImplementedError

    def _raw_nodes(self, sql: str, params: Sequence[Any] = ()) -> list[MemoryNode]:
        """The nodes a ``SELECT {NODE_COLUMNS}`` reads, content as stored."""
        raise NotImplementedError

    def _as_read(self, nodes: list[MemoryNode]) -> list[MemoryNode]:
        """Nodes built from their rows as a read shows them (SQLite adds the uses it
        deferred; a store that defers nothing returns them as they are)."""
        return nodes
