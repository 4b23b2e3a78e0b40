"""The rows of a SQLite store's tables in a fixed order: what the tests that compare two stores
(or one store before and after a run) byte for byte read."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from pathlib import Path

MAINTAINED = {"nodes": "id", "active_nodes": "user_id", "oplog": "seq"}
"""The tables maintenance writes, each with the column it is ordered by."""


def store_tables(
    path: Path, tables: Mapping[str, str] = MAINTAINED
) -> dict[str, list[tuple[object, ...]]]:
    """Every row of ``tables`` (table -> the column to order by) of the store at ``path``."""
    con = sqlite3.connect(path / "memory.sqlite3")
    try:
        return {
            table: con.execute(f"SELECT * FROM {table} ORDER BY {order}").fetchall()
            for table, order in tables.items()
        }
    finally:
        con.close()
