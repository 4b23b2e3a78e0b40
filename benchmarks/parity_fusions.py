"""Knob-free fusions measured against hybridmem's own channels (issue 38, helper parity15).

Each is the shipped fusion with one change, run through :mod:`benchmarks.channel_parity`
(``--methods hybridmem,dense,lexical,"lex over median",...``); the engine is unchanged:

- ``lex over median``: the lexical feature's floor is the median BM25 of the query's lexical
  matches, not 0: a match no stronger than the typical one (a word the whole bank shares)
  counts nothing, the best still counts 1.
- ``sim over median``: the similarity feature's floor is the median cosine of the
  candidates, not the worst one: on a small bank, where every memory is a candidate, the
  worst memory does not stretch the scale (the fusion's normalisation on a small bank).
- ``lex at sim pct``: a lexical match counts in proportion to its similarity's percentile
  among the lexical matches: of the memories sharing words with the query, the one whose
  meaning is farthest counts least (madial11's untried candidate).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from hybridmem.config import ScoreWeights
from hybridmem.retrieval import fusion

Scores = dict[str, float]


def _ids(cands: Any) -> list[str]:
    return list(cands.returnable.ids(cands.nodes, cands.unfolded))


def _floored(values: Mapping[str, float], ids: Sequence[str], floor: float) -> Scores:
    """``values`` mapped onto [0, 1] between ``floor`` and their best (below the floor 0)."""
    top = max((values[i] for i in ids if i in values), default=0.0)
    if top - floor <= 1e-12:
        return {i: (1.0 if i in values and values[i] >= top and top > 0 else 0.0) for i in ids}
    return {i: max(values[i] - floor, 0.0) / (top - floor) if i in values else 0.0 for i in ids}


def lexical_over_median(bm25: Mapping[str, float], ids: Sequence[str]) -> Scores:
    """BM25 between the median and the best of the query's matches (non-matches 0)."""
    matched = [bm25[i] for i in ids if bm25.get(i, 0.0) > 0]
    if len(matched) < 3:  # too few matches for a typical one: the shipped scale
        return fusion.fuse_lexical(bm25, ids, "minmax")
    positive = {i: bm25[i] for i in ids if bm25.get(i, 0.0) > 0}
    return _floored(positive, ids, statistics.median(matched))


def similarity_over_median(cosine: Mapping[str, float], ids: Sequence[str]) -> Scores:
    """Cosine between the candidates' median and their best."""
    values = [cosine[i] for i in ids if i in cosine]
    if len(values) < 3:
        return fusion.fuse_similarity(cosine, ids, "minmax")
    return _floored(cosine, ids, statistics.median(values))


def lexical_at_similarity(lex: Mapping[str, float], cosine: Mapping[str, float]) -> Scores:
    """Each lexical match times the share of the other matches its cosine is above."""
    matched = [i for i, v in lex.items() if v > 0]
    if len(matched) < 2:
        return dict(lex)
    order = sorted(matched, key=lambda i: cosine.get(i, 0.0))
    pct = {i: (k + 1) / len(order) for k, i in enumerate(order)}
    return {i: v * pct.get(i, 0.0) for i, v in lex.items()}


def _set(cands: Any, weights: ScoreWeights, sim: Scores, lex: Scores) -> None:
    ids = _ids(cands)
    cands.similarity, cands.lexical = sim, lex
    cands.relevance = fusion.relevance(sim, lex, weights.similarity, weights.lexical, ids)


def fuse_lex_median(
    cands: Any, weights: ScoreWeights, method: str, *, similarity: bool = True
) -> None:
    ids = _ids(cands)
    sim = fusion.fuse_similarity(cands.cosine, ids, method) if similarity else cands.similarity
    _set(cands, weights, sim, lexical_over_median(cands.bm25, ids))


def fuse_sim_median(
    cands: Any, weights: ScoreWeights, method: str, *, similarity: bool = True
) -> None:
    ids = _ids(cands)
    sim = similarity_over_median(cands.cosine, ids) if similarity else cands.similarity
    _set(cands, weights, sim, fusion.fuse_lexical(cands.bm25, ids, method))


def fuse_lex_pct(
    cands: Any, weights: ScoreWeights, method: str, *, similarity: bool = True
) -> None:
    ids = _ids(cands)
    sim = fusion.fuse_similarity(cands.cosine, ids, method) if similarity else cands.similarity
    lex = fusion.fuse_lexical(cands.bm25, ids, method)
    if weights.similarity > 0:
        lex = lexical_at_similarity(lex, cands.cosine)
    _set(cands, weights, sim, lex)


def fuse_both_median(
    cands: Any, weights: ScoreWeights, method: str, *, similarity: bool = True
) -> None:
    ids = _ids(cands)
    sim = similarity_over_median(cands.cosine, ids) if similarity else cands.similarity
    _set(cands, weights, sim, lexical_over_median(cands.bm25, ids))
