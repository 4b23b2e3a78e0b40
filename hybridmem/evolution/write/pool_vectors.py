"""The vectors of a conflict pool as one matrix, kept from one fact of a batch to the next.

Each fact or preference of an ``add_many`` compares its vector with the newest few hundred live
nodes of its type (the conflict pool). Between two of them the pool usually gained the facts
queued in between as its newest entries (and a full pool lost as many oldest ones), or a
member joined a group (the same members, one with a new group); less often members left (a
value superseded) and the pool was read again.
Rebuilding the id list and the matrix row by row for every fact cost about 1 ms each. Here the
rows live in a buffer, newest at the lowest index, with room below for newer ones: a pool that
gained newest entries is the old view extended downwards (no copy of the 500 rows), and any
other pool gathers the rows of the members the buffer holds (by id) and looks up the rest.
The result is the same matrix (same rows, same order) either way, so the similarities are the
same numbers. :class:`MemberVectors` gives a conflict group's member vectors one by one, as
the policy asks for them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from hybridmem.core import KnownVectors

Entry = tuple[str, str | None, Any]
"""A pool entry: ``(node id, conflict group, age)``, newest first."""

HEADROOM = 256
"""Free rows kept below a buffer's newest row for the entries to come."""


class _Rows:
    """A buffer of pool rows: rows ``[lo, end)`` are written, each once (``at``: where each
    id's row is), and never move or change, so every matrix that is a view of them stays
    valid; newer rows go below ``lo``."""

    __slots__ = ("at", "buf", "lo")

    def __init__(self, buf: np.ndarray, ids: Sequence[str]) -> None:
        """``buf``: :data:`HEADROOM` free rows, then the rows of ``ids``."""
        self.buf = buf
        self.lo = HEADROOM
        self.at = {node_id: HEADROOM + k for k, node_id in enumerate(ids)}


@dataclass(frozen=True, slots=True)
class PoolMatrix:
    """The pool it was built for, which of its entries have a vector, and those entries'
    ``(id, group)`` with their vectors as rows, in pool order (``matrix``: rows ``start`` on
    of ``rows``' buffer)."""

    pool: Sequence[Entry]
    has: tuple[bool, ...]
    known: list[tuple[str, str | None]]
    matrix: np.ndarray
    rows: _Rows | None = None
    start: int = 0


def _adopted(
    pool: Sequence[Entry],
    has: tuple[bool, ...],
    known: list[tuple[str, str | None]],
    buf: np.ndarray,
) -> PoolMatrix:
    """A :class:`PoolMatrix` of a new buffer (:data:`HEADROOM` free rows, then ``known``'s)."""
    rows = _Rows(buf, [node_id for node_id, _ in known])
    return PoolMatrix(pool, has, known, buf[HEADROOM:], rows, HEADROOM)


def pool_matrix(
    pool: Sequence[Entry],
    memo: dict[Hashable, Any],
    key: Hashable,
    vectors_of: Callable[[list[str]], Mapping[str, np.ndarray]],
    known_vectors: KnownVectors,
) -> PoolMatrix:
    """The :class:`PoolMatrix` of ``pool``, from the one kept in ``memo[key]`` (its rows
    reused for the entries it held), else built anew. ``vectors_of(ids)`` gives the vectors
    there are (the store's kept copies, else the index: read once per id and batch)."""
    last = memo.get(key)
    if isinstance(last, PoolMatrix) and last.pool is pool:
        return last
    if isinstance(last, PoolMatrix) and last.rows is not None:
        built = _shifted(pool, last, last.rows, vectors_of, known_vectors)
        if built is None:
            built = _remapped(pool, last, last.rows, vectors_of, known_vectors)
    else:
        vectors = vectors_of([node_id for node_id, _, _ in pool])
        has = tuple(node_id in vectors for node_id, _, _ in pool)
        known = [(node_id, group) for (node_id, group, _), h in zip(pool, has, strict=True) if h]
        if known:
            matrix = known_vectors.matrix([node_id for node_id, _ in known])
            buf = np.empty((HEADROOM + len(known), matrix.shape[1]), dtype=np.float32)
            buf[HEADROOM:] = matrix
            built = _adopted(pool, has, known, buf)
        else:
            built = PoolMatrix(pool, has, known, np.zeros((0, 0), dtype=np.float32))
    memo[key] = built
    return built


_MAX_SHIFT = 64
"""How many new newest entries :func:`_shifted` looks for (more: the general remap)."""


def _shifted(
    pool: Sequence[Entry],
    last: PoolMatrix,
    rows: _Rows,
    vectors_of: Callable[[list[str]], Mapping[str, np.ndarray]],
    known_vectors: KnownVectors,
) -> PoolMatrix | None:
    """The pool as ``last.pool`` with ``k`` new newest entries in front (and its oldest
    gone from a full pool): the facts queued since the last one that read it, maybe with
    members that joined a group meanwhile (the same ids in the same order: the same rows,
    only ``known``'s groups are read again). None when it is not that."""
    n, old = len(pool), last.pool
    first = old[0][0]
    k = next((j for j in range(min(n, _MAX_SHIFT + 1)) if pool[j][0] == first), None)
    if k is None or n - k > len(old):
        return None
    tail = pool[k:]
    regrouped = tail != old[: n - k]
    if regrouped and any(a[0] != b[0] for a, b in zip(tail, old, strict=False)):
        return None
    every = len(last.known) == len(last.has)  # every entry of the last pool had a row
    kept = n - k if every else sum(last.has[: n - k])  # the old rows still in the pool
    if regrouped:  # a group changed, no row: the kept rows' (id, group) as the pool has them
        old_known = [(e[0], e[1]) for e, h in zip(tail, last.has, strict=False) if h]
    else:
        old_known = last.known[:kept]
    if k == 0:
        if kept == len(last.known):
            return PoolMatrix(pool, last.has, old_known, last.matrix, rows, last.start)
        view = last.matrix[:kept]
        return PoolMatrix(pool, last.has[:n], old_known, view, rows, last.start)
    head = pool[:k]
    found = vectors_of([node_id for node_id, _, _ in head])
    flags = [node_id in found for node_id, _, _ in head]
    has = (True,) * n if every and all(flags) else (*flags, *last.has[: n - k])
    new = [(e[0], e[1]) for e, h in zip(head, flags, strict=True) if h]
    known = [*new, *old_known]
    if not new:
        return PoolMatrix(pool, has, known, last.matrix[:kept], rows, last.start)
    m = len(new)
    if last.start != rows.lo or rows.lo < m:
        # Not the buffer's newest view, or no room below it: a new buffer.
        fresh = np.stack([np.asarray(known_vectors[i], dtype=np.float32) for i, _ in new])
        out = np.empty((HEADROOM + m + kept, fresh.shape[1]), dtype=np.float32)
        out[HEADROOM : HEADROOM + m] = fresh
        out[HEADROOM + m :] = last.matrix[:kept]
        return _adopted(pool, has, known, out)
    lo = rows.lo - m
    for j, (node_id, _) in enumerate(new):  # (a row assigned is cast as asarray casts it)
        rows.buf[lo + j] = known_vectors[node_id]
    rows.at.update((node_id, lo + j) for j, (node_id, _) in enumerate(new))
    rows.lo = lo
    return PoolMatrix(pool, has, known, rows.buf[lo : lo + m + kept], rows, lo)


def _remapped(
    pool: Sequence[Entry],
    last: PoolMatrix,
    rows: _Rows,
    vectors_of: Callable[[list[str]], Mapping[str, np.ndarray]],
    known_vectors: KnownVectors,
) -> PoolMatrix:
    """Any other pool (members left, moved, changed group; the pool read again): the rows of
    the members the buffer holds are gathered from it, the others' vectors looked up. A
    member ``last`` found no vector for has none now either (neither the kept copies nor the
    index change while a batch is planned, and a batch's own nodes are never such members)."""
    had = {e[0]: h for e, h in zip(last.pool, last.has, strict=True)}
    unseen = [node_id for node_id, _, _ in pool if node_id not in had]
    found = vectors_of(unseen) if unseen else {}
    has = tuple(had.get(node_id, node_id in found) for node_id, _, _ in pool)
    known = [(node_id, group) for (node_id, group, _), h in zip(pool, has, strict=True) if h]
    if not known:
        return PoolMatrix(pool, has, known, np.zeros((0, 0), dtype=np.float32))
    at = np.fromiter((rows.at.get(node_id, -1) for node_id, _ in known), np.intp, len(known))
    out = np.empty((HEADROOM + len(known), rows.buf.shape[1]), dtype=np.float32)
    held = np.flatnonzero(at >= 0)
    out[HEADROOM + held] = rows.buf[at[held]]
    for k in np.flatnonzero(at < 0):  # the rows the buffer lacks
        out[HEADROOM + k] = np.asarray(known_vectors[known[k][0]], dtype=np.float32)
    return _adopted(pool, has, known, out)


VectorsOf = Callable[[Sequence[str], KnownVectors], Mapping[str, np.ndarray]]
"""Vectors of ids, the known ones first and the rest read once and kept for the batch (the
writer's ``_vectors``)."""


class MemberVectors(Mapping[str, np.ndarray]):
    """The vectors of a conflict group's members, fetched when the policy asks for one (it
    reads the current value's and the waiting challengers', not a large group's every
    member): ``known`` first, else ``vectors_of`` (kept in ``known`` for the batch)."""

    def __init__(self, ids: Sequence[str], vectors_of: VectorsOf, known: KnownVectors) -> None:
        self._ids = frozenset(ids)
        self._order = list(dict.fromkeys(ids))
        self._vectors_of = vectors_of
        self._known = known

    def __getitem__(self, node_id: str) -> np.ndarray:
        if node_id not in self._ids:
            raise KeyError(node_id)
        found = self._vectors_of([node_id], self._known)
        return found[node_id]  # KeyError when the index holds none: as a missing key

    def __iter__(self) -> Iterator[str]:
        found = self._vectors_of(self._order, self._known)
        return iter([i for i in self._order if i in found])

    def __len__(self) -> int:
        return sum(1 for _ in self)
