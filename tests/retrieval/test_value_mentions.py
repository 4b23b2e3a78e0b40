"""A later remark that names the user's value and no value of its own stays below the value
at query time; a newer value naming the old one beside its own still comes first (issue 38,
the mention pollution of the newer-first rule), in both languages."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.retrieval.value_mentions import only_mentions

U = "u"
FILLER = {
    "en": (
        "Asked how to convert miles to kilometres.",
        "Booked a table for two on Saturday.",
        "Is reading a novel about sailing.",
    ),
    "zh": ("问了英里怎么换算成公里。", "周六订了两个人的位子。", "最近在看一本讲航海的小说。"),
}


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "I play darts for the Red Lion on Wednesdays.",
            "The Red Lion changed landlord, the beer's gone up.",
        ),
        ("我的车是白色的凯美瑞。", "凯美瑞的新款出来了，变化挺大。"),
    ],
    ids=["en", "zh"],
)
def test_a_remark_naming_the_value_and_no_value_of_its_own_only_mentions_it(
    older: str, newer: str
) -> None:
    assert only_mentions(newer, older)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        # the old value named beside the new one
        ("I drive a blue Ford Focus.", "Got myself a Tesla Model 3, the Focus went to my nephew."),
        ("周日下午我做一周的便当。", "周四晚上做一周的便当，周日要去菜园。"),
        # a shared word naming the attribute, not a value: left to the pair model
        ("Explain code to me step by step.", "Skip the walkthroughs, just give me the code."),
        ("基金我在支付宝上买。", "基金都转到天天基金了。"),
    ],
    ids=["en-value", "zh-value", "en-attribute", "zh-attribute"],
)
def test_a_newer_value_is_no_mere_mention(older: str, newer: str) -> None:
    assert not only_mentions(newer, older)


def _first(
    path: Path, e5: MultilingualE5Embedder, lang: str, said: tuple[str, str], query: str
) -> int:
    """Write the two statements 14 days apart (fillers in between), ask ``query``: the index
    in ``said`` of the first hit (-1: another memory)."""
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with HybridMemory(path, embedder=e5, clock=clock) as mem:
        ids = []
        for text in said:
            ids.append(mem.add(text, node_type="fact", user_id=U).id)
            clock.advance(days=14)
            for filler in FILLER[lang]:
                mem.add(filler, user_id=U)
        hits = mem.retrieve(query, user_id=U, top_k=3).hits
        return ids.index(hits[0].node.id) if hits and hits[0].node.id in ids else -1


@pytest.mark.parametrize(
    ("lang", "said", "query", "first"),
    [
        (
            "en",
            (
                "I play darts for the Red Lion on Wednesdays.",
                "The Red Lion changed landlord, the beer's gone up.",
            ),
            "Which pub does the user play darts for?",
            0,
        ),
        (
            "zh",
            ("我的车是白色的凯美瑞。", "凯美瑞的新款出来了，变化挺大。"),
            "用户的车是哪款？",
            0,
        ),
        (
            "en",
            (
                "I drive a blue Ford Focus.",
                "Got myself a Tesla Model 3, the Focus went to my nephew.",
            ),
            "What car does the user drive?",
            1,
        ),
        (
            "zh",
            ("周日下午我做一周的便当。", "周四晚上做一周的便当，周日要去菜园。"),
            "用户哪天做便当？",
            1,
        ),
    ],
    ids=["en-mention", "zh-mention", "en-change", "zh-change"],
)
def test_the_value_answers_above_a_later_mention_and_below_a_newer_value(
    tmp_path: Path,
    e5: MultilingualE5Embedder,
    lang: str,
    said: tuple[str, str],
    query: str,
    first: int,
) -> None:
    assert _first(tmp_path, e5, lang, said, query) == first
