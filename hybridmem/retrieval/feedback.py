"""A second lexical pass seeded by the first hits (pseudo-relevance feedback).

A multi-hop question's pieces are linked through each other, not through the question: "where
did Caroline move from?" finds "since I moved from my home country", whose words ("home
country") find "a gift from my grandma in my home country, Sweden". Here the best first hits'
words (their ``Name:`` speaker label left out: who is the speaker feature's job) are searched
again in scope with BM25; what they find joins the candidates, and a candidate's lexical
feature becomes the larger of its own and ``share`` times its feedback match (normalised by
the best one, as the query's own BM25 is). ``share`` 0 switches it off.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from hybridmem import lexical
from hybridmem.models import Hit
from hybridmem.retrieval import fusion
from hybridmem.retrieval.expansion import adjacent_siblings

if TYPE_CHECKING:
    from hybridmem.retrieval.retriever import Candidates, Query, Retriever
    from hybridmem.retrieval.scoping import ResolvedScope

_SPEAKER = re.compile(r"^\s*[^:\n]{1,40}:\s")

SEEDS = 2
"""First hits whose words seed the second pass."""


def seed_text(hits: Sequence[Hit]) -> str:
    """The best ``SEEDS`` hits' text without their speaker labels."""
    return " ".join(_SPEAKER.sub("", h.node.content, count=1) for h in hits[:SEEDS])


def feedback_lexical(
    found: Mapping[str, float], seeds: Sequence[str], lexical: Mapping[str, float], share: float
) -> dict[str, float]:
    """``lexical`` with each candidate's feedback match folded in (the larger of the two):
    ``found`` is the second pass's BM25 (larger is better), the ``seeds`` themselves (which
    match their own words best) left out."""
    scores = {i: s for i, s in found.items() if i not in seeds and s > 0}
    top = max(scores.values(), default=0.0)
    out = dict(lexical)
    if top <= 0:
        return out
    for node_id, value in scores.items():
        out[node_id] = max(out.get(node_id, 0.0), share * value / top)
    return out


def second_pass(
    retriever: Retriever,
    q: Query,
    resolved: ResolvedScope,
    cands: Candidates,
    on_path: set[str],
    hits: Sequence[Hit],
    share: float,
) -> bool:
    """Search the scope again with the first ``hits``' words; add what it finds to
    ``cands`` (with similarity and conversational neighbours, as the first candidates) and
    fold its match into their lexical feature. True when anything changed (score again)."""
    cfg = retriever.config
    expression = lexical.match_expression(seed_text(hits))
    if share <= 0 or not hits or not expression:
        return False
    found = dict(
        retriever.store.lexical_search(
            expression, resolved.scope, cfg.include_statuses, cfg.lexical_candidates
        )
    )
    new = set(found) - set(cands.nodes) - on_path
    added = retriever.store.get_many(new)
    for node_id in found:
        if node_id in cands.nodes or node_id in added:
            cands.add(node_id, "feedback")
    if added:
        retriever._fill_similarity(added, cands.cosine, q.vector, cands.scope_cosine)
        cands.nodes.update(added)
        turns = retriever._conversation_turns(added.values())
        if cands.turns is not None:
            cands.turns.update(n.id for n in turns)
        window = cfg.neighbour_window_minutes * 60.0
        cands.neighbours.update(
            adjacent_siblings(retriever.store, turns, cfg.include_statuses, window)
        )
    cands.fuse(q.weights, cfg.fusion)
    seeds = [h.node.id for h in hits[:SEEDS]]
    cands.lexical = feedback_lexical(found, seeds, cands.lexical, share)
    ids = list(cands.nodes)
    cands.relevance = fusion.relevance(
        cands.similarity, cands.lexical, q.weights.similarity, q.weights.lexical, ids
    )
    return True
