"""A newer value first when the question reads the two statements as its answers (issue 38,
colloquial value changes that share no word naming anything), with multilingual-e5, real
SQLite and Chroma in tmp_path and a fake clock.

Each change below failed before: the two statements share only everyday words ("day off",
练琴 / 钢琴课), so the shared-word test of :func:`hybridmem.retrieval.newer_values.one_attribute`
did not let the newer one answer; the question does (:func:`answers_alike`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hybridmem import MemoryConfig
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.embedding import MultilingualE5Embedder
from tests.fact_stories import said_apart_order

U = "u"
FILLER = {
    "en": (
        "Asked how to convert miles to kilometres.",
        "Booked a table for two on Saturday.",
        "Is reading a novel about sailing.",
    ),
    # A Chinese user's other memories are in Chinese: the question is read against them.
    "zh": ("问了怎么把英里换算成公里。", "周六订了两个人的位子。", "在看一本讲航海的小说。"),
}
OFF = MemoryConfig(evolution=EvolutionConfig(newer_first_at_query=False))


def _order(
    path: Path,
    e5: MultilingualE5Embedder,
    said: tuple[str, ...],
    query: str,
    config: MemoryConfig | None = None,
) -> list[str]:
    """:func:`said_apart_order` with fillers of each statement's language between: the top 3
    hits as the index in ``said`` of the first statement that wrote each node (-1: anything
    else)."""

    def fillers(text: str) -> tuple[str, ...]:
        return FILLER["zh" if re.search(r"[\u4e00-\u9fff]", text) else "en"]

    return [str(i) for i in said_apart_order(path, e5, said, query, fillers, config)]


CHANGES = [
    pytest.param(
        ("Friday is my day off.", "Monday's my day off, Jo took Fridays."),
        "Which day does the user have off?",
        id="en-day-off",
    ),
    pytest.param(
        ("我每周一下午五点上钢琴课。", "跟王老师练琴定在周四下午四点。"),
        "用户的钢琴课是什么时候？",
        id="zh-piano",
    ),
]


@pytest.mark.parametrize(("said", "query"), CHANGES)
def test_a_change_the_question_reads_as_its_two_answers_answers_first(tmp_path, e5, said, query):
    assert _order(tmp_path / "m", e5, said, query)[:2] == ["1", "0"]


@pytest.mark.parametrize(("said", "query"), CHANGES)
def test_turned_off_the_older_value_keeps_its_place(tmp_path, e5, said, query):
    assert _order(tmp_path / "m", e5, said, query, OFF)[0] == "0"


def test_a_move_back_said_again_is_newer_than_the_value_in_between(tmp_path, e5):
    # The move back restates the first value (written into its node, or a node of its own):
    # the value in between must not answer first.
    said = ("我中午吃米饭。", "中午改吃面条，省事。", "中午又吃回米饭了，面条不顶饱。")
    order = _order(tmp_path / "m", e5, said, "用户中午吃什么？")
    assert order[0] in {"0", "2"}


BOTH_TRUE = [
    pytest.param(
        ("I swim on Monday mornings.", "I play tennis on Saturday afternoons."),
        "What does the user do on Monday mornings?",
        id="en",
    ),
    pytest.param(
        ("我周一早上游泳。", "我周六下午打网球。"),
        "用户周一早上做什么？",
        id="zh",
    ),
]


@pytest.mark.parametrize(("said", "query"), BOTH_TRUE)
def test_two_habits_both_true_keep_the_answer_first(tmp_path, e5, said, query):
    assert _order(tmp_path / "m", e5, said, query)[0] == "0"
