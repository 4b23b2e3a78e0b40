"""Which scripts the embedder can read, and how much of a query it can therefore judge.

The bundled all-MiniLM-L6-v2 was trained on English: for Chinese or Japanese text its vectors
are close to one another whatever the meaning (on MADial-Bench Chinese, dense hit@5 is 0.23
against 0.76 for the lexical path). Mixing that noise into the score at full weight hides what
the lexical path found, so the similarity weight shrinks in proportion to the query's CJK share
when the embedder cannot read CJK. The share is read without line-leading speaker labels: a
Chinese dialogue passed as the query ("Lisa: 你看我今天的衣服好不好看？\nAssistant: ...") is
Chinese to read, but its Latin names made it 21% Latin on MADial-Bench zh, so MiniLM's noise
kept a fifth of the similarity weight (hybrid hit@5 0.800 / 0.775 on the dev halves against
0.825 / 0.750 for the lexical path alone; without the labels 0.825 / 0.750, and the mean
reciprocal rank higher on both halves: docs/benchmarks.md, issue 38). An embedder declares
it can read CJK with a ``multilingual = True`` attribute; otherwise its name decides (known
English-only families read no CJK, every other model, e.g. a local bge-m3 or
paraphrase-multilingual-*, is trusted).
"""

from __future__ import annotations

import re

from hybridmem.embedding.base import Embedder
from hybridmem.embedding.scripts import ENGLISH_ONLY_FAMILIES, cjk_share, reads_cjk
from hybridmem.retrieval.entities import speaker_label

_COLON = re.compile(r"[:：]")

__all__ = [
    "ENGLISH_ONLY_FAMILIES",
    "cjk_share",
    "reads_cjk",
    "similarity_scale",
    "without_speakers",
]


def similarity_scale(embedder: Embedder, query: str) -> float:
    """The factor on the similarity weight for ``query``: 1 unless the embedder cannot read
    the query's script, then 1 minus the CJK share (a Chinese query leans on lexical match)."""
    if reads_cjk(embedder):
        return 1.0
    return 1.0 - cjk_share(without_speakers(query))


def without_speakers(text: str) -> str:
    """``text`` without the ``"Name:"`` label of each line that has one."""
    if ":" not in text and "：" not in text:
        return text  # the common query: no label to look for
    lines = []
    for line in text.splitlines():
        colon = _COLON.search(line)
        if colon is not None and speaker_label(line) is not None:
            line = line[colon.end() :]
        lines.append(line)
    return "\n".join(lines)
