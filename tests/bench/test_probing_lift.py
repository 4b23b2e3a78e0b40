"""benchmarks.probing_lift: the session-lift variants compute what they say."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from benchmarks import probing_lift
from hybridmem.retrieval import expansion, retriever


def _turn(parent: str, content: str, speaker: str = "user") -> SimpleNamespace:
    return SimpleNamespace(parent_id=parent, content=content, metadata={"speaker": speaker})


# Session s: the companion's question matches well, two turns barely; session t: one answer.
NODES = {
    "q": _turn("s", "What do you usually drink?", "assistant"),
    "f1": _turn("s", "haha yeah"),
    "f2": _turn("s", "sure"),
    "a": _turn("t", "switched to matcha"),
}
RELEVANCE = {"q": 1.0, "f1": 0.04, "f2": 0.0, "a": 0.49}


def test_max_is_the_engines_lift():
    assert probing_lift.VARIANTS["max"] is expansion.parent_feature
    lift = expansion.parent_feature(RELEVANCE, NODES)  # type: ignore[arg-type]
    assert lift == {"q": 1.0, "f1": 1.0, "f2": 1.0, "a": 0.49}


def test_product_and_geometric_count_the_turns_own_relevance():
    assert probing_lift.product(RELEVANCE, NODES)["f1"] == pytest.approx(0.04)  # type: ignore[arg-type]
    geo = probing_lift.geometric(RELEVANCE, NODES)  # type: ignore[arg-type]
    assert geo["f1"] == pytest.approx(0.2)  # sqrt(1.0 x 0.04)
    assert geo["f2"] == 0.0
    assert geo["a"] == pytest.approx(0.49)  # the session's best keeps its own


def test_mean_and_the_filtered_bests():
    assert probing_lift.mean(RELEVANCE, NODES)["f2"] == pytest.approx(1.04 / 3)  # type: ignore[arg-type]
    for name in ("no-question", "no-companion"):  # the companion's question lifts nothing
        lift = probing_lift.VARIANTS[name](RELEVANCE, NODES)  # type: ignore[arg-type]
        assert lift["f2"] == pytest.approx(0.04)
        assert lift["a"] == pytest.approx(0.49)


def test_the_swap_is_undone():
    with probing_lift.lifted_by(probing_lift.geometric):
        assert retriever.parent_feature is probing_lift.geometric
    assert retriever.parent_feature is expansion.parent_feature
