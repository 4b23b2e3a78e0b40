"""Deterministic replay of op-log entries onto a store (used by ``restore``).

Replay inserts each logged row verbatim and applies it with the engine's op registry: the same
applier the live write called (:mod:`hybridmem.core.ops`), so a restored store equals, node for
node, the state the live store had at that sequence number (access statistics and the derived
``index_state`` excepted, by decision: reads are not logged).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from hybridmem.clock import from_iso
from hybridmem.core import ApplyContext, OpRegistry
from hybridmem.errors import ReplayError
from hybridmem.models import OpRecord


def replay(ctx: ApplyContext, registry: OpRegistry, rows: Sequence[tuple[Any, ...]]) -> int:
    """Insert raw op rows (``seq, op, node_id, user_id, payload, at, actor``) verbatim and
    apply each; the caller holds the transaction. Returns how many ops were applied."""
    for row in rows:
        seq, op, node_id, user_id, payload, at, actor = row
        record = OpRecord(
            seq=int(seq),
            op=op,
            node_id=node_id,
            user_id=user_id,
            payload=json.loads(payload) if payload else {},
            at=from_iso(at),
            actor=actor,
        )
        if op not in registry and record.payload != {"erased": True}:
            raise ReplayError(
                f"op #{seq} {op!r} has no applier; the layer that writes it must register one"
            )
        ctx.store.insert_op_row(row)
        try:
            registry.apply(ctx, record)
        except sqlite3.Error as exc:
            raise ReplayError(f"op #{seq} {op!r} on {node_id!r} cannot be replayed: {exc}") from exc
    return len(rows)
