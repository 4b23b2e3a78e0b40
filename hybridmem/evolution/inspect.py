"""The inspector: a user's whole memory with tier, status, weight, lifecycle and groups.

Seed 4.4: "don't guess from retrieval results; print the memory state first". Each row says why
the agent believes (or no longer believes) something: its weight now, its lifecycle and tier,
its conflict group and whether it is that group's current value, and the reason it was archived
or left a candidate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from hybridmem.config.evolution import EvolutionConfig
from hybridmem.core import Core
from hybridmem.core.evolution_marks import current_of, is_unconfirmed
from hybridmem.evolution.maintain.forgetting import Retention, plan_user
from hybridmem.evolution.maintain.weights import half_life, is_protected, node_weight
from hybridmem.models import MemoryNode


@dataclass(frozen=True, slots=True)
class InspectRow:
    """One node as the inspector shows it."""

    node: MemoryNode
    weight: float
    half_life_days: float
    protected: bool
    group_current: bool | None
    """True/False for members of a conflict group (is it the current value?), else None."""
    why: str
    """The recorded reason for its status (archived/candidate/demoted); for a live node with
    none, what maintenance would do to it now, or why a guard keeps it."""
    pending: str = ""
    """What a maintenance run now would do to it (``"fade: weight 0.031 < 0.05 ..."``)."""
    kept_because: str = ""
    """Why forgetting and pruning may not archive it now (active path, live children...)."""


def inspect_user(
    core: Core,
    *,
    user_id: str,
    now: datetime | None = None,
    statuses: Sequence[str] | None = None,
    tiers: Sequence[str] | None = None,
    lifecycles: Sequence[str] | None = None,
    node_types: Sequence[str] | None = None,
    group: str | None = None,
    contains: str | None = None,
) -> list[InspectRow]:
    """The user's nodes in tree order (parents first), filtered; empty filters match all."""
    now = now or core.engine.now()
    cfg = core.engine.config.evolution
    nodes = core.engine.store.user_nodes(user_id)
    groups: dict[str, list[MemoryNode]] = {}
    for n in nodes:
        if n.conflict_group:
            groups.setdefault(n.conflict_group, []).append(n)
    currents = {g: current_of(members) for g, members in groups.items()}
    active = core.engine.store.get_active(user_id)
    guard = Retention.of(nodes, active, now, cfg)
    pending = _pending(nodes, active, now, cfg)
    rows: list[InspectRow] = []
    for n in _tree_order(nodes):
        if statuses and n.status not in statuses:
            continue
        if tiers and n.tier not in tiers:
            continue
        if lifecycles and n.lifecycle not in lifecycles:
            continue
        if node_types and n.node_type not in node_types:
            continue
        if group and n.conflict_group not in {group, f"slot:{group}"}:
            continue
        if contains and contains.lower() not in n.content.lower():
            continue
        cur = currents.get(n.conflict_group) if n.conflict_group else None
        meta = n.metadata
        why = str(
            meta.get("archived_reason")
            or meta.get("candidate_reason")
            or (f"unconfirmed: {meta['unconfirmed_reason']}" if is_unconfirmed(n) else "")
            or (f"demoted by {meta['demoted_by']}" if "demoted_by" in meta else "")
        )
        kept = (guard.why_kept(n) or "") if n.status != "archived" else ""
        why = why or pending.get(n.id, "") or (f"kept: {kept}" if kept else "")
        rows.append(
            InspectRow(
                node=n,
                weight=node_weight(n, now, cfg),
                half_life_days=half_life(n, cfg),
                protected=is_protected(n, cfg),
                group_current=(cur is not None and cur.id == n.id) if n.conflict_group else None,
                why=why,
                pending=pending.get(n.id, ""),
                kept_because=kept,
            )
        )
    return rows


def _pending(
    nodes: list[MemoryNode], active: str | None, now: datetime, cfg: EvolutionConfig
) -> dict[str, str]:
    """What a deep maintenance run at ``now`` would do to each node, by id."""
    changes, deletions, kept = plan_user(nodes, active, now, cfg, deep=True)
    out = {a.node_id: f"maintenance would {a.action}: {a.reason}" for a, _ in changes}
    out.update((a.node_id, f"maintenance would {a.action}: {a.reason}") for a in deletions)
    out.update((a.node_id, f"kept: {a.reason}") for a in kept)
    return out


def _tree_order(nodes: list[MemoryNode]) -> list[MemoryNode]:
    """Depth-first, children in creation order, so the printout reads like the tree."""
    children: dict[str | None, list[MemoryNode]] = {}
    ids = {n.id for n in nodes}
    for n in nodes:
        parent = n.parent_id if n.parent_id in ids else None
        children.setdefault(parent, []).append(n)
    out: list[MemoryNode] = []
    stack = list(reversed(children.get(None, [])))
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(children.get(node.id, [])))
    return out
