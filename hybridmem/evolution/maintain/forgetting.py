"""The plan of one user's maintenance run: what fades, settles, expires, is promoted or pruned.

Pure planning over a snapshot of the user's nodes (no store access): :func:`plan_user` returns
the changes and the deletions, and, for every node a rule would have archived but a guard kept,
a ``keep`` action saying which rule and which guard (what ``maintain(dry_run=True)`` and the
inspector show).

Guards (:class:`Retention`), checked before anything is archived or deleted:

* protected nodes (root, protected types, pinned);
* the **active path**: the user's active node, every ancestor of it and, when the active node
  is a task, its newest live step (``state`` child): what recovery exists to bring back;
* the **active task's work**: the members of the task (or session: a type in
  ``compress_units``) nearest above the active node, for as long as it stays the active one.
  An agent that comes back to its active task after months finds everything it wrote for it;
  when it moves to another task, the old one is compressed once idle (never piecemeal faded);
* a node with **live children** (archiving it would orphan live memories in the tree);
* a node **retrieved** within ``retrieved_keep_days`` (it is in use, whatever its weight says),
  or within one half-life of its lifecycle when that is shorter (scratch stays scratch).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from hybridmem.clock import to_iso
from hybridmem.config.evolution import EvolutionConfig, Lifecycle, Tier
from hybridmem.core import NodeChange
from hybridmem.core.evolution_marks import demoted_since, is_unconfirmed
from hybridmem.evolution.maintain.conversation import folded_not_faded
from hybridmem.evolution.maintain.weights import half_life, is_protected, node_weight
from hybridmem.models import MemoryNode, NodeStatus

ACTIVE = NodeStatus.ACTIVE.value
CANDIDATE = NodeStatus.CANDIDATE.value
ARCHIVED = NodeStatus.ARCHIVED.value
STEP_TYPES = ("state",)
"""Node types that are a task's steps: the newest live one under the active task is kept."""


@dataclass(frozen=True, slots=True)
class MaintenanceAction:
    """One thing maintenance did (or, in a dry run, would do) to one node."""

    node_id: str
    user_id: str
    action: str
    """``expire_buffer``, ``fade``, ``promote``, ``demote``, ``archive_candidate``, ``settle``,
    ``prune``, ``distil_create``, ``distil_update``, ``distil_revive``, ``distil_withdraw``,
    ``probe_reading``, ``extend_lifecycle``, ``compress_create``, ``compress_update``,
    ``compress`` (a member folded into a summary); ``keep`` for a node a rule would have
    archived but a guard kept."""
    reason: str
    weight: float | None = None


def active_path(nodes: Sequence[MemoryNode], active_id: str | None) -> dict[str, str]:
    """Ids on the user's active path, each with why it is on it: the active node, its
    ancestors and its next step (the newest live step below it, with the nodes between)."""
    by_id = {n.id: n for n in nodes}
    active = by_id.get(active_id or "")
    if active is None:
        return {}
    out = {i: "ancestor of the active node" for i in active.path}
    out[active.id] = "the active node"
    steps = [
        n
        for n in nodes
        if active.id in n.path and n.node_type in STEP_TYPES and n.status != ARCHIVED
    ]
    if steps:
        latest = max(steps, key=lambda n: (n.created_at, n.seq))
        between = latest.path[latest.path.index(active.id) + 1 :]
        out.update((i, "on the way to the next step of the active node") for i in between)
        out[latest.id] = "next step of the active node"
    return out


def active_work(
    nodes: Sequence[MemoryNode], active_id: str | None, units: Sequence[str]
) -> tuple[str | None, frozenset[str]]:
    """The active unit (the node of a type in ``units`` nearest at or above the active node)
    and the ids of its own members: the nodes below it whose nearest unit is it (a nested
    unit, e.g. a finished subtask, is work of its own) that are not raw buffer material."""
    by_id = {n.id: n for n in nodes}
    active = by_id.get(active_id or "")
    if active is None:
        return None, frozenset()
    chain = [by_id[i] for i in active.path if i in by_id] + [active]
    owner = next((n for n in reversed(chain) if n.node_type in units), None)
    if owner is None:
        return None, frozenset()
    work = set()
    for node in nodes:
        if owner.id not in node.path or node.tier == Tier.BUFFER.value:
            continue
        below = node.path[node.path.index(owner.id) + 1 :]
        if not any(i in by_id and by_id[i].node_type in units for i in below):
            work.add(node.id)
    return owner.id, frozenset(work)


@dataclass
class Retention:
    """Why a node must not be archived now (``None``: nothing keeps it)."""

    cfg: EvolutionConfig
    now: datetime
    path: dict[str, str]
    live_children: Counter[str]
    active_unit: str | None = None
    working: frozenset[str] = frozenset()
    """Members of the active unit (:func:`active_work`): kept while it is the active one."""

    @classmethod
    def of(
        cls,
        nodes: Sequence[MemoryNode],
        active_id: str | None,
        now: datetime,
        cfg: EvolutionConfig,
    ) -> Retention:
        live: Counter[str] = Counter(
            n.parent_id for n in nodes if n.parent_id and n.status != ARCHIVED
        )
        unit, work = active_work(nodes, active_id, cfg.compress_units)
        return cls(cfg, now, active_path(nodes, active_id), live, unit, work)

    def why_kept(self, node: MemoryNode) -> str | None:
        if is_protected(node, self.cfg):
            # the one reason that applies, in words (weights.is_protected lists them)
            if node.parent_id is None:
                return "the user's root (never forgotten)"
            if node.metadata.get("pinned"):
                return "pinned (metadata pinned=true: never forgotten)"
            return f"a {node.node_type}: this type is never forgotten (protected_types)"
        if node.id in self.path:
            return f"on the active path ({self.path[node.id]})"
        if node.id in self.working:
            return f"work of the active task {self.active_unit} (kept while it is active)"
        if self.live_children[node.id] > 0:
            return f"has {self.live_children[node.id]} live children"
        used = node.last_accessed_at
        # A retrieval protects for retrieved_keep_days, but never longer than one half-life
        # of the node's lifecycle: a scratch order number used once is still scratch.
        days = min(self.cfg.retrieved_keep_days, half_life(node, self.cfg))
        if node.access_count > 0 and used is not None and self.now - used < timedelta(days=days):
            ago = (self.now - used).total_seconds() / 86400
            return f"retrieved {ago:.1f} days ago (kept {days:g} days after use)"
        return None


@dataclass
class _UserPlan:
    """The plan being built for one user (see :func:`plan_user`)."""

    nodes: list[MemoryNode]
    now: datetime
    cfg: EvolutionConfig
    guard: Retention
    weights: dict[str, float]
    folded: set[str] = field(default_factory=set)
    """What a conversation's extraction kept (never faded): set by :meth:`fade`."""
    decided: dict[str, tuple[MaintenanceAction, NodeChange]] = field(default_factory=dict)
    deletions: list[MaintenanceAction] = field(default_factory=list)
    kept: dict[str, MaintenanceAction] = field(default_factory=dict)
    deleting: set[str] = field(default_factory=set)
    freed: set[str] = field(default_factory=set)
    """Parents whose live children this run archived or deleted: a rule that met them before
    (kept for their live children) looks again (:meth:`revisit_freed`)."""

    def action(self, node: MemoryNode, action: str, reason: str) -> MaintenanceAction:
        return MaintenanceAction(node.id, node.user_id, action, reason, self.weights[node.id])

    def open(self, node: MemoryNode) -> bool:
        """Not yet decided, not being deleted and not archived."""
        return (
            node.id not in self.decided and node.id not in self.deleting and node.status != ARCHIVED
        )

    def may_archive(self, node: MemoryNode, action: str, reason: str) -> bool:
        """Whether ``node`` may go; if a guard keeps it, say so in ``kept``."""
        if not self.open(node):
            return False
        why = self.guard.why_kept(node)
        if why is None:
            return True
        if node.id not in self.kept and not is_protected(node, self.cfg):
            self.kept[node.id] = self.action(node, "keep", f"would {action} ({reason}); {why}")
        return False

    def archive(self, node: MemoryNode, action: str, reason: str) -> None:
        change = NodeChange(
            node.id,
            action,
            reason,
            {
                "status": ARCHIVED,
                "metadata": {
                    "archived_reason": reason,
                    "archived_action": action,
                    "archived_at": to_iso(self.now),
                },
            },
        )
        self.decided[node.id] = (self.action(node, action, reason), change)
        self.kept.pop(node.id, None)
        self._leaves(node)

    def _leaves(self, node: MemoryNode) -> None:
        """``node`` stops being a live child of its parent in this run."""
        if node.parent_id and node.status != ARCHIVED:
            self.guard.live_children[node.parent_id] -= 1
            self.freed.add(node.parent_id)

    # -- the rules, in the order they run ------------------------------------------------
    def expire_buffers(self) -> None:
        """Raw buffer nodes past their time are deleted (rebuildable by definition)."""
        ttl = timedelta(hours=self.cfg.buffer_ttl_hours)
        has_children = Counter(n.parent_id for n in self.nodes if n.parent_id)
        reason = f"raw buffer older than {self.cfg.buffer_ttl_hours:g}h (rebuildable)"
        # Deepest first (the nodes come parents first): a buffer whose only children expire
        # now expires with them, as a second run at the same moment would take it.
        for node in reversed(self.nodes):
            if node.tier != Tier.BUFFER.value or self.now - node.created_at < ttl:
                continue
            # The raw copy of a message a memory was extracted from (archived at once by
            # add_messages) expires with the buffer too: the memory holds what was kept.
            copy = node.status == ARCHIVED and node.metadata.get("archived_action") == "extracted"
            if has_children[node.id] or not (
                copy or self.may_archive(node, "expire_buffer", reason)
            ):
                continue
            self.deletions.append(self.action(node, "expire_buffer", reason))
            self.deleting.add(node.id)
            if node.parent_id:
                has_children[node.parent_id] -= 1
            self._leaves(node)
        # Written in the store's order, parents first (as the op log always had them).
        self.deletions.reverse()

    def archive_stale_candidates(self) -> None:
        """Candidates nobody confirmed (nor looked at) for ``candidate_ttl_days``."""
        for node in self.nodes:
            self._stale_candidate(node)

    def _stale_candidate(self, node: MemoryNode) -> None:
        if not (node.status == CANDIDATE or is_unconfirmed(node)):
            return
        ttl = timedelta(days=self.cfg.candidate_ttl_days)
        reason = f"unconfirmed candidate for {self.cfg.candidate_ttl_days:g} days"
        seen = max(node.created_at, node.last_accessed_at or node.created_at)
        if self.now - seen >= ttl and self.may_archive(node, "archive_candidate", reason):
            self.archive(node, "archive_candidate", reason)

    def settle_groups(self) -> None:
        """An older value demoted by a newer one and not used since is archived
        ``settle_after_days`` after its demotion was said (not after the newer value's first
        writing: a move back to a value first said months ago demotes the value it left now).
        The newer value must be live, or itself superseded by a later one (the group moved on
        twice: a move back, then a change of it); a newer value archived for any other reason
        (faded, pruned, archived by hand) leaves the older one as it is."""
        by_id = {n.id: n for n in self.nodes}
        for node in self.nodes:
            self._settle(node, by_id)

    def _settle(self, node: MemoryNode, by_id: dict[str, MemoryNode]) -> None:
        newer = by_id.get(str(node.metadata.get("demoted_by", "")))
        if node.status != ACTIVE or newer is None:
            return
        if newer.status != ACTIVE and "superseded_by" not in newer.metadata:
            return
        since = demoted_since(node, newer)
        used_since = node.last_accessed_at is not None and node.last_accessed_at > since
        if self.now - since < timedelta(days=self.cfg.settle_after_days) or used_since:
            return
        reason = (
            f"superseded by {newer.id}: not confirmed again in {self.cfg.settle_after_days:g} days"
        )
        if self.may_archive(node, "settle", reason):
            self.archive(node, "settle", reason)

    def extend_used(self) -> None:
        """A short-term memory retrieved ``promote_uses`` times or more has proved useful
        beyond its expected life: its lifecycle becomes long-term (the notes: frequent use
        extends the lifecycle). Scratch values (transient) stay scratch."""
        cfg = self.cfg
        for node in self.nodes:
            if (
                node.lifecycle != Lifecycle.SHORT_TERM.value
                or node.status != ACTIVE
                or node.access_count < cfg.promote_uses
                or not self.open(node)
            ):
                continue
            reason = f"retrieved {node.access_count} times: lifecycle extended to long-term"
            values: dict[str, object] = {"lifecycle": Lifecycle.LONG_TERM.value}
            extended = replace(node, lifecycle=Lifecycle.LONG_TERM.value)
            if node.tier == Tier.WORKING.value and self._promotable(
                extended, node_weight(extended, self.now, cfg)
            ):
                # What the next run would promote (a long-lifecycle memory used this much is
                # settled) is promoted now: one change, one op.
                reason += "; settled: promoted to the long-term tier"
                values["tier"] = Tier.LONG_TERM.value
            change = NodeChange(node.id, "extend_lifecycle", reason, values)
            self.decided[node.id] = (self.action(node, "extend_lifecycle", reason), change)

    def fade(self) -> None:
        """Unprotected nodes whose weight fell below ``archive_below``; not what a
        conversation's extraction kept (:mod:`~hybridmem.evolution.maintain.conversation`)."""
        self.folded = folded_not_faded(self.nodes, self.cfg)
        for node in self.nodes:
            self._fade(node)

    def _fade(self, node: MemoryNode) -> None:
        weight = self.weights[node.id]
        if weight >= self.cfg.archive_below or node.status not in (ACTIVE, CANDIDATE):
            return
        if node.id in self.folded:
            return
        reason = f"weight {weight:.3f} < {self.cfg.archive_below:g} ({node.lifecycle})"
        if self.may_archive(node, "fade", reason):
            self.archive(node, "fade", reason)

    def revisit_freed(self, deep: bool) -> None:
        """The archiving rules again for every parent this run left without live children,
        until none is left: a rule that kept a parent for its live children, then archived
        them, takes the parent in the same run (else each run took one more level of a
        faded subtree, and a second run at the same ``now`` found work)."""
        by_id = {n.id: n for n in self.nodes}
        while self.freed:
            freed, self.freed = self.freed, set()
            for node in self.nodes:
                if node.id not in freed or self.guard.live_children[node.id] > 0:
                    continue
                # What kept it before was its children: the rules say again what keeps it.
                before = self.kept.pop(node.id, None)
                if deep:
                    self._stale_candidate(node)
                    self._settle(node, by_id)
                self._fade(node)
                if before is not None and node.id not in self.decided:
                    self.kept.setdefault(node.id, before)

    def promote_or_demote(self) -> None:
        """Settled long-lifecycle memories go long-term; faded long-term ones go back."""
        cfg = self.cfg
        for node in self.nodes:
            if not self.open(node) or node.status != ACTIVE:
                continue
            weight = self.weights[node.id]
            if node.tier == Tier.WORKING.value and self._promotable(node, weight):
                reason = "settled long-lifecycle memory (age, mentions or use)"
                change = NodeChange(node.id, "promote", reason, {"tier": Tier.LONG_TERM.value})
                self.decided[node.id] = (self.action(node, "promote", reason), change)
            elif node.tier == Tier.LONG_TERM.value and self._demotable(node, weight):
                reason = f"weight {weight:.3f} < {cfg.demote_below:g}"
                change = NodeChange(node.id, "demote", reason, {"tier": Tier.WORKING.value})
                self.decided[node.id] = (self.action(node, "demote", reason), change)

    def _promotable(self, node: MemoryNode, weight: float) -> bool:
        """Settled, and not so light that the next run would demote it again (a memory
        promoted and demoted in turn changed tier on every run, twice at the same ``now``)."""
        return self._settled(node) and not self._demotable(node, weight)

    def _demotable(self, node: MemoryNode, weight: float) -> bool:
        return weight < self.cfg.demote_below and not is_protected(node, self.cfg)

    def _settled(self, node: MemoryNode) -> bool:
        return (
            node.lifecycle == Lifecycle.LONG_TERM.value
            and "demoted_by" not in node.metadata
            and not is_unconfirmed(node)
            and (
                self.now - node.created_at >= timedelta(days=self.cfg.promote_after_days)
                or int(node.metadata.get("mentions", 1)) >= 2
                or node.access_count >= self.cfg.promote_uses
            )
        )

    def prune_over_cap(self) -> None:
        """Over the node cap: lowest-weight unguarded leaves first, until under it."""
        cap = self.cfg.max_active_nodes_per_user
        if cap is None:
            return
        archived_now = {i for i, (_, c) in self.decided.items() if c.values.get("status")}
        live = [
            n
            for n in self.nodes
            if n.status == ACTIVE and n.id not in self.deleting and n.id not in archived_now
        ]
        excess = len(live) - cap
        reason = f"over the cap of {cap} active nodes; lowest weight"
        ranked = sorted(live, key=lambda n: (self.weights[n.id], n.created_at, n.seq))
        while excess > 0:
            # Re-scan from the lightest: archiving a leaf may free its parent. The guarded
            # nodes met on the way are the ones the cap would have taken (reported as kept).
            victim = next((n for n in ranked if self._prunable(n, reason)), None)
            if victim is None:
                break
            self.archive(victim, "prune", reason)
            ranked.remove(victim)
            excess -= 1

    def _prunable(self, node: MemoryNode, reason: str) -> bool:
        return self.open(node) and self.may_archive(node, "prune", reason)


def plan_user(
    nodes: list[MemoryNode],
    active_id: str | None,
    now: datetime,
    cfg: EvolutionConfig,
    deep: bool,
) -> tuple[
    list[tuple[MaintenanceAction, NodeChange]], list[MaintenanceAction], list[MaintenanceAction]
]:
    """``(changes, deletions, kept)`` for one user's nodes at ``now`` (see the module doc)."""
    plan = _UserPlan(
        nodes=nodes,
        now=now,
        cfg=cfg,
        guard=Retention.of(nodes, active_id, now, cfg),
        weights={n.id: node_weight(n, now, cfg) for n in nodes},
    )
    plan.expire_buffers()
    if deep:
        plan.archive_stale_candidates()
        plan.settle_groups()
    plan.extend_used()
    plan.fade()
    plan.revisit_freed(deep)
    plan.promote_or_demote()
    if deep:
        plan.prune_over_cap()
        plan.revisit_freed(deep)
    return list(plan.decided.values()), plan.deletions, list(plan.kept.values())
