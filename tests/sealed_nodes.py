"""Nodes for the sealed-memory rule's unit tests (:func:`hybridmem.retrieval.sensitive.withheld`
reads ids, content, flags and slots), copied from one stored memory."""

from __future__ import annotations

from dataclasses import replace

from hybridmem.models import MemoryNode


def sealed_nodes(like: MemoryNode, **texts: str) -> dict[str, MemoryNode]:
    """Nodes by id, copies of ``like``; an id starting with "s" is sealed (its plaintext read
    with the key)."""
    return {
        i: replace(like, id=i, content=t, sensitive=i.startswith("s")) for i, t in texts.items()
    }
