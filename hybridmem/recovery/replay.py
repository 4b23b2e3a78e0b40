"""Deterministic replay of op-log entries onto a store (used by ``restore``).

Replay inserts each logged row verbatim and applies it with the engine's op registry: the same
applier the live write called (:mod:`hybridmem.core.ops`), so a restored store equals, node for
node, the state the live store had at that sequence number (access statistics and the derived
``index_state`` excepted, by decision: reads are not logged).
"""

from __future__ import annotations

from collections.abc import Sequence

from hybridmem.core import ApplyContext, OpRegistry
from hybridmem.core.ops import ERASED_PAYLOAD
from hybridmem.errors import ReplayError, StoreWriteError
from hybridmem.store import OpRow


def replay(ctx: ApplyContext, registry: OpRegistry, rows: Sequence[OpRow]) -> int:
    """Insert stored op rows verbatim and apply each; the caller holds the transaction.
    Returns how many ops were applied."""
    for row in rows:
        record = row.record()
        seq, op, node_id = record.seq, record.op, record.node_id
        if op not in registry and record.payload != ERASED_PAYLOAD:
            raise ReplayError(
                f"op #{seq} {op!r} has no applier; the layer that writes it must register one"
            )
        try:
            ctx.store.insert_op_row(row)
            registry.apply(ctx, record)
        except StoreWriteError as exc:
            raise ReplayError(f"op #{seq} {op!r} on {node_id!r} cannot be replayed: {exc}") from exc
    return len(rows)
