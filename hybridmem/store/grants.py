"""The port of the grants between a user's agents (issue 33): what the grant and revoke op
appliers write and what the permission check reads, per call (no cache: a revoke written by
another process holds on this one's next call). Both stores implement it with the queries of
:mod:`hybridmem.store.sql.grants`; :class:`~hybridmem.store.port.TreeStore` includes it."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from hybridmem.models import Grant


class GrantBook(Protocol):
    """The grants table."""

    def insert_grant(self, grant: Grant, seq: int, at: datetime) -> None:
        """Store a grant (inside the caller's transaction; the same id replaces it)."""
        ...

    def delete_grant(self, grant_id: str, user_id: str) -> None:
        """Drop a grant of ``user_id`` (inside the caller's transaction)."""
        ...

    def delete_user_grants(self, user_id: str) -> None:
        """Drop every grant of ``user_id``."""
        ...

    def grants_of(self, user_id: str, agent_id: str | None = None) -> list[Grant]:
        """The user's grants (held by, given from or given by ``agent_id`` when named)."""
        ...

    def grants_to(self, user_id: str, agent_id: str) -> list[Grant]:
        """The grants ``agent_id`` holds."""
        ...

    def get_grant(self, grant_id: str) -> Grant | None:
        """One grant by id, or None."""
        ...
