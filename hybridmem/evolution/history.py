"""What a conflict group says now and what it said before.

``current_value(slot)`` is the group's newest active member; ``value_history(slot)`` lists every
member, oldest first, with its status and why it left (superseded, restated, candidate...).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from hybridmem.evolution import queries
from hybridmem.evolution.conflicts import current_of, is_unconfirmed
from hybridmem.models import Hit, MemoryNode
from hybridmem.store import SQLiteStore


@dataclass(frozen=True, slots=True)
class ValueRecord:
    """One value a conflict group has held (or been offered)."""

    node: MemoryNode
    current: bool
    status: str
    since: datetime
    note: str
    """Why it is not (or is) the current value, e.g. ``superseded by ...``."""


def group_key(slot_or_group: str) -> str:
    """Accept a slot (``user.city``) or a full group id (``slot:user.city``, ``sim:...``)."""
    if slot_or_group.startswith(("slot:", "sim:")):
        return slot_or_group
    return f"slot:{slot_or_group}"


def current_value(store: SQLiteStore, user_id: str, slot: str) -> MemoryNode | None:
    """The group's current value (its newest active member), or None."""
    return current_of(queries.group_members(store, user_id, group_key(slot)))


def value_history(store: SQLiteStore, user_id: str, slot: str) -> list[ValueRecord]:
    """Every member of the group, oldest first, each with its status and a note."""
    members = queries.group_members(store, user_id, group_key(slot))
    current = current_of(members)
    out: list[ValueRecord] = []
    for m in members:
        meta = m.metadata
        note = (
            meta.get("archived_reason")
            or meta.get("candidate_reason")
            or (f"unconfirmed: {meta['unconfirmed_reason']}" if is_unconfirmed(m) else "")
            or (f"demoted by newer {meta['demoted_by']}" if "demoted_by" in meta else "")
            or ("current value" if current is not None and m.id == current.id else "")
        )
        out.append(
            ValueRecord(
                m, current is not None and m.id == current.id, m.status, m.created_at, str(note)
            )
        )
    return out


def previous_values(store: SQLiteStore, user_id: str, group: str, current_id: str) -> list[str]:
    """Contents of earlier values the group held (active or archived, not candidates)."""
    members = queries.group_members(store, user_id, group)
    current = next((m for m in members if m.id == current_id), None)
    return [
        m.content
        for m in reversed(members)
        if m.id != current_id
        and m.status in ("active", "archived")
        and (current is None or m.created_at <= current.created_at)
        and not is_unconfirmed(m)
        and "restates" not in m.metadata
        and "merged_into" not in m.metadata
    ]


def group_values(
    store: SQLiteStore, user_id: str, hits: list[Hit]
) -> tuple[list[Hit], dict[str, str]]:
    """Show each conflict group once, current value first, saying what it was before.

    An older value is dropped from the hits when the group's current value is also a hit; the
    current value's line notes ``previously: ...``. An older value retrieved alone keeps its
    place but notes the newer value, so the reader is never left with a stale answer.
    """
    notes: dict[str, str] = {}
    groups = {h.node.conflict_group for h in hits if h.node.conflict_group}
    if not groups:
        return hits, notes
    hit_ids = {h.node.id for h in hits}
    current: dict[str, MemoryNode | None] = {}
    before: dict[str, list[str]] = {}
    pending: dict[str, list[str]] = {}
    for group in groups:
        members = queries.group_members(store, user_id, group)
        cur = current_of(members)
        current[group] = cur
        if cur is not None:
            before[group] = previous_values(store, user_id, group, cur.id)
            pending[group] = [
                m.content for m in reversed(members) if is_unconfirmed(m) and m.id != cur.id
            ]
    kept: list[Hit] = []
    for hit in hits:
        group = hit.node.conflict_group
        cur = current.get(group) if group else None
        if cur is None:
            kept.append(hit)
        elif hit.node.id == cur.id:
            parts = []
            if pending.get(group or ""):
                parts.append("recently said, unconfirmed: " + "; ".join(pending[group or ""][:2]))
            if before.get(group or ""):
                parts.append("previously: " + "; ".join(before[group or ""][:2]))
            if parts:
                notes[hit.node.id] = "; ".join(parts)
            kept.append(hit)
        elif cur.id not in hit_ids:
            label = "unconfirmed; current value" if is_unconfirmed(hit.node) else "current value"
            notes[hit.node.id] = f"{label}: {cur.content}"
            kept.append(hit)
    return kept, notes
