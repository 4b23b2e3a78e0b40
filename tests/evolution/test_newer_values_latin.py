"""A Latin word in a Chinese statement is a word (issue 38, colloquial value changes).

jieba tags a Latin word inside Chinese text ``eng``, and the pair model's word reader dropped
every such word as if it were an interjection (``e``): two Chinese statements naming one
product (Switch, Chrome, iPhone) shared no word, so the query-time reading of a newer value
had no gate and the older value kept answering. English statements were never affected."""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.slots.pairs import words
from hybridmem.retrieval.newer_values import one_attribute
from tests.fact_stories import said_apart_order

U = "u"
FILLER = (
    "Asked how to convert miles to kilometres.",
    "Booked a table for two on Saturday.",
    "Is reading a novel about sailing.",
)


def _order(path: Path, e5: MultilingualE5Embedder, said: tuple[str, ...], query: str) -> list[int]:
    """:func:`said_apart_order` with :data:`FILLER` between: the top 3 hits as indexes into
    ``said`` (-1: anything else)."""
    return said_apart_order(path, e5, said, query, lambda _: FILLER)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("周末在Steam上玩，Switch借给表弟了。", "switch"),
        ("浏览器用Edge，Chrome太吃内存。", "chrome"),
        ("上周买的iPhone 15。", "iphone"),
    ],
)
def test_a_latin_word_in_a_chinese_statement_is_a_value_word(text, word):
    assert (word, True) in words(text)


def test_two_chinese_statements_naming_one_product_name_one_thing():
    assert one_attribute("Switch借给表弟了。", "我每天睡前打一会儿Switch。")
    assert not one_attribute("Steam借给表弟了。", "我每天睡前打一会儿Switch。")


@pytest.mark.parametrize(
    ("said", "query"),
    [
        pytest.param(
            ("周末我玩Switch。", "周末在Steam上玩，Switch借给表弟了。"),
            "用户周末玩什么？",
            id="zh-switch",
        ),
        pytest.param(
            (
                "At weekends I play on the Switch.",
                "Weekends are Steam games, the Switch is lent out.",
            ),
            "What does the user play at weekends?",
            id="en-switch",
        ),
    ],
)
def test_a_change_naming_the_old_product_answers_first_in_both_languages(tmp_path, e5, said, query):
    order = _order(tmp_path, e5, said, query)
    assert order[:2] == [1, 0]


def test_a_newer_statement_about_another_thing_of_one_product_does_not_overtake(tmp_path, e5):
    said = ("我用iPhone拍照。", "iPhone的充电器放在办公室。")
    assert _order(tmp_path, e5, said, "用户用什么拍照？")[0] == 0
