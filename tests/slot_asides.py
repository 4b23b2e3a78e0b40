"""A user's slotted value, then a statement beside it that only uses the slot's word.

Shared by the slot tests (adjuncts, heads, predicates): each writes the true value, lets two
days pass, writes the aside, and checks the value is still the slot's current one (the aside
filed under the slot would hide it from retrieval).
"""

from __future__ import annotations

from hybridmem import FakeClock, HybridMemory
from hybridmem.models import MemoryNode

U = "u1"


def value_then_aside(
    mem: HybridMemory, clock: FakeClock, value: str, slot: str, aside: str
) -> tuple[MemoryNode, MemoryNode]:
    """Write ``value`` (which must be read as ``slot``), then ``aside`` two days later; the
    value stays current and the aside is in no group of it. Returns both nodes."""
    first = mem.add(value, node_type="fact", user_id=U)
    assert first.conflict_group == f"slot:{slot}"
    clock.advance(days=2)
    other = mem.add(aside, node_type="fact", user_id=U)
    assert other.conflict_group != first.conflict_group
    assert other.metadata.get("slot") != slot
    current = mem.current_value(slot, user_id=U)
    assert current is not None and current.id == first.id
    return first, other


def first_hit(mem: HybridMemory, question: str) -> str | None:
    """The id of the first hit for ``question`` (access not recorded)."""
    hits = mem.retrieve(question, user_id=U, record_access=False).hits
    return hits[0].node.id if hits else None
