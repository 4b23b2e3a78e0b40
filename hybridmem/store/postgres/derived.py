"""Writes of derived columns of existing node rows (vectors beside the rows, index marks,
access counts) that never wait for a writer while holding a row: the deadlock they met.

A derived write runs in its own transaction, after the write it follows committed, and
takes no user's lock (``base.py``): it waits for nobody's whole transaction, only for rows.
Writers lock their rows in the order their work meets them (the node, then its vector row
through the foreign key's ``ON DELETE CASCADE``; the node, then its ancestors), which no
order of ours can match. Waiting for a row while holding another, a derived write closed
cycles: a writer deleting a node held it and waited for its ``node_vectors`` row, which a
derived write had just upserted and held while it waited to mark the node itself
(``deadlock detected`` in ``tests/store/test_pg_user_writers.py``, 1 run in 3).

So each derived write locks its node rows first thing, in one statement with
``FOR NO KEY UPDATE SKIP LOCKED``, and writes only the rows it holds (a node's vector row is
reached only through its node row, so holding the node is holding both); the same statement
answers which rows it skipped. Each of those is then written in a transaction of its own
that waits for that one row and holds nothing else meanwhile, so it waits for the writer to
finish and cannot be part of a cycle. Inside a user's or an exclusive transaction (a nested
call) the rows are the transaction's own work: locked waiting, in id order.

``FOR NO KEY UPDATE`` conflicts with what writers take (an UPDATE's row lock, a DELETE's) but
not with the ``KEY SHARE`` a child's foreign key check takes on its parent: adding a child
under a node does not make its index mark wait.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from hybridmem.models import MemoryNode

Params = dict[str, Any]
"""A statement's named parameters (one id list feeds the lock and the skipped rows' read)."""

_HELD = (
    "held AS (SELECT id FROM nodes WHERE id = ANY(%(ids)s::text[]) ORDER BY id "
    "FOR NO KEY UPDATE{skip})"
)
# Rows of the snapshot the lock passed over (held by a writer). A row deleted meanwhile may be
# among them; its own transaction then finds nothing to write.
_SKIPPED = (
    "SELECT n.id FROM nodes n WHERE n.id = ANY(%(ids)s::text[]) "
    "AND n.id NOT IN (SELECT id FROM held)"
)

VECTORS = (
    "vec AS (INSERT INTO node_vectors(rid, model, content_hash, vector) "
    "SELECT n.rid, %(model)s, n.content_hash, v.vector FROM nodes n JOIN held ON held.id = n.id "
    "JOIN unnest(%(vec_ids)s::text[], %(hashes)s::text[], %(vectors)s::bytea[]) "
    "AS v(id, content_hash, vector) ON v.id = n.id AND v.content_hash = n.content_hash "
    "ON CONFLICT (rid) DO UPDATE SET model = excluded.model, "
    "content_hash = excluded.content_hash, vector = excluded.vector)"
)
"""A node's vector, tagged with the model and the content hash it was computed from; a node
whose content changed meanwhile gets none (its newer vector comes when it is indexed again)."""

MARKS = (
    "mark AS (UPDATE nodes n SET index_state = 'indexed' FROM held, "
    "unnest(%(mark_ids)s::text[], %(versions)s::int[], %(tasks)s::text[]) "
    "AS v(id, version, task_id) "
    "WHERE n.id = held.id AND n.id = v.id AND n.version = v.version AND n.task_id = v.task_id)"
)
"""Indexed, but only if the node did not change since it was read (a node updated or
re-scoped meanwhile stays pending, so its newer state is indexed later)."""

TOUCH = (
    "used AS (UPDATE nodes n SET access_count = n.access_count + u.k * %(count)s, "
    "last_accessed_at = %(at)s FROM held, (SELECT id, count(*) AS k "
    "FROM unnest(%(used)s::text[]) AS t(id) GROUP BY id) u "
    "WHERE n.id = held.id AND n.id = u.id)"
)
"""Use statistics; ``unnest`` keeps duplicates: an id listed twice is counted twice."""


def statement(parts: Sequence[str], *, skip: bool) -> str:
    """One statement: lock the rows (skipping those another transaction holds, with
    ``skip``), write them (``parts``: :data:`VECTORS`, :data:`MARKS`, :data:`TOUCH`) and
    answer the ids of the rows skipped."""
    held = _HELD.format(skip=" SKIP LOCKED" if skip else "")
    return f"WITH {held}, {', '.join(parts)} {_SKIPPED}"


def vector_params(nodes: Sequence[MemoryNode], vectors: Any, model: str) -> Params:
    """:data:`VECTORS`' parameters; a node listed twice keeps its last vector (one row can
    be upserted once per statement)."""
    rows = np.asarray(vectors, dtype=np.float32)
    last = {n.id: (n.content_hash, rows[i].tobytes()) for i, n in enumerate(nodes)}
    return {
        "model": model,
        "vec_ids": list(last),
        "hashes": [h for h, _ in last.values()],
        "vectors": [v for _, v in last.values()],
    }


def mark_params(nodes: Sequence[MemoryNode]) -> Params:
    """:data:`MARKS`' parameters."""
    return {
        "mark_ids": [n.id for n in nodes],
        "versions": [n.version for n in nodes],
        "tasks": [n.task_id for n in nodes],
    }


def touch_params(ids: Sequence[str], at: str, count: bool) -> Params:
    """:data:`TOUCH`' parameters."""
    return {"used": list(ids), "at": at, "count": 1 if count else 0}


def only(params: Params, node_id: str) -> Params:
    """``params`` narrowed to one node (the list parameters zipped by position)."""
    out = dict(params)
    for ids_key, others in (
        ("vec_ids", ("hashes", "vectors")),
        ("mark_ids", ("versions", "tasks")),
        ("used", ()),
    ):
        if ids_key not in params:
            continue
        keep = [i for i, x in enumerate(params[ids_key]) if x == node_id]
        for key in (ids_key, *others):
            out[key] = [params[key][i] for i in keep]
    out["ids"] = [node_id]
    return out


def write(
    run: Callable[[str, Params], list[str] | None],
    nested: bool,
    parts: Sequence[str],
    ids: Sequence[str],
    params: Params,
) -> None:
    """Write ``parts`` for the rows ``ids`` (see the module docstring). ``run`` executes a
    statement in a derived transaction of its own (``nested``: in the open one) and answers
    the ids it skipped (None when it is not waited for)."""
    params = {**params, "ids": sorted(set(ids))}
    if nested:
        run(statement(parts, skip=False), params)
        return
    skipped = run(statement(parts, skip=True), params) or []
    for node_id in sorted(set(skipped)):
        run(statement(parts, skip=False), only(params, node_id))
