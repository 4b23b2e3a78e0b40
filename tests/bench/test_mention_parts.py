"""The measured reading of ``benchmarks.mention_parts`` (issue 38, helper mention18; not
shipped): a later remark about a part of the older value's thing ("the rowing club's
boathouse", 老年大学的食堂) is no newer value of it, while a change that names the older thing
and goes on with its own value is. Applied to the newer-first rule, the value answers the
question above the remark; the shipped engine puts the remark first (the pollution measured).
Readings without a model; the ranking with multilingual-e5, real SQLite and Chroma in
tmp_path and a fake clock."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.mention_parts import about_its_part, applied
from hybridmem.embedding import MultilingualE5Embedder
from tests.fact_stories import ranked_after_others

U = "u"

PARTS = [
    (
        "I'm the secretary of the Larkfield rowing club.",
        "The rowing club's boathouse is getting a new roof.",
    ),
    (
        "I coach the under-nines at Hartley Rovers.",
        "Hartley Rovers' pitch was waterlogged, what a mess.",
    ),
    ("我在老年大学学书法。", "老年大学的食堂最近涨价了。"),
    ("我的车是白色的凯美瑞。", "凯美瑞的新款出来了，变化挺大。"),
]

CHANGES = [
    # The older thing's own noun goes on after it.
    (
        "Seeds for our vegetable patch come from Thompson and Morgan.",
        "The vegetable patch's seeds come from the swap table at the library now.",
    ),
    ("阳台花盆的土在花卉市场买。", "阳台花盆的土现在找小区里种菜的大爷要。"),
    # A verb goes on after it ("'s" is "is").
    (
        "Our campervan is parked at Greenacre Farm.",
        "The campervan's parked in the yard behind my brother's garage now.",
    ),
    ("我在楼下的理发店剪头发。", "剪头发这阵子都去万达那家。"),
    # Two nouns side by side, no 的: one attribute's name as often as a thing and its part.
    ("邮件落款写“此致敬礼”。", "邮件结尾写“祝好”就行。"),
    # "'s" as "is", before a preposition.
    ("I do my yoga at the community hall.", "Yoga's at the new studio on Elm Road."),
    # The older thing changed, and the speaker says the new value in a clause of their own.
    (
        "I get my hair cut at Tony's.",
        "Tony's hairdressing side has shut, I go to the barber's now.",
    ),
    ("我在老周茶馆喝茶。", "老周茶馆的房子拆了，我现在去河边那家喝。"),
    # The value said again.
    ("We buy Tiptree strawberry jam.", "Tiptree's jam on the scones, the little jars."),
]


@pytest.mark.parametrize(("older", "newer"), PARTS)
def test_a_remark_about_the_things_part_reads_as_one(older: str, newer: str) -> None:
    assert about_its_part(newer, older)


@pytest.mark.parametrize(("older", "newer"), CHANGES)
def test_a_change_naming_the_older_thing_reads_as_no_part(older: str, newer: str) -> None:
    assert not about_its_part(newer, older)


RANKED = [
    pytest.param(
        ("我在老年大学学书法。", "老年大学的食堂最近涨价了。"), "用户在哪学书法？", id="zh-canteen"
    ),
    pytest.param(
        ("我的车是白色的凯美瑞。", "凯美瑞的新款出来了，变化挺大。"),
        "用户的车是哪款？",
        id="zh-model",
    ),
    pytest.param(
        (
            "I sing with the Millbrook Community Choir on Tuesdays.",
            "Millbrook Community Choir's conductor is moving to Leeds.",
        ),
        "Which choir does the user sing with on Tuesdays?",
        id="en-conductor",
    ),
]


@pytest.mark.parametrize(("said", "query"), RANKED)
def test_with_the_reading_the_value_answers_above_a_later_remark_about_its_part(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, str], query: str
) -> None:
    with applied():
        ranked = ranked_after_others(tmp_path / "m.db", e5, said, query)
    assert said[0] in ranked
    assert said[1] not in ranked or ranked.index(said[0]) < ranked.index(said[1])


def test_the_reading_is_undone_after_the_measurement() -> None:
    from hybridmem.retrieval import newer_values

    before = newer_values.same_subject
    with applied():
        assert newer_values.same_subject is not before
    assert newer_values.same_subject is before
