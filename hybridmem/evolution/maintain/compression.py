"""Compression: work that is done folds into one sourced ``summary`` node instead of fading.

A *unit* is a node of a type in ``EvolutionConfig.compress_units`` (tasks and conversation
sessions). Its *members* are the nodes whose nearest unit above is it (a nested unit is a unit
of its own). Deep maintenance compresses a unit when

* it is **finished** (:meth:`HybridMemory.finish_task`) or **idle**: nothing in it was written
  or retrieved for ``compress_idle_days``;
* it is **not on the active path** (the active node, its ancestors, its next step), and was not
  decompressed within ``compress_idle_days``;
* it holds at least ``compress_min_sources`` members that may be archived (a smaller unit would
  not get shorter).

Compressing writes, in one write unit (a crash leaves the old state or the new one), the
unit's summary (:mod:`hybridmem.evolution.maintain.summarize`) as a ``summary`` node under it with a
deterministic id, and archives the members with ``metadata.summary_id`` pointing at it (never
deleting anything). Members of the types in ``compress_keep_types``
(facts, preferences, profiles) stay live, and so does a member a forgetting guard keeps
(pinned, retrieved recently, on the active path) and every node above one. The summary
quotes what it folds; a fact that stays live is cited (``derived_from``), not repeated, so the
live set holds each text once (a fact faded later is folded, and quoted, at the next run).
Members archived earlier by fading or pruning are folded in as well: they are lessons too.

The summary's content holds the lines; its metadata holds, per line, the ids the line cites
(``lines``), every member it was derived from (``derived_from``) and the source ids its text
quotes (``covers``), in clear but without any text. A summary of a sensitive member is sealed.
A unit that gets new members is summarised again into the same node. Erasing a member erases
every summary derived from it (:mod:`hybridmem.privacy.erasure`); the next run derives it
again from what is left. :func:`decompress` brings the members back and archives the summary.

Everything is written through existing ops (``add``/``update`` for the summary, ``maintain``
changes for the members), so the op log replays a compression exactly.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from hybridmem.clock import ensure_utc, from_iso, to_iso
from hybridmem.config.evolution import EvolutionConfig, Lifecycle, Tier
from hybridmem.core import Core, NodeChange, NodeInput, get_scoped
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.maintain.forgetting import MaintenanceAction, Retention
from hybridmem.evolution.maintain.profiles import opened
from hybridmem.evolution.maintain.summarize import (
    ExtractiveSummarizer,
    Material,
    Summarizer,
    SummaryLine,
)
from hybridmem.evolution.maintain.user_state import UserState
from hybridmem.evolution.maintain.weights import node_weight
from hybridmem.models import MemoryNode, NodeStatus

ACTIVE = NodeStatus.ACTIVE.value
ARCHIVED = NodeStatus.ARCHIVED.value
SUMMARY = "summary"
FOLDS = "folds"
SPAN = "span"
"""A summary's ``metadata.span``: the first and last ``created_at`` of its sources (ISO), when
what it sums up happened (the summary itself is written by a later maintenance run)."""
"""Metadata key of a summary that folds several small sessions together: their ids
(:mod:`hybridmem.evolution.maintain.fold`)."""
_FOLDED = frozenset({"compress", "fade", "prune"})
"""Archived members folded into a summary: compressed before, or faded/pruned (lessons too;
a superseded value or a stale candidate is not)."""


def summary_id(user_id: str, unit_id: str) -> str:
    """The deterministic id of a unit's summary: summarising again finds the same node, and
    two concurrent runs collide instead of writing two."""
    digest = hashlib.sha1(f"{user_id}\x00{unit_id}".encode()).hexdigest()[:24]
    return f"summary-{digest}"


@dataclass
class _Unit:
    node: MemoryNode
    members: list[MemoryNode] = field(default_factory=list)


@dataclass
class _Compression:
    core: Core
    user_id: str
    now: datetime
    cfg: EvolutionConfig
    summarizer: Summarizer
    dry_run: bool
    nodes: list[MemoryNode]
    active_id: str | None

    @classmethod
    def of_user(
        cls,
        state: UserState,
        now: datetime,
        cfg: EvolutionConfig,
        summarizer: Summarizer | None,
        dry_run: bool,
    ) -> _Compression:
        """One user's step over their nodes as stored now (compression and folding both)."""
        summarizer = summarizer or ExtractiveSummarizer()
        return cls(
            state.core, state.user_id, now, cfg, summarizer, dry_run, state.nodes, state.active_id
        )

    def __post_init__(self) -> None:
        self.by_id = {n.id: n for n in self.nodes}
        self.guard = Retention.of(self.nodes, self.active_id, self.now, self.cfg)
        units: dict[str, _Unit] = {
            n.id: _Unit(n)
            for n in self.nodes
            if n.node_type in self.cfg.compress_units and n.parent_id is not None
        }
        for node in self.nodes:
            if node.node_type in self.cfg.compress_units or node.node_type == SUMMARY:
                continue
            owner = next((units[i] for i in reversed(node.path) if i in units), None)
            if owner is not None:
                owner.members.append(node)
        self.units = units
        # Sessions a live fold covers are summarised there, never on their own as well.
        self.in_folds = {
            str(i)
            for n in self.nodes
            if n.node_type == SUMMARY and n.status == ACTIVE
            for i in n.metadata.get(FOLDS) or []
        }

    # -- which units, which members -------------------------------------------------------
    def eligible(self, unit: _Unit) -> str | None:
        """Why ``unit`` is compressed now (finished / idle N days), or None."""
        task = unit.node
        if task.status != ACTIVE or task.id in self.guard.path:
            return None
        idle = timedelta(days=self.cfg.compress_idle_days)
        back = task.metadata.get("decompressed_at")
        if isinstance(back, str) and self.now - from_iso(back) < idle:
            return None
        if task.metadata.get("finished_at"):
            return "finished"
        moments = [task.created_at]
        for m in unit.members:
            if m.status != ARCHIVED:
                moments.append(m.created_at)
                if m.last_accessed_at is not None:
                    moments.append(m.last_accessed_at)
        last = max(moments)
        if self.now - last >= idle:
            return f"idle {(self.now - last).days} days"
        return None

    def folded(self, unit: _Unit) -> list[MemoryNode]:
        """Members archived earlier that the summary covers."""
        return [
            m
            for m in unit.members
            if m.status == ARCHIVED and m.metadata.get("archived_action") in _FOLDED
        ]

    def archivable(self, unit: _Unit) -> list[MemoryNode]:
        """Live members that may be archived: not of a kept type, not kept by a guard (other
        than having live children), and with no kept member below them."""
        live = [m for m in unit.members if m.status != ARCHIVED]
        kept = {
            m.id
            for m in live
            if m.node_type in self.cfg.compress_keep_types or self._guarded(m) is not None
        }
        blocked = {a for m in live if m.id in kept for a in m.path}
        return [m for m in live if m.id not in kept and m.id not in blocked]

    def _guarded(self, node: MemoryNode) -> str | None:
        why = self.guard.why_kept(node)
        if why is not None and why.startswith("has "):
            return None  # live children: they are members too, archived with it (or kept)
        return why

    # -- one unit -------------------------------------------------------------------------
    def compress(self, unit: _Unit) -> list[MaintenanceAction]:
        why = self.eligible(unit)
        if why is None or unit.node.id in self.in_folds:
            return []
        sid = summary_id(self.user_id, unit.node.id)
        existing = self.by_id.get(sid)
        fresh = self.archivable(unit)
        folded = self.folded(unit)
        pointed = [m for m in folded if m.metadata.get("summary_id") != sid]
        if existing is None:
            # First summary, or one erased with a source: derived from what is left.
            if len(fresh) + len(folded) < self.cfg.compress_min_sources:
                return []
        elif not fresh and not pointed:
            return []  # nothing new since the last summary (idempotent)
        material = self.material(unit, [*folded, *fresh])
        if material is None:
            return []  # a sealed member and no key: leave the unit as it is
        lines = self.summarizer.summarise(material)
        if not lines:
            return []
        allowed = {unit.node.id} | {m.id for m in material.sources}
        if any(not line.sources or not set(line.sources) <= allowed for line in lines):
            lines = ExtractiveSummarizer().summarise(material) or []
        text = "\n".join(line.text for line in lines)
        sealed = unit.node.sensitive or any(m.sensitive for m in material.sources)
        counter = self.core.engine.counter
        source_tokens = sum(counter.count(m.content) for m in material.sources)
        metadata = self.metadata(unit, material, lines, why, source_tokens, counter.count(text))
        action = "compress_create" if existing is None else "compress_update"
        archived = [*fresh, *pointed] if existing is not None else [*fresh, *folded]
        reason = (
            f"{unit.node.node_type} {why}: {len(archived)} members folded into its summary "
            f"({source_tokens} -> {metadata['summary_tokens']} tokens)"
        )
        return self.emit(unit, sid, existing, text, metadata, sealed, archived, action, reason)

    def emit(
        self,
        unit: _Unit,
        sid: str,
        existing: MemoryNode | None,
        text: str,
        metadata: dict[str, Any],
        sealed: bool,
        archived: Sequence[MemoryNode],
        action: str,
        reason: str,
    ) -> list[MaintenanceAction]:
        """The actions of one summary written under ``unit`` (the summary's, then one per
        member it archives), and the write itself unless this is a dry run: compression and
        folding report and write a summary the same way."""
        out = [MaintenanceAction(sid, self.user_id, action, reason)]
        out += [
            MaintenanceAction(m.id, self.user_id, "compress", f"folded into {sid}")
            for m in archived
        ]
        if not self.dry_run:
            self.write(unit, sid, existing, text, metadata, sealed, archived)
        return out

    def material(self, unit: _Unit, members: Sequence[MemoryNode]) -> Material | None:
        """The unit, its path and its members, readable (None: a sealed one without key)."""
        taken = {m.id for m in members}
        keep = [m for m in unit.members if m.status != ARCHIVED and m.id not in taken]
        chosen = sorted([*members, *keep], key=lambda n: (n.created_at, n.seq))
        readable = [opened(self.core, n) for n in (unit.node, *chosen)]
        if any(n is None for n in readable):
            return None
        head, *sources = [n for n in readable if n is not None]
        path = tuple(
            o
            for o in (opened(self.core, self.by_id[i]) for i in head.path if i in self.by_id)
            if o is not None
        )
        finished = head.metadata.get("finished_at")
        return Material(
            unit=head,
            path=path,
            sources=tuple(sources),
            weights={n.id: node_weight(n, self.now, self.cfg) for n in sources},
            finished_at=finished if isinstance(finished, str) else None,
            max_events=self.max_events(unit.node.id, sources),
            token_share=self.cfg.summary_token_share,
            count=self.core.engine.counter.count,
            live=frozenset(m.id for m in keep if m.node_type in self.cfg.compress_keep_types),
        )

    def max_events(self, unit_id: str, sources: Sequence[MemoryNode]) -> int:
        """How many key events the unit's summary keeps (see ``summary_event_share``)."""
        cfg = self.cfg
        return min(cfg.summary_max_events, math.ceil(cfg.summary_event_share * len(sources)))

    def metadata(
        self,
        unit: _Unit,
        material: Material,
        lines: Sequence[SummaryLine],
        why: str,
        source_tokens: int,
        summary_tokens: int,
    ) -> dict[str, Any]:
        cited = {i for line in lines for i in line.sources}
        quoted = [n for n in (material.unit, *material.sources) if n.id in cited]
        return {
            "summary_of": unit.node.id,
            "derived_from": [m.id for m in material.sources],
            "lines": [list(line.sources) for line in lines],
            "covers": sorted({c for n in quoted for c in n.covers}),
            "summarizer": self.summarizer.name,
            "summarised_at": to_iso(self.now),
            SPAN: span_of(material.sources),
            "compressed_because": why,
            "source_tokens": source_tokens,
            "summary_tokens": summary_tokens,
        }

    def write(
        self,
        unit: _Unit,
        sid: str,
        existing: MemoryNode | None,
        text: str,
        metadata: dict[str, Any],
        sealed: bool,
        archived: Sequence[MemoryNode],
    ) -> None:
        """The summary and the members' archiving, in one write unit."""
        tree = self.core.tree
        engine = self.core.engine
        versions = {m.id: m.version for m in archived}
        with engine.write():
            current = engine.store.get(sid)
            if current is not None and current.sensitive != sealed:
                # A member became sensitive (or stopped being): the summary's sealing follows.
                tree.delete(sid, subtree=True, user_id=self.user_id)
                current = None
            if current is None:
                item = NodeInput(
                    text,
                    node_type=SUMMARY,
                    parent_id=unit.node.id,
                    id=sid,
                    importance=self.cfg.summary_importance,
                    confidence=self.cfg.summary_confidence,
                    metadata=metadata,
                    lifecycle=Lifecycle.LONG_TERM.value,
                    tier=Tier.LONG_TERM.value,
                    activate=False,
                    sensitive=sealed,
                )
                tree.add_many([item], self.user_id)
            else:
                tree.update(
                    sid,
                    {"content": text, "metadata": metadata, "status": ACTIVE},
                    user_id=self.user_id,
                    expected_version=None,
                )
            changes = [
                NodeChange(
                    m.id,
                    "compress",
                    f"folded into summary {sid}",
                    {
                        "status": ARCHIVED,
                        "metadata": {
                            "summary_id": sid,
                            "archived_action": "compress",
                            "archived_reason": f"folded into summary {sid}",
                            "archived_at": m.metadata.get("archived_at") or to_iso(self.now),
                        },
                    },
                )
                for m in archived
            ]
            tree.apply_changes(
                changes,
                user_id=self.user_id,
                now=self.now,
                op="maintain",
                expected_versions=versions,
            )


def compress_user(
    state: UserState,
    now: datetime,
    cfg: EvolutionConfig,
    summarizer: Summarizer | None = None,
    dry_run: bool = False,
) -> list[MaintenanceAction]:
    """Compress every eligible unit of the user of ``state`` (the user's nodes as stored now;
    see the module docstring)."""
    if not cfg.compress:
        return []
    core = state.core
    step = _Compression.of_user(state, now, cfg, summarizer, dry_run)
    out: list[MaintenanceAction] = []
    # One write unit for the user's units (each a savepoint inside it): the vector index is
    # written once at the end instead of once per unit (the 19 sessions of one LoCoMo
    # conversation, hash embedder: 6.1 s -> 1.8 s), and a crash leaves the old state or the new.
    with nullcontext() if dry_run else core.engine.write():
        # Deepest units first: a session is summarised before the task it belongs to.
        for unit in sorted(step.units.values(), key=lambda u: (-u.node.depth, u.node.seq)):
            out.extend(step.compress(unit))
    return out


def decompress(
    core: Core, summary_id: str, *, user_id: str | None = None, now: datetime | None = None
) -> list[MemoryNode]:
    """Bring a summary's archived members back (active) and archive the summary, in one
    write unit; the unit is left alone until idle again. Returns the restored members."""
    engine = core.engine
    now = ensure_utc(now) if now is not None else engine.now()
    with engine.write():
        summary = get_scoped(engine, summary_id, user_id)
        if summary.node_type != SUMMARY:
            raise InvalidArgumentError(
                f"node {summary_id!r} is a {summary.node_type!r}, not a summary"
            )
        members = [
            n
            for n in engine.store.user_nodes(summary.user_id, statuses=[ARCHIVED])
            if n.metadata.get("summary_id") == summary.id
        ]
        members.sort(key=lambda n: (n.created_at, n.seq))
        restore = [
            NodeChange(
                m.id,
                "decompress",
                f"restored from summary {summary.id}",
                {
                    "status": ACTIVE,
                    "renew": True,
                    "metadata": {
                        "summary_id": None,
                        "archived_action": None,
                        "archived_reason": None,
                        "restored_at": to_iso(now),
                    },
                },
            )
            for m in members
        ]
        changes = [
            *restore,
            NodeChange(
                summary.id,
                "decompress",
                "its sources were restored",
                {
                    "status": ARCHIVED,
                    "metadata": {
                        "archived_action": "decompress",
                        "archived_reason": "its sources were restored",
                        "archived_at": to_iso(now),
                    },
                },
            ),
        ]
        unit_ids = [summary.metadata.get("summary_of"), *(summary.metadata.get(FOLDS) or [])]
        for unit_id in dict.fromkeys(unit_ids):  # a fold: each of its sessions, once
            if isinstance(unit_id, str) and engine.store.get(unit_id) is not None:
                changes.append(
                    NodeChange(
                        unit_id,
                        "decompress",
                        "summary decompressed",
                        {"metadata": {"decompressed_at": to_iso(now)}},
                    )
                )
        core.tree.apply_changes(changes, user_id=summary.user_id, now=now, op="maintain")
    fresh = engine.store.get_many([m.id for m in members])
    return [fresh[m.id] for m in members if m.id in fresh]


def span_of(nodes: Sequence[MemoryNode]) -> list[str]:
    """The first and last ``created_at`` of ``nodes`` (ISO; empty for none): ``metadata.span``."""
    moments = [n.created_at for n in nodes]
    return [to_iso(min(moments)), to_iso(max(moments))] if moments else []
