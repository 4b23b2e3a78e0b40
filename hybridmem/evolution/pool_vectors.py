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
    """The :class:`PoolMatrix` of ``pool``, from the one kept in ``memo[key]`` (its rows
    reused for the entries it held), else built anew. ``vectors_of(ids)`` gives the vectors
    there are (the index is read once per id and batch)."""
    last = memo.get(key)
    if isinstance(last, PoolMatrix) and last.pool is pool:
        return last
    if isinstance(last, PoolMatrix) and len(last.known):
        built = _shifted(pool, last, vectors_of, known_vectors)
        if built is None:
            built = _remapped(pool, last, vectors_of, known_vectors)
    else:
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


_MAX_SHIFT = 64
"""How many new newest entries :func:`_shifted` looks for (more: the general remap)."""


def _shifted(
    pool: Sequence[Entry],
    last: PoolMatrix,
    vectors_of: Callable[[list[str]], Mapping[str, np.ndarray]],
    known_vectors: KnownVectors,
) -> PoolMatrix | None:
    """The pool as ``last.pool`` with ``k`` new newest entries in front (and its oldest
    gone from a full pool): the facts queued since the last one that read it. None when it
    is not that."""
    n, old = len(pool), last.pool
    first = old[0]
    k = next((j for j in range(min(n, _MAX_SHIFT + 1)) if pool[j] == first), None)
    if k is None or n - k > len(old) or pool[k:] != old[: n - k]:
        return None
    kept = sum(last.has[: n - k])  # the old rows still in the pool (a prefix)
    if k == 0:
        if kept == len(last.known):
            return PoolMatrix(pool, last.has, last.known, last.matrix)
        return PoolMatrix(pool, last.has[:n], last.known[:kept], last.matrix[:kept])
    head = pool[:k]
    found = vectors_of([node_id for node_id, _, _ in head])
    has = tuple(node_id in found for node_id, _, _ in head)
    new = [(node_id, group) for (node_id, group, _), h in zip(head, has, strict=True) if h]
    if not new:
        return PoolMatrix(pool, (*has, *last.has[: n - k]), last.known[:kept], last.matrix[:kept])
    rows = np.stack([np.asarray(known_vectors[node_id], dtype=np.float32) for node_id, _ in new])
    matrix = np.concatenate([rows, last.matrix[:kept]]) if kept else rows
    return PoolMatrix(pool, (*has, *last.has[: n - k]), [*new, *last.known[:kept]], matrix)


def _remapped(
    pool: Sequence[Entry],
    last: PoolMatrix,
    vectors_of: Callable[[list[str]], Mapping[str, np.ndarray]],
    known_vectors: KnownVectors,
) -> PoolMatrix:
    """Any other pool (members left, moved, changed group; the pool read again): the rows of
    the members ``last`` held are taken from its matrix, the others' vectors looked up. A
    member ``last`` found no vector for has none now either (the index does not change
    while a batch is planned, and a batch's own nodes are never such members)."""
    row_of = {node_id: k for k, (node_id, _) in enumerate(last.known)}
    had = {e[0]: h for e, h in zip(last.pool, last.has, strict=True)}
    unseen = [node_id for node_id, _, _ in pool if node_id not in had]
    found = vectors_of(unseen) if unseen else {}
    has = tuple(had.get(node_id, node_id in found) for node_id, _, _ in pool)
    known = [(node_id, group) for (node_id, group, _), h in zip(pool, has, strict=True) if h]
    if not known:
        return PoolMatrix(pool, has, known, np.zeros((0, 0), dtype=np.float32))
    at = np.fromiter((row_of.get(node_id, -1) for node_id, _ in known), np.intp, len(known))
    fresh = [known[k][0] for k in np.flatnonzero(at < 0)]
    source = last.matrix
    if fresh:
        # The rows ``last`` lacks go after its own, and the gather takes them from there.
        rows = np.stack([np.asarray(known_vectors[node_id], dtype=np.float32) for node_id in fresh])
        at[at < 0] = np.arange(len(source), len(source) + len(fresh))
        source = np.concatenate([source, rows])
    return PoolMatrix(pool, has, known, source[at])
