"""Op-log replay of the evolution layer's writes (used by ``restore``).

The recovery layer replays ``add`` with the core columns; the evolution columns travel in the
same payload (``status``, ``lifecycle``, ``tier``, ``conflict_group``) and are restored here.
``evolve``, ``maintain`` and ``restore`` ops carry the column values they set (``metadata``
merged into the node's), and ``maintain``/``expire_buffer`` deletes a raw buffer node.
Access statistics (renewal) are not replayed, like every read-side statistic.
"""

from __future__ import annotations

import json
from typing import Any

from hybridmem.clock import to_iso
from hybridmem.models import IndexState
from hybridmem.recovery import replay as _replay
from hybridmem.recovery.models import OpRecord

_EVOLUTION_COLUMNS = ("status", "lifecycle", "tier", "conflict_group")
_core_add = _replay.REPLAYERS["add"]


@_replay.register("add")
def _add(ctx: _replay.ReplayContext, rec: OpRecord) -> None:
    _core_add(ctx, rec)
    values = {k: rec.payload[k] for k in _EVOLUTION_COLUMNS if rec.payload.get(k) is not None}
    if values and rec.node_id is not None:
        ctx.store.update_node(rec.node_id, values)


def _change(ctx: _replay.ReplayContext, rec: OpRecord) -> None:
    if rec.node_id is None:
        return
    if rec.payload.get("action") == "expire_buffer":
        ctx.store.delete_nodes([rec.node_id])
        return
    node = ctx.store.get(rec.node_id)
    if node is None:
        return
    values: dict[str, Any] = {}
    for key, value in (rec.payload.get("values") or {}).items():
        if key == "metadata":
            values["metadata"] = json.dumps({**node.metadata, **value}, ensure_ascii=False)
        else:
            values[key] = value
    values["version"] = node.version + 1
    values["updated_at"] = to_iso(rec.at)
    values["index_state"] = IndexState.PENDING.value
    ctx.store.update_node(rec.node_id, values)


for _op in ("evolve", "maintain", "restore"):
    _replay.register(_op)(_change)
