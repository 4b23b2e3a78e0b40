"""Reading the op log: a node's history and everything since a sequence number.

The op log is append-only and written in the same transaction as the change it records, so
it is exactly as durable as the state (see :mod:`hybridmem.store.oplog` for how sequence
numbers stay gap-free).
"""

from __future__ import annotations

from hybridmem.recovery.models import OpRecord
from hybridmem.store import OpLog

# Ops whose payload lists other node ids they changed (a subtree delete names every id).
_MULTI_NODE_OPS = ("delete", "bump")


def oplog(
    store: OpLog, *, since: int = 0, until: int | None = None, limit: int | None = None
) -> list[OpRecord]:
    """Ops after ``since`` (up to ``until``), oldest first."""
    return store.read_ops(since=since, until=until, limit=limit)


def history(store: OpLog, node_id: str) -> list[OpRecord]:
    """Every op that changed ``node_id``, oldest first.

    Includes ops recorded under the node itself (add, update, move, set_active, its delete)
    and ops that name it in their payload (the delete of an ancestor's subtree, the activity
    bump written when a descendant was added).
    """
    with store.reading():
        records = store.node_ops(node_id)
        named = store.ops_mentioning(node_id, _MULTI_NODE_OPS)
    records += [r for r in named if node_id in r.payload.get("ids", ())]
    return sorted(records, key=lambda r: r.seq)
