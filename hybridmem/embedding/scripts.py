"""Which scripts an embedder can read (its similarities mean something for them).

The bundled all-MiniLM-L6-v2 was trained on English: for Chinese or Japanese text its vectors
are close to one another whatever the meaning. Retrieval shrinks the similarity weight of CJK
queries for such an embedder (:mod:`hybridmem.retrieval.language`), and the evolution writer
does not group CJK facts by their similarity (on the labelled attribute groups MiniLM's 0.8
linked 66% of blind Chinese statements that had no earlier value to an unrelated fact). An
embedder declares it can read CJK with a ``multilingual = True`` attribute; otherwise its name
decides (known English-only families read no CJK, every other model is trusted).
"""

from __future__ import annotations

import re

from hybridmem.embedding.base import Embedder

_CJK_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_WORD_CHAR = re.compile(r"\w", re.UNICODE)

ENGLISH_ONLY_FAMILIES = (
    "all-minilm",
    "all-mpnet",
    "all-distilroberta",
    "multi-qa-",
    "msmarco-",
    "paraphrase-minilm",
    "paraphrase-mpnet",
    "bge-small-en",
    "bge-base-en",
    "bge-large-en",
    "gte-small",
    "gte-base",
    "e5-small-v2",
    "e5-base-v2",
)
"""Lower-case name fragments of sentence-transformers models trained on English only."""


def reads_cjk(embedder: Embedder) -> bool:
    """Whether the embedder's similarities mean something for Chinese/Japanese/Korean text."""
    declared = getattr(embedder, "multilingual", None)
    if isinstance(declared, bool):
        return declared
    name = embedder.name.lower()
    return not any(family in name for family in ENGLISH_ONLY_FAMILIES)


def cjk_share(text: str) -> float:
    """Share of the text's word characters that are CJK, in [0, 1] (0 for empty text)."""
    words = len(_WORD_CHAR.findall(text))
    return len(_CJK_CHAR.findall(text)) / words if words else 0.0
