"""The ``roles`` variant of the query-time newer-first rule (``benchmarks.newer_first_variants
roles``, :mod:`benchmarks.newer_naming_roles`; measured, not shipped): a shared word read by its
role, the predicate of both statements said outside the main clause of either (不行, 怕) or the
person both are about ("Our lad Arjun" / "Arjun cycles…"), names no attribute; a thing or a
person named as a value still names it. The store tests patch the variant into a real engine
(SQLite and Chroma in tmp_path, a fake clock, multilingual-e5); on the engine as shipped the
two Chinese ones put the newer statement first (issue 38, helper newer18)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.newer_naming_roles import one_attribute, subject_of_both
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.slots import naming
from hybridmem.retrieval import newer_values
from tests.fact_stories import ranked_after_others


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        ("我吃不了甜的，一口蛋糕都不行。", "我酒量不行，半瓶啤酒就上头。"),
        ("我怕吵，周末商场打死都不去。", "我不会骑车，见了自行车就怕。"),
        ("Jack cycles to school now, the bus was always late.", "Our lad Jack's in Year 8."),
        ("小美最近迷上了画画，天天画恐龙。", "我女儿小美五岁了。"),
    ],
)
def test_a_shared_predicate_or_the_person_both_are_about_names_no_attribute(
    newer: str, older: str
) -> None:
    assert naming.one_attribute(newer, older)  # the plain shared-word test lets them through
    assert not one_attribute(newer, older)


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        # A person named as a value (the one who does the job) still names it.
        ("I've stopped going to Bev, Kerry does my nails now.", "Bev on Mill Lane does my nails."),
        # Nouns, a verbal noun and a word inside a compound still name a thing.
        ("车位换了，现在租的是小区门口那个地面车位。", "我的车位在小区地下二层。"),
        ("现在不游泳了，改跑步。", "我每周游泳两次。"),
        # A habit's verb in the main clause of both names the habit.
        ("散步这阵子都改到早上了。", "我晚饭后散步。"),
        # A word after a measure word heads a noun phrase, whatever jieba tags it.
        ("还是去老街那家诊所，近。", "猫打针在公司附近那家诊所。"),
        ("头发去商场里的托尼那儿剪。", "我在车站路那家理发店剪头发。"),
        ("Invoices go to my personal Gmail, please.", "Send invoices to my work email."),
    ],
)
def test_a_shared_thing_or_a_persons_value_still_names_one_attribute(
    newer: str, older: str
) -> None:
    assert one_attribute(newer, older)


def test_the_person_both_are_about_is_their_subject_in_both() -> None:
    assert subject_of_both("jack", "Jack cycles to school now.", "Our lad Jack's in Year 8.")
    assert not subject_of_both(
        "bev", "I've stopped going to Bev.", "Bev on Mill Lane does my nails."
    )


@pytest.mark.parametrize(
    ("said", "question"),
    [
        (
            ("我酒量不行，半瓶啤酒就上头。", "我吃不了甜的，一口蛋糕都不行。"),
            "聚餐的时候我能喝多少酒？",
        ),
        (("我不会骑车，见了自行车就怕。", "我怕吵，周末商场打死都不去。"), "我会骑自行车吗？"),
    ],
)
def test_a_shared_predicate_does_not_put_another_attribute_above_the_answer(
    tmp_path: Path,
    e5: MultilingualE5Embedder,
    said: tuple[str, str],
    question: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """不行 / 怕 said of another thing in an elaborating clause: the answer stays first (the
    plain shared-word test let the pair model read the two as one attribute and lifted the
    newer statement above it)."""
    monkeypatch.setattr(newer_values, "one_attribute", one_attribute)
    ranked = ranked_after_others(tmp_path / "m", e5, said, question)
    assert ranked[0] == said[0]
    assert said[1] in ranked  # only the order changes: the newer statement stays a hit


def test_a_person_named_as_the_value_still_puts_the_change_first(
    tmp_path: Path, e5: MultilingualE5Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(newer_values, "one_attribute", one_attribute)
    said = (
        "Bev on Mill Lane does my nails.",
        "I've stopped going to Bev, Kerry does my nails at her flat now.",
    )
    ranked = ranked_after_others(tmp_path / "m", e5, said, "Who does my nails?")
    assert ranked[0] == said[1]
