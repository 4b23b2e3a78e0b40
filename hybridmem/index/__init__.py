"""Vector indexes: the :class:`VectorIndex` port, Chroma behind it, and an in-memory fake."""

from hybridmem.index.base import Metadata, VectorIndex, VectorMatch
from hybridmem.index.chroma import DEFAULT_COLLECTION, ChromaIndex, ChromaServer
from hybridmem.index.fake import InMemoryIndex

__all__ = [
    "DEFAULT_COLLECTION",
    "ChromaIndex",
    "ChromaServer",
    "InMemoryIndex",
    "Metadata",
    "VectorIndex",
    "VectorMatch",
]
