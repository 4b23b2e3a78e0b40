"""Probe memories: a uniquely marked fictitious fact that shows the pipeline is alive.

Seed, last paragraph: add a hidden test memory with a unique marker ("the user's favourite city
is Alpha City"), run normally, and look days later at whether it is still there, its weight, and
whether it passed through the candidate or archive areas. Each maintenance run appends a reading
to the probe's ``metadata["probe_log"]``; :func:`probe_report` adds the reading at ``now``.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from hybridmem.clock import from_iso
from hybridmem.core import Core, NodeInput
from hybridmem.evolution.maintain.weights import node_weight

if TYPE_CHECKING:
    from hybridmem.models import MemoryNode


@dataclass(frozen=True, slots=True)
class ProbeReading:
    """A probe's state at one time."""

    at: datetime
    weight: float
    tier: str | None
    status: str


@dataclass(frozen=True, slots=True)
class ProbeReport:
    """A probe, its readings over time (oldest first) and its state now."""

    node: MemoryNode
    marker: str
    readings: tuple[ProbeReading, ...]
    now: ProbeReading


def add_probe(
    core: Core, *, user_id: str, content: str | None = None, lifecycle: str | None = None
) -> MemoryNode:
    """Add a probe fact carrying a unique marker (returned in ``metadata['probe']``)."""
    marker = f"probe-{uuid.uuid4().hex[:12]}"
    text = content or f"The user's favourite city is Alpha City [{marker}]"
    root = core.engine.store.user_root(user_id)
    probe = NodeInput(
        text,
        node_type="fact",
        parent_id=root.id if root else None,
        metadata={"probe": marker},
        lifecycle=lifecycle,
        slot=f"probe.{marker}",
        activate=False,
    )
    return core.tree.add_many([probe], user_id)[0]


def probe_report(core: Core, *, user_id: str, now: datetime | None = None) -> list[ProbeReport]:
    """Every probe of the user with its readings and its state at ``now``."""
    now = now or core.engine.now()
    cfg = core.engine.config.evolution
    out: list[ProbeReport] = []
    for node in core.engine.store.user_nodes(user_id):
        marker = node.metadata.get("probe")
        if not marker:
            continue
        readings = tuple(
            ProbeReading(from_iso(r["at"]), float(r["weight"]), r.get("tier"), r["status"])
            for r in node.metadata.get("probe_log", [])
        )
        current = ProbeReading(now, node_weight(node, now, cfg), node.tier, node.status)
        out.append(ProbeReport(node, str(marker), readings, current))
    return out
