"""A fast deterministic embedder, shipped for tests and quick experiments.

It is a hashing-trick bag of words and character n-grams: texts sharing words or word pieces get
similar vectors, which is enough to exercise every code path (scope, ranking, packing) without
loading a neural model. It is *not* a semantic model: synonyms do not meet.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Sequence

import numpy as np

from hybridmem.embedding.base import Vectors, normalise_rows
from hybridmem.errors import InvalidArgumentError

MAX_DIMENSION = 8192
"""Wider vectors buy nothing for a hashing trick and cost memory per node."""

HASH_NAME_PREFIX = "hybridmem/hash-v1-"
"""The hash embedder's name is this prefix and its dimension."""
_WORD = re.compile(r"[\w]+", re.UNICODE)
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


class HashEmbedder:
    """Deterministic hashing embedder (same text -> same vector, on every machine)."""

    def __init__(self, dimension: int = 256) -> None:
        if (
            isinstance(dimension, bool)
            or not isinstance(dimension, int)
            or not (8 <= dimension <= MAX_DIMENSION)
        ):
            raise InvalidArgumentError(
                f"HashEmbedder dimension must be an int in [8, {MAX_DIMENSION}], "
                f"got {dimension!r:.40}"
            )
        self._dimension = dimension

    @property
    def name(self) -> str:
        return f"{HASH_NAME_PREFIX}{self._dimension}"

    @property
    def dimension(self) -> int:
        return self._dimension

    def embed(self, texts: Sequence[str]) -> Vectors:
        out = np.zeros((len(texts), self._dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature, weight in _features(text):
                digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
                value = int.from_bytes(digest, "little")
                sign = 1.0 if value & 1 else -1.0
                out[row, (value >> 1) % self._dimension] += sign * weight
        return normalise_rows(out)


def _features(text: str) -> list[tuple[str, float]]:
    feats: list[tuple[str, float]] = []
    for word in _WORD.findall(text.lower()):
        if _CJK.search(word):
            # CJK has no spaces: single characters and bigrams stand in for words.
            chars = [c for c in word]
            feats.extend((f"c:{c}", 0.5) for c in chars)
            feats.extend((f"b:{a}{b}", 1.0) for a, b in itertools.pairwise(chars))
            continue
        feats.append((f"w:{word}", 1.0))
        padded = f"<{word}>"
        feats.extend((f"g:{padded[i : i + 3]}", 0.3) for i in range(len(padded) - 2))
    return feats
