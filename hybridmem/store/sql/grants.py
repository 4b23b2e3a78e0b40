"""Grants between a user's agents (issue 33), written once for both stores: one table, written
by the ``grant``/``revoke`` op appliers and read per call by the permission check (no cache: a
revoke written by another process holds on this one's next call), and the read-set fragment
every scoped node query adds (:func:`readers_sql`).

The table itself is each backend's own (SQLite's ``m015_grants``, PostgreSQL's
``m008_grants``, which also makes its snapshot twin).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from hybridmem.clock import from_iso, to_iso
from hybridmem.models import Grant
from hybridmem.store.records import Readers
from hybridmem.store.sql.access import SqlAccess
from hybridmem.store.sql.dialect import Dialect

GRANT_COLUMNS = (
    "id, user_id, to_agent, perms, from_agent, subtree, shared, by_agent, created_at, seq"
)


def readers_sql(d: Dialect, readers: Readers, alias: str) -> tuple[str, list[Any]]:
    """A WHERE fragment (in ``d``'s placeholders) keeping ``alias``'s rows that ``readers`` may
    read: one OR of the agent list, the shared rows and each granted subtree's path range."""
    m = d.q("?")
    ors: list[str] = []
    params: list[Any] = []
    if readers.shared:
        ors.append(f"{alias}.agent_id IS NULL")
    if readers.agents:
        among, among_params = d.among(f"{alias}.agent_id", readers.agents)
        ors.append(among)
        params.extend(among_params)
    for node_id, prefix in readers.subtrees:
        ors.append(f"(({alias}.path >= {m} AND {alias}.path < {m}) OR {alias}.id = {m})")
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


class GrantQueries(SqlAccess):
    """The grant rows of both stores (writes run inside the caller's transaction)."""

    def insert_grant(self, grant: Grant, seq: int, at: datetime) -> None:
        """Store ``grant`` (inside the caller's transaction); the same id again replaces it,
        so a replayed op leaves one row."""
        q = self.D.q
        self._exec(q("DELETE FROM grants WHERE id = ?"), [grant.id])
        self._exec(
            q(f"INSERT INTO grants({GRANT_COLUMNS}) VALUES ({', '.join(['?'] * 10)})"),
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
        self._exec(self.D.q("DELETE FROM grants WHERE id = ? AND user_id = ?"), [grant_id, user_id])

    def delete_user_grants(self, user_id: str) -> None:
        """Drop every grant of ``user_id`` (a whole user erased)."""
        self._exec(self.D.q("DELETE FROM grants WHERE user_id = ?"), [user_id])

    def grants_of(self, user_id: str, agent_id: str | None = None) -> list[Grant]:
        """The grants of ``user_id`` (held by or given from ``agent_id`` when named), oldest
        first."""
        sql = f"SELECT {GRANT_COLUMNS} FROM grants WHERE user_id = ?"
        params: list[Any] = [user_id]
        if agent_id is not None:
            sql += " AND (to_agent = ? OR from_agent = ? OR by_agent = ?)"
            params += [agent_id] * 3
        return [grant_of(r) for r in self._rows(self.D.q(sql + " ORDER BY seq"), params)]

    def grants_to(self, user_id: str, agent_id: str) -> list[Grant]:
        """The grants ``agent_id`` holds (one indexed read: what a permission check costs)."""
        sql = f"SELECT {GRANT_COLUMNS} FROM grants WHERE user_id = ? AND to_agent = ? ORDER BY seq"
        return [grant_of(r) for r in self._rows(self.D.q(sql), [user_id, agent_id])]

    def get_grant(self, grant_id: str) -> Grant | None:
        """One grant by id, or None."""
        rows = self._rows(self.D.q(f"SELECT {GRANT_COLUMNS} FROM grants WHERE id = ?"), [grant_id])
        return grant_of(rows[0]) if rows else None
