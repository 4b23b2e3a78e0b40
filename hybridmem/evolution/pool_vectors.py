"""The vectors of a conflict pool as one matrix, kept from one fact of a batch to the next.

Each fact or preference of an ``add_many`` compares its vector with the newest few hundred live
nodes of its type (the conflict pool). Between two of them the pool usually changed by one
entry: the fact queued in between entered as the newest, and in a full pool the oldest left;
or a member joined a group (the same members, one with a new group).
Rebuilding the id list and the matrix row by row for every fact cost about 1 ms each; here the
previous matrix is kept and shifted by that one row. Anything else rebuilds it. The result is
the same matrix (same rows, same order) either way, so the similarities are the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from hybridmem.core import KnownVectors

Entry = tuple[str, str | None, Any]
"""A pool entry: ``(node id, conflict group, age)``, newest first."""


@dataclass(frozen=True, slots=True)
class PoolMatrix:
    """The pool it was built for, which of its entries have a vector, and those entries'
    ``(id, group)`` with their vectors as rows, in pool order."""

    pool: Sequence[Entry]
    has: tuple[bool, ...]
    known: list[tuple[str, str | None]]
    matrix: np.ndarray


def pool_matrix(
    pool: Sequence[Entry],
    memo: dict[Hashable, Any],
    key: Hashable,
    vectors_of: Callable[[list[str]], Mapping[str, np.ndarray]],
    known_vectors: KnownVectors,
) -> PoolMatrix:
    """The :class:`PoolMatrix` of ``pool``, from the one kept in ``memo[key]`` when the pool
    only gained a newest entry (and lost its oldest), else built anew. ``vectors_of(ids)``
    gives the vectors there are (the index is read once per id and batch)."""
    last = memo.get(key)
    if isinstance(last, PoolMatrix):
        if last.pool is pool:
            return last
        n = len(pool)
        if n == len(last.pool) and all(a[0] == b[0] for a, b in zip(pool, last.pool, strict=True)):
            # The same members in the same order (one joined a group): the same rows.
            known = [(e[0], e[1]) for e, h in zip(pool, last.has, strict=True) if h]
            built = PoolMatrix(pool, last.has, known, last.matrix)
            memo[key] = built
            return built
        if 0 < n <= len(last.pool) + 1 and pool[1:] == last.pool[: n - 1]:
            head_id, head_group, _ = pool[0]
            kept = sum(last.has[: n - 1])  # the old rows still in the pool (a prefix)
            head = head_id in vectors_of([head_id])
            known = last.known[:kept]
            matrix = last.matrix[:kept]
            if head:
                row = np.asarray(known_vectors[head_id], dtype=np.float32)
                known = [(head_id, head_group), *known]
                matrix = np.vstack([row[None, :], matrix]) if kept else row[None, :].copy()
            built = PoolMatrix(pool, (head, *last.has[: n - 1]), known, matrix)
            memo[key] = built
            return built
    vectors = vectors_of([node_id for node_id, _, _ in pool])
    has = tuple(node_id in vectors for node_id, _, _ in pool)
    known = [(node_id, group) for (node_id, group, _), h in zip(pool, has, strict=True) if h]
    matrix = (
        known_vectors.matrix([node_id for node_id, _ in known])
        if known
        else np.zeros((0, 0), dtype=np.float32)
    )
    built = PoolMatrix(pool, has, known, matrix)
    memo[key] = built
    return built
