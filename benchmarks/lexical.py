"""Lexical scorers for the baselines: Okapi BM25 and character-bigram overlap.

Self-contained (numpy only) so the baselines depend on nothing the engine might also use:
a baseline must not silently change when the engine's lexical index does.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise

import numpy as np
import numpy.typing as npt

_WORD = re.compile(r"\w+", re.UNICODE)
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")

# A short English stop list: BM25's idf already discounts these, but on 20-word turns a
# matched "the" still outweighs length normalisation noise.
_STOP = frozenset(
    (
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "did",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "he",
        "her",
        "his",
        "how",
        "i",
        "in",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "our",
        "she",
        "so",
        "that",
        "the",
        "their",
        "them",
        "they",
        "this",
        "to",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
    )
)


@lru_cache(maxsize=1)
def _jieba() -> object:
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    return jieba


def tokenize(text: str) -> list[str]:
    """Lower-cased word tokens; Chinese runs are segmented with jieba, stop words dropped."""
    out: list[str] = []
    for word in _WORD.findall(text.lower()):
        if _CJK.search(word):
            out.extend(w for w in _jieba().lcut(word) if w.strip())  # type: ignore[attr-defined]
        elif word not in _STOP:
            out.append(word)
    return out


def char_bigrams(text: str) -> set[str]:
    """Character bigrams of the text with whitespace and punctuation removed."""
    chars = [c for c in text.lower() if c.isalnum()]
    return {a + b for a, b in pairwise(chars)}


class BM25:
    """Okapi BM25 over a fixed list of documents (k1=1.2, b=0.75, Lucene's idf)."""

    def __init__(self, documents: Sequence[str], k1: float = 1.2, b: float = 0.75) -> None:
        self._docs = [Counter(tokenize(d)) for d in documents]
        self._lengths = np.array([sum(c.values()) for c in self._docs], dtype=np.float64)
        self._avg = float(self._lengths.mean()) if len(self._docs) else 0.0
        df: Counter[str] = Counter()
        for doc in self._docs:
            df.update(doc.keys())
        n = len(self._docs)
        self._idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        self._k1, self._b = k1, b

    def scores(self, query: str) -> npt.NDArray[np.float64]:
        """BM25 score of every document for ``query``."""
        out = np.zeros(len(self._docs), dtype=np.float64)
        terms = set(tokenize(query))
        norm = self._k1 * (1 - self._b + self._b * self._lengths / max(self._avg, 1e-9))
        for i, doc in enumerate(self._docs):
            s = 0.0
            for term in terms:
                tf = doc.get(term)
                if tf:
                    s += self._idf[term] * tf * (self._k1 + 1) / (tf + norm[i])
            out[i] = s
        return out


class BigramOverlap:
    """Score = number of query character bigrams found in the document, over its bigram count.

    A crude CJK-friendly matcher: the reference figure for MADial zh (0.57 hit@5) used it.
    """

    def __init__(self, documents: Sequence[str]) -> None:
        self._docs = [char_bigrams(d) for d in documents]

    def scores(self, query: str) -> npt.NDArray[np.float64]:
        """Overlap score of every document for ``query``."""
        q = char_bigrams(query)
        return np.array(
            [len(q & d) / math.sqrt(len(d)) if d else 0.0 for d in self._docs], dtype=np.float64
        )
