"""Filtered node reads in PostgreSQL: the same methods and results as
:mod:`hybridmem.store.filters`.

The ``metadata`` column is JSON text; each test reads it as ``jsonb``. Types are compared
explicitly (``jsonb_typeof``), as in :func:`hybridmem.filters.matches`; ordered comparisons
sit in a ``CASE`` so a value of another type is never cast, and strings compare by code
point (``COLLATE "C"``), like SQLite and Python.
"""

from __future__ import annotations

import json
from typing import Any

from hybridmem.filters import All, Condition, Where
from hybridmem.store.postgres.base import PgBase
from hybridmem.store.sql.filters import FilterQueries

_SIGNS = {"$gt": ">", "$gte": ">=", "$lt": "<", "$lte": "<="}


def _condition_sql(cond: Condition, column: str) -> tuple[str, list[Any]]:
    value = f"(({column})::jsonb #> %s)"
    path = list(cond.path)
    if cond.op == "$exists":
        return f"({value} IS {'NOT ' if cond.value else ''}NULL)", [path]
    if cond.op in _SIGNS:
        sign = _SIGNS[cond.op]
        if isinstance(cond.value, int | float):
            test = f"(({column})::jsonb #>> %s)::numeric {sign} %s"
            kind = "number"
        else:
            test = f'(({column})::jsonb #>> %s) COLLATE "C" {sign} %s'
            kind = "string"
        return (
            f"(CASE WHEN jsonb_typeof({value}) = '{kind}' THEN {test} ELSE false END)",
            [path, path, cond.value],
        )
    # jsonb equality is typed: true is not 1, "2" is not 2 (and 1 equals 1.0). A list is one
    # jsonb[] parameter, however long (issue 35: thousands of values).
    if cond.op in ("$in", "$nin"):
        body = f"{value} = ANY(%s::jsonb[])"
        params: list[Any] = [path, [json.dumps(v) for v in cond.value]]
    else:
        body = f"{value} = %s::jsonb"
        params = [path, json.dumps(cond.value)]
    if cond.op in ("$ne", "$nin"):
        return f"(NOT COALESCE(({body}), false))", params
    return f"COALESCE(({body}), false)", params


def where_sql(where: Where, column: str = "n.metadata") -> tuple[str, list[Any]]:
    """A WHERE fragment (``%s`` placeholders) testing ``column`` against ``where``."""
    if isinstance(where, Condition):
        return _condition_sql(where, column)
    joiner = " AND " if isinstance(where, All) else " OR "
    fragments: list[str] = []
    params: list[Any] = []
    for part in where.parts:
        sql, extra = where_sql(part, column)
        fragments.append(sql)
        params.extend(extra)
    return "(" + joiner.join(fragments) + ")", params


class PgNodeFilters(FilterQueries, PgBase):
    """Reads narrowed by node type and metadata filter (:class:`FilterQueries`), the metadata
    read as ``jsonb``."""

    def _where_sql(self, where: Where, column: str) -> tuple[str, list[Any]]:
        return where_sql(where, column)
