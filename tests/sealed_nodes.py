"""Nodes and stores for the sealed-memory rule's tests: nodes copied from one stored memory
(:func:`~hybridmem.retrieval.sensitive.withheld` reads ids, content, flags and slots), and a
keyed store of one user's ordinary and sealed facts with what a question shows of the sealed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key


def sealed_nodes(like: MemoryNode, **texts: str) -> dict[str, MemoryNode]:
    """Nodes by id, copies of ``like``; an id starting with "s" is sealed (its plaintext read
    with the key)."""
    return {
        i: replace(like, id=i, content=t, sensitive=i.startswith("s")) for i, t in texts.items()
    }


def household(
    path: Path, embedder: Embedder, clock: FakeClock, ordinary: list[str], sealed: list[str]
) -> HybridMemory:
    """A keyed store of one user's ordinary facts, then the sealed ones (``sensitive=True``)."""
    mem = HybridMemory(
        path, embedder=embedder, clock=clock, privacy=PrivacyConfig(key=generate_key())
    )
    for text in ordinary:
        mem.add(text, node_type="fact", user_id="u1")
    for text in sealed:
        mem.add(text, node_type="fact", user_id="u1", sensitive=True)
    return mem


def sealed_shown(
    mem: HybridMemory, question: str, sealed: list[str]
) -> tuple[list[str], list[str]]:
    """The hits' texts, and the sealed texts in the hits or the packed context."""
    r = mem.retrieve(question, user_id="u1", record_access=False)
    texts = [h.node.content for h in r.hits]
    return texts, [s for s in sealed if s in r.context or s in texts]
