"""benchmarks.parity_coverage: readings of the lexical part that do not give one shared word
the whole lexical weight (issue 38, parity16), on a real SQLite store in both languages."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from benchmarks.parity_coverage import covered, in_margin, memory_coverage, read_question
from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.retrieval import fusion

START = datetime(2026, 3, 2, 9, tzinfo=UTC)


def _bank(path: Path, lines: list[str]) -> tuple[HybridMemory, list[str]]:
    mem = HybridMemory(path, embedder=HashEmbedder(64), clock=FakeClock(START))
    task = mem.add("Chat", node_type="task", user_id="u")
    ids = [mem.add(line, parent_id=task.id, user_id="u").id for line in lines]
    return mem, ids


def test_a_memory_sharing_one_word_of_the_question_gets_only_that_words_share():
    bm25 = {"one word": 2.0, "all words": 9.0, "none": 0.0}
    ids = list(bm25)
    out = covered(bm25, ids, weight=10.0)
    assert out == {"one word": pytest.approx(0.2), "all words": pytest.approx(0.9), "none": 0.0}
    # The shipped scale: the best match has the whole lexical weight, whatever it covers.
    shipped = fusion.fuse_lexical({"one word": 2.0, "none": 0.0}, ["one word", "none"], "minmax")
    assert shipped["one word"] == 1.0
    assert covered({"one word": 2.0}, ["one word"], weight=10.0)["one word"] == pytest.approx(0.2)


def test_with_no_question_weight_the_shipped_scale_is_kept():
    bm25 = {"a": 4.0, "b": 1.0}
    assert covered(bm25, ["a", "b"], 0.0) == fusion.fuse_lexical(bm25, ["a", "b"], "minmax")


def test_the_lexical_part_moves_a_memory_only_within_the_dense_spread():
    sim = {"a": 1.0, "b": 0.0}
    lex = {"a": 0.0, "b": 1.0}
    out = in_margin(lex, sim, ["a", "b"])
    assert out == {"a": 0.0, "b": pytest.approx(0.5)}  # the spread of {1, 0}
    # Alike similarities: no spread, the lexical part decides nothing.
    assert in_margin(lex, {"a": 0.4, "b": 0.4}, ["a", "b"])["b"] == 0.0


@pytest.mark.parametrize(
    ("lines", "question", "about", "other"),
    [
        (
            [
                "Bart's dog had a fever and would not eat",
                "The neighbour's dog chasing kids in the park scared Bart",
                "We painted the fence red on Sunday",
            ],
            "My dog had a fever last week, do you remember?",
            0,
            1,
        ),
        (
            ["小黄发烧了不吃东西", "公园里小黄追着孩子跑吓到了巴特", "周日我们把篱笆刷成了红色"],
            "我的小黄上周发烧了你还记得吗",
            0,
            1,
        ),
    ],
)
def test_a_memory_about_something_else_covers_little_of_itself(
    tmp_path: Path, lines: list[str], question: str, about: int, other: int
):
    mem, ids = _bank(tmp_path / "m", lines)
    with mem:
        q = read_question(mem.store, question)
        assert q.weight >= q.held > 0
        share = memory_coverage(q, ids)
    assert 0 < share[ids[about]] <= 1
    assert 0 < share[ids[other]] < share[ids[about]]
    assert share[ids[2]] == 0.0  # no word of the question
