"""A move back no group links, at the end of a chain of values (issue 38, helper back25):
:func:`hybridmem.retrieval.newer_values.restated`, with multilingual-e5, real SQLite and
Chroma in ``tmp_path`` and a fake clock.

The user says a value (A), another (B) with no change word, then returns to A by naming it,
with no "again" and no change word either. The pair model reads the return as A's attribute
but not as B's, so at query time it took A's place below B, and B answered. Each test asks
with the reading off too, so it shows what the reading changes."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import patch

import pytest

from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.retrieval import newer_values
from tests.fact_stories import said_weekly_order

FILLER = ("Asked what the weather is doing tomorrow.", "问了一下这个月的电费。")


def _order(
    path: Path, e5: MultilingualE5Embedder, said: tuple[str, ...], query: str, on: bool
) -> list[int]:
    """The positions of ``said``'s statements among the hits of ``query``, in rank order."""
    reading = newer_values.restated if on else (lambda *_a, **_k: None)
    with patch.object(newer_values, "restated", reading):
        return said_weekly_order(path, e5, said, query, FILLER)


@pytest.mark.parametrize(
    ("said", "query"),
    [
        (
            (
                "My barber is Tony on Castle Street.",
                "A new salon in the shopping centre cuts my hair.",
                "Tony on Castle Street gave me a skin fade on Friday.",
            ),
            "Who cuts the user's hair?",
        ),
        (
            (
                "My dentist is Dr Patel in Morningside.",
                "I see a dentist near work in the New Town.",
                "Dr Patel in Morningside did my check-up on Monday.",
            ),
            "Who is the user's dentist?",
        ),
        (
            ("我周末去爬紫金山。", "周末都去玄武湖边骑车。", "周六爬了趟紫金山，山上人真多。"),
            "用户周末一般做什么运动？",
        ),
    ],
)
def test_a_return_that_names_the_first_value_answers_above_the_value_it_left(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, ...], query: str
) -> None:
    assert _order(tmp_path / "off", e5, said, query, on=False)[0] == 1
    assert _order(tmp_path / "on", e5, said, query, on=True)[:2] == [2, 1]


def test_someone_elses_visit_to_the_first_value_leaves_the_users_value_first(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    """Another person's act with the first value is no return of the user's (the newer
    statement's subject is not the speaker: ``newer_values.newer_candidates``)."""
    said = ("我周末去爬紫金山。", "周末都去玄武湖边骑车。", "我姐姐周六去爬了紫金山。")
    assert _order(tmp_path / "m", e5, said, "用户周末一般做什么运动？", on=True)[0] == 1
