"""A user's statements of one attribute told days apart (a value, a change, a move back or
a repeat): the value-change story the evolution tests tell before they look at the store."""

from __future__ import annotations

from hybridmem import FakeClock, HybridMemory
from hybridmem.models import MemoryNode


def told_apart(
    mem: HybridMemory, clock: FakeClock, *texts: str, days: int = 10, user_id: str = "u"
) -> list[MemoryNode]:
    """``texts`` added in order as the user's facts, the clock advanced ``days`` between two
    (not after the last); the nodes the adds returned."""
    nodes = []
    for i, text in enumerate(texts):
        if i:
            clock.advance(days=days)
        nodes.append(mem.add(text, node_type="fact", user_id=user_id))
    return nodes
