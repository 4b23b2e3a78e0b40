"""Which tree store a memory location names: a path is SQLite, a URL is PostgreSQL."""

from __future__ import annotations

from pathlib import Path

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(target: str | Path) -> bool:
    """True for ``postgresql://...`` / ``postgres://...`` (a :class:`Path` never is one)."""
    return isinstance(target, str) and target.lower().startswith(POSTGRES_SCHEMES)


def redact(target: str | Path) -> str:
    """The location for messages and logs: a URL without its password."""
    if not is_postgres_url(target):
        return str(target)
    from hybridmem.store.postgres import describe

    return "postgresql://" + describe(str(target))
