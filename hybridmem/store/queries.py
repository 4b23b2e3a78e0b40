"""SQL text both tree stores build the same way, up to the driver's placeholder (``?`` for
sqlite3, ``%s`` for psycopg): one builder, so the two backends cannot drift apart."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from hybridmem.clock import to_iso


def audit_select(
    columns: str,
    mark: str,
    *,
    user_id: str | None = None,
    node_id: str | None = None,
    actor: str | None = None,
    action: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    after_seq: int | None = None,
    limit: int | None = None,
) -> tuple[str, list[Any]]:
    """The audit-log query for entries (after ``after_seq``) matching every given filter
    (``since <= at < until``), oldest first, and its parameters."""
    clauses: list[str] = []
    params: list[Any] = []
    if after_seq is not None:
        clauses.append(f"seq > {mark}")
        params.append(after_seq)
    for column, value in (
        ("user_id", user_id),
        ("node_id", node_id),
        ("actor", actor),
        ("action", action),
    ):
        if value is not None:
            clauses.append(f"{column} = {mark}")
            params.append(value)
    if since is not None:
        clauses.append(f"at >= {mark}")
        params.append(to_iso(since))
    if until is not None:
        clauses.append(f"at < {mark}")
        params.append(to_iso(until))
    sql = f"SELECT {columns} FROM audit_log"
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    sql += " ORDER BY seq"
    if limit is not None:
        sql += f" LIMIT {mark}"
        params.append(limit)
    return sql, params
