"""Score fusion: put every query-dependent feature on one per-query scale before weighting.

Raw cosine similarity depends on the model: all-MiniLM-L6-v2 spreads a bank's similarities
widely (std ~0.08), multilingual-e5-small squeezes them into a band a few hundredths wide
(std ~0.01), so with raw cosines a fixed-scale feature (recency, a neighbour's relevance)
outweighs e5's whole signal. BM25 is already divided by the query's best match. Fusion makes
the two comparable whatever the embedder:

- ``minmax`` (default): similarity mapped linearly onto [0, 1] between the query's worst and
  best candidate; lexical is BM25 over the best BM25 (non-matches 0). Keeps the gaps' shape,
  no parameter.
- ``raw``: cosine as is (the engine before fusion; kept for comparison).

Rank fusion (RRF's ``1 / (60 + rank)`` per feature) was tried and rejected: with k = 60 the
second candidate gets 0.98 of the first's evidence and the tenth 0.87, so the node's own
features (age, importance) decide the order instead of the match (measured on a model with
compressed cosines, the case ``tests/retrieval/test_retrieval_fusion.py`` builds).

The node's own features (importance, confidence, use, age, tree distance) are on fixed,
meaningful scales already (importance 0.9 means the same for every query) and are not
rescaled. The propagated features (neighbour, parent) read the fused relevance.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from hybridmem.config import ScoreWeights
from hybridmem.retrieval.days import day_weight

FUSIONS: tuple[str, ...] = ("minmax", "raw")


def fuse_similarity(raw: Mapping[str, float], ids: Iterable[str], method: str) -> dict[str, float]:
    """Similarity feature in [0, 1] for each of ``ids`` (missing similarity counts as none)."""
    ids = list(ids)
    values = {i: raw[i] for i in ids if i in raw}
    if method == "raw":
        return {i: max(values.get(i, 0.0), 0.0) for i in ids}
    if not values:
        return dict.fromkeys(ids, 0.0)
    low, high = min(values.values()), max(values.values())
    if high - low <= 1e-12:
        # One candidate, or all alike: similarity does not tell them apart.
        return {i: (1.0 if i in values and high > 0 else 0.0) for i in ids}
    return {i: (values[i] - low) / (high - low) if i in values else 0.0 for i in ids}


def fuse_lexical(raw: Mapping[str, float], ids: Iterable[str], method: str) -> dict[str, float]:
    """Lexical feature in [0, 1] for each of ``ids``: BM25 over the query's best BM25 (0 for a
    non-match), for every method: BM25 has no fixed scale to keep."""
    ids = list(ids)
    matched = {i: raw[i] for i in ids if raw.get(i, 0.0) > 0}
    top = max(matched.values(), default=0.0)
    return {i: matched[i] / top if i in matched else 0.0 for i in ids}


def relevance(
    similarity: Mapping[str, float],
    lexical: Mapping[str, float],
    w_similarity: float,
    w_lexical: float,
    ids: Iterable[str],
) -> dict[str, float]:
    """The query-dependent part of a node's evidence, in [0, 1]: the weighted mean of its
    fused similarity and lexical features (what neighbours and parents propagate)."""
    total = w_similarity + w_lexical
    if total <= 0:
        return dict.fromkeys(ids, 0.0)
    return {
        i: (w_similarity * similarity.get(i, 0.0) + w_lexical * lexical.get(i, 0.0)) / total
        for i in ids
    }


def query_weights(
    weights: ScoreWeights, scale: float, *, timed: bool, days: bool = False
) -> ScoreWeights:
    """The effective weights for one query.

    Similarity counts only as far as the embedder reads the query's script (``scale``). The
    propagated features (neighbour, parent: other nodes' relevance) are shares of the direct
    relevance weight (similarity + lexical), so another node's match never outweighs a node's
    own, whatever the configuration or the query's language. ``time`` counts only when the
    query names a time (``timed``); as much as all the others together when it asks about a
    window of days (``days``: :mod:`~hybridmem.retrieval.days`).
    """
    similarity = weights.similarity * min(max(scale, 0.0), 1.0)
    direct = similarity + weights.lexical
    values = weights.as_dict()
    values.update(
        similarity=similarity,
        neighbour=weights.neighbour * direct,
        parent=weights.parent * direct,
        time=weights.time if timed else 0.0,
    )
    if days:
        others = sum(v for k, v in values.items() if k != "time")
        values["time"] = day_weight(weights.time, others)
    if sum(values.values()) <= 0:
        return weights  # nothing else to rank by: keep the configured view
    return replace(weights, **values)
