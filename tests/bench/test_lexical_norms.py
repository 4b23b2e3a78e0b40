"""benchmarks.lexical_norms: the self-score its normalisations divide by, and what they change."""

from __future__ import annotations

import pytest

from benchmarks import lexical_norms
from hybridmem import lexical
from hybridmem.store import Scope

QUESTION = "Which bakery sells the rye sourdough?"


def _memories(mem):
    for text in (
        "The corner bakery sells rye sourdough on Saturdays.",
        "Honestly, I walked the dog along the canal.",
        "My sister lives in Lyon.",
        QUESTION,
    ):
        mem.add(text, user_id="u1")


def test_the_self_score_is_the_bm25_of_a_memory_that_is_the_question(mem):
    _memories(mem)
    found = dict(
        mem.store.lexical_search(
            lexical.match_expression(QUESTION), Scope(user_id="u1"), ["active"], 10
        )
    )
    same = next(n.id for n in mem.store.get_many(found).values() if n.content == QUESTION)
    q = lexical_norms.query_terms(mem.store, QUESTION)
    assert q is not None and q.sentences == 1
    assert q.self_score == pytest.approx(found[same], rel=1e-6)
    assert q.sentence_score == pytest.approx(q.self_score)


def test_a_filler_only_match_gets_a_share_not_the_whole_weight(mem):
    _memories(mem)
    question = "what was my job, honestly?"  # no memory names a job; one says "honestly"
    with lexical_norms.normalised("minmax"):
        engine = mem.retrieve(question, user_id="u1", record_access=False)
    with lexical_norms.normalised("selfscore"):
        shared = mem.retrieve(question, user_id="u1", record_access=False)

    def lexical_of(result):
        return {h.node.content: h.breakdown.features.get("lexical", 0.0) for h in result.hits}

    walk = "Honestly, I walked the dog along the canal."
    assert lexical_of(engine)[walk] > 0
    assert lexical_of(shared)[walk] < lexical_of(engine)[walk] / 2
