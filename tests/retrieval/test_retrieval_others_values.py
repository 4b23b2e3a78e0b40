"""A question about the user's own attribute is not answered by another person's value of it
(issue 38, first-day misses of mechanism (b): "我女儿在老家周口上初三，跟着奶奶住。" came before
the user's own home for 我住在哪儿？ by its 住). The writer files a statement about someone else
in that person's group (``user.residence@mara``,
:mod:`hybridmem.evolution.slots.others`); for a question naming no one else a word shared with
it is a coincidence (:func:`hybridmem.retrieval.attributes.agreed`). A question naming the other
person still finds their value. Real SQLite and Chroma in tmp_path, a fake clock,
multilingual-e5 (the default model)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.retrieval.attributes import agreed
from tests.fact_stories import first_after_facts

_EN = (
    "My sister Mara lives in Dublin, right by the docks.",
    "I rent a flat above the bakery in Frome.",
    "I'm allergic to cats.",
)
_ZH = ("我儿子在北京上大学，住学校宿舍。", "我在郑州租了个单间。", "我不吃香菜。")
_WORK_EN = (
    "My son works at the garage on Mill Lane.",
    "I'm a night porter at a hotel in York.",
    "I don't eat pork.",
)


@pytest.mark.parametrize(
    ("facts", "question"),
    [(_EN, "Where do I live?"), (_ZH, "我住在哪儿？"), (_WORK_EN, "Where do I work?")],
)
def test_my_own_value_comes_before_another_persons(
    tmp_path: Path, e5: MultilingualE5Embedder, facts: tuple[str, ...], question: str
) -> None:
    assert first_after_facts(tmp_path / "m", e5, facts, question) == facts[1]


@pytest.mark.parametrize(
    ("facts", "question"),
    [(_EN, "Where does my sister Mara live?"), (_ZH, "我儿子住哪儿？")],
)
def test_a_question_naming_the_other_person_still_gets_their_value(
    tmp_path: Path, e5: MultilingualE5Embedder, facts: tuple[str, ...], question: str
) -> None:
    assert first_after_facts(tmp_path / "m", e5, facts, question) == facts[0]


def test_another_persons_value_loses_only_its_word_match(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        ids = [mem.add(text, node_type="fact", user_id="u").id for text in _EN]
        nodes = {i: mem.get(i, user_id="u") for i in ids}
    assert nodes[ids[0]].metadata["slot"] == "user.residence@mara"  # the writer's reading
    bm25 = {ids[0]: 2.0, ids[2]: 0.5}
    mine = agreed("Where do I live?", nodes, bm25)
    assert mine is not None and ids[0] not in mine
    theirs = agreed("Where does my sister Mara live?", nodes, bm25)
    assert theirs is None or theirs.get(ids[0]) == 2.0


@pytest.mark.parametrize(
    ("facts", "question"),
    [
        (
            (
                "My father-in-law Ken lives with us since his fall.",
                "We've got a semi in Stockport.",
                "I'm allergic to cats.",
            ),
            "Who do I live with?",
        ),
        (
            ("我岳母跟我们一起住，帮忙带孩子。", "我们家在郑州金水区。", "我不吃香菜。"),
            "谁跟我一起住？",
        ),
    ],
)
def test_a_question_asking_for_a_person_keeps_their_statement(
    tmp_path: Path, e5: MultilingualE5Embedder, facts: tuple[str, ...], question: str
) -> None:
    """ "Who", 谁: the answer is someone else, so their statement keeps its word match."""
    assert first_after_facts(tmp_path / "m", e5, facts, question) == facts[0]
