"""A stored row decodes to the node whose every field is the column of the same name.

``row_to_node`` and ``values_to_node`` (the tuple read path) build ``MemoryNode``
positionally, for speed; a field swapped with another of the same type (agent and session,
lifecycle and tier) would pass most tests, so each column here holds a value of its own.
"""

from __future__ import annotations

import json
import random
from dataclasses import fields
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from hybridmem.clock import from_iso
from hybridmem.models import MemoryNode
from hybridmem.store import row_to_node
from hybridmem.store.queries import NODE_COLUMNS
from hybridmem.store.records import values_to_node

COLUMNS = [c.strip() for c in NODE_COLUMNS.split(",")]
T0 = datetime(2025, 3, 1, 8, 0, tzinfo=UTC)


def _row(rng: random.Random, k: int) -> dict[str, Any]:
    def stamp(minutes: int) -> str:
        return (T0 + timedelta(minutes=minutes)).isoformat(timespec="microseconds")

    text = {c: f"{c}-{k}-{rng.randrange(10**6)}" for c in COLUMNS}
    metadata = rng.choice(["{}", "", json.dumps({"slot": text["id"], "n": k})])
    return {
        **text,
        "rid": k,
        "path": rng.choice(["/", f"/r{k}/", f"/r{k}/t{k}/x{k}/"]),
        "depth": rng.randrange(5),
        "importance": rng.choice([0, 1, 0.25]),
        "confidence": rng.random(),
        "activity": rng.choice([0, 0.5]),
        "created_at": stamp(k),
        "updated_at": stamp(k + 7),
        "last_accessed_at": rng.choice([None, "", stamp(k + 9)]),
        "access_count": rng.randrange(4),
        "seq": 100 + k,
        "version": 1 + rng.randrange(3),
        "metadata": metadata,
        "agent_id": rng.choice([None, text["agent_id"]]),
        "tier": rng.choice([None, text["tier"]]),
        "sensitive": rng.choice([0, 1]),
    }


def _reference(row: dict[str, Any]) -> MemoryNode:
    """The node built by field name, each from the column of that name."""
    names = {f.name for f in fields(MemoryNode)}
    values = {c: row[c] for c in COLUMNS if c in names}
    values.update(
        path=tuple(p for p in row["path"].split("/") if p),
        importance=float(row["importance"]),
        confidence=float(row["confidence"]),
        activity=float(row["activity"]),
        created_at=from_iso(row["created_at"]),
        updated_at=from_iso(row["updated_at"]),
        last_accessed_at=from_iso(row["last_accessed_at"]) if row["last_accessed_at"] else None,
        metadata=json.loads(row["metadata"]) if row["metadata"] else {},
        sensitive=bool(row["sensitive"]),
    )
    return MemoryNode(**values)


@pytest.mark.parametrize("seed", range(3))
def test_rows_and_tuples_decode_field_by_field(seed: int) -> None:
    rng = random.Random(seed)
    for k in range(40):
        row = _row(rng, k)
        want = _reference(row)
        assert row_to_node(row) == want
        assert values_to_node(tuple(row[c] for c in COLUMNS)) == want
        assert type(want.importance) is float and type(row_to_node(row).sensitive) is bool
