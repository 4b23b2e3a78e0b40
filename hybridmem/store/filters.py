"""Filtered node reads: ``get_all``'s listing and retrieval's candidate filter, in SQL.

A :class:`~hybridmem.filters.NodeFilter` (validated in :mod:`hybridmem.filters`) is compiled
to a WHERE fragment over ``json_type`` / ``json_extract`` of the ``metadata`` column. Types are
compared explicitly (``json_type``) so that, as in :func:`hybridmem.filters.matches`, ``true``
never equals ``1`` and ``"2"`` never equals ``2``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from hybridmem.filters import All, AnyOf, Condition, Where
from hybridmem.store.base import SQLiteBase
from hybridmem.store.sql.filters import FilterQueries

_NUMBER = "('integer', 'real')"


def _json_path(path: tuple[str, ...]) -> str:
    # Keys are validated to hold no '"' (filters._KEY_PART), so quoting cannot be escaped.
    # A label is written as the key is in the stored JSON text (json.dumps escapes a backslash
    # as two): SQLite 3.40 compares a label with the key's raw text, so a bare "a\\" matched
    # nothing (issue 35; tests/store/test_filters.py checks it against the installed SQLite).
    return "$" + "".join(f'."{p.replace(chr(92), chr(92) * 2)}"' for p in path)


_HOLDS_NUL = "instr(replace({column} -> ?, '\\\\', ''), '\\u0000') = 0"
"""The JSON text of the value holds no NUL escape: every escaped backslash pair is dropped
first, so the literal text backslash-u0000 (stored as two backslashes, then u0000) passes."""


def _equal_sql(column: str, path: str, value: Any) -> tuple[str, list[Any]]:
    """The JSON value at ``path`` has the type of ``value`` and equals it."""
    kind = f"json_type({column}, ?)"
    if value is None:
        return f"{kind} = 'null'", [path]
    if isinstance(value, bool):
        return f"{kind} = '{'true' if value else 'false'}'", [path]
    if isinstance(value, int | float):
        return f"({kind} IN {_NUMBER} AND json_extract({column}, ?) = ?)", [path, path, value]
    # json_extract cuts text at a NUL ("alice\\u0000mallory" would equal "alice"); NUL is
    # refused in metadata now, but a store written before may hold one (issue 35).
    exact = _HOLDS_NUL.format(column=column)
    return (
        f"({kind} = 'text' AND json_extract({column}, ?) = ? AND {exact})",
        [path, path, value, path],
    )


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
    if cond.op in ("$in", "$nin"):
        return _in_sql(column, path, cond.value, negate=cond.op == "$nin")
    body, params = _equal_sql(column, path, cond.value)
    if cond.op == "$ne":
        # A missing key (json_type NULL) makes the equality NULL: count that as "not equal".
        return f"(NOT IFNULL(({body}), 0))", params
    return f"({body})", params


def _in_sql(
    column: str, path: str, values: Sequence[Any], *, negate: bool
) -> tuple[str, list[Any]]:
    """``$in``/``$nin``: the list is bound once as JSON and read with ``json_each``, so a list
    of thousands of values is one parameter, not an OR chain deeper than SQLite's expression
    limit (issue 35). Each value's JSON type picks the typed equality of :func:`_equal_sql`."""
    sql = (
        "EXISTS (SELECT 1 FROM json_each(?) AS w WHERE CASE "
        f"WHEN w.type IN {_NUMBER} THEN json_type({column}, ?) IN {_NUMBER} "
        f"AND json_extract({column}, ?) = w.value "
        f"WHEN w.type = 'text' THEN json_type({column}, ?) = 'text' "
        f"AND json_extract({column}, ?) = w.value AND {_HOLDS_NUL.format(column=column)} "
        f"ELSE json_type({column}, ?) = w.type END)"
    )
    params = [json.dumps(list(values)), path, path, path, path, path, path]
    return (f"(NOT {sql})" if negate else sql), params


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
