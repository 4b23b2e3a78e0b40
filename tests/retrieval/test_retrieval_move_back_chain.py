"""A move back no group links, at the end of a chain of values (issue 38, helper back25):
:func:`hybridmem.retrieval.newer_values.restated`, with multilingual-e5, real SQLite and
Chroma in ``tmp_path`` and a fake clock.

The user says a value (A), another (B) with no change word, then returns to A by naming it,
with no "again" and no change word either. The pair model reads the return as A's attribute
but not as B's, so at query time it took A's place below B, and B answered. Each test asks
with the reading off too, so it shows what the reading changes."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from unittest.mock import patch

import pytest

from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.models import MemoryNode
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


# A return the pair model does not read as the earlier value said again, read by its own words
# and the order of the stored statements (issue 38, helper back27): ``names_return``.


def _node(node_id: str, text: str) -> MemoryNode:
    at = datetime(2025, 3, 1, tzinfo=UTC)
    return MemoryNode(
        node_id, "u", None, text, "fact", 0.5, 1.0, at, at, None, 0, 0, 1, "active", 1, (),
        "u", "", "indexed",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("first", "left", "new"),
    [
        (
            "We go to Filey every summer.",
            "Booked a lodge in the Peak District for the summer.",
            "Filey in July, the same chalet as always, the kids begged for it.",
        ),
        (
            "我下班坐地铁五号线回家。",
            "下班都坐同事的车回去。",
            "五号线挤是挤，比坐车快多了，晚高峰堵得要命。",
        ),
    ],
)
def test_a_line_naming_the_earlier_value_by_a_word_the_later_one_lacks_is_a_return(
    first: str, left: str, new: str
) -> None:
    assert newer_values.names_return(_node("n", new), _node("a", first), _node("b", left))


@pytest.mark.parametrize(
    ("first", "left", "new"),
    [
        # A stated change names a value of its own, and the earlier value as one it leaves.
        (
            "We go to Filey every summer.",
            "This summer we're doing a week in Devon.",
            "We've stopped going to Filey, it's Cornwall for us now.",
        ),
        # The value's own news, read so by the remark reading, is no return by words alone.
        (
            "家里喝的是怡宝的桶装水。",
            "家里装了台净水器，不买桶装水了。",
            "小区门口超市的怡宝涨价了，一桶贵了三块。",
        ),
        # A chain the words do not hold (two facts the pair model alone linked): a shared
        # place name is no return.
        (
            "I drive the ferry between Yell and Unst.",
            "We keep three Highland cows.",
            "I'm taking a pottery class in Mid Yell.",
        ),
        # Naming only what the later value names too is no return to the earlier one.
        (
            "I do yoga at a studio in Pontypridd.",
            "I've been doing yoga off YouTube in the front room.",
            "Yoga in the front room again this morning, my hamstrings are tight.",
        ),
    ],
)
def test_a_change_a_remark_a_chain_of_no_shared_word_or_shared_words_only_is_no_return(
    first: str, left: str, new: str
) -> None:
    assert not newer_values.names_return(_node("n", new), _node("a", first), _node("b", left))


def _order_by_words(
    path: Path, e5: MultilingualE5Embedder, said: tuple[str, ...], query: str, on: bool
) -> list[int]:
    """:func:`_order` with the reading by the return's own words on or off."""
    reading = newer_values.names_return if on else (lambda *_a: False)
    with patch.object(newer_values, "names_return", reading):
        return said_weekly_order(path, e5, said, query, FILLER)


@pytest.mark.parametrize(
    ("said", "query"),
    [
        (
            (
                "We go to Filey every summer.",
                "This summer we're doing a week in Devon.",
                "Booked a lodge in the Peak District for the summer.",
                "Filey in July, the same chalet as always, the kids begged for it.",
            ),
            "Where does the user spend the summer holiday?",
        ),
    ],
)
def test_a_return_the_pair_model_misses_answers_above_the_values_it_left(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, ...], query: str
) -> None:
    """The pair model reads the return as another attribute than the first value's, so with
    the reading off a value in between answers; with it on, the return."""
    last = len(said) - 1
    assert _order_by_words(tmp_path / "off", e5, said, query, on=False)[0] != last
    assert _order_by_words(tmp_path / "on", e5, said, query, on=True)[0] == last
