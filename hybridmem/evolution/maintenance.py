"""Forgetting and consolidation: ``maintain(now=..., dry_run=...) -> MaintenanceReport``.

Light pass (cheap, e.g. hourly):
  * delete expired **buffer** nodes (raw, rebuildable material: the only thing ever deleted);
  * **fade**: archive unprotected leaves whose weight fell below ``archive_below``;
  * **promote** settled long-lifecycle memories to the long-term tier (old enough, re-mentioned
    or used), **demote** long-term ones whose weight fell below ``demote_below``.
Deep pass (e.g. daily), after the light one:
  * archive **stale candidates** (unconfirmed for ``candidate_ttl_days``);
  * **settle conflict groups**: an older value demoted by a newer one and not used since is
    archived as superseded after ``settle_after_days``;
  * **distil** recurring episodes into profile nodes (:mod:`hybridmem.evolution.distill`);
  * **prune** under the node cap: lowest-weight leaves first, never a node with live children,
    never a protected one (root, tasks, preferences, profiles, pinned).
  * record a reading of every **probe** (:mod:`hybridmem.evolution.probe`).

Every change is made in a store transaction with an op-log row. A node changed by another
writer between planning and writing is skipped (its version moved), so maintenance is safe
while writers run, and a second run at the same ``now`` changes nothing (idempotent).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from hybridmem.clock import ensure_utc, to_iso
from hybridmem.core import Core, NodeChange, NodeInput, content_hash, get_scoped
from hybridmem.errors import KeyUnavailableError
from hybridmem.evolution.config import EvolutionConfig, Lifecycle, Tier
from hybridmem.evolution.conflicts import is_unconfirmed
from hybridmem.evolution.distill import Distiller, ExtractiveDistiller, Theme, find_themes
from hybridmem.evolution.weights import is_protected, node_weight
from hybridmem.models import MemoryNode, NodeStatus

ACTIVE = NodeStatus.ACTIVE.value
CANDIDATE = NodeStatus.CANDIDATE.value
ARCHIVED = NodeStatus.ARCHIVED.value
_STILL_SUPPORTS = frozenset({"fade", "prune"})


@dataclass(frozen=True, slots=True)
class MaintenanceAction:
    """One thing maintenance did (or, in a dry run, would do) to one node."""

    node_id: str
    user_id: str
    action: str
    """``expire_buffer``, ``fade``, ``promote``, ``demote``, ``archive_candidate``, ``settle``,
    ``prune``, ``distil_create``, ``distil_update``, ``probe_reading``."""
    reason: str
    weight: float | None = None


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
) -> MaintenanceReport:
    """Run maintenance for one user or all; see the module docstring.

    ``max_nodes`` overrides ``EvolutionConfig.max_active_nodes_per_user`` for this run.
    """
    now = ensure_utc(now) if now is not None else core.engine.now()
    cfg = core.engine.config.evolution
    if max_nodes is not None:
        cfg = cfg.with_changes(max_active_nodes_per_user=max_nodes)
    users = [user_id] if user_id is not None else core.engine.store.user_ids()
    actions: list[MaintenanceAction] = []
    examined = skipped = 0
    for user in users:
        nodes = core.engine.store.user_nodes(user)
        examined += len(nodes)
        planned, deletions = _plan_user(nodes, now, cfg, deep)
        actions.extend(a for a, _ in planned)
        actions.extend(deletions)
        if not dry_run:
            skipped += _apply(core, user, planned, deletions, nodes, now)
        if deep:
            actions.extend(
                _distil(core, user, now, cfg, distiller or ExtractiveDistiller(), dry_run)
            )
        actions.extend(_probe_readings(core, user, now, cfg, dry_run))
    return MaintenanceReport(
        now=now,
        dry_run=dry_run,
        deep=deep,
        users=tuple(users),
        examined=examined,
        actions=tuple(actions),
        skipped_concurrent=skipped,
    )


def _plan_user(
    nodes: list[MemoryNode], now: datetime, cfg: EvolutionConfig, deep: bool
) -> tuple[list[tuple[MaintenanceAction, NodeChange]], list[MaintenanceAction]]:
    by_id = {n.id: n for n in nodes}
    live_children: Counter[str] = Counter(
        n.parent_id for n in nodes if n.parent_id and n.status != ARCHIVED
    )
    any_children: Counter[str] = Counter(n.parent_id for n in nodes if n.parent_id)
    weights = {n.id: node_weight(n, now, cfg) for n in nodes}
    decided: dict[str, tuple[MaintenanceAction, NodeChange]] = {}
    deletions: list[MaintenanceAction] = []

    def archive(node: MemoryNode, action: str, reason: str) -> None:
        decided[node.id] = (
            MaintenanceAction(node.id, node.user_id, action, reason, weights[node.id]),
            NodeChange(
                node.id,
                action,
                reason,
                {
                    "status": ARCHIVED,
                    "metadata": {
                        "archived_reason": reason,
                        "archived_action": action,
                        "archived_at": to_iso(now),
                    },
                },
            ),
        )
        if node.parent_id:
            live_children[node.parent_id] -= 1

    buffer_ttl = timedelta(hours=cfg.buffer_ttl_hours)
    for node in nodes:
        if (
            node.tier == Tier.BUFFER.value
            and now - node.created_at >= buffer_ttl
            and not any_children[node.id]
            and not is_protected(node, cfg)
        ):
            deletions.append(
                MaintenanceAction(
                    node.id,
                    node.user_id,
                    "expire_buffer",
                    f"raw buffer older than {cfg.buffer_ttl_hours:g}h (rebuildable)",
                    weights[node.id],
                )
            )
    deleting = {a.node_id for a in deletions}

    def open_leaf(node: MemoryNode) -> bool:
        return (
            node.id not in decided
            and node.id not in deleting
            and node.status != ARCHIVED
            and live_children[node.id] <= 0
            and not is_protected(node, cfg)
        )

    if deep:
        ttl = timedelta(days=cfg.candidate_ttl_days)
        for node in nodes:
            waiting = node.status == CANDIDATE or is_unconfirmed(node)
            if waiting and open_leaf(node):
                seen = max(node.created_at, node.last_accessed_at or node.created_at)
                if now - seen >= ttl:
                    archive(
                        node,
                        "archive_candidate",
                        f"unconfirmed candidate for {cfg.candidate_ttl_days:g} days",
                    )
        settle = timedelta(days=cfg.settle_after_days)
        for node in nodes:
            newer = by_id.get(str(node.metadata.get("demoted_by", "")))
            if node.status != ACTIVE or newer is None or newer.status != ACTIVE:
                continue
            used_since = (
                node.last_accessed_at is not None and node.last_accessed_at > newer.created_at
            )
            if now - newer.created_at >= settle and not used_since and open_leaf(node):
                archive(
                    node,
                    "settle",
                    f"superseded by {newer.id}: not confirmed again in "
                    f"{cfg.settle_after_days:g} days",
                )

    for node in nodes:
        faded = weights[node.id] < cfg.archive_below
        if faded and node.status in (ACTIVE, CANDIDATE) and open_leaf(node):
            archive(
                node,
                "fade",
                f"weight {weights[node.id]:.3f} < {cfg.archive_below:g} ({node.lifecycle})",
            )

    for node in nodes:
        if node.id in decided or node.id in deleting or node.status != ACTIVE:
            continue
        if (
            node.tier == Tier.WORKING.value
            and node.lifecycle == Lifecycle.LONG_TERM.value
            and "demoted_by" not in node.metadata
            and not is_unconfirmed(node)
            and (
                now - node.created_at >= timedelta(days=cfg.promote_after_days)
                or int(node.metadata.get("mentions", 1)) >= 2
                or node.access_count >= cfg.promote_uses
            )
        ):
            reason = "settled long-lifecycle memory (age, mentions or use)"
            decided[node.id] = (
                MaintenanceAction(node.id, node.user_id, "promote", reason, weights[node.id]),
                NodeChange(node.id, "promote", reason, {"tier": Tier.LONG_TERM.value}),
            )
        elif (
            node.tier == Tier.LONG_TERM.value
            and weights[node.id] < cfg.demote_below
            and not is_protected(node, cfg)
        ):
            reason = f"weight {weights[node.id]:.3f} < {cfg.demote_below:g}"
            decided[node.id] = (
                MaintenanceAction(node.id, node.user_id, "demote", reason, weights[node.id]),
                NodeChange(node.id, "demote", reason, {"tier": Tier.WORKING.value}),
            )

    cap = cfg.max_active_nodes_per_user
    if deep and cap is not None:
        live = [
            n
            for n in nodes
            if n.status == ACTIVE
            and n.id not in deleting
            and not (n.id in decided and decided[n.id][1].values.get("status") == ARCHIVED)
        ]
        excess = len(live) - cap
        while excess > 0:
            leaves = [n for n in live if open_leaf(n)]
            if not leaves:
                break
            victim = min(leaves, key=lambda n: (weights[n.id], n.created_at, n.seq))
            archive(victim, "prune", f"over the cap of {cap} active nodes; lowest weight")
            live.remove(victim)
            excess -= 1
    return list(decided.values()), deletions


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
    with engine.write() as unit:
        changed = core.tree.apply_changes(
            changes, user_id=user_id, now=now, op="maintain", expected_versions=versions
        )
        active = engine.store.get_active(user_id)
        for action in deletions:
            current = engine.store.get(action.node_id)
            if current is None or current.version != versions.get(current.id):
                continue
            if action.node_id == active or engine.store.children(action.node_id):
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


def _distil(
    core: Core,
    user_id: str,
    now: datetime,
    cfg: EvolutionConfig,
    distiller: Distiller,
    dry_run: bool,
) -> list[MaintenanceAction]:
    nodes = core.engine.store.user_nodes(user_id)  # content as stored: ciphertext if sealed
    readable = _readable(core, nodes)
    profiles = {
        str(n.metadata["theme"]): n
        for n in nodes
        if n.node_type == "profile" and "theme" in n.metadata and n.status != ARCHIVED
    }
    by_id = {n.id: n for n in nodes}
    opened = {n.id: n for n in readable}

    def supporting(profile: MemoryNode) -> list[MemoryNode]:
        # Sources that merely faded (or were pruned) still support the conclusion: that is
        # the point of distilling. Superseded or withdrawn ones no longer do.
        out = []
        for i in profile.metadata.get("derived_from", []):
            src = by_id.get(i)
            if src is not None and (
                src.status == ACTIVE or src.metadata.get("archived_action") in _STILL_SUPPORTS
            ):
                out.append(src)
        return out

    out: list[MaintenanceAction] = []
    found_themes = [
        (found, _theme_key(core, user_id, found)) for found in find_themes(readable, cfg)
    ]
    seen_themes = {key for _, key in found_themes}
    sealed_terms = {found.term for found, key in found_themes if key != found.term}
    rewritten: set[str] = set()
    for found, key in found_themes:
        previous = profiles.get(key) or _rekeyed_profile(profiles, seen_themes, found)
        theme = found
        if previous is not None:
            merged = {s.id: s for s in (*supporting(previous), *found.sources)}
            previous = _opened(core, previous)
            if previous is None or any(i not in opened for i in merged):
                continue  # a sealed source or profile and no key: leave it as it is
            ordered = sorted((opened[i] for i in merged), key=lambda s: (s.created_at, s.seq))
            theme = Theme(found.term, tuple(ordered))
        sealed = any(s.sensitive for s in theme.sources) or bool(previous and previous.sensitive)
        source_ids = [s.id for s in theme.sources]
        if previous is not None and sorted(previous.metadata.get("derived_from", [])) == sorted(
            source_ids
        ):
            continue  # incremental: nothing new to learn from
        trait = distiller.summarise(theme, previous)
        if trait is None:
            continue
        known = set(source_ids)
        cited = [i for i in trait.sources if i in known]
        if not cited:
            continue  # a conclusion that cites none of its sources is never written
        covers = sorted({c for s in theme.sources for c in s.covers} | set(source_ids))
        metadata: dict[str, Any] = {
            # Metadata is stored in clear: a sealed profile names its theme by a keyed digest.
            "theme": key,
            "derived_from": source_ids,
            "covers": covers,
            "cited": cited,
            "distiller": distiller.name,
            "distilled_at": to_iso(now),
        }
        confidence = min(0.95, 0.5 + 0.1 * len(source_ids))
        if previous is None:
            action = "distil_create"
            # Deterministic id: a concurrent run creating the same theme collides, not doubles.
            digest = hashlib.sha1(f"{user_id}\x00{key}".encode()).hexdigest()[:24]
            node_id = f"profile-{digest}"
            if not dry_run:
                root = core.engine.store.user_root(user_id)
                new_profile = NodeInput(
                    trait.text,
                    node_type="profile",
                    parent_id=root.id if root else None,
                    importance=0.7,
                    confidence=confidence,
                    metadata=metadata,
                    lifecycle=Lifecycle.LONG_TERM.value,
                    tier=Tier.LONG_TERM.value,
                    id=node_id,
                    activate=False,
                    sensitive=sealed,  # it quotes its sources: sealed when one of them is
                )
                core.tree.add_many([new_profile], user_id)
        else:
            action, node_id = "distil_update", previous.id
            rewritten.add(previous.id)
            if not dry_run:
                core.tree.update(
                    previous.id,
                    {
                        "content": trait.text,
                        "confidence": confidence,
                        "metadata": {**previous.metadata, **metadata},
                        "status": ACTIVE,
                    },
                    user_id=None,
                    expected_version=None,
                )
        about = "a sensitive theme" if sealed else repr(theme.term)
        reason = f"{len(source_ids)} episodes mention {about}"
        out.append(MaintenanceAction(node_id, user_id, action, reason))
    for term, profile in profiles.items():
        if term in seen_themes or profile.status != ACTIVE or profile.id in rewritten:
            continue
        # A clear profile whose theme now has a sensitive source gave way to a sealed one.
        superseded = term in sealed_terms
        if not superseded and len(supporting(profile)) >= cfg.distill_min_mentions:
            continue
        # Correct, never silently keep: the sources no longer support this conclusion.
        out.append(
            MaintenanceAction(
                profile.id,
                user_id,
                "distil_withdraw",
                "superseded by a sealed profile (a source is sensitive)"
                if superseded
                else "fewer live sources than distill_min_mentions",
            )
        )
        if not dry_run:
            core.tree.update(
                profile.id,
                {
                    "status": CANDIDATE,
                    "metadata": {**profile.metadata, "withdrawn_at": to_iso(now)},
                },
                user_id=None,
                expected_version=None,
            )
    return out


def _readable(core: Core, nodes: list[MemoryNode]) -> list[MemoryNode]:
    """The nodes distillation may read: sensitive ones opened with the key, or left out when
    there is none (distilling their ciphertext would quote it into a profile)."""
    return [n for n in (_opened(core, node) for node in nodes) if n is not None]


def _opened(core: Core, node: MemoryNode) -> MemoryNode | None:
    """``node`` with its content in clear; None for a sealed node when no key is configured."""
    opener = core.engine.store.opener
    if not node.sensitive:
        return node
    if opener is None:
        return None
    try:
        return replace(node, content=opener(node.id, node.content))
    except KeyUnavailableError:
        return None


def _theme_key(core: Core, user_id: str, theme: Theme) -> str:
    """How a profile names its theme in (clear) metadata: the term, or a keyed digest of it
    when a source is sensitive (the term itself is a word of the secret)."""
    if not any(s.sensitive for s in theme.sources):
        return theme.term
    text = f"theme\x00{user_id}\x00{theme.term}"
    return "sealed:" + core.engine.sealer.digest(
        text, sensitive=True, plain_hash=content_hash(text)
    )


def _rekeyed_profile(
    profiles: dict[str, MemoryNode], keys: set[str], theme: Theme
) -> MemoryNode | None:
    """A sealed profile whose digest no theme matches any more (``rotate_key`` changed the
    key) but whose sources this theme shares: the same conclusion, adopted under the new key
    instead of written twice."""
    if not any(s.sensitive for s in theme.sources):
        return None
    ids = {s.id for s in theme.sources}
    for key, profile in profiles.items():
        if (
            key.startswith("sealed:")
            and key not in keys
            and ids & set(profile.metadata.get("derived_from", []))
        ):
            return profile
    return None


def _probe_readings(
    core: Core, user_id: str, now: datetime, cfg: EvolutionConfig, dry_run: bool
) -> list[MaintenanceAction]:
    out: list[MaintenanceAction] = []
    stamp = to_iso(now)
    for node in core.engine.store.user_nodes(user_id):
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
