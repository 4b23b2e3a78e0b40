"""A later remark that names the user's value and no value of its own does not take the
value's place at query time (issue 38, mention pollution), with multilingual-e5, real SQLite
and Chroma in tmp_path and a fake clock; a move back still answers with the value said again.

The remarks below were put above the value before: they share the value's naming word (the
pub, the car's model) and the pair model reads the two as one attribute, so the query-time
newer-first rule (:mod:`hybridmem.retrieval.newer_values`) asked the remark as the newer
value."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.retrieval.value_mentions import only_mentions

U = "u"
OTHERS = {
    "en": (
        "I work as a dental hygienist in Derby.",
        "My son Callum plays rugby for the under-12s.",
        "I'm allergic to penicillin.",
        "We've got a border collie called Skye.",
        "I do Pilates on Thursday evenings.",
    ),
    "zh": (
        "我在杭州一家医院当药剂师。",
        "我儿子在上初二。",
        "我对青霉素过敏。",
        "我家养了只柯基叫豆豆。",
        "我每周四晚上去练瑜伽。",
    ),
}


def _first(path: Path, e5: MultilingualE5Embedder, said: tuple[str, ...], query: str) -> str:
    """The user's other facts, then ``said`` two weeks apart; ``query``'s first hit."""
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    lang = "zh" if re.search(r"[\u4e00-\u9fff]", said[0]) else "en"
    with HybridMemory(path, embedder=e5, clock=clock, config=MemoryConfig()) as mem:
        for text in OTHERS[lang]:
            mem.add(text, node_type="fact", user_id=U)
            clock.advance(hours=1)
        for text in said:
            mem.add(text, node_type="fact", user_id=U)
            clock.advance(days=14)
        return mem.retrieve(query, user_id=U, top_k=5).hits[0].node.content


MENTIONS = [
    pytest.param(
        (
            "I play darts for the Red Lion on Wednesdays.",
            "The Red Lion changed landlord, the beer's gone up.",
        ),
        "Which pub does the user play darts for?",
        id="en-pub",
    ),
    pytest.param(
        ("我的车是白色的凯美瑞。", "凯美瑞的新款出来了，变化挺大。"),
        "用户的车是哪款？",
        id="zh-car",
    ),
]


@pytest.mark.parametrize(("said", "query"), MENTIONS)
def test_a_later_remark_about_the_value_does_not_answer_before_it(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, str], query: str
) -> None:
    assert _first(tmp_path / "m.db", e5, said, query) == said[0]


def test_a_newer_value_naming_the_old_one_is_not_a_mention() -> None:
    assert not only_mentions(
        "Got myself a Tesla Model 3, the Focus went to my nephew.", "I drive a Ford Focus."
    )
    assert not only_mentions("周四晚上做一周的便当，周日要去菜园。", "我周日去菜园。")
    assert only_mentions("凯美瑞的新款出来了，变化挺大。", "我的车是白色的凯美瑞。")


BACK = [
    pytest.param(
        (
            "I bank with Lloyds.",
            "Moved my current account over to Nationwide.",
            "Back with Lloyds again, Nationwide's app was hopeless.",
        ),
        "Which bank is the user with?",
        "Lloyds",
        id="en-bank",
    ),
    pytest.param(
        ("我用的是华为手机。", "现在换成苹果手机了。", "又用回华为了，苹果用不惯。"),
        "用户用的是什么手机？",
        "华为",
        id="zh-phone",
    ),
]


@pytest.mark.parametrize(("said", "query", "value"), BACK)
def test_a_move_back_answers_with_the_value_said_again(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, ...], query: str, value: str
) -> None:
    """A, B, then A again: the value said again names only A's value, so it gives the first
    A no successor, and B, the value in between, must not take A's place."""
    first = _first(tmp_path / "m.db", e5, said, query)
    assert value in first and not first.startswith(said[1][:6])
