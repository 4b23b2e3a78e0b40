"""Filtered node reads: ``get_all``'s listing and retrieval's candidate filter, in SQL.

A :class:`~hybridmem.filters.NodeFilter` (validated in :mod:`hybridmem.filters`) is compiled
to a WHERE fragment over ``json_type`` / ``json_extract`` of the ``metadata`` column. Types are
compared explicitly (``json_type``) so that, as in :func:`hybridmem.filters.matches`, ``true``
never equals ``1`` and ``"2"`` never equals ``2``.
"""

from __future__ import annotations

from typing import Any

from hybridmem.filters import All, AnyOf, Condition, Where
from hybridmem.store.base import SQLiteBase
from hybridmem.store.sql.filters import FilterQueries

_NUMBER = "('integer', 'real')"


def _json_path(path: tuple[str, ...]) -> str:
    # Keys are validated to hold no '"' (filters._KEY_PART), so quoting cannot be escaped.
    return "$" + "".join(f'."{p}"' for p in path)


def _equal_sql(column: str, path: str, value: Any) -> tuple[str, list[Any]]:
    """The JSON value at ``path`` has the type of ``value`` and equals it."""
    kind = f"json_type({column}, ?)"
    if value is None:
        return f"{kind} = 'null'", [path]
    if isinstance(value, bool):
        return f"{kind} = '{'true' if value else 'false'}'", [path]
    want = f"IN {_NUMBER}" if isinstance(value, int | float) else "= 'text'"
    return f"({kind} {want} AND json_extract({column}, ?) = ?)", [path, path, value]


def _condition_sql(cond: Condition, column: str) -> tuple[str, list[Any]]:
    path = _json_path(cond.path)
    if cond.op == "$exists":
        return f"(json_type({column}, ?) IS {'NOT ' if cond.value else ''}NULL)", [path]
    if cond.op in ("$gt", "$gte", "$lt", "$lte"):
        sign = {"$gt": ">", "$gte": ">=", "$lt": "<", "$lte": "<="}[cond.op]
        want = f"IN {_NUMBER}" if isinstance(cond.value, int | float) else "= 'text'"
        return (
            f"(json_type({column}, ?) {want} AND json_extract({column}, ?) {sign} ?)",
            [path, path, cond.value],
        )
    values = cond.value if cond.op in ("$in", "$nin") else (cond.value,)
    parts: list[str] = []
    params: list[Any] = []
    for value in values:
        sql, extra = _equal_sql(column, path, value)
        parts.append(sql)
        params.extend(extra)
    body = " OR ".join(parts)
    if cond.op in ("$ne", "$nin"):
        # A missing key (json_type NULL) makes the equality NULL: count that as "not equal".
        return f"(NOT IFNULL(({body}), 0))", params
    return f"({body})", params


def where_sql(where: Where, column: str = "n.metadata") -> tuple[str, list[Any]]:
    """A WHERE fragment and its parameters testing ``column`` (JSON text) against ``where``."""
    if isinstance(where, Condition):
        return _condition_sql(where, column)
    joiner = " AND " if isinstance(where, All) else " OR "
    assert isinstance(where, All | AnyOf)
    fragments: list[str] = []
    params: list[Any] = []
    for part in where.parts:
        sql, extra = where_sql(part, column)
        fragments.append(sql)
        params.extend(extra)
    return "(" + joiner.join(fragments) + ")", params


class NodeFilters(FilterQueries, SQLiteBase):
    """Reads narrowed by node type and metadata filter (:class:`FilterQueries`), the metadata
    tested with SQLite's JSON functions."""

    def _where_sql(self, where: Where, column: str) -> tuple[str, list[Any]]:
        return where_sql(where, column)
