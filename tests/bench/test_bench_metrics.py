"""Metrics, packing and the lexical baselines on hand-built cases."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from benchmarks.lexical import BM25, char_bigrams, tokenize
from benchmarks.methods import BM25Method, DenseMethod, FullContext, Recency, RRFMethod
from benchmarks.metrics import compression, evidence_score, hit_at_k, mean, recall_at_k
from benchmarks.units import Corpus, Unit, join_context, pack
from hybridmem.embedding import make_embedder
from hybridmem.tokens import count_tokens

F = frozenset


def test_evidence_score():
    s = evidence_score(F({"a", "b"}), F({"b", "c"}))
    assert (s.frac, s.all, s.any) == (0.5, 0.0, 1.0)
    s = evidence_score(F({"a"}), F({"a"}))
    assert (s.frac, s.all, s.any) == (1.0, 1.0, 1.0)
    s = evidence_score(F({"a"}), F())
    assert (s.frac, s.all, s.any) == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError):
        evidence_score(F(), F({"a"}))


def test_hit_and_recall_at_k():
    ranked = [F({"x"}), F({"a"}), F({"b", "y"})]
    assert hit_at_k(F({"a"}), ranked, 1) == 0.0
    assert hit_at_k(F({"a"}), ranked, 2) == 1.0
    assert recall_at_k(F({"a", "b"}), ranked, 2) == 0.5
    assert recall_at_k(F({"a", "b"}), ranked, 3) == 1.0
    assert hit_at_k(F({"a"}), [], 5) == 0.0


def test_mean_and_compression():
    assert math.isnan(mean([]))
    assert mean([1, 0]) == 0.5
    assert compression([100, 100], [10, 40]) == 4.0
    assert compression([100], [0]) == math.inf


def _units(texts: list[str]) -> list[Unit]:
    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    return [
        Unit(f"u{i}", t, "turn", t0 + timedelta(hours=i), F({f"s{i}"})) for i, t in enumerate(texts)
    ]


def test_pack_respects_budget_on_the_exact_string_and_skips_what_does_not_fit():
    units = _units(["short one", "a much longer turn " * 20, "tiny"])
    tokens = {u.id: count_tokens(u.rendered) for u in units}
    budget = tokens["u0"] + tokens["u2"] + 1
    chosen = pack(units, budget, tokens)
    assert [u.id for u in chosen] == ["u0", "u2"]  # the long one is skipped, filling goes on
    assert count_tokens(join_context(chosen)) <= budget
    assert pack(units, 1, tokens) == []


def _corpus(texts: list[str]) -> Corpus:
    units = tuple(_units(texts))
    return Corpus("c", units, join_context(units))


def test_baselines_rank_and_fill():
    corpus = _corpus(
        [
            "Caroline went to the LGBTQ support group",
            "Melanie painted a sunrise",
            "They talked about the weather",
            "Melanie likes pottery classes",
        ]
    )
    bm25 = BM25Method()
    dense = DenseMethod(make_embedder("hash"))
    for m in (bm25, dense, RRFMethod(bm25, dense), Recency(), FullContext()):
        m.prepare([corpus])
    sel = bm25.select(corpus, "When did Melanie paint a sunrise?", k=1)
    assert sel.sources == F({"s1"})
    assert sel.tokens == count_tokens(sel.context)
    rec = Recency()
    rec.prepare([corpus])
    assert rec.select(corpus, "anything", k=2).sources == F({"s2", "s3"})
    full = FullContext().select(corpus, "q", budget=10)
    assert full.sources == F({"s0", "s1", "s2", "s3"}) and full.tokens == corpus.full_tokens
    fused = RRFMethod(bm25, dense)
    fused.prepare([corpus])
    assert fused.select(corpus, "Melanie sunrise painting", k=1).sources == F({"s1"})
    within = dense.select(corpus, "pottery", budget=30)
    assert within.tokens <= 30


def test_lexical_helpers():
    assert tokenize("The Hotel, the INVOICE!") == ["hotel", "invoice"]
    assert "发票" in tokenize("酒店发票是多少钱")
    assert char_bigrams("a b") == {"ab"}
    scores = BM25(["hotel invoice", "taxi receipt", "hotel hotel hotel"]).scores("hotel")
    assert scores[1] == 0 and scores[0] > 0 and scores[2] > scores[0]
