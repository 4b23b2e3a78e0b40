"""Set-level orderings of the scored hits, without a constant to fit (issue 38, an experiment:
none ships, so they live here and ``benchmarks.fusion_paired`` applies them before packing).

A question whose evidence is scattered ("What has Melanie painted?": a horse, a sunset, a lake
in three sessions) is ranked one memory at a time: a strong session lifts all of its turns
(``parent``), so the ~24 turns 1,000 tokens hold can be filled with one topic said many times
while a second instance sits at rank 30. Four knob-free ways to order the hits as a set:

- :func:`dpp_order`: the greedy MAP of a determinantal point process whose kernel is
  ``score_i * score_j * cos(v_i, v_j)``: each next hit is the one maximising ``score² x`` the
  share of its vector not already spanned by the hits placed (a Gram-Schmidt residual). The
  vectors are centred on the candidates' mean first (an embedder's vectors share one large
  common direction, so raw cosines between memories sit at 0.7-0.9 with e5 and say little).
  No trade-off weight: the score is the DPP's quality, the residual its diversity.
- :func:`shared_parent_order`: greedy by score, the ``parent`` part of a session's n-th
  placed turn counted 1/n (the one part a session's turns repeat).
- :func:`interleave_order`: a round robin over the sessions, each session's hits in rank
  order, the sessions in the order of their best hit.
- :func:`cover_order`: the hits in rank order, except that while some query term is not yet
  matched by a placed hit, the best hit matching a new one is placed next (a greedy set
  cover of the query's terms); then the rest in rank order.

Beside them, :func:`answers_lexical`, read off the misses: the evidence just past the
budget has the packed turns' similarity but a third of their lexical part, and a question turn
("Do you have any hobbies you love?") holds the question's words while its answer holds what
is sought: the answer gets the question's BM25.

None ships (docs/benchmarks.md, "Scattered evidence ranked as a set"): measured with
``benchmarks.fusion_paired`` (variants ``dpp``, ``shared parent``, ``interleave``,
``cover``).
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import numpy as np

from hybridmem import lexical
from hybridmem.models import Hit
from hybridmem.retrieval import answers

_EPS = 1e-9


def dpp_order(hits: Sequence[Hit], vectors: Mapping[str, Any]) -> list[Hit]:
    """``hits`` in the greedy order of a DPP with quality = score and similarity = the
    cosine of the centred vectors; a hit without a stored vector keeps its rank among the
    rest (placed where its score puts it once the others are ordered)."""
    with_vec = [h for h in hits if h.node.id in vectors]
    if len(with_vec) < 3:
        return list(hits)
    mat = np.stack([np.asarray(vectors[h.node.id], dtype=np.float64) for h in with_vec])
    mat = mat - mat.mean(axis=0)
    norms = np.linalg.norm(mat, axis=1)
    mat = mat / np.maximum(norms, _EPS)[:, None]
    quality = np.array([max(h.score, 0.0) for h in with_vec]) ** 2
    residual = np.ones(len(with_vec))
    left = np.ones(len(with_vec), dtype=bool)
    order: list[int] = []
    basis: list[np.ndarray] = []
    for _ in range(len(with_vec)):
        gain = np.where(left, quality * residual, -1.0)
        best = int(np.argmax(gain))
        if gain[best] <= _EPS:
            break  # the rest are spanned (or score 0): by score
        order.append(best)
        left[best] = False
        # Gram-Schmidt: the placed hit's new direction, and every residual without it.
        v = mat[best] - sum((mat[best] @ b) * b for b in basis)
        size = np.linalg.norm(v)
        if size > _EPS:
            v = v / size
            basis.append(v)
            residual = np.maximum(residual - (mat @ v) ** 2, 0.0)
    rest = [i for i in range(len(with_vec)) if left[i]]
    placed = [with_vec[i] for i in order] + [with_vec[i] for i in rest]
    return _merge_unvectored(hits, placed, vectors)


def _merge_unvectored(
    hits: Sequence[Hit], placed: list[Hit], vectors: Mapping[str, Any]
) -> list[Hit]:
    """``placed`` with the hits that had no vector put back before the first placed hit
    scoring lower than them."""
    out: list[Hit] = []
    loose = [h for h in hits if h.node.id not in vectors]
    for hit in placed:
        while loose and loose[0].score > hit.score:
            out.append(loose.pop(0))
        out.append(hit)
    return out + loose


def shared_parent_order(hits: Sequence[Hit]) -> list[Hit]:
    """``hits`` placed greedily by their score with the session's evidence shared: the
    ``parent`` part of a hit (its session's best match, the same for every turn of the
    session) counts in full for the session's first placed hit, half for its second, a third
    for its third, ...; a hit's own evidence (similarity, lexical, speaker, ...) always in
    full. The parent part is the one thing the turns of a session repeat."""
    placed: dict[str | None, int] = {}

    def value(h: Hit) -> float:
        part = h.breakdown.parts.get("parent", 0.0)
        return h.score - part + part / (placed.get(h.node.parent_id, 0) + 1)

    # Lazy greedy: a hit's value only falls (as its session's count grows), so a hit popped
    # with its current value is the best left.
    heap = [(-value(h), i, placed.get(h.node.parent_id, 0)) for i, h in enumerate(hits)]
    heapq.heapify(heap)
    out: list[Hit] = []
    while heap:
        _, i, seen = heapq.heappop(heap)
        hit = hits[i]
        now = placed.get(hit.node.parent_id, 0)
        if now != seen and hit.breakdown.parts.get("parent", 0.0) > 0:
            heapq.heappush(heap, (-value(hit), i, now))
            continue
        if hit.breakdown.parts.get("parent", 0.0) > 0:
            placed[hit.node.parent_id] = now + 1
        out.append(hit)
    return out


def interleave_order(hits: Sequence[Hit]) -> list[Hit]:
    """Each session's best hit first (sessions in the order of their best hit), then each
    session's second, and so on: a round robin over the sessions, each in rank order. A hit
    without a session of turns (no ``parent`` part) is its own group."""
    groups: dict[object, list[Hit]] = {}
    for i, hit in enumerate(hits):
        key = hit.node.parent_id if hit.breakdown.parts.get("parent", 0.0) > 0 else ("own", i)
        groups.setdefault(key, []).append(hit)
    out: list[Hit] = []
    depth = 0
    while len(out) < len(hits):
        out.extend(g[depth] for g in groups.values() if len(g) > depth)
        depth += 1
    return out


def cover_order(hits: Sequence[Hit], query: str) -> list[Hit]:
    """``hits`` with the best hit matching each query term not yet matched placed first
    (greedy set cover in rank order), then the rest in rank order."""
    wanted = set(lexical.terms(query))
    out: list[Hit] = []
    rest = list(hits)
    while wanted:
        pick = next((h for h in rest if wanted & set(lexical.terms(h.node.content))), None)
        if pick is None:
            break
        wanted -= set(lexical.terms(pick.node.content))
        out.append(pick)
        rest.remove(pick)
    return out + rest


def answers_lexical(
    nodes: Mapping[str, Any],
    bm25: Mapping[str, float],
    neighbours: Mapping[str, Sequence[str]],
    turns: Collection[str],
    *,
    move: bool,
) -> dict[str, float]:
    """BM25 with a question turn's lexical match given to its answer (the next turn, by the
    other speaker, not itself a question: :func:`hybridmem.retrieval.answers.answer_of`'s
    rule): the answer's BM25 becomes the larger of its own and the question's; with
    ``move``, the question keeps none (its words are the question's, what is sought is in
    the answer)."""
    out = dict(bm25)
    by_id = {i: Hit(n, 0.0, None) for i, n in nodes.items()}  # type: ignore[arg-type]
    for node_id, score in bm25.items():
        node = nodes.get(node_id)
        if node is None or node_id not in turns or not answers.asks(node.content):
            continue
        answer = answers.answer_of(node, neighbours.get(node_id, ()), by_id, turns)
        if answer is None:
            continue
        out[answer.node.id] = max(out.get(answer.node.id, 0.0), score)
        if move:
            out[node_id] = 0.0
    return out
