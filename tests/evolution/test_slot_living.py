"""A Chinese living stated by its verb is the job; driving a vehicle to work is no job.

The ninth first-day set (issue 38) showed Chinese jobs filed under no slot (当教练 and 当外卖骑手
after 在 + a city: the locative ran on past 当, which jieba tags a time word, and was left out
with it; 卖猪肉 at a market: no occupation form), and the commute 我上下班都开驾校那辆教练车 filed
by the slot model as the job, so 我做啥工作？ found the car. The sentences here are not the
set's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import U, first_hit


@pytest.mark.parametrize(
    "text",
    [
        "我在昆明一家游泳馆当教练，主要教小孩。",  # 当 after 在 + a city, a role with no suffix
        "我在杭州当快递骑手",  # the same locative before a suffixed role
        "我在农贸市场卖牛肉，干了快十年了。",  # 卖 + bare goods: a trade
        "我在网上卖衣服",
        "我又当起了教练",
        "I sell beef at the market for a living.",  # the English reading it parallels
    ],
)
def test_a_living_stated_by_its_verb_is_the_job(text: str) -> None:
    guess = infer(text)
    assert guess.slot == "user.job" and guess.about_user


@pytest.mark.parametrize(
    "text",
    [
        "我当妈妈了",  # parenthood, not a job
        "我每个周末去图书馆当志愿者",  # a role on counted occasions: an activity
        "我一直把他当朋友",  # 把 … 当: treat as
        "我卖了旧手机",  # one sale, perfective
        "我想卖车",  # only meant
        "我上周把电脑卖了",
    ],
)
def test_a_sale_or_a_kinship_role_is_no_job(text: str) -> None:
    assert infer(text).slot != "user.job"


def test_driving_a_vehicle_to_work_is_the_vehicle_not_the_job() -> None:
    for text in ("我上下班都开单位那辆面包车。", "我每天开公司的一辆皮卡去工地"):
        guess = infer(text)
        assert guess.slot == "user.vehicle", text


def test_the_job_said_after_a_city_is_the_current_job(tmp_path: Path, clock: FakeClock) -> None:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        old = mem.add("我以前是会计师。", node_type="fact", user_id=U)
        assert old.conflict_group == "slot:user.job"
        clock.advance(days=2)
        new = mem.add("我现在在昆明一家游泳馆当教练。", node_type="fact", user_id=U)
        assert new.conflict_group == "slot:user.job"
        current = mem.current_value("user.job", user_id=U)
        assert current is not None and current.id == new.id


# A newcomer's other facts (as on a first day): the question is asked of a store, not a pair.
OTHER_FACTS = (
    "我对花生过敏。",
    "我周末喜欢去河边钓鱼。",
    "我养了一只橘猫，叫馒头。",
    "我晚上十一点前就睡。",
)


@pytest.mark.parametrize(
    ("job", "commute", "question"),
    [
        ("我在昆明一家游泳馆当教练，主要教小孩。", "我上下班都开单位那辆面包车。", "我做啥工作？"),
        ("我在农贸市场卖牛肉，摊位开了好多年。", "我每天开家里那辆三轮车去进货。", "我是做啥的？"),
    ],
)
def test_with_e5_the_job_answers_the_work_question_before_the_commute(
    e5_mem: HybridMemory,
    clock: FakeClock,
    job: str,
    commute: str,
    question: str,
) -> None:
    for fact in OTHER_FACTS:
        e5_mem.add(fact, node_type="fact", user_id=U)
    first = e5_mem.add(job, node_type="fact", user_id=U)
    clock.advance(days=1)
    other = e5_mem.add(commute, node_type="fact", user_id=U)
    assert first.conflict_group == "slot:user.job"
    assert other.metadata.get("slot") != "user.job"
    assert first_hit(e5_mem, question) == first.id
