"""An in-memory :class:`~hybridmem.index.base.VectorIndex` for tests and notebooks.

Exact cosine search over a numpy matrix with Chroma's ``where`` semantics for the operators
the engine uses (equality, ``$in``, ``$and``). Nothing is persisted: an engine opened on it
re-indexes from the tree store on every open, which is what makes it a faithful fake of a
derived index.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hybridmem.embedding.base import Vectors
from hybridmem.errors import InvalidArgumentError
from hybridmem.index.base import Metadata, VectorMatch


def matches(meta: Metadata, where: Metadata | None) -> bool:
    """Whether ``meta`` satisfies a Chroma-style ``where`` filter."""
    if not where:
        return True
    for key, cond in where.items():
        if key == "$and":
            if not all(matches(meta, part) for part in cond):
                return False
        elif key == "$or":
            if not any(matches(meta, part) for part in cond):
                return False
        elif isinstance(cond, dict):
            for op, value in cond.items():
                if op == "$in":
                    ok = meta.get(key) in value
                elif op == "$nin":
                    ok = meta.get(key) not in value
                elif op == "$eq":
                    ok = meta.get(key) == value
                elif op == "$ne":
                    ok = meta.get(key) != value
                else:
                    raise InvalidArgumentError(f"InMemoryIndex does not support {op!r}")
                if not ok:
                    return False
        elif meta.get(key) != cond:
            return False
    return True


class InMemoryIndex:
    """Exact nearest-neighbour search in process memory."""

    def __init__(self, name: str = "memory") -> None:
        self._name = name
        self._vectors: dict[str, np.ndarray] = {}
        self._meta: dict[str, Metadata] = {}
        self._docs: dict[str, str | None] = {}

    @property
    def name(self) -> str:
        return self._name

    @property
    def writable(self) -> bool:
        return True

    @property
    def owned(self) -> bool:
        return True

    def upsert(
        self,
        ids: Sequence[str],
        vectors: Vectors,
        metadatas: Sequence[Metadata],
        documents: Sequence[str | None] | None = None,
    ) -> None:
        array = np.asarray(vectors, dtype=np.float32)
        for i, node_id in enumerate(ids):
            vec = array[i]
            norm = float(np.linalg.norm(vec))
            self._vectors[node_id] = vec / norm if norm else vec
            self._meta[node_id] = dict(metadatas[i])
            self._docs[node_id] = documents[i] if documents is not None else None

    def update_metadata(self, ids: Sequence[str], metadatas: Sequence[Metadata]) -> None:
        for node_id, meta in zip(ids, metadatas, strict=True):
            if node_id in self._meta:
                merged = {**self._meta[node_id], **meta}
                self._meta[node_id] = {k: v for k, v in merged.items() if v is not None}

    def delete(self, ids: Sequence[str]) -> None:
        for node_id in ids:
            self._vectors.pop(node_id, None)
            self._meta.pop(node_id, None)
            self._docs.pop(node_id, None)

    def query(
        self, vector: Vectors, n: int, where: Metadata | None, ids: Sequence[str] | None = None
    ) -> list[VectorMatch]:
        pool = self._vectors.keys() if ids is None else [i for i in ids if i in self._vectors]
        chosen = [i for i in pool if matches(self._meta[i], where)]
        if n <= 0 or not chosen:
            return []
        q = np.asarray(vector, dtype=np.float32).reshape(-1)
        norm = float(np.linalg.norm(q))
        q = q / norm if norm else q
        sims = np.stack([self._vectors[i] for i in chosen]) @ q
        order = np.argsort(-sims, kind="stable")[:n]
        return [VectorMatch(chosen[k], float(sims[k])) for k in order]

    def get_vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        return {i: self._vectors[i] for i in ids if i in self._vectors}

    def get_ids(self, ids: Sequence[str] | None = None) -> set[str]:
        if ids is None:
            return set(self._vectors)
        return {i for i in ids if i in self._vectors}

    def get_entries(self, ids: Sequence[str] | None = None) -> dict[str, tuple[Any, Any]]:
        chosen = self._vectors.keys() if ids is None else [i for i in ids if i in self._vectors]
        return {i: (self._docs[i], self._meta[i]) for i in chosen}

    def get_metadata(self, ids: Sequence[str]) -> dict[str, Metadata]:
        return {i: dict(self._meta[i]) for i in ids if i in self._meta}

    def count(self) -> int:
        return len(self._vectors)

    def compact(self, live_ids: set[str]) -> int:
        self.delete([i for i in self._vectors if i not in live_ids])
        return len(self._vectors)

    def unavailable_reason(self) -> str | None:
        return None

    def consume_takeover(self) -> bool:
        return False

    def close(self) -> None:
        return None
