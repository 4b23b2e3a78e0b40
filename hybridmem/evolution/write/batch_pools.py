"""The planner's batch reads kept up to date with the batch's own writes.

Within an ``add_many`` the planner reads a pool once (the user's conflict pool, a group's
deciding members, a parent's live repeats) through :class:`hybridmem.core.BatchReads`; each
function here answers what that read would return had the batch's newer nodes been stored when
it was read, or None when only the store can tell (a member left a full pool). Held nodes keep
their places (a change never moves a node's age), so a large pool is not sorted again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from operator import attrgetter, itemgetter
from typing import TypeVar

from hybridmem.core import BatchReads, PlanRequest
from hybridmem.core.evolution_marks import is_settled
from hybridmem.evolution.write import conflicts
from hybridmem.models import MemoryNode, NodeStatus
from hybridmem.store import TreeStore

Key = tuple[datetime, int]
"""A node's age: creation time, then its sequence number (unique, so ages never tie)."""
E = TypeVar("E")


def _age(node: MemoryNode) -> Key:
    return (node.created_at, node.seq)


PoolEntry = tuple[str, str | None, Key]
"""One node of a conflict pool: its id, its conflict group and its age."""
Pool = list[PoolEntry] | None
"""A conflict pool, or None when only a new read of the store can tell it."""


def pool_grown(
    pool: list[PoolEntry],
    new: Sequence[MemoryNode],
    changed: bool,
    keep: Callable[[MemoryNode], bool],
    limit: int,
) -> Pool:
    """A conflict pool (``(id, group, age)`` of the ``limit`` newest nodes ``keep`` accepts,
    newest first) had ``new`` been stored when it was read (``changed``: new versions
    of nodes it may hold, else new nodes); None when a member left a full pool."""
    fresh = [(n.id, n.conflict_group, _age(n)) for n in new if keep(n)]
    if not changed:
        if not fresh:
            return pool
        return _merged(pool, fresh, _entry_age, limit, oldest=False)
    ids = {n.id for n in new}
    where = _places(list(map(itemgetter(0), pool)), ids)
    if where.keys() == {e[0] for e in fresh}:
        # Held members changed and all stay (or nothing here changed): each keeps its place
        # (a change never moves a node's age, and ages are unique), no sort.
        if not where:
            return pool
        out = list(pool)
        for e in fresh:
            out[where[e[0]]] = e
        return out
    kept = [e for e in pool if e[0] not in ids]
    left = where.keys() - {e[0] for e in fresh}
    if left and len(pool) >= limit:
        return None  # a member left a full pool: the next one is not known here
    if not fresh and len(kept) == len(pool):
        return pool
    return _merged(kept, fresh, _entry_age, limit, oldest=False)


def _places(held: list[str], ids: set[str]) -> dict[str, int]:
    """Where each of ``ids`` is in ``held`` (ids unique there), for those it holds: a few
    changed ids looked up in a pool of hundreds by ``list.index`` (a scan in C), not a Python
    loop over the pool."""
    where: dict[str, int] = {}
    for node_id in ids:
        try:
            where[node_id] = held.index(node_id)
        except ValueError:
            continue
    return where


_node_id = attrgetter("id")


def _entry_age(entry: PoolEntry) -> Key:
    return entry[2]


def sorted_hashes(reads: BatchReads) -> list[str]:
    """The batch's content hashes in order, sorted once per batch (each parent's repeat read
    passes them all)."""
    found: list[str] | None = reads.derived.get("sorted-hashes")
    if found is None:
        found = reads.derived["sorted-hashes"] = sorted(reads.hashes)
    return found


def deciding_grown(
    held: list[MemoryNode],
    new: Sequence[MemoryNode],
    changed: bool,
    member: Callable[[MemoryNode], bool],
) -> list[MemoryNode] | None:
    """A group's deciding members (``held``, see ``conflicts.deciding_members``) had ``new``
    been stored when they were read (``changed``: new versions of older nodes, else new
    nodes); ``member`` tells the group's nodes. Exact: a new settled member is the newest
    settled one or not, a waiting one is held; only when the newest settled member stops
    being one (archived, waiting, out of the group) and no newer one came, the next older is
    not known here: None, and the group is read again; that read sees the batch's writes (a
    change is shown once the queue was written, or queued, and ``BatchReads`` then writes the
    queue before reading the store)."""
    ids = {n.id for n in new}
    before = _settled(held)
    kept = [n for n in held if n.id not in ids]
    out = conflicts.deciding_members([*kept, *(n for n in new if member(n))])
    if changed and before is not None and before.id in ids:
        after = _settled(out)
        if after is None or _age(after) < _age(before):
            return None
    return out


def _settled(members: Sequence[MemoryNode]) -> MemoryNode | None:
    """The newest settled member of a group's deciding members (the others were said again
    since it was written)."""
    return max((m for m in members if is_settled(m)), key=_age, default=None)


def regrow(
    pool: list[MemoryNode],
    new: Sequence[MemoryNode],
    changed: bool,
    keep: Callable[[MemoryNode], bool],
    limit: int | None = None,
    *,
    oldest: bool = False,
) -> list[MemoryNode] | None:
    """``pool`` (every node ``keep`` accepts, or the ``limit`` newest of them) had ``new``
    been stored when it was read (``changed``: new versions of nodes it may hold, else new
    nodes): old versions leave, the accepted enter, in the store's order (``oldest`` first or
    newest first). None when a member left a full pool (the next one is not known here)."""
    fresh = [n for n in new if keep(n)]
    if not changed:
        if not fresh:
            return pool
        kept = pool
    else:
        ids = {n.id for n in new}
        if {n.id for n in fresh} == ids:
            # New versions of nodes the pool may hold, all still accepted: a change never
            # moves a node's age, so a held node keeps its place (no sort of a large group).
            where = _places(list(map(_node_id, pool)), ids)
            if len(where) == len(ids):
                out = list(pool)
                for n in fresh:
                    out[where[n.id]] = n
                return out
        kept = [n for n in pool if n.id not in ids]
        left = {n.id for n in pool if n.id in ids} - {n.id for n in fresh}
        if left and limit is not None and len(pool) >= limit:
            return None
        if not fresh and len(kept) == len(pool):
            return pool
    return _merged(kept, fresh, _age, limit, oldest=oldest)


Grow = Callable[[list[MemoryNode], Sequence[MemoryNode], bool], list[MemoryNode] | None]
"""How a pool read for a batch follows the batch's own writes (:func:`regrow`'s first three
arguments): the ``grow`` of the batch reads."""


def regrower(
    keep: Callable[[MemoryNode], bool], limit: int | None = None, *, oldest: bool = False
) -> Grow:
    """:func:`regrow` of a pool of the nodes ``keep`` accepts (the ``limit`` newest, or
    ``oldest`` first), as the batch reads take it."""
    return lambda pool, new, changed: regrow(pool, new, changed, keep, limit, oldest=oldest)


def _merged(
    pool: list[E], fresh: list[E], age: Callable[[E], Key], limit: int | None, *, oldest: bool
) -> list[E]:
    """``pool`` (ordered by ``age``, ``oldest`` first or newest first) with ``fresh`` in
    place, at most ``limit``. Queued nodes are nearly always newer than the pool (a run of
    them taken in at once too): only they are sorted then, and go at the newest end."""
    if len(fresh) > 1:
        fresh = sorted(fresh, key=age, reverse=not oldest)
    newest = fresh and (
        not pool or (age(fresh[0]) > age(pool[-1]) if oldest else age(fresh[-1]) > age(pool[0]))
    )
    if newest:
        out = [*pool, *fresh] if oldest else [*fresh, *pool]
    else:
        out = sorted([*pool, *fresh], key=age, reverse=not oldest)
    return out if limit is None else out[:limit]


def conflict_pool(store: TreeStore, request: PlanRequest, size: int) -> list[PoolEntry]:
    """``(id, group, age)`` of the user's ``size`` newest active nodes of the newcomer's type,
    newest first: read once per batch, then kept up to date."""
    user, kind = request.user_id, request.node_type

    def grow(pool: list[PoolEntry], new: Sequence[MemoryNode], changed: bool) -> Pool:
        return pool_grown(
            pool,
            new,
            changed,
            lambda n: (
                n.user_id == user and n.node_type == kind and n.status == NodeStatus.ACTIVE.value
            ),
            size,
        )

    return request.batch_reads.get(
        ("conflict_pool", user, kind),
        lambda: [(i, g, (at, seq)) for i, g, at, seq in store.conflict_pool(user, kind, size)],
        grow,
        where=("node_type", kind),
    )


def group_members(store: TreeStore, request: PlanRequest, group: str) -> list[MemoryNode]:
    """The members of ``group`` the conflict policy reads (``conflicts.deciding_members``:
    the newest settled one and the waiting ones), oldest first: read once per batch off
    the store's indexes, then kept up to date with the batch's own writes. A group of
    thousands (a preference restated for years) costs what its few deciding members cost."""
    user = request.user_id

    def grow(
        held: list[MemoryNode], new: Sequence[MemoryNode], changed: bool
    ) -> list[MemoryNode] | None:
        return deciding_grown(
            held, new, changed, lambda n: n.user_id == user and n.conflict_group == group
        )

    return request.batch_reads.get(
        ("group", user, group),
        lambda: store.conflict_group_deciding(user, group),
        grow,
        where=("conflict_group", group),
    )


def settled_members(
    store: TreeStore, request: PlanRequest, group: str, size: int
) -> list[MemoryNode]:
    """The ``size`` newest settled members of ``group`` (active, not awaiting confirmation):
    the batch's reads kept up to date with its own writes."""
    user = request.user_id
    grow = regrower(
        lambda n: n.user_id == user and n.conflict_group == group and is_settled(n), size
    )
    return request.batch_reads.get(
        ("settled", user, group),
        lambda: store.conflict_group_settled(user, group, size),
        grow,
        where=("conflict_group", group),
    )
