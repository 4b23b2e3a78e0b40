"""The distillation step of deep maintenance: themes become profile nodes, kept in step.

For each recurring theme (:func:`hybridmem.evolution.maintain.distill.find_themes`) one profile node
per user and theme, with a deterministic id. A theme that already has a profile updates it; a
profile that was **archived** (or withdrawn to a candidate) and whose theme recurs is
**revived** with the new sources (never a second node, never an id collision). A live profile
whose sources no longer support it is withdrawn to a candidate: corrected, never silently kept.

Sensitive sources are read only with the key (left out without it); a profile that quotes one
is sealed too and names its theme in (clear) metadata by a keyed digest, adopted again under a
new key after ``rotate_key``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from hybridmem.clock import to_iso
from hybridmem.config.evolution import EvolutionConfig, Lifecycle, Tier
from hybridmem.core import Core, NodeChange, NodeInput, content_hash
from hybridmem.errors import KeyUnavailableError
from hybridmem.evolution.maintain.distill import (
    FOLDED,
    DistilledTrait,
    Distiller,
    Theme,
)
from hybridmem.evolution.maintain.forgetting import MaintenanceAction, Retention
from hybridmem.evolution.maintain.found_themes import user_themes
from hybridmem.evolution.maintain.standing import past_values
from hybridmem.evolution.maintain.user_state import UserState
from hybridmem.models import MemoryNode, NodeStatus

ACTIVE = NodeStatus.ACTIVE.value
CANDIDATE = NodeStatus.CANDIDATE.value
ARCHIVED = NodeStatus.ARCHIVED.value
_STILL_SUPPORTS = frozenset({"fade", "prune", "compress", FOLDED})
"""Sources archived for these reasons still support a conclusion (that is why we distil; a
source folded into a summary is work done, not a withdrawn statement)."""


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
    active_id: str | None
    agent_id: str | None = None
    """Whose memories these are: an agent's episodes give that agent's profiles, never a
    shared one quoting them (issue 33)."""

    def __post_init__(self) -> None:
        self.by_id = {n.id: n for n in self.nodes}
        self.opened = {n.id: n for n in readable(self.core, self.nodes)}
        # Every status: an archived profile is revived, not collided with.
        self.profiles = {
            str(n.metadata["theme"]): n
            for n in self.nodes
            if n.node_type == "profile" and "theme" in n.metadata
        }
        self.rewritten: set[str] = set()
        # What the live profiles and summaries say (opened): a new profile quotes none of it.
        self.said = {
            n.id: n.content
            for n in self.opened.values()
            if n.node_type in ("profile", "summary") and n.status == ACTIVE
        }
        self.guard = Retention.of(self.nodes, self.active_id, self.now, self.cfg)

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

    def previous(self, key: str, found: Theme, keys: set[str]) -> MemoryNode | None:
        known = (
            self.profiles.get(key)
            or _rekeyed_profile(self.profiles, keys, found)
            or _renamed_profile(self.profiles, keys, found)
        )
        if known is not None:
            return known
        # A profile node under the deterministic id whose metadata lost its theme.
        return self.by_id.get(self.profile_id(key))

    def profile_id(self, key: str) -> str:
        """The profile's deterministic id: the user's own, or one per agent."""
        term = key if self.agent_id is None else f"{key}\x00{self.agent_id}"
        return profile_id(self.user_id, term)

    def distil(self, found: Theme, key: str, keys: set[str]) -> MaintenanceAction | None:
        """Create, update or revive the profile of one theme."""
        previous = self.previous(key, found, keys)
        theme = found
        if previous is not None:
            merged = {s.id: s for s in (*self.supporting(previous), *found.sources)}
            previous = opened(self.core, previous)
            if previous is None or any(i not in self.opened for i in merged):
                return None  # a sealed source or profile and no key: leave it as it is
            ordered = sorted((self.opened[i] for i in merged), key=lambda s: (s.created_at, s.seq))
            # The theme as found (its words, its central members, how many it quotes) over
            # the merged sources: a rebuilt Theme(term, sources) lost all three, so a
            # profile updated by a later run quoted one member under a bare term.
            theme = replace(found, sources=tuple(ordered))
        own = self.profile_id(key) if previous is None else previous.id
        theme = replace(
            theme,
            said=self.said_elsewhere(theme, own),
            past=past_values(theme.sources, self.cfg.conflict_types),
        )
        sealed = any(s.sensitive for s in theme.sources) or bool(previous and previous.sensitive)
        source_ids = [s.id for s in theme.sources]
        if (
            previous is not None
            and previous.status == ACTIVE
            and sorted(previous.metadata.get("derived_from", [])) == sorted(source_ids)
        ):
            return None  # incremental: nothing new to learn from
        trait = self.distiller.summarise(theme, previous)
        if trait is None:
            return None
        self.said[own] = trait.text
        cited = [i for i in trait.sources if i in set(source_ids)]
        if not cited:
            return None  # a conclusion that cites none of its sources is never written
        metadata = self.metadata(theme, key, cited)
        confidence = min(0.95, 0.5 + 0.1 * len(source_ids))
        about = "a sensitive theme" if sealed else repr(theme.term)
        reason = f"{len(source_ids)} episodes mention {about}"
        node_id = self.profile_id(key) if previous is None else previous.id
        quoted = self.quoted(theme, trait, cited)
        if quoted:
            reason += f"; {len(quoted)} quoted word for word folded into it"
        if previous is None:
            if not self.dry_run:
                with self.core.engine.write():
                    self.create(node_id, trait, metadata, confidence, sealed)
                    self.fold(node_id, quoted)
            return MaintenanceAction(node_id, self.user_id, "distil_create", reason)
        self.rewritten.add(previous.id)
        action = "distil_update" if previous.status == ACTIVE else "distil_revive"
        if action == "distil_revive":
            reason += f" again (was {previous.status})"
        if not self.dry_run:
            with self.core.engine.write():
                self.refresh(previous, trait, metadata, confidence)
                self.fold(previous.id, quoted)
        return MaintenanceAction(previous.id, self.user_id, action, reason)

    def said_elsewhere(self, theme: Theme, own: str) -> frozenset[str]:
        """Sources whose text a live profile other than ``own``, or a summary, holds."""
        others = "\x00".join(text for i, text in self.said.items() if i != own)
        return frozenset(s.id for s in theme.sources if s.content.strip() and s.content in others)

    def quoted(self, theme: Theme, trait: DistilledTrait, cited: list[str]) -> list[MemoryNode]:
        """Live sources the profile's text quotes word for word: the profile holds their text,
        so they leave the live set (a conclusion condenses its episodes instead of adding a
        copy of one). Not a sensitive one, one written or used recently, nor one a
        forgetting guard keeps (the active path, the active task's work, pinned)."""
        ids = set(cited)
        # Written or used within retrieved_keep_days: in use, not replaced by its conclusion yet.
        settled = self.now - timedelta(days=self.cfg.retrieved_keep_days)
        chosen = [
            s
            for s in theme.sources
            if s.id in ids
            and max(s.created_at, s.last_accessed_at or s.created_at) < settled
            and s.status == ACTIVE
            and not s.sensitive
            and s.content.strip()
            and s.content in trait.text
            and self.guard.why_kept(s) is None
        ]
        # A value (fact, preference) is never folded: a profile quotes several of a theme's
        # mentions, and values among them may be changes of one another ("Back to Tesco for
        # the weekly shop" after "Weekly shop is at Aldi"); folded, the profile would answer
        # for the value with the old and the new side by side. Values stay live, ranked by
        # the value history.
        return [s for s in chosen if s.node_type not in self.cfg.conflict_types]

    def fold(self, profile_id: str, quoted: list[MemoryNode]) -> None:
        """Archive ``quoted`` with a pointer to the profile (retrieval unfolds them)."""
        if not quoted:
            return
        reason = f"quoted word for word by profile {profile_id}"
        changes = [
            NodeChange(
                s.id,
                FOLDED,
                reason,
                {
                    "status": ARCHIVED,
                    "metadata": {
                        "summary_id": profile_id,
                        "archived_action": FOLDED,
                        "archived_reason": reason,
                        "archived_at": to_iso(self.now),
                    },
                },
            )
            for s in quoted
        ]
        self.core.tree.apply_changes(
            changes,
            user_id=self.user_id,
            now=self.now,
            op="maintain",
            expected_versions={s.id: s.version for s in quoted},
        )

    def metadata(self, theme: Theme, key: str, cited: list[str]) -> dict[str, Any]:
        source_ids = [s.id for s in theme.sources]
        return {
            # Metadata is stored in clear: a sealed profile names its theme by a keyed digest.
            "theme": key,
            "derived_from": source_ids,
            "covers": sorted({c for s in theme.sources for c in s.covers} | set(source_ids)),
            "cited": cited,
            "distiller": self.distiller.name,
            "distilled_at": to_iso(self.now),
        }

    def create(
        self,
        node_id: str,
        trait: DistilledTrait,
        metadata: dict[str, Any],
        confidence: float,
        sealed: bool,
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
            sensitive=sealed,  # it quotes its sources: sealed when one of them is
            agent_id=self.agent_id,
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

    def withdraw_unsupported(
        self, seen_themes: set[str], sealed_terms: set[str]
    ) -> list[MaintenanceAction]:
        """Live profiles whose theme is gone and whose sources no longer support them, or
        whose clear theme gave way to a sealed profile (a source became sensitive)."""
        out: list[MaintenanceAction] = []
        for term, profile in self.profiles.items():
            if term in seen_themes or profile.status != ACTIVE or profile.id in self.rewritten:
                continue
            superseded = term in sealed_terms
            if not superseded and len(self.supporting(profile)) >= self.cfg.distill_min_mentions:
                continue
            reason = (
                "superseded by a sealed profile (a source is sensitive)"
                if superseded
                else "fewer live sources than distill_min_mentions"
            )
            out.append(MaintenanceAction(profile.id, self.user_id, "distil_withdraw", reason))
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
    state: UserState,
    now: datetime,
    cfg: EvolutionConfig,
    distiller: Distiller,
    dry_run: bool,
) -> list[MaintenanceAction]:
    """Create, update, revive or withdraw the profiles of the user of ``state`` (the user's
    nodes as stored now, content as stored: ciphertext if sealed; see the module docstring)."""
    core, user_id, every = state.core, state.user_id, state.nodes
    out: list[MaintenanceAction] = []
    # Each owner's memories are distilled apart: a profile quotes its sources, so one built
    # from an agent's private episodes belongs to that agent.
    owners = sorted({n.agent_id for n in every}, key=lambda a: (a is not None, a or ""))
    for owner in owners:
        nodes = [n for n in every if n.agent_id == owner]
        active = state.active_now()  # an owner's profiles written before may have moved it
        step = _Distillation(core, user_id, now, cfg, distiller, dry_run, nodes, active, owner)
        opened_nodes = list(step.opened.values())
        # Searched again only when an input of the search changed (found_themes).
        themes = user_themes(core, user_id, owner, opened_nodes, step.by_id, cfg, dry_run)
        found = [(t, theme_key(core, user_id, t)) for t in themes]
        keys = {key for _, key in found}
        sealed_terms = {t.term for t, key in found if key != t.term}
        for theme, key in found:
            action = step.distil(theme, key, keys)
            if action is not None:
                out.append(action)
        out.extend(step.withdraw_unsupported(keys, sealed_terms))
    return out


def readable(core: Core, nodes: list[MemoryNode]) -> list[MemoryNode]:
    """The nodes distillation may read: sensitive ones opened with the key, or left out when
    there is none (distilling their ciphertext would quote it into a profile)."""
    return [n for n in (opened(core, node) for node in nodes) if n is not None]


def opened(core: Core, node: MemoryNode) -> MemoryNode | None:
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


def theme_key(core: Core, user_id: str, theme: Theme) -> str:
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


def _renamed_profile(
    profiles: dict[str, MemoryNode], keys: set[str], theme: Theme
) -> MemoryNode | None:
    """A profile whose name no theme carries any more but most of whose sources this theme
    holds: the same group of episodes, named by another word now that it grew (its words are
    its episodes' own, so they shift as it grows). Kept and updated, not written twice. Not
    for a theme with a sensitive source: a clear profile gives way to a sealed one instead."""
    if any(s.sensitive for s in theme.sources):
        return None
    ids = {s.id for s in theme.sources}
    best: tuple[int, MemoryNode] | None = None
    for key, profile in profiles.items():
        if key in keys or key.startswith("sealed:"):
            continue
        own = set(profile.metadata.get("derived_from", []))
        shared = len(ids & own)
        if own and 2 * shared > len(own) and (best is None or shared > best[0]):
            best = (shared, profile)
    return best[1] if best else None
