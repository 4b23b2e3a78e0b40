"""A relation's own value is no new value of the user's (issue 38, helper relzh22):
``hybridmem.evolution.slots.relation_values``, read alone and in a real store with e5."""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.slots.relation_values import of_circle, relations_own
from tests.fact_stories import remark_beside_value

U = "u"
FILLER = ("问了一下明天会不会下雨。", "帮我算了算这个月的电费。")


@pytest.mark.parametrize(
    ("new", "old"),
    [
        ("我姐把她的工资卡换成了中国银行的。", "我的工资卡是招商银行的。"),
        ("婆婆现在买菜都去永辉超市了。", "我一般在家门口的菜市场买菜。"),
        ("My brother moved his savings over to Monzo.", "I've banked with Halifax for years."),
    ],
)
def test_a_relations_change_is_their_own_value(new: str, old: str) -> None:
    assert relations_own(new, old)


@pytest.mark.parametrize(
    ("new", "old"),
    [
        # The user shares the thing: a first-person word besides the relation's possessor.
        ("老公把我们家的宽带换成了移动。", "家里的宽带是电信的。"),
        ("My wife switched our energy to Octopus.", "Our energy is with EDF."),
        # A service role acts on the user's own thing.
        ("房东把房租涨到了三千。", "我房租一个月两千五。"),
        # The other statement mentions the relation: it may be the relation's earlier value.
        ("儿子转学了，现在在第二实验小学上。", "我儿子在第一实验小学上学。"),
        # The speaker's own statement, and a person named by a name (``names_another``'s).
        ("我换成工商银行的卡了。", "我的工资卡是招商银行的。"),
        ("小林跳槽去了腾讯。", "我在阿里上班。"),
    ],
)
def test_the_users_own_shared_or_served_values_are_left_as_before(new: str, old: str) -> None:
    assert not relations_own(new, old)


def test_the_circle_is_kinship_and_peers_not_service_roles_or_pets() -> None:
    assert all(of_circle(k) for k in ("妈", "表姐", "同事", "brother", "wife", "neighbour"))
    assert not any(of_circle(k) for k in ("房东", "老师", "猫", "landlord", "doctor", "小林"))


@pytest.mark.parametrize(
    ("said", "query"),
    [
        (
            ("我的工资卡是招商银行的。", "我姐把她的工资卡换成了中国银行的。"),
            "用户的工资卡是哪个银行的？",
        ),
        (
            ("我们家一直在社区医院看病。", "公公现在看病都去省人民医院了。"),
            "用户家平时在哪儿看病？",
        ),
    ],
)
def test_the_users_value_keeps_answering_beside_a_relations_change(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, str], query: str
) -> None:
    """Without the reading the pair model joined the relation's change into the user's group
    and, newer, it came first; now the two stay apart, both live, the user's value first."""
    value, change, first = remark_beside_value(tmp_path / "m", e5, said, FILLER, query)
    assert value.status == change.status == "active"
    assert change.conflict_group is None or change.conflict_group != value.conflict_group
    assert first == 0
