"""Forgetting and consolidation: ``maintain(now=..., dry_run=...) -> MaintenanceReport``.

Light pass (cheap, e.g. hourly):
  * delete expired **buffer** nodes (raw, rebuildable material: the only thing ever deleted);
  * **fade**: archive unprotected leaves whose weight fell below ``archive_below``;
  * **promote** settled long-lifecycle memories to the long-term tier (old enough, re-mentioned
    or used), **demote** long-term ones whose weight fell below ``demote_below``.
Deep pass (e.g. daily); before the light one:
  * **compress** finished or idle tasks and sessions into one sourced summary each
    (:mod:`hybridmem.evolution.maintain.compression`), and **fold** idle sibling sessions
    too small for a summary of their own into one between them
    (:mod:`hybridmem.evolution.maintain.fold`);
after it:
  * archive **stale candidates** (unconfirmed for ``candidate_ttl_days``);
  * **settle conflict groups**: an older value demoted by a newer one and not used since is
    archived as superseded after ``settle_after_days``;
  * **distil** recurring episodes into profile nodes (:mod:`hybridmem.evolution.maintain.distill`);
  * **prune** under the node cap: lowest-weight leaves first.
Nothing is archived or deleted that a guard keeps (``maintain.forgetting``): the active
node, its ancestors and the active task's next step, a node with live children, one
retrieved within ``retrieved_keep_days``, protected ones (root, tasks, preferences, profiles,
pinned). The report lists those as ``kept``, with the rule that would have taken them.
Distillation survives archived profiles: a recurring theme revives its profile
(:mod:`hybridmem.evolution.maintain.profiles`).
  * record a reading of every **probe** (:mod:`hybridmem.evolution.maintain.probe`).

Every change is made in a store transaction with an op-log row. A node changed by another
writer between planning and writing is skipped (its version moved), so maintenance is safe
while writers run, and a second run at the same ``now`` changes nothing (idempotent).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from hybridmem.clock import ensure_utc, to_iso
from hybridmem.config.evolution import EvolutionConfig, Tier
from hybridmem.core import Core, NodeChange, get_scoped
from hybridmem.evolution.maintain.compression import compress_user
from hybridmem.evolution.maintain.distill import Distiller, ExtractiveDistiller
from hybridmem.evolution.maintain.fold import fold_user
from hybridmem.evolution.maintain.forgetting import MaintenanceAction, plan_user
from hybridmem.evolution.maintain.profiles import distil_user
from hybridmem.evolution.maintain.summarize import Summarizer
from hybridmem.evolution.maintain.user_state import UserState
from hybridmem.evolution.maintain.weights import node_weight
from hybridmem.models import MemoryNode, NodeStatus

ACTIVE = NodeStatus.ACTIVE.value
ARCHIVED = NodeStatus.ARCHIVED.value

__all__ = ["MaintenanceAction", "MaintenanceReport", "maintain", "restore_archived"]


@dataclass(frozen=True, slots=True)
class MaintenanceReport:
    """What a maintenance run found and changed."""

    now: datetime
    dry_run: bool
    deep: bool
    users: tuple[str, ...]
    examined: int
    actions: tuple[MaintenanceAction, ...]
    skipped_concurrent: int
    """Planned changes skipped because another writer changed the node meanwhile."""
    kept: tuple[MaintenanceAction, ...] = ()
    """``keep`` actions: nodes a rule would have archived but a guard kept (active path, live
    children, recently retrieved), each saying which rule and which guard."""

    @property
    def counts(self) -> dict[str, int]:
        """Number of actions by kind."""
        return dict(Counter(a.action for a in self.actions))

    @property
    def changed(self) -> bool:
        """Whether the run changed (or would change) anything."""
        return bool(self.actions)


def maintain(
    core: Core,
    *,
    now: datetime | None = None,
    dry_run: bool = False,
    deep: bool = True,
    user_id: str | None = None,
    distiller: Distiller | None = None,
    max_nodes: int | None = None,
    summarizer: Summarizer | None = None,
) -> MaintenanceReport:
    """Run maintenance for one user or all; see the module docstring.

    ``max_nodes`` overrides ``EvolutionConfig.max_active_nodes_per_user`` for this run.
    """
    now = ensure_utc(now) if now is not None else core.engine.now()
    # Compression and distillation compare vectors: what writes left to the index backlog
    # gets its vectors first (core/backlog.py; free when nothing is owed).
    core.engine.backlog.drain()
    cfg = core.engine.config.evolution
    if max_nodes is not None:
        cfg = cfg.with_changes(max_active_nodes_per_user=max_nodes)
    users = [user_id] if user_id is not None else core.engine.store.user_ids()
    actions: list[MaintenanceAction] = []
    examined = skipped = 0
    kept: list[MaintenanceAction] = []
    for user in users:
        # The user's nodes, read once and handed from step to step (read again only after a
        # step that wrote: user_state.py).
        state = UserState.read(core, user)
        if deep:
            # First: finished work folds into summaries before fading can take it piecemeal.
            actions.extend(compress_user(state, now, cfg, summarizer, dry_run))
            # Then the sessions too small to be summarised alone, folded with their siblings.
            state = state.current()
            actions.extend(fold_user(state, now, cfg, summarizer, dry_run))
            state = state.current()
        nodes, active = state.nodes, state.active_id
        examined += len(nodes)
        planned, deletions, spared = plan_user(nodes, active, now, cfg, deep)
        actions.extend(a for a, _ in planned)
        actions.extend(deletions)
        kept.extend(spared)
        if not dry_run:
            skipped += _apply(core, user, planned, deletions, nodes, now)
        state = state.current()
        if deep:
            chosen = distiller or ExtractiveDistiller()
            actions.extend(distil_user(state, now, cfg, chosen, dry_run))
            state = state.current()
        actions.extend(_probe_readings(state, now, cfg, dry_run))
    return MaintenanceReport(
        now=now,
        dry_run=dry_run,
        deep=deep,
        users=tuple(users),
        examined=examined,
        actions=tuple(actions),
        skipped_concurrent=skipped,
        kept=tuple(kept),
    )


def _apply(
    core: Core,
    user_id: str,
    planned: list[tuple[MaintenanceAction, NodeChange]],
    deletions: list[MaintenanceAction],
    nodes: list[MemoryNode],
    now: datetime,
) -> int:
    """Write the plan in one transaction; return how many changes were skipped."""
    if not planned and not deletions:
        return 0
    versions = {n.id: n.version for n in nodes}
    changes = [c for _, c in planned]
    doomed: list[str] = []
    engine = core.engine
    with engine.write(user_id) as unit:
        changed = core.tree.apply_changes(
            changes, user_id=user_id, now=now, op="maintain", expected_versions=versions
        )
        active = engine.store.get_active(user_id)
        # Deepest first (the plan lists parents first): a child deleted in this run does not
        # hold its parent back for the next one.
        going: set[str] = set()
        for action in reversed(deletions):
            current = engine.store.get(action.node_id)
            if current is None or current.version != versions.get(current.id):
                continue
            children = engine.store.children(action.node_id)
            if action.node_id != active and all(c.id in going for c in children):
                going.add(action.node_id)
        for action in deletions:
            if action.node_id not in going:
                continue
            # The 'maintain' applier drops the node for an expire_buffer action.
            engine.commit(
                "maintain",
                node_id=action.node_id,
                user_id=user_id,
                payload={"action": action.action, "reason": action.reason},
                at=now,
            )
            doomed.append(action.node_id)
        unit.delete.extend(doomed)
    return len(changes) - len(changed) + len(deletions) - len(doomed)


def _probe_readings(
    state: UserState, now: datetime, cfg: EvolutionConfig, dry_run: bool
) -> list[MaintenanceAction]:
    core, user_id = state.core, state.user_id
    out: list[MaintenanceAction] = []
    stamp = to_iso(now)
    for node in state.nodes:
        if not node.metadata.get("probe"):
            continue
        log = list(node.metadata.get("probe_log", []))
        if log and log[-1].get("at") == stamp:
            continue
        weight = node_weight(node, now, cfg)
        reading = {
            "at": stamp,
            "weight": round(weight, 4),
            "tier": node.tier,
            "status": node.status,
        }
        out.append(
            MaintenanceAction(
                node.id,
                user_id,
                "probe_reading",
                f"{node.status}/{node.tier} weight {weight:.3f}",
                weight,
            )
        )
        if not dry_run:
            core.tree.apply_changes(
                [
                    NodeChange(
                        node.id,
                        "probe_reading",
                        "probe",
                        {"metadata": {"probe_log": [*log, reading]}},
                    )
                ],
                user_id=user_id,
                now=now,
                op="maintain",
            )
    return out


def restore_archived(
    core: Core, node_id: str, *, user_id: str | None = None, now: datetime | None = None
) -> MemoryNode:
    """Bring an archived node back to ``active`` (working tier), recording why it left."""
    from hybridmem.errors import InvalidArgumentError

    node = get_scoped(core.engine, node_id, user_id)
    if node.status != ARCHIVED:
        raise InvalidArgumentError(f"node {node_id!r} is {node.status}, not archived")
    now = ensure_utc(now) if now is not None else core.engine.now()
    change = NodeChange(
        node.id,
        "restore",
        f"restored (was: {node.metadata.get('archived_reason', 'archived')})",
        {
            "status": ACTIVE,
            "tier": Tier.WORKING.value,
            "renew": True,
            "metadata": {"restored_at": to_iso(now)},
        },
    )
    core.tree.apply_changes([change], user_id=node.user_id, now=now, op="restore")
    return get_scoped(core.engine, node.id, None)
