"""Which tree store a memory location names: a path is SQLite, a URL is PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from hybridmem.errors import StoreError

if TYPE_CHECKING:
    from hybridmem.store.port import TreeStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(target: str | Path) -> bool:
    """True for ``postgresql://...`` / ``postgres://...`` (a :class:`Path` never is one)."""
    return isinstance(target, str) and target.lower().startswith(POSTGRES_SCHEMES)


def redact(target: str | Path) -> str:
    """The location for messages and logs: a URL without its password."""
    if not is_postgres_url(target):
        return str(target)
    try:
        from hybridmem.store.postgres import describe
    except ImportError:
        return "postgresql://<url>"
    try:
        return "postgresql://" + describe(str(target))
    except StoreError:
        return "postgresql://<invalid url>"


def open_postgres(url: str, *, create: bool = True) -> TreeStore:
    """Connect to the PostgreSQL store at ``url`` (migrating its schema); with ``create=False``
    a database without a hybridmem schema is refused (``StoreNotFoundError``)."""
    try:
        from hybridmem.store.postgres import PostgresStore
    except ImportError as exc:
        raise StoreError(
            f"{redact(url)} names a PostgreSQL store, which needs psycopg 3: "
            f"pip install 'hybridmem[postgres]' ({exc})"
        ) from None
    return PostgresStore(url, create=create)
