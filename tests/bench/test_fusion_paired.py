"""benchmarks.fusion_paired: the pairing and ranks its evidence rests on."""

from __future__ import annotations

import pytest

from benchmarks.fusion_paired import _ranked, paired


def test_ties_share_their_mean_rank():
    ranks = _ranked({"a": 0.9, "b": 0.5, "c": 0.5, "d": 0.1}, ["a", "b", "c", "d", "e"])
    assert ranks == {"a": 0.0, "b": 1.5, "c": 1.5, "d": 3.0}  # "e" has no value: unranked


def _items(scores, ranks):
    return {
        str(i): {"half": "tune" if i % 2 == 0 else "check", "score": s, "rank": r}
        for i, (s, r) in enumerate(zip(scores, ranks, strict=True))
    }


def test_paired_counts_items_won_and_lost_and_ranks_moved():
    base = _items([1, 1, 0, 0], [0, 3, None, 7])
    other = _items([1, 0, 1, 0], [1, 6, 2, 7])
    cmp = paired(base, other, draws=200)
    assert (cmp["wins"], cmp["losses"]) == (1, 1)
    assert cmp["diff"] == pytest.approx(0.0)
    assert cmp["tune"] == pytest.approx(1.0) and cmp["check"] == pytest.approx(0.0)
    # Ranks: item 0 worse (0 -> 1), item 1 worse (3 -> 6), item 2 better (none -> 2).
    assert (cmp["rank_better"], cmp["rank_worse"]) == (1, 2)
    assert cmp["mrr_tune"] == pytest.approx((1 / 2 + 1 / 3) / 2)
    low, high = cmp["ci95"]
    assert low <= cmp["diff"] <= high


class _Returnable:
    def ids(self, nodes, unfolded):
        return list(nodes)


class _Embedder:
    name = "test/lines"

    def embed(self, texts):
        import numpy as np

        # The last line points at "b", anything else at "a".
        return np.array([[0.0, 1.0] if "quarrel" in t else [1.0, 0.0] for t in texts])


def _cands():
    from types import SimpleNamespace

    nodes = {"a": None, "b": None, "c": None}
    return SimpleNamespace(
        nodes=nodes,
        unfolded=set(),
        returnable=_Returnable(),
        cosine={"a": 0.9, "b": 0.5, "c": 0.4},
        bm25={"b": 4.0, "c": 1.0},
    )


@pytest.mark.parametrize(
    ("text", "trust"),
    [
        ("what did we eat?", 0.2),  # one line: the whole query's vouching, b at 0.2 min-max
        ("we had pasta\nthen Xiaomei had a quarrel", 1.0),  # the last line finds b first
    ],
)
def test_trust_last_line_vouches_by_the_larger_of_query_and_last_line(text, trust):
    import numpy as np

    from benchmarks import fusion_paired
    from hybridmem.config import ScoreWeights

    vectors = {"a": np.array([1.0, 0.0]), "b": np.array([0.0, 1.0]), "c": np.array([0.7, 0.7])}
    found = type(
        "R",
        (),
        {
            "core": type("C", (), {"engine": type("E", (), {"embedder": _Embedder()})})(),
            "_vectors": staticmethod(lambda ids: {i: vectors[i] for i in ids}),
        },
    )()
    cands = _cands()
    fusion_paired.ASKED.update(retriever=found, text=text)
    try:
        fusion_paired.VARIANTS["trust last line"][0](cands, ScoreWeights(), "minmax")
    finally:
        fusion_paired.ASKED.clear()
    assert cands.lexical["b"] == pytest.approx(trust)
    assert cands.lexical["c"] == pytest.approx(0.25 * trust)


def test_trust_mass_scales_by_the_similarity_where_the_lexical_evidence_lies():
    from benchmarks import fusion_paired
    from hybridmem.config import ScoreWeights

    cands = _cands()  # min-max similarity a 1, b 0.2, c 0; lexical b 1, c 0.25
    fusion_paired.VARIANTS["trust mass"][0](cands, ScoreWeights(), "minmax")
    trust = (1.0 * 0.2 + 0.25 * 0.0) / 1.25
    assert cands.lexical["b"] == pytest.approx(trust)
    assert cands.lexical["c"] == pytest.approx(0.25 * trust)
