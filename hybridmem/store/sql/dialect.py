"""What differs between the two SQL backends' spelling of the same query, and nothing else.

The queries of :mod:`hybridmem.store.sql` are written once, with ``?`` placeholders, against a
:class:`Dialect`: the way a statement binds a list (``IN (?,?)`` for SQLite, ``= ANY(%s)`` for
PostgreSQL), reads a JSON key, hints an index, or tests "not equal, NULL included". Each store
class names its dialect once (``D = SQLITE`` / ``D = POSTGRES``); every choice is a constant or
a small function picked then, so a query costs no more than the hand-written one did. Like
chromadb's ``SqlDB`` declaring ``parameter_format()`` and ``SqliteDB`` filling it.

What truly differs stays with each backend: schema and migrations, lexical search (FTS5 vs a
``tsvector`` column), snapshots and copies, tamper triggers, connection and transactions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from hybridmem.store.records import ERASED_KEY
from hybridmem.store.schema import AWAITING, SEALED, SETTLED, WAITING_ELSE


def _sqlite_in(column: str, values: Sequence[Any]) -> tuple[str, list[Any]]:
    return f"{column} IN ({','.join('?' * len(values))})", list(values)


def _pg_in(column: str, values: Sequence[Any]) -> tuple[str, list[Any]]:
    return f"{column} = ANY(%s)", [list(values)]


def _sqlite_is(column: str, value: Any) -> tuple[str, list[Any]]:
    return f"{column} IS ?", [value]


def _pg_is(column: str, value: Any) -> tuple[str, list[Any]]:
    # "= %s" / "IS NULL", not IS NOT DISTINCT FROM: PostgreSQL serves only the former from an
    # index, and the repeat check runs once per new node.
    return (f"{column} IS NULL", []) if value is None else (f"{column} = %s", [value])


def _same(sql: str) -> str:
    return sql


def _percent(sql: str) -> str:
    return sql.replace("?", "%s")


@dataclass(frozen=True)
class Dialect:
    """One backend's spelling. Queries are written with ``?``; :meth:`q` rewrites them to the
    driver's placeholder."""

    name: str
    q: Callable[[str], str]
    """A statement written with ``?`` placeholders in this driver's placeholders (so a shared
    statement never uses ``?`` otherwise, e.g. as PostgreSQL's jsonb key test, nor ``%``
    outside its parameters)."""
    among: Callable[[str, Sequence[Any]], tuple[str, list[Any]]]
    """``column`` is one of ``values``: the fragment and its parameters."""
    equals: Callable[[str, Any], tuple[str, list[Any]]]
    """``column`` equals ``value``, NULL equal to NULL."""
    chunk: int | None
    """Most values one list parameter may carry (SQLite's bound on parameters); None: any."""
    no_limit: int | None
    """How ``LIMIT ?`` spells "no limit"."""
    hint: str
    """Prefix keeping a column off its index (SQLite's unary ``+``: without statistics SQLite
    would walk every node of a user on the user_id index); empty where the planner knows."""
    is_not: str
    """NULL-safe "differs from" (``IS NOT`` / ``IS DISTINCT FROM``)."""
    least: str
    """The two-argument minimum (``min`` / ``LEAST``)."""
    contains: str
    """``{}`` holds the text searched, the needle is the next parameter (``instr`` /
    ``strpos``)."""
    not_scrubbed: str
    """An op-log row's payload an erasure did not scrub."""
    awaiting: str
    """A waiting challenger of a conflict group, in the words of its partial index."""
    settled: str
    """An active group member that is not a waiting challenger."""
    waiting_else: str
    """A member awaiting confirmation in a live status other than active."""
    said_since: str
    """A member said again at or after the time ``{}`` holds: an entry of its
    ``metadata.provenance`` (the repeat merge, ``evolution.write.repeats``) at that time or
    later, as :func:`hybridmem.core.evolution_marks.last_mentioned` reads it."""
    sealed: str
    """A sealed (sensitive) row, in the words of its partial index."""
    split_type_reads: bool
    """Read newest-first pools one node type at a time (SQLite sorted every active node of
    the types of one IN list before its LIMIT; PostgreSQL merges the index scans)."""

    def chunks(self, items: Sequence[Any]) -> Iterator[list[Any]]:
        """``items`` in lists this backend can bind at once (none when empty)."""
        if self.chunk is None:
            if items:
                yield list(items)
            return
        for lo in range(0, len(items), self.chunk):
            yield list(items[lo : lo + self.chunk])


SQLITE = Dialect(
    name="sqlite",
    q=_same,
    among=_sqlite_in,
    equals=_sqlite_is,
    chunk=500,
    no_limit=-1,
    hint="+",
    is_not="IS NOT",
    least="min",
    contains="instr({}, ?) > 0",
    not_scrubbed=f"coalesce(json_extract(payload, '$.{ERASED_KEY}'), 0) != 1",
    # The partial indexes' own words (store/schema.py), so the planner uses them.
    awaiting=AWAITING,
    settled=SETTLED,
    waiting_else=WAITING_ELSE,
    # ``instr`` first: most rows were never repeated, and the test spares parsing their JSON
    # (a quarter of the read's cost at 1,000 members); ``fullkey`` keeps a provenance that is
    # not a list of objects from failing the read.
    said_since=(
        "instr(metadata, '\"provenance\"') > 0 AND EXISTS (SELECT 1 FROM json_each(metadata, "
        "'$.provenance') AS said WHERE json_extract(metadata, said.fullkey || '.at') >= {})"
    ),
    sealed=SEALED,
    split_type_reads=True,
)

POSTGRES = Dialect(
    name="postgres",
    q=_percent,
    among=_pg_in,
    equals=_pg_is,
    chunk=None,
    no_limit=None,
    hint="",
    is_not="IS DISTINCT FROM",
    least="LEAST",
    contains="strpos({}, ?) > 0",
    not_scrubbed=f"(payload::jsonb -> '{ERASED_KEY}') IS DISTINCT FROM 'true'::jsonb",
    awaiting="status = 'active' AND (metadata::jsonb ->> 'awaiting') = 'confirmation'",
    settled=(
        "status = 'active' AND (metadata::jsonb ->> 'awaiting') IS DISTINCT FROM 'confirmation'"
    ),
    waiting_else=(
        "status NOT IN ('active', 'archived') AND (metadata::jsonb ->> 'awaiting') = 'confirmation'"
    ),
    said_since=(
        "strpos(metadata, '\"provenance\"') > 0 AND "
        "CASE WHEN jsonb_typeof(metadata::jsonb -> 'provenance') = 'array' THEN EXISTS ("
        "SELECT 1 FROM jsonb_array_elements(metadata::jsonb -> 'provenance') AS said(e) "
        "WHERE (said.e ->> 'at') COLLATE \"C\" >= {}) ELSE false END"
    ),
    sealed="sensitive = 1",
    split_type_reads=False,
)
