"""hybridmem: a crash-safe weighted memory tree for long-running LLM agents.

>>> from hybridmem import HybridMemory
>>> with HybridMemory("agent-memory/") as mem:
...     task = mem.add("Expense claim #7: submitted", node_type="task", user_id="u1")
...     res = mem.retrieve("why was the claim returned?", user_id="u1", token_budget=800)

The names below are imported on first use (PEP 562): ``import hybridmem.errors`` or the
``hybridmem`` command's ``--version`` must not pay for the engine, numpy, sqlite-utils and
asyncio, which ``from hybridmem import HybridMemory`` loads.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from hybridmem.version import __version__

if TYPE_CHECKING:
    from hybridmem.aio import AsyncHybridMemory
    from hybridmem.clock import Clock, FakeClock, system_clock
    from hybridmem.config import (
        MemoryConfig,
        PrivacyConfig,
        RecoveryConfig,
        RetrievalConfig,
        ScoreWeights,
    )
    from hybridmem.embedding import (
        Embedder,
        HashEmbedder,
        SentenceTransformerEmbedder,
        make_embedder,
    )
    from hybridmem.errors import HybridMemError
    from hybridmem.index import ChromaServer
    from hybridmem.memory import DEFAULT_USER, HybridMemory, NodeInput
    from hybridmem.models import (
        Hit,
        IndexState,
        MemoryNode,
        NodeStatus,
        NodeType,
        RetrievalResult,
        ScoreBreakdown,
        StoreStats,
    )
    from hybridmem.privacy import generate_key

_SOURCES: dict[str, tuple[str, ...]] = {
    "hybridmem.aio": ("AsyncHybridMemory",),
    "hybridmem.clock": ("Clock", "FakeClock", "system_clock"),
    "hybridmem.config": (
        "MemoryConfig",
        "PrivacyConfig",
        "RecoveryConfig",
        "RetrievalConfig",
        "ScoreWeights",
    ),
    "hybridmem.embedding": (
        "Embedder",
        "HashEmbedder",
        "SentenceTransformerEmbedder",
        "make_embedder",
    ),
    "hybridmem.errors": ("HybridMemError",),
    "hybridmem.index": ("ChromaServer",),
    "hybridmem.memory": ("DEFAULT_USER", "HybridMemory", "NodeInput"),
    "hybridmem.models": (
        "Hit",
        "IndexState",
        "MemoryNode",
        "NodeStatus",
        "NodeType",
        "RetrievalResult",
        "ScoreBreakdown",
        "StoreStats",
    ),
    "hybridmem.privacy": ("generate_key",),
}
_MODULE_OF = {name: module for module, names in _SOURCES.items() for name in names}

__all__ = [
    "DEFAULT_USER",
    "AsyncHybridMemory",
    "ChromaServer",
    "Clock",
    "Embedder",
    "FakeClock",
    "HashEmbedder",
    "Hit",
    "HybridMemError",
    "HybridMemory",
    "IndexState",
    "MemoryConfig",
    "MemoryNode",
    "NodeInput",
    "NodeStatus",
    "NodeType",
    "PrivacyConfig",
    "RecoveryConfig",
    "RetrievalConfig",
    "RetrievalResult",
    "ScoreBreakdown",
    "ScoreWeights",
    "SentenceTransformerEmbedder",
    "StoreStats",
    "__version__",
    "generate_key",
    "make_embedder",
    "system_clock",
]


def __getattr__(name: str) -> Any:
    """Import a public name's module on first access and cache the name here."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'hybridmem' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
