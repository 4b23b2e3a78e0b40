"""hybridmem: a crash-safe weighted memory tree for long-running LLM agents.

>>> from hybridmem import HybridMemory
>>> with HybridMemory("agent-memory/") as mem:
...     task = mem.add("Expense claim #7: submitted", node_type="task", user_id="u1")
...     res = mem.retrieve("why was the claim returned?", user_id="u1", token_budget=800)
"""

from __future__ import annotations

from hybridmem.aio import AsyncHybridMemory
from hybridmem.clock import Clock, FakeClock, system_clock
from hybridmem.config import MemoryConfig, RetrievalConfig, ScoreWeights
from hybridmem.embedding import Embedder, HashEmbedder, SentenceTransformerEmbedder, make_embedder
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
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.recovery import RecoveryConfig
from hybridmem.version import __version__

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
