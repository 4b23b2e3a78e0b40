"""The readings of ``benchmarks.mention_residue`` (issue 38, helper mention16), no model: a
later remark naming the older statement's value and no value of its own only mentions it; a
newer value naming the old one beside its own, or a shared word naming the attribute, does
not; the residue is the statement less the shared naming words, in both languages."""

from __future__ import annotations

import pytest

from benchmarks.mention_residue import only_mentions, residue, shared_naming


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "I play darts for the Red Lion on Wednesdays.",
            "The Red Lion changed landlord, the beer's gone up.",
        ),
        ("我的车是白色的凯美瑞。", "凯美瑞的新款出来了，变化挺大。"),
    ],
    ids=["en", "zh"],
)
def test_a_remark_naming_the_value_and_no_value_of_its_own_only_mentions_it(
    older: str, newer: str
) -> None:
    assert only_mentions(newer, older)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("I drive a blue Ford Focus.", "Got myself a Tesla Model 3, the Focus went to my nephew."),
        ("周日下午我做一周的便当。", "周四晚上做一周的便当，周日要去菜园。"),
        ("Explain code to me step by step.", "Skip the walkthroughs, just give me the code."),
        ("基金我在支付宝上买。", "基金都转到天天基金了。"),
    ],
    ids=["en-value", "zh-value", "en-attribute", "zh-attribute"],
)
def test_a_newer_value_is_no_mere_mention(older: str, newer: str) -> None:
    assert not only_mentions(newer, older)


def test_the_residue_is_the_statement_less_the_shared_naming_words() -> None:
    older, newer = "I play darts for the Red Lion on Wednesdays.", "The Red Lion changed landlord."
    shared = shared_naming(newer, older)
    assert shared == {"red", "lion"}
    assert residue(older, shared) == "I play darts for the on Wednesdays."
    zh_old, zh_new = "我在老年大学学书法。", "老年大学的食堂最近涨价了。"
    zh_shared = shared_naming(zh_new, zh_old)
    assert residue(zh_old, zh_shared) == "我在学书法。"
    assert residue(zh_new, zh_shared) == "的食堂最近涨价了。"
