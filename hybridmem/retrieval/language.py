"""Which scripts the embedder can read, and how much of a query it can therefore judge.

The bundled all-MiniLM-L6-v2 was trained on English: for Chinese or Japanese text its vectors
are close to one another whatever the meaning (on MADial-Bench Chinese, dense hit@5 is 0.23
against 0.76 for the lexical path). Mixing that noise into the score at full weight hides what
the lexical path found, so the similarity weight shrinks in proportion to the query's CJK share
when the embedder cannot read CJK. An embedder declares it can with a ``multilingual = True``
attribute; otherwise its name decides (known English-only families read no CJK, every other
model, e.g. a local bge-m3 or paraphrase-multilingual-*, is trusted).
"""

from __future__ import annotations

from hybridmem.embedding.base import Embedder
from hybridmem.embedding.scripts import ENGLISH_ONLY_FAMILIES, cjk_share, reads_cjk

__all__ = ["ENGLISH_ONLY_FAMILIES", "cjk_share", "reads_cjk", "similarity_scale"]


def similarity_scale(embedder: Embedder, query: str) -> float:
    """The factor on the similarity weight for ``query``: 1 unless the embedder cannot read
    the query's script, then 1 minus the CJK share (a Chinese query leans on lexical match)."""
    if reads_cjk(embedder):
        return 1.0
    return 1.0 - cjk_share(query)
