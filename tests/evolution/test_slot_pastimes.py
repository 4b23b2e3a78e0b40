"""A pastime said with an agent noun, or joining a club for one, is no job and no workplace
(issue 38, slot_blind11/12/13).

"I'm a keen fell runner" has a job's grammar ("I'm a" + an -er noun), so the occupation rule
filed it as the job and it overturned the speaker's real one; "I've joined a choir" was read as
joining an employer, and the slot model filed 我是个业余跑者 the same way. A degree or amateur
modifier ("keen", "avid", 业余), a hedge ("a bit of a"), a noun of liking ("fan", "sucker",
爱好者, 迷, 友) or a voluntary group as the object of joining (club, class, choir; 班, 社, 协会)
marks a pastime. The sentences here are none of the sets'.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import U, value_then_aside


@pytest.mark.parametrize(
    "text",
    [
        "I'm an avid kayaker, the river most Saturdays.",
        "I'm a big swimmer, the lido before breakfast.",
        "I'm a bit of a baker, banana bread mostly.",
        "I'm a total sucker for a rom-com.",
        "I'm a huge fan of live theatre.",
        "I've signed up for an evening Spanish class.",
        "We joined a running club near the canal.",
        "我是个业余骑手，周末骑山路。",
        "我算是个围棋爱好者。",
        "我是个登山发烧友。",
        "我报了个周末的陶艺班。",
        "我参加了一个摄影社。",
    ],
)
def test_a_pastime_or_joining_a_club_gives_no_slot(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.open, text  # the slot model is not asked either


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I'm a keen cyclist, and I work at Halfords in Leeds.", "user.workplace"),
        ("我是个业余棋手，不过我刚搬到杭州了。", "user.residence"),
    ],
)
def test_a_value_beside_a_pastime_is_read(text: str, slot: str) -> None:
    # The pastime's agent noun came first and was filed as the job, hiding the real value.
    assert infer(text).slot == slot, text


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I'm a nurse at the Royal Infirmary now.", "user.job"),
        ("I'm a senior engineer these days.", "user.job"),
        ("I joined Deloitte as an auditor last month.", "user.workplace"),
        ("我是个护士，在市一医院。", "user.job"),
        ("我加入了一家做芯片的公司。", "user.workplace"),
    ],
)
def test_a_job_or_an_employer_is_read_as_before(text: str, slot: str) -> None:
    assert infer(text).slot == slot, text


@pytest.mark.parametrize(
    ("job", "aside"),
    [
        ("I'm a paramedic with the ambulance service now.", "I'm an avid rock climber."),
        ("I've joined a law firm in Cardiff.", "I've joined a community choir too."),
        ("我现在是一名中学老师。", "我是个业余歌手，周末在酒吧唱两首。"),
        ("我现在是一名护士。", "入了个读书会，每月聚一次。"),
    ],
)
def test_with_e5_the_job_stays_current_after_a_pastime(
    e5_mem: HybridMemory, clock: FakeClock, job: str, aside: str
) -> None:
    slot = "user.workplace" if "joined" in job or "入职" in job else "user.job"
    value_then_aside(e5_mem, clock, job, slot, aside)


@pytest.mark.parametrize(
    "text",
    [
        "I'm a big data architect these days.",  # "big" modifies "data": a compound noun
        "I'm a casual labourer with Balfour Beatty.",  # an employer after the agent noun
        "I'm a recreational therapist at St Mary's.",
        "I'm a casual worker for Sainsbury's, nights mostly.",
    ],
)
def test_a_modifier_of_a_thing_in_a_job_noun_is_the_job(text: str) -> None:
    assert infer(text).slot == "user.job", text


@pytest.mark.parametrize(
    "text",
    ["I'm a casual golfer, nothing serious.", "I'm a big hiker, the Peaks most weekends."],
)
def test_the_same_modifier_on_the_agent_noun_alone_is_a_pastime(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.open, text


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I'm a barista at a cafe in Hove.", "I'm a big data engineer now."),
        ("I'm a postman in Didsbury.", "I'm a casual worker at Tesco these days."),
    ],
)
def test_with_e5_a_compound_job_noun_becomes_the_current_job(
    e5_mem: HybridMemory, clock: FakeClock, old: str, new: str
) -> None:
    first = e5_mem.add(old, node_type="fact", user_id=U)
    assert first.conflict_group == "slot:user.job"
    clock.advance(days=2)
    said = e5_mem.add(new, node_type="fact", user_id=U)
    assert said.conflict_group == "slot:user.job"
    current = e5_mem.current_value("user.job", user_id=U)
    assert current is not None and current.id == said.id


@pytest.mark.parametrize(
    "text",
    [
        "I'm a Thursday night bowler, ten-pin at the retail park.",
        "I'm a winter swimmer, the sea at Brighton every January.",
        "I'm a weekday walker, the canal path after lunch.",
        "我是个周末画家，主要画水彩。",
    ],
)
def test_a_time_of_the_week_or_year_before_the_agent_noun_is_a_pastime(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.open, text


@pytest.mark.parametrize(
    "text",
    [
        "I'm a weekend chef at the Swan in Ely.",  # an employer after the agent noun
        "I'm a night porter.",  # a part of the day alone: a job's shift
        "I'm a Sunday market trader.",  # a compound noun: the time modifies "market"
    ],
)
def test_a_time_modifier_with_an_employer_or_a_shift_is_the_job(text: str) -> None:
    assert infer(text).slot == "user.job", text


def test_with_e5_the_job_stays_current_after_a_time_modified_pastime(
    e5_mem: HybridMemory, clock: FakeClock
) -> None:
    value_then_aside(
        e5_mem,
        clock,
        "I'm a dentist in Leeds.",
        "user.job",
        "I'm a winter swimmer, the sea at Brighton every January.",
    )
