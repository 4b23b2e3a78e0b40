"""Grants between a user's agents (issue 33): one table, written by the ``grant``/``revoke``
op appliers and read per call by the permission check (no cache: a revoke written by another
process holds on this one's next call).

The SQL is written once for both stores (``MARK`` is the driver's placeholder, as in
:mod:`hybridmem.store.queries`); the table itself is created by SQLite's ``m014_grants`` and
PostgreSQL's ``m008_grants`` migrations.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

from hybridmem.clock import from_iso, to_iso
from hybridmem.models import Grant
from hybridmem.store.records import Readers

GRANT_COLUMNS = (
    "id, user_id, to_agent, perms, from_agent, subtree, shared, by_agent, created_at, seq"
)

SQLITE_TABLE = """
CREATE TABLE IF NOT EXISTS grants (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    to_agent TEXT NOT NULL,
    perms TEXT NOT NULL,
    from_agent TEXT,
    subtree TEXT,
    shared INTEGER NOT NULL DEFAULT 0,
    by_agent TEXT,
    created_at TEXT NOT NULL,
    seq INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_grants_user_agent ON grants(user_id, to_agent);
"""
"""The grants table in SQLite (m014)."""

POSTGRES_TABLE = """
CREATE TABLE IF NOT EXISTS grants (
    id TEXT COLLATE "C" PRIMARY KEY,
    user_id TEXT COLLATE "C" NOT NULL,
    to_agent TEXT COLLATE "C" NOT NULL,
    perms TEXT NOT NULL,
    from_agent TEXT COLLATE "C",
    subtree TEXT COLLATE "C",
    shared INTEGER NOT NULL DEFAULT 0,
    by_agent TEXT COLLATE "C",
    created_at TEXT NOT NULL,
    seq BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_grants_user_agent ON grants(user_id, to_agent);
"""
"""The grants table in PostgreSQL (m008)."""


def readers_sql(readers: Readers, alias: str, mark: str) -> tuple[str, list[Any]]:
    """A WHERE fragment (placeholders ``mark``) keeping ``alias``'s rows that ``readers`` may
    read: one OR of the agent list, the shared rows and each granted subtree's path range."""
    ors: list[str] = []
    params: list[Any] = []
    if readers.shared:
        ors.append(f"{alias}.agent_id IS NULL")
    if readers.agents:
        ors.append(f"{alias}.agent_id IN ({', '.join([mark] * len(readers.agents))})")
        params.extend(readers.agents)
    for node_id, prefix in readers.subtrees:
        ors.append(f"(({alias}.path >= {mark} AND {alias}.path < {mark}) OR {alias}.id = {mark})")
        params.extend([prefix, prefix + "\uffff", node_id])
    return ("(" + " OR ".join(ors) + ")" if ors else "1 = 0"), params


def grant_of(row: dict[str, Any]) -> Grant:
    """A grants row as a :class:`Grant`."""
    return Grant(
        id=row["id"],
        user_id=row["user_id"],
        to_agent=row["to_agent"],
        perms=row["perms"],
        from_agent=row["from_agent"],
        subtree=row["subtree"],
        shared=bool(row["shared"]),
        by_agent=row["by_agent"],
        created_at=from_iso(row["created_at"]),
    )


class SharedGrants:
    """Grant rows, for both stores: each store class sets ``MARK`` and provides ``_rows`` and
    ``conn`` (writes run inside the caller's transaction)."""

    MARK: ClassVar[str]

    if TYPE_CHECKING:
        conn: Any

        def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]: ...

    def insert_grant(self, grant: Grant, seq: int, at: datetime) -> None:
        """Store ``grant`` (inside the caller's transaction); the same id again replaces it,
        so a replayed op leaves one row."""
        m = self.MARK
        self.conn.execute(f"DELETE FROM grants WHERE id = {m}", [grant.id])
        self.conn.execute(
            f"INSERT INTO grants({GRANT_COLUMNS}) VALUES ({', '.join([m] * 10)})",
            [
                grant.id,
                grant.user_id,
                grant.to_agent,
                grant.perms,
                grant.from_agent,
                grant.subtree,
                int(grant.shared),
                grant.by_agent,
                to_iso(at),
                seq,
            ],
        )

    def delete_grant(self, grant_id: str, user_id: str) -> None:
        """Drop a grant of ``user_id`` (inside the caller's transaction); nothing if none."""
        m = self.MARK
        self.conn.execute(
            f"DELETE FROM grants WHERE id = {m} AND user_id = {m}", [grant_id, user_id]
        )

    def delete_user_grants(self, user_id: str) -> None:
        """Drop every grant of ``user_id`` (a whole user erased)."""
        self.conn.execute(f"DELETE FROM grants WHERE user_id = {self.MARK}", [user_id])

    def grants_of(self, user_id: str, agent_id: str | None = None) -> list[Grant]:
        """The grants of ``user_id`` (held by or given from ``agent_id`` when named), oldest
        first."""
        m = self.MARK
        sql = f"SELECT {GRANT_COLUMNS} FROM grants WHERE user_id = {m}"
        params: list[Any] = [user_id]
        if agent_id is not None:
            sql += f" AND (to_agent = {m} OR from_agent = {m} OR by_agent = {m})"
            params += [agent_id] * 3
        return [grant_of(r) for r in self._rows(sql + " ORDER BY seq", params)]

    def grants_to(self, user_id: str, agent_id: str) -> list[Grant]:
        """The grants ``agent_id`` holds (one indexed read: what a permission check costs)."""
        m = self.MARK
        sql = (
            f"SELECT {GRANT_COLUMNS} FROM grants WHERE user_id = {m} AND to_agent = {m} "
            "ORDER BY seq"
        )
        return [grant_of(r) for r in self._rows(sql, [user_id, agent_id])]

    def get_grant(self, grant_id: str) -> Grant | None:
        """One grant by id, or None."""
        rows = self._rows(f"SELECT {GRANT_COLUMNS} FROM grants WHERE id = {self.MARK}", [grant_id])
        return grant_of(rows[0]) if rows else None
