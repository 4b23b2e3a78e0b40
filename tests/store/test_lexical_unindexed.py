"""BM25 of text the lexical index does not hold (a sealed memory's plaintext, read at query
time), on both backends: the scores lexical_search gives once that text is indexed, for it and
for the indexed matches it shares words with; nothing is written (issue 38)."""

from __future__ import annotations

import pytest

from hybridmem import lexical
from hybridmem.store import Scope
from tests.store.test_store_backends import add, store, tree  # noqa: F401

SECRET = "My IBAN for the Berlin hotel deposit is DE89370400440532013000"


@pytest.mark.parametrize("question", ["Berlin hotel IBAN", "which IBAN?", "发票 Berlin"])
def test_unindexed_text_scores_as_it_would_indexed(store, question):  # noqa: F811
    nodes = tree(store)
    add(store, "s1", "ciphertext", parent=nodes["t2"])
    with store.transaction():  # a sealed node's row: no terms
        store.update_node("s1", {"content": "ciphertext"}, "")
    expr = lexical.match_expression(question)
    assert expr is not None
    scope = Scope(user_id="u1")
    before = store.lexical_search(expr, scope, ["active"], 10)
    terms = lexical.document_terms(SECRET)
    got = store.lexical_scores(expr, {"s1": terms}, [i for i, _ in before])
    assert store.lexical_search(expr, scope, ["active"], 10) == before  # nothing written
    with store.transaction():
        store.update_node("s1", {"content": SECRET}, terms)
    want = dict(store.lexical_search(expr, scope, ["active"], 10))
    assert set(got) == set(want)
    for node_id, score in want.items():
        assert got[node_id] == pytest.approx(score, rel=1e-6)


def test_nothing_to_score(store):  # noqa: F811
    tree(store)
    expr = lexical.match_expression("Berlin")
    assert expr is not None
    assert store.lexical_scores(expr, {}) == {}
    assert store.lexical_scores(expr, {"x": lexical.document_terms("nothing alike")}) == {}
