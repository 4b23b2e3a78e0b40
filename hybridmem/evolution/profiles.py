"""The distillation step of deep maintenance: themes become profile nodes, kept in step.

For each recurring theme (:func:`hybridmem.evolution.distill.find_themes`) one profile node
per user and theme, with a deterministic id. A theme that already has a profile updates it; a
profile that was **archived** (or withdrawn to a candidate) and whose theme recurs is
**revived** with the new sources (never a second node, never an id collision). A live profile
whose sources no longer support it is withdrawn to a candidate: corrected, never silently kept.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from hybridmem.clock import to_iso
from hybridmem.core import Core, NodeInput
from hybridmem.evolution.config import EvolutionConfig, Lifecycle, Tier
from hybridmem.evolution.distill import DistilledTrait, Distiller, Theme, find_themes
from hybridmem.evolution.forgetting import MaintenanceAction
from hybridmem.models import MemoryNode, NodeStatus

ACTIVE = NodeStatus.ACTIVE.value
CANDIDATE = NodeStatus.CANDIDATE.value
ARCHIVED = NodeStatus.ARCHIVED.value
_STILL_SUPPORTS = frozenset({"fade", "prune"})
"""Sources archived for these reasons still support a conclusion (that is why we distil)."""


def profile_id(user_id: str, term: str) -> str:
    """The deterministic id of a user's profile for a theme: a concurrent run collides rather
    than doubling, and a revived theme finds its old node."""
    digest = hashlib.sha1(f"{user_id}\x00{term}".encode()).hexdigest()[:24]
    return f"profile-{digest}"


@dataclass
class _Distillation:
    core: Core
    user_id: str
    now: datetime
    cfg: EvolutionConfig
    distiller: Distiller
    dry_run: bool
    nodes: list[MemoryNode]

    def __post_init__(self) -> None:
        self.by_id = {n.id: n for n in self.nodes}
        # Every status: an archived profile is revived, not collided with.
        self.profiles = {
            str(n.metadata["theme"]): n
            for n in self.nodes
            if n.node_type == "profile" and "theme" in n.metadata
        }

    def supporting(self, profile: MemoryNode) -> list[MemoryNode]:
        """The profile's sources that still support it (live, or merely faded/pruned)."""
        out = []
        for i in profile.metadata.get("derived_from", []):
            src = self.by_id.get(i)
            if src is not None and (
                src.status == ACTIVE or src.metadata.get("archived_action") in _STILL_SUPPORTS
            ):
                out.append(src)
        return out

    def previous(self, term: str) -> MemoryNode | None:
        known = self.profiles.get(term)
        if known is not None:
            return known
        # A profile node under the deterministic id whose metadata lost its theme.
        return self.by_id.get(profile_id(self.user_id, term))

    def merged(self, found: Theme, previous: MemoryNode | None) -> Theme:
        if previous is None:
            return found
        sources = {s.id: s for s in (*self.supporting(previous), *found.sources)}
        ordered = sorted(sources.values(), key=lambda s: (s.created_at, s.seq))
        return Theme(found.term, tuple(ordered))

    def distil(self, found: Theme) -> MaintenanceAction | None:
        """Create, update or revive the profile of one theme."""
        previous = self.previous(found.term)
        theme = self.merged(found, previous)
        source_ids = [s.id for s in theme.sources]
        if (
            previous is not None
            and previous.status == ACTIVE
            and sorted(previous.metadata.get("derived_from", [])) == sorted(source_ids)
        ):
            return None  # incremental: nothing new to learn from
        trait = self.distiller.summarise(theme, previous if previous is not None else None)
        if trait is None:
            return None
        cited = [i for i in trait.sources if i in set(source_ids)]
        if not cited:
            return None  # a conclusion that cites none of its sources is never written
        metadata = self.metadata(theme, cited)
        confidence = min(0.95, 0.5 + 0.1 * len(source_ids))
        reason = f"{len(source_ids)} episodes mention {theme.term!r}"
        if previous is None:
            node_id = profile_id(self.user_id, theme.term)
            if not self.dry_run:
                self.create(node_id, trait, metadata, confidence)
            return MaintenanceAction(node_id, self.user_id, "distil_create", reason)
        action = "distil_update" if previous.status == ACTIVE else "distil_revive"
        if action == "distil_revive":
            reason += f" again (was {previous.status})"
        if not self.dry_run:
            self.refresh(previous, trait, metadata, confidence)
        return MaintenanceAction(previous.id, self.user_id, action, reason)

    def metadata(self, theme: Theme, cited: list[str]) -> dict[str, Any]:
        source_ids = [s.id for s in theme.sources]
        return {
            "theme": theme.term,
            "derived_from": source_ids,
            "covers": sorted({c for s in theme.sources for c in s.covers} | set(source_ids)),
            "cited": cited,
            "distiller": self.distiller.name,
            "distilled_at": to_iso(self.now),
        }

    def create(
        self, node_id: str, trait: DistilledTrait, metadata: dict[str, Any], confidence: float
    ) -> None:
        root = self.core.engine.store.user_root(self.user_id)
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
        )
        self.core.tree.add_many([new_profile], self.user_id)

    def refresh(
        self,
        previous: MemoryNode,
        trait: DistilledTrait,
        metadata: dict[str, Any],
        confidence: float,
    ) -> None:
        """Update a live profile, or bring an archived/withdrawn one back with its new text."""
        kept = {
            k: v
            for k, v in previous.metadata.items()
            if k not in {"archived_reason", "archived_action", "archived_at", "withdrawn_at"}
        }
        changes: dict[str, Any] = {
            "content": trait.text,
            "confidence": confidence,
            "metadata": {**kept, **metadata},
            "status": ACTIVE,
        }
        if previous.status != ACTIVE:
            changes["tier"] = Tier.LONG_TERM.value
            changes["metadata"]["revived_at"] = to_iso(self.now)
        self.core.tree.update(previous.id, changes, user_id=None, expected_version=None)

    def withdraw_unsupported(self, seen_themes: set[str]) -> list[MaintenanceAction]:
        """Live profiles whose theme is gone and whose sources no longer support them."""
        out: list[MaintenanceAction] = []
        for term, profile in self.profiles.items():
            if term in seen_themes or profile.status != ACTIVE:
                continue
            if len(self.supporting(profile)) >= self.cfg.distill_min_mentions:
                continue
            out.append(
                MaintenanceAction(
                    profile.id,
                    self.user_id,
                    "distil_withdraw",
                    "fewer live sources than distill_min_mentions",
                )
            )
            if not self.dry_run:
                self.core.tree.update(
                    profile.id,
                    {
                        "status": CANDIDATE,
                        "metadata": {**profile.metadata, "withdrawn_at": to_iso(self.now)},
                    },
                    user_id=None,
                    expected_version=None,
                )
        return out


def distil_user(
    core: Core,
    user_id: str,
    now: datetime,
    cfg: EvolutionConfig,
    distiller: Distiller,
    dry_run: bool,
) -> list[MaintenanceAction]:
    """Create, update, revive or withdraw the user's profiles (see the module docstring)."""
    nodes = core.engine.store.user_nodes(user_id)
    step = _Distillation(core, user_id, now, cfg, distiller, dry_run, nodes)
    out: list[MaintenanceAction] = []
    seen_themes: set[str] = set()
    for found in find_themes(nodes, cfg):
        seen_themes.add(found.term)
        action = step.distil(found)
        if action is not None:
            out.append(action)
    out.extend(step.withdraw_unsupported(seen_themes))
    return out
