"""What a conflict group says now and what it said before.

``current_value(slot)`` is the group's newest active member; ``value_history(slot)`` lists every
member, oldest first, with its status and why it left (superseded, restated, candidate...).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from hybridmem.core.evolution_marks import current_of, is_unconfirmed
from hybridmem.models import MemoryNode
from hybridmem.store import TreeStore


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


def current_value(store: TreeStore, user_id: str, slot: str) -> MemoryNode | None:
    """The group's current value (its newest active member), or None."""
    return current_of(store.conflict_group_members(user_id, group_key(slot)))


def value_history(store: TreeStore, user_id: str, slot: str) -> list[ValueRecord]:
    """Every member of the group, oldest first, each with its status and a note."""
    members = store.conflict_group_members(user_id, group_key(slot))
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
