"""Metadata filters: the ``where=`` of ``get_all`` and ``retrieve``, validated once.

The spec is the one Chroma and mem0 users already write, over a node's ``metadata``::

    {"project": "apollo"}                                  equality
    {"priority": {"$gte": 2}}                              $eq $ne $gt $gte $lt $lte
    {"tag": {"$in": ["a", "b"]}}                           $in $nin (a non-empty list)
    {"reviewed": {"$exists": False}}                       key present or not
    {"$and": [{...}, {...}]}, {"$or": [{...}, {...}]}      combinations (nest freely)

Several keys in one mapping are joined with AND. A key may be a dotted path into nested
metadata (``"source.kind"``). Values are strings, numbers, booleans or None; comparisons are
typed: ``True`` never equals ``1`` and ``"2"`` never equals ``2``; ``$gt``-style operators
take a number or a string (a string compares with strings only). ``$ne`` and ``$nin`` also
match nodes that lack the key (as in MongoDB and mem0). ``None`` as a value matches an
explicit JSON ``null`` only; use ``$exists`` for presence.

:func:`parse_where` turns the user's mapping into a small typed tree (or raises
:class:`~hybridmem.errors.InvalidArgumentError` naming the bad part); the store compiles the
tree to SQL (:mod:`hybridmem.store.filters`) and :func:`matches` evaluates it in Python with
the same semantics, for callers holding nodes already and for tests of the SQL.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hybridmem.errors import InvalidArgumentError
from hybridmem.validation import check_node_type

Scalar = str | int | float | bool | None

COMPARISONS = ("$eq", "$ne", "$gt", "$gte", "$lt", "$lte")
LISTS = ("$in", "$nin")
OPERATORS = (*COMPARISONS, *LISTS, "$exists")
MAX_DEPTH = 8
MAX_CLAUSES = 200
MAX_LIST_VALUES = 10_000
"""Values of all ``$in``/``$nin`` lists of one filter (each list is one SQL parameter)."""
_KEY_PART = re.compile(r"^[^\x00-\x1f\x7f\"$.][^\x00-\x1f\x7f\".]{0,127}$")


@dataclass(frozen=True, slots=True)
class Condition:
    """One test of one metadata key: ``op`` is one of :data:`OPERATORS`."""

    path: tuple[str, ...]
    op: str
    value: Any

    @property
    def key(self) -> str:
        return ".".join(self.path)


@dataclass(frozen=True, slots=True)
class All:
    """Every part must match (``$and``, or several keys in one mapping)."""

    parts: tuple[Where, ...]


@dataclass(frozen=True, slots=True)
class AnyOf:
    """At least one part must match (``$or``)."""

    parts: tuple[Where, ...]


Where = Condition | All | AnyOf


@dataclass(frozen=True, slots=True)
class NodeFilter:
    """What a caller asked to narrow to, beyond the user/task scope: node types and a
    metadata filter. An empty filter (both None) keeps everything."""

    node_types: tuple[str, ...] | None = None
    where: Where | None = None

    @property
    def empty(self) -> bool:
        return self.node_types is None and self.where is None


def parse_where(spec: Any) -> Where | None:
    """Validate a ``where`` mapping; None and ``{}`` mean no filter."""
    if spec is None:
        return None
    if not isinstance(spec, Mapping):
        raise InvalidArgumentError(f"where must be a mapping, got {type(spec).__name__}")
    if not spec:
        return None
    counter = [0, 0]  # conditions, list values
    return _parse(spec, "where", 0, counter)


def _parse(spec: Any, at: str, depth: int, counter: list[int]) -> Where:
    if depth > MAX_DEPTH:
        raise InvalidArgumentError(f"{at}: filters nest at most {MAX_DEPTH} levels deep")
    if not isinstance(spec, Mapping) or not spec:
        raise InvalidArgumentError(f"{at} must be a non-empty mapping, got {spec!r:.80}")
    parts: list[Where] = []
    for key, value in spec.items():
        if not isinstance(key, str):
            raise InvalidArgumentError(f"{at}: keys must be strings, got {key!r:.80}")
        if key in ("$and", "$or"):
            if not isinstance(value, Sequence) or isinstance(value, str | bytes) or not value:
                raise InvalidArgumentError(f"{at}.{key} must be a non-empty list of filters")
            subs = tuple(
                _parse(v, f"{at}.{key}[{i}]", depth + 1, counter) for i, v in enumerate(value)
            )
            parts.append(All(subs) if key == "$and" else AnyOf(subs))
        elif key.startswith("$"):
            raise InvalidArgumentError(
                f"{at}: unknown operator {key!r} at this level (use $and, $or, or a metadata key)"
            )
        else:
            parts.extend(_conditions(_path(key, at), value, f"{at}.{key}", counter))
    return parts[0] if len(parts) == 1 else All(tuple(parts))


def _path(key: str, at: str) -> tuple[str, ...]:
    path = tuple(key.split("."))
    if not all(_KEY_PART.match(p) for p in path):
        raise InvalidArgumentError(
            f"{at}: bad metadata key {key!r:.80} (dotted path of printable names, no quotes, "
            "none starting with '$')"
        )
    return path


def _conditions(path: tuple[str, ...], value: Any, at: str, counter: list[int]) -> list[Where]:
    if not isinstance(value, Mapping):
        return [_condition(path, "$eq", value, at, counter)]
    if not value:
        raise InvalidArgumentError(f"{at} must name at least one operator")
    return [_condition(path, op, v, f"{at}.{op}", counter) for op, v in value.items()]


def _condition(path: tuple[str, ...], op: Any, value: Any, at: str, counter: list[int]) -> Where:
    counter[0] += 1
    if counter[0] > MAX_CLAUSES:
        raise InvalidArgumentError(f"where has more than {MAX_CLAUSES} conditions")
    if op not in OPERATORS:
        raise InvalidArgumentError(f"{at}: unknown operator {op!r}; use one of {list(OPERATORS)}")
    if op == "$exists":
        if not isinstance(value, bool):
            raise InvalidArgumentError(f"{at} takes true or false, got {value!r:.80}")
        return Condition(path, op, value)
    if op in LISTS:
        if not isinstance(value, Sequence) or isinstance(value, str | bytes) or not value:
            raise InvalidArgumentError(f"{at} takes a non-empty list of values")
        counter[1] += len(value)
        if counter[1] > MAX_LIST_VALUES:
            raise InvalidArgumentError(
                f"where's $in/$nin lists hold more than {MAX_LIST_VALUES} values in all"
            )
        return Condition(path, op, tuple(_scalar(v, at) for v in value))
    scalar = _scalar(value, at)
    if op not in ("$eq", "$ne") and (scalar is None or isinstance(scalar, bool)):
        raise InvalidArgumentError(f"{at} compares numbers or strings, got {value!r:.80}")
    return Condition(path, op, scalar)


def _scalar(value: Any, at: str) -> Scalar:
    if isinstance(value, str) and "\x00" in value:
        # No store holds a NUL in metadata (validation.check_metadata): say so rather than
        # let PostgreSQL's jsonb fail on it.
        raise InvalidArgumentError(f"{at}: {value!r:.80} contains a NUL character")
    if isinstance(value, int) and not isinstance(value, bool) and not -(2**63) <= value < 2**63:
        raise InvalidArgumentError(f"{at}: {value} is outside the 64-bit integers stores compare")
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidArgumentError(f"{at}: {value!r} is not a finite number")
        return value
    raise InvalidArgumentError(
        f"{at}: values are strings, numbers, booleans or null, got {type(value).__name__}"
    )


def make_filter(node_types: Any = None, where: Any = None) -> NodeFilter:
    """A validated :class:`NodeFilter` from the public arguments (a type or a list of types)."""
    types: tuple[str, ...] | None = None
    if node_types is not None:
        if isinstance(node_types, str):
            node_types = [node_types]
        if not isinstance(node_types, Sequence) or not node_types:
            raise InvalidArgumentError("node_types must be a type or a non-empty list of types")
        types = tuple(dict.fromkeys(check_node_type(t) for t in node_types))
    return NodeFilter(types, parse_where(where))


# -- evaluation in Python (the same semantics as the SQL the store compiles) ----------------
_MISSING = object()


def _lookup(metadata: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = metadata
    for part in path:
        if not isinstance(value, Mapping) or part not in value:
            return _MISSING
        value = value[part]
    return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "text"
    return "other"  # lists and objects: never equal to a scalar


def _equal(found: Any, want: Scalar) -> bool:
    return _kind(found) == _kind(want) and found == want


def _compare(found: Any, op: str, want: Scalar) -> bool:
    if _kind(found) != _kind(want):
        return False
    if op == "$gt":
        return bool(found > want)
    if op == "$gte":
        return bool(found >= want)
    if op == "$lt":
        return bool(found < want)
    return bool(found <= want)


def matches(where: Where | None, metadata: Mapping[str, Any]) -> bool:
    """Whether ``metadata`` passes ``where`` (None passes everything)."""
    if where is None:
        return True
    if isinstance(where, All):
        return all(matches(p, metadata) for p in where.parts)
    if isinstance(where, AnyOf):
        return any(matches(p, metadata) for p in where.parts)
    found = _lookup(metadata, where.path)
    op, want = where.op, where.value
    if op == "$exists":
        return (found is not _MISSING) == want
    if op == "$eq":
        return _equal(found, want)
    if op == "$ne":
        return not _equal(found, want)
    if op == "$in":
        return any(_equal(found, v) for v in want)
    if op == "$nin":
        return not any(_equal(found, v) for v in want)
    return _compare(found, op, want)
