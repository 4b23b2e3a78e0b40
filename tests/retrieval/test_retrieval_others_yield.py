"""Another person's value yields to the user's own for a question about the user's own
attribute (issue 38, helper holders11): e5 reads "What do I do for a living?" and "My brother
works as a chef in Soho" as one topic, and the brother's job came first although the writer
filed it in his group (``user.job@brother``). A question naming him still gets it. Real SQLite and
Chroma in tmp_path, a fake clock, multilingual-e5 (the default model)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.embedding import MultilingualE5Embedder
from tests.fact_stories import first_after_facts

_EN = (
    "I look after horses at a stable near Ascot.",
    "My brother works as a chef in Soho.",
    "I'm allergic to cats.",
)
_EN2 = (
    "I clean offices at night in Croydon.",
    "My daughter works as a nurse in Leeds.",
    "I don't eat pork.",
)
_ZH = ("我每天在菜市场卖菜。", "我老公在电子厂上班。", "我不吃香菜。")
_ZH2 = ("我在驾校教人开车。", "我哥在工厂当电工。", "我不吃香菜。")


@pytest.mark.parametrize(
    ("facts", "question"),
    [
        (_EN, "What do I do for a living?"),
        (_EN2, "What's my job?"),
        (_ZH, "我在哪儿上班？"),
        (_ZH2, "我的工作是什么？"),
    ],
)
def test_my_own_work_comes_before_another_persons(
    tmp_path: Path, e5: MultilingualE5Embedder, facts: tuple[str, ...], question: str
) -> None:
    assert first_after_facts(tmp_path / "m", e5, facts, question) == facts[0]


@pytest.mark.parametrize(
    ("facts", "question"),
    [
        (_EN, "What does my brother do for a living?"),
        (_EN2, "What's my daughter's job?"),
        (_ZH, "我老公在哪儿上班？"),
        (_ZH2, "我哥是做什么工作的？"),
    ],
)
def test_a_question_naming_the_other_person_still_gets_their_work(
    tmp_path: Path, e5: MultilingualE5Embedder, facts: tuple[str, ...], question: str
) -> None:
    assert first_after_facts(tmp_path / "m", e5, facts, question) == facts[1]
