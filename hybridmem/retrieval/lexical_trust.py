"""A conversation's lexical part counts as far as the dense channel vouches for its best match.

The lexical feature is a candidate's BM25 over the query's best (:mod:`.fusion`), so the best
match takes the full lexical weight however weak or incidental its match is. A conversation
asked as one query (one line a turn) says many words about each turn that are not about what is
being recalled now, and one of them is nearly always shared by some memory: that incidental best
match outranked what the vector found (issue 38, madial24: MADial English dialogues with the
answer's words taken out, hybridmem 0.125 / 0.150 against its own dense channel's 0.425 / 0.500;
held out, plain dense MiniLM 0.88 against hybridmem 0.80). So, for a query of several lines,
every lexical feature is multiplied by the fused similarity of the lexical best match: where the
two channels agree nothing changes, where the vector finds the word match far the word evidence
counts that little. No constant is chosen: the trust is the dense channel's own min-max value.

A conversation may turn to a new topic at its last line, the one said now: the whole query's
vector reads the earlier topic and finds the word match of the last line far (MADial dev
dialogue 68, a dinner talk whose last line turns to a classmate's quarrel). So the vouching is
the larger of the whole query's and the last line's min-max similarity of the best match, the
last line read with a vector of its own (one more embedding, for a query of several lines only).

A one-line query (a question) is left as fused: every word of it is the asker's choice, and a
word match the vector finds far is sometimes the answer there (madial25: the same trust on
one-line questions lost LoCoMo with MiniLM and single probing questions; madial27).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from hybridmem.embedding import Embedder, embed_query
from hybridmem.retrieval import fusion

Vectors = Callable[[Sequence[str]], Mapping[str, Any]]
"""Stored vectors of some node ids (those without one left out)."""


def last_line(text: str) -> str | None:
    """The query's last non-empty line when it has more than one; None for a one-line query."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if len(lines) > 1 else None


class LineCosines:
    """Cosines of nodes to one line's vector, each node's read once from ``vectors``."""

    def __init__(self, vector: Any, vectors: Vectors) -> None:
        self.vector = vector
        self._vectors = vectors
        self._known: dict[str, float] = {}

    def __call__(self, ids: Iterable[str]) -> dict[str, float]:
        ids = list(ids)
        missing = [i for i in ids if i not in self._known]
        if missing:
            for node_id, vec in self._vectors(missing).items():
                self._known[node_id] = float(vec @ self.vector)
        return {i: self._known[i] for i in ids if i in self._known}


def conversation_line(text: str, embedder: Embedder, vectors: Vectors) -> LineCosines | None:
    """The candidates' cosines to the last line of a query of several lines, that line
    embedded on its own; None for a one-line query (nothing is vouched for)."""
    line = last_line(text)
    if line is None:
        return None
    return LineCosines(embed_query(embedder, [line])[0], vectors)


def trusted(
    lexical: Mapping[str, float], vouching: Sequence[Mapping[str, float]]
) -> dict[str, float]:
    """``lexical`` (features in [0, 1], the best match at 1) times the largest of ``vouching``'s
    (fused similarities) values for the lexical best match (ties: the best vouched of them)."""
    best = max(lexical.values(), default=0.0)
    if best <= 0 or not vouching:
        return dict(lexical)
    top = [i for i, v in lexical.items() if v >= best - 1e-12]
    trust = max(s.get(i, 0.0) for s in vouching for i in top)
    return {i: v * trust for i, v in lexical.items()}


def vouched_lexical(
    lexical: Mapping[str, float],
    similarity: Mapping[str, float],
    line: LineCosines,
    ids: Sequence[str],
    method: str,
) -> dict[str, float]:
    """A conversation's lexical features as the dense channel vouches for their best match: by
    the whole query's fused ``similarity`` or the last line's (``line``, fused by ``method``
    over ``ids``), whichever is larger."""
    if not any(v > 0 for v in lexical.values()):
        return dict(lexical)
    return trusted(lexical, [similarity, fusion.fuse_similarity(line(ids), ids, method)])
