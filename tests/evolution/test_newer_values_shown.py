"""A newer statement takes a shown one's place by a shared naming word only when the question
itself shows it, with multilingual-e5 on a real store (issue 38, helpers newer22 and shown24).

A later statement of the user's that shares a noun with the answer ("sofa") but is about
something else sits below the hits the question shows; the pair model read such pairs as one
attribute, and the newer-first step put it above the answer. A real change the question shows
still takes the older value's place."""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.embedding import MultilingualE5Embedder
from tests.fact_stories import said_apart_order

FILLER = (
    "I'm learning to play the ukulele.",
    "My sister lives in Toronto.",
    "我每天早上跑步。",
)


def _order(path: Path, e5: MultilingualE5Embedder, said: tuple[str, str], query: str) -> list[int]:
    """The top 3 hits (``top_k=3``) as indexes into ``said`` (-1: anything else)."""
    return said_apart_order(path, e5, said, query, lambda _: FILLER)


def test_a_later_statement_below_the_shown_hits_keeps_its_place(tmp_path, e5):
    # "sofa" names one thing in both; the lurcher is no answer to the work question, and the
    # question does not show it among its three.
    said = (
        "I reupholster old armchairs and sofas in a little unit.",
        "Our old lurcher sleeps on the sofa all day.",
    )
    order = _order(tmp_path / "m", e5, said, "What is it I do for work?")
    assert order[0] == 0
    assert 1 not in order[:1]


@pytest.mark.parametrize(
    ("said", "query"),
    [
        pytest.param(
            ("我开一辆白色的大众朗逸。", "朗逸卖给我表弟了，现在开比亚迪。"),
            "我开的什么车？",
            id="zh-car",
        ),
        pytest.param(
            (
                "I get my hair cut at the barber on Station Road.",
                "Marco's salon in the arcade cuts my hair, much better fade.",
            ),
            "Where do I get my hair cut?",
            id="en-hair",
        ),
    ],
)
def test_a_shown_change_still_takes_the_older_values_place(tmp_path, e5, said, query):
    order = _order(tmp_path / "m", e5, said, query)
    assert order[:2] == [1, 0]
