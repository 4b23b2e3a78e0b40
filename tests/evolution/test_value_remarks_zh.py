"""A thing's own event is no new value of the user's in Chinese (issue 38, helper zhremark24):
``hybridmem.evolution.write.value_remarks_zh``, read alone and in a real store with e5."""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.write.value_remarks import remark_on
from hybridmem.evolution.write.value_remarks_zh import remark_on_zh, returns
from tests.fact_stories import remark_beside_value

U = "u"
FILLER = ("问了一下明天会不会下雨。", "帮我算了算这个月的电费。")


@pytest.mark.parametrize(
    ("new", "old"),
    [
        # The value named by a name, the remark's subject its part (营业部).
        ("交通银行的营业部搬到了市民中心对面。", "我的房贷在交通银行办的。"),
        ("沃尔玛的停车场改成收费的了。", "我平时在沃尔玛买日用品。"),
        # The value named as the 的-modifier of the user's thing (小米的手机).
        ("小米又出了一款新的平板。", "我用的是小米的手机。"),
        # A definite common noun (楼下那家: a demonstrative and a classifier).
        ("星巴克的中杯涨价了。", "我每天上班前在楼下那家星巴克买咖啡。"),
        # A name jieba cuts into characters (朗|逸), read as one word (remark25).
        ("朗逸的原厂轮胎换了个牌子。", "我的车是一辆白色的大众朗逸。"),
        # The subject's noun said as the kind of thing the value's name is (华数宽带).
        ("华数宽带的客服态度变好了。", "我家宽带用的是华数宽带。"),
    ],
)
def test_a_things_own_event_is_a_remark(new: str, old: str) -> None:
    assert remark_on_zh(new, old)
    assert remark_on(new, old)


@pytest.mark.parametrize(
    ("new", "old"),
    [
        # The user's own relation to the thing: a first-person word.
        ("我把交通银行的卡销了。", "我的房贷在交通银行办的。"),
        # The change is said in a later clause naming the attribute again.
        ("移动的套餐到期了，续的是联通的宽带。", "我家宽带是移动的。"),
        # A name after the opening: a new value (the topic is what the speaker sold).
        ("本田卖了，提了辆比亚迪。", "我开的是一辆本田。"),
        # A bare common noun names the attribute, not a value of its own.
        ("奶茶要三分糖。", "我喝奶茶要全糖。"),
        # A word of what holds now: a standing value.
        ("沃尔玛太远了，现在日用品在社区超市买。", "我平时在沃尔玛买日用品。"),
        # The subject's noun alone, not after the value's name: the holder's thing again.
        ("宽带的合约到期了。", "我家宽带用的是华数宽带。"),
        # The opening names the older statement's holder: the holder's thing again.
        ("孩子的钢琴课换到了艺术中心。", "孩子在少年宫那家琴行学钢琴。"),
        # English is value_remarks' own reading.
        ("Barclays is closing the branch on the high street.", "我在巴克莱银行开的户。"),
    ],
)
def test_a_change_of_the_users_value_is_no_remark(new: str, old: str) -> None:
    assert not remark_on_zh(new, old)


def test_a_move_back_told_as_the_values_own_act_is_left_to_the_engine() -> None:
    first = "我平时在沃尔玛买日用品。"
    assert returns(first, "日用品都在社区超市买。", "沃尔玛的会员卡续上了。")
    assert not returns(first, "我在学游泳。", "沃尔玛的会员卡续上了。")


@pytest.mark.parametrize(
    ("said", "query"),
    [
        (("我平时在沃尔玛买日用品。", "沃尔玛的停车场改成收费的了。"), "用户一般在哪儿买日用品？"),
        (
            ("我的房贷在交通银行办的。", "交通银行的营业部搬到了市民中心对面。"),
            "用户的房贷是在哪家银行办的？",
        ),
    ],
)
def test_the_users_value_keeps_answering_beside_the_things_own_event(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, str], query: str
) -> None:
    """The remark stays live beside the user's value, in no one group with it, and the
    value is the first hit."""
    value, remark, first = remark_beside_value(tmp_path / "m", e5, said, FILLER, query)
    assert value.status == remark.status == "active"
    assert remark.conflict_group is None or remark.conflict_group != value.conflict_group
    assert first == 0
