"""A newer statement that adds to what holds does not take an older one's place (issue 38,
helper style26): :func:`hybridmem.retrieval.newer_values.newer_candidates` leaves out a
statement with an additive focus (:func:`hybridmem.evolution.slots.pairs.adds_to`), with
multilingual-e5, real SQLite and Chroma in ``tmp_path`` and a fake clock.

The user says a standing preference, then a second one about the same thing with "as well" /
"too" / "also" / 也 / 顺便. The pair model reads the two as one attribute, so the query-time
newer-first step put the addition above the preference the question asks about. Each test
asks with the reading off too, so it shows what the reading changes."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import patch

import pytest

from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.retrieval import newer_values
from tests.fact_stories import said_weekly_order

FILLER = ("Asked what the weather is doing tomorrow.", "问了一下这个月的电费。")


def _order(
    path: Path, e5: MultilingualE5Embedder, said: tuple[str, str], query: str, on: bool
) -> list[int]:
    """The positions of ``said``'s statements among the hits of ``query``, in rank order."""
    reading = newer_values.adds_to if on else (lambda _text: False)
    with patch.object(newer_values, "adds_to", reading):
        return said_weekly_order(path, e5, said, query, FILLER)


@pytest.mark.parametrize(
    ("said", "query"),
    [
        (
            (
                "Put the Radio 2 breakfast show on for my drive to work.",
                "Stick a cricket podcast on for the drive to work as well.",
            ),
            "What radio station does the user have on for the drive to work?",
        ),
        (
            (
                "Email me the weekly sales report as a spreadsheet.",
                "Copy my manager Priya in on the weekly sales report too.",
            ),
            "In what format does the user want the weekly sales report?",
        ),
        (
            (
                "I go swimming at the leisure centre on Tuesday evenings.",
                "I also do a yoga class at the leisure centre on Thursdays.",
            ),
            "When does the user go swimming?",
        ),
        (
            ("我周一周三晚上去健身房练腿。", "周五晚上也去健身房练一下背。"),
            "用户周一周三晚上去健身房练什么？",
        ),
        (
            ("给我推电影就推科幻片。", "推电影的时候顺便说一下豆瓣评分。"),
            "用户想让助手推荐什么类型的电影？",
        ),
    ],
)
def test_an_addition_stays_below_the_value_the_question_asks_about(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, str], query: str
) -> None:
    assert _order(tmp_path / "off", e5, said, query, on=False) == [1, 0]
    assert _order(tmp_path / "on", e5, said, query, on=True) == [0, 1]


def test_a_replacement_without_an_additive_still_comes_first(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    said = (
        "Email me the weekly sales report as a spreadsheet.",
        "Weekly sales report as a PDF now.",
    )
    query = "In what format does the user want the weekly sales report?"
    assert _order(tmp_path, e5, said, query, on=True)[0] == 1
