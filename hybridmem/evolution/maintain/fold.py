"""Folding small idle sessions of one conversation into one summary between them.

Compression (:mod:`hybridmem.evolution.maintain.compression`) summarises a session once it is
idle and holds at least ``compress_min_sources`` members to fold; a smaller one would not get
shorter and stays live. An AI companion's chat history is made of such sessions: one or two
messages a day, every day a session of its own (``add_messages``' default session), so
nothing was ever compressed (MADial-Bench, one message a day: the events stayed live, 1.3x the
tokens of the same turns imported as events after distillation added its profiles).

Here the *sibling* sessions of one conversation (the ``session`` units under one parent, in
time order) that are idle and too small to be summarised alone are folded together, into one
sourced summary under their parent, the way one session's members are:

* a **run** is a sequence of consecutive such sessions; a session that is compressed alone,
  not idle, on the active path (the active session is never folded), or decompressed
  recently ends it;
* within a run, a **group** grows while it is still too small to be summarised
  (fewer than ``compress_min_sources`` members), and beyond that while the conversation did not
  go quiet between two of its sessions: a silence of ``compress_idle_days`` (what makes a
  session idle) closes the group. Days of talk go together, a quiet month starts anew; both
  bounds are the data's own (its sizes, its silences) read with the settings compression
  already has, no constant of their own;
* a group that reaches ``compress_min_sources`` members is folded: its summary lists the
  sessions it covers (``metadata.folds``), its members are archived with
  ``metadata.summary_id`` pointing at it (retrieval unfolds them as it unfolds any summary's
  sources), and a trailing group below the minimum waits for the next sessions.

A fold's id is fixed by its first session, and a later run extends it (the same node,
``compress_update``) with new idle sessions that follow it without a silence, or with members
its sessions gained. Everything else (key-event budget, sealing, the write unit,
:func:`~hybridmem.evolution.maintain.compression.decompress`) is compression's own.
"""

from __future__ import annotations

import dataclasses
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from hybridmem.config.evolution import EvolutionConfig
from hybridmem.evolution.maintain.compression import (
    ACTIVE,
    ARCHIVED,
    FOLDS,
    SUMMARY,
    ExtractiveSummarizer,
    Summarizer,
    SummaryLine,
    _Compression,
    _Unit,
    summary_id,
)
from hybridmem.evolution.maintain.forgetting import MaintenanceAction
from hybridmem.evolution.maintain.user_state import UserState
from hybridmem.models import MemoryNode

SESSION = "session"


def fold_id(user_id: str, first_session: str) -> str:
    """A fold's deterministic id, fixed by its first session."""
    return summary_id(user_id, f"fold\x00{first_session}")


def folded_sessions(nodes: list[MemoryNode]) -> dict[str, MemoryNode]:
    """Session id -> the live fold summary covering it."""
    out: dict[str, MemoryNode] = {}
    for node in nodes:
        if node.node_type == SUMMARY and node.status == ACTIVE:
            for sid in node.metadata.get(FOLDS, []) or []:
                out[str(sid)] = node
    return out


@dataclass
class _Group:
    units: list[_Unit] = field(default_factory=list)
    size: int = 0
    last: datetime | None = None
    existing: MemoryNode | None = None


class _Folding:
    """One user's folds, planned over a :class:`_Compression` (its nodes, guards, writer)."""

    def __init__(self, step: _Compression) -> None:
        self.step = step
        self.cfg = step.cfg
        self.in_fold = folded_sessions(step.nodes)
        self.idle = timedelta(days=self.cfg.compress_idle_days)

    def size(self, unit: _Unit) -> int:
        return len(self.step.archivable(unit)) + len(self.step.folded(unit))

    def alone(self, unit: _Unit) -> bool:
        """Summarised on its own (now or earlier): not a session to fold."""
        own = self.step.by_id.get(summary_id(self.step.user_id, unit.node.id))
        return (own is not None and own.status == ACTIVE) or (
            self.size(unit) >= self.cfg.compress_min_sources
        )

    def last_moment(self, unit: _Unit) -> datetime:
        return max([unit.node.created_at, *(m.created_at for m in unit.members)])

    def groups(self) -> list[_Group]:
        """The groups to fold (or to extend), over every parent's sessions in time order."""
        siblings: dict[str, list[_Unit]] = {}
        for unit in self.step.units.values():
            if unit.node.node_type == SESSION and unit.node.parent_id is not None:
                siblings.setdefault(unit.node.parent_id, []).append(unit)
        out: list[_Group] = []
        for units in siblings.values():
            out.extend(self.runs(sorted(units, key=lambda u: (u.node.created_at, u.node.seq))))
        return out

    def runs(self, units: list[_Unit]) -> list[_Group]:
        out: list[_Group] = []
        current: _Group | None = None

        def close() -> None:
            if (
                current is not None
                and current.units
                and (current.existing is not None or current.size >= self.cfg.compress_min_sources)
            ):
                out.append(current)

        for unit in units:
            fold = self.in_fold.get(unit.node.id)
            eligible = self.step.eligible(unit) is not None
            if fold is not None:
                if current is None or current.existing is not fold:
                    close()
                    current = _Group(existing=fold)
            elif not eligible or self.alone(unit):
                close()
                current = None
                continue
            elif self.size(unit) == 0:
                continue  # nothing of its own to fold (its facts stay live): not a boundary
            elif current is None or not self.joins(current, unit):
                close()
                current = _Group()
            if not eligible:
                # A session of a fold that is not idle any more (it was written to): the fold
                # keeps what it has and is not extended past it.
                close()
                current = None
                continue
            current.units.append(unit)
            current.size += self.size(unit)
            current.last = self.last_moment(unit)
        close()
        return out

    def joins(self, group: _Group, unit: _Unit) -> bool:
        """Whether ``unit`` belongs to ``group``: the group is still too small to be
        summarised, or the conversation did not go quiet since its last session."""
        if group.size < self.cfg.compress_min_sources:
            return True
        return group.last is not None and unit.node.created_at - group.last < self.idle

    def fold(self, group: _Group) -> list[MaintenanceAction]:
        step = self.step
        first = group.units[0].node
        sid = group.existing.id if group.existing is not None else fold_id(step.user_id, first.id)
        existing = step.by_id.get(sid)
        fresh = [m for u in group.units for m in step.archivable(u)]
        folded = [m for u in group.units for m in step.folded(u)]
        pointed = [m for m in folded if m.metadata.get("summary_id") != sid]
        if existing is None or existing.status != ACTIVE:
            if len(fresh) + len(folded) < self.cfg.compress_min_sources:
                return []
        elif not fresh and not pointed:
            return []  # nothing new since the last run (idempotent)
        sessions = [u.node for u in group.units]
        if group.existing is not None:
            # Sessions it covered before and still does (one not idle now is left out above).
            known = [str(i) for i in group.existing.metadata.get(FOLDS, []) or []]
            ids = [*known, *(s.id for s in sessions if s.id not in known)]
            sessions = [step.by_id[i] for i in ids if i in step.by_id]
            first = sessions[0]
        head = dataclasses.replace(first, content=label(sessions))
        grouped = {u.node.id for u in group.units}
        # Sessions of the fold outside this run (one written to since) give what they folded.
        combined = _Unit(
            head,
            [
                m
                for s in sessions
                for m in step.units[s.id].members
                if s.id in grouped or m.status == ARCHIVED
            ],
        )
        material = step.material(combined, [*folded, *fresh])
        if material is None:
            return []  # a sealed member and no key: left as it is
        lines = step.summarizer.summarise(material)
        allowed = {first.id} | {m.id for m in material.sources}
        if not lines or any(not ln.sources or not set(ln.sources) <= allowed for ln in lines):
            lines = ExtractiveSummarizer().summarise(material) or []
        if not lines:
            return []
        every = tuple(s.id for s in sessions)
        lines = [SummaryLine(ln.text, every) if ln.sources == (first.id,) else ln for ln in lines]
        text = "\n".join(line.text for line in lines)
        counter = step.core.engine.counter
        source_tokens = sum(counter.count(m.content) for m in material.sources)
        why = f"{len(sessions)} small idle sessions"
        metadata = step.metadata(combined, material, lines, why, source_tokens, counter.count(text))
        metadata[FOLDS] = list(every)
        sealed = any(s.sensitive for s in sessions) or any(m.sensitive for m in material.sources)
        archived = [*fresh, *pointed] if existing is not None else [*fresh, *folded]
        action = "compress_create" if existing is None else "compress_update"
        reason = (
            f"{why} folded together: {len(archived)} members into one summary "
            f"({source_tokens} -> {metadata['summary_tokens']} tokens)"
        )
        parent = _Unit(step.by_id[str(first.parent_id)])
        return step.emit(parent, sid, existing, text, metadata, sealed, archived, action, reason)


def label(sessions: list[MemoryNode]) -> str:
    """The fold's head: its first and last session ("Conversation chat-2024-01-02 to
    chat-2024-01-09, 4 sessions"), the words they share said once."""
    first, last = sessions[0].content.strip(), sessions[-1].content.strip()
    if len(sessions) == 1:
        return first
    a, b = first.split(), last.split()
    shared = 0
    while shared < min(len(a), len(b)) - 1 and a[shared] == b[shared]:
        shared += 1
    return f"{first} to {' '.join(b[shared:])}, {len(sessions)} sessions"


def fold_user(
    state: UserState,
    now: datetime,
    cfg: EvolutionConfig,
    summarizer: Summarizer | None = None,
    dry_run: bool = False,
) -> list[MaintenanceAction]:
    """Fold every group of small idle sibling sessions of one user (module docstring); run
    after :func:`~hybridmem.evolution.maintain.compression.compress_user`, on what it left."""
    if not cfg.compress:
        return []
    step = _Compression.of_user(state, now, cfg, summarizer, dry_run)
    folding = _Folding(step)
    out: list[MaintenanceAction] = []
    # One write unit for all of them, as compression does (the index written once).
    with nullcontext() if dry_run else state.core.engine.write():
        for group in folding.groups():
            out.extend(folding.fold(group))
    return out
