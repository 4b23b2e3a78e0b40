"""The PostgreSQL tree store (psycopg 3): for many agents on many hosts sharing one tree.

Install with the ``postgres`` extra (``pip install 'hybridmem[postgres]'``).
"""

from __future__ import annotations

from hybridmem.store.postgres.store import PostgresStore, describe

__all__ = ["PostgresStore", "describe"]
