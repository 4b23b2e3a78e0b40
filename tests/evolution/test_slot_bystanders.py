"""Another person's change, a side one follows and a vehicle run for a living (issue 38).

The twelfth first-day set's newcomers lost their work question to the write path: "...,
Donna's retired." (another person's retirement, said in a clause of its own) was filed as the
user's job change and hid the job before it; "I've supported Ipswich Town since I was a kid."
was filed as the workplace; 我在舟山跑渔船 got no slot. The sentences here are none of the
benchmark sets'.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import U, first_hit, value_then_aside


@pytest.mark.parametrize(
    "text",
    [
        "I get my nails done in Crewe these days, Marcia's retired.",  # a name's 's clause
        "Aled's retired, so I take the bus into town now.",  # ...opening the statement
        "I moved my account to the Halifax, but Gareth got promoted to head office.",
        "I still shop at the market, she's retired from the deli counter though.",
        "我换了个牙医，李阿姨退休了。",  # surname + a kinship title
        "我现在去菜场买菜，老周退休了。",  # 老 + a surname
        "我改去社区医院了，我姐升职了。",  # 我 + a kinship word
    ],
)
def test_a_change_said_of_another_person_is_no_slot_of_the_users(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.open, text


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I retired last spring, so I have more time for the allotment.", "user.job"),
        ("Priya promoted me to shift lead last week.", None),  # the subject opens it: as before
        ("I work at the bakery, and Ravi teaches at the school.", "user.workplace"),
        ("Sarah and I moved to Harrogate.", "user.residence"),  # a conjoined subject
        ("我退休了，现在天天去公园。", "user.job"),  # the speaker's own
        ("好消息，刘总让我当车间主任了。", "user.job"),  # the speaker the object of the act
    ],
)
def test_the_speakers_own_clauses_are_read_as_before(text: str, slot: str | None) -> None:
    assert infer(text).slot == slot, text


@pytest.mark.parametrize(
    "text",
    [
        "I've followed Leeds United since I was a boy.",
        "I support Hibs, always have.",
        "I'm a lifelong Saracens supporter.",  # -er: read as an occupation before
        "I'm a big fan of the Cowboys.",
        "我从小就支持国安。",
        "我是湖人的铁杆球迷。",
        "我是周杰伦的歌迷。",
    ],
)
def test_a_side_the_speaker_follows_is_no_job_and_no_workplace(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.open, text


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I support Celtic and work at the Co-op.", "user.workplace"),  # the rest still read
        ("I followed Megan to Aberdeen.", None),  # a motion: not read as following
        ("I support my parents now.", None),  # no named side
        ("I work for Bristol Rovers.", "user.workplace"),  # employed by a club
    ],
)
def test_the_rest_of_a_statement_with_a_side_is_read_as_before(text: str, slot: str | None) -> None:
    assert infer(text).slot == slot, text


@pytest.mark.parametrize(
    "text",
    [
        "我在宁波跑货船。",  # 跑 + a vessel: running it for hire
        "我跑冷链车七八年了。",  # ...with how long
        "我在港口开叉车。",  # 在 + where + 开 + a bare vehicle
        "我在成都开出租车，一天跑十几个小时。",
    ],
)
def test_a_vehicle_run_for_a_living_is_the_job(text: str) -> None:
    assert infer(text).slot == "user.job", text


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("我开了辆二手车。", "user.vehicle"),  # a classifier: one's vehicle
        ("我开电动车上班。", "user.vehicle"),  # the vehicle driven to work
        ("我想在杭州开出租车。", None),  # only meant
        ("我会开叉车。", None),  # an ability
        ("我哥在宁波跑货船。", None),  # another person's
    ],
)
def test_a_vehicle_owned_meant_or_anothers_is_no_job(text: str, slot: str | None) -> None:
    assert infer(text).slot == slot, text


FACTS = {
    "en": ("I'm allergic to kiwi.", "I've got two whippets.", "I live in a flat in Hull."),
    "zh": ("我对芒果过敏。", "我养了两只柯基。", "我住在江北的老小区。"),
}


@pytest.mark.parametrize(
    ("lang", "job", "aside"),
    [
        (
            "en",
            "I'm a hospital cleaner at Hull Royal.",
            "I see Jade for my hair now, Bev's retired.",
        ),
        ("zh", "我是小学老师。", "我现在去街口那家剪头发，王姨退休了。"),
    ],
)
def test_with_e5_anothers_retirement_keeps_the_users_job_current(
    e5_mem: HybridMemory, clock: FakeClock, lang: str, job: str, aside: str
) -> None:
    for fact in FACTS[lang]:
        e5_mem.add(fact, node_type="fact", user_id=U)
    value_then_aside(e5_mem, clock, job, "user.job", aside)


def test_with_e5_a_side_followed_keeps_the_workplace_current(
    e5_mem: HybridMemory, clock: FakeClock
) -> None:
    for fact in FACTS["en"]:
        e5_mem.add(fact, node_type="fact", user_id=U)
    value_then_aside(
        e5_mem,
        clock,
        "I work at the Humber bridge toll office.",
        "user.workplace",
        "I've supported Hull City since I was a kid.",
    )


def test_with_e5_a_vehicle_run_for_a_living_answers_the_work_question(
    e5_mem: HybridMemory, clock: FakeClock
) -> None:
    for fact in FACTS["zh"]:
        e5_mem.add(fact, node_type="fact", user_id=U)
    clock.advance(days=1)
    node = e5_mem.add("我在宁波跑货船，一趟就是十来天。", node_type="fact", user_id=U)
    assert node.conflict_group == "slot:user.job"
    assert first_hit(e5_mem, "我是干哪行的？") == node.id


@pytest.mark.parametrize(
    "text",
    [
        "also my cousin Ellis is moving to Leeds, he got a job at the hospital",
        "Oh and our neighbour Priya has moved to Cardiff.",
    ],
)
def test_a_possessed_noun_with_a_name_is_another_persons_subject(text: str) -> None:
    # "my cousin Ellis" names a person: the move and the job are the cousin's, not the user's
    # (before, the later clause's job was read as the user's workplace).
    assert infer(text).slot is None, text


def test_a_possessed_attribute_noun_without_a_name_is_still_the_users() -> None:
    assert infer("I moved, my old car is sold.").slot == "user.vehicle"
    assert infer("My wife Anna and I moved to York.").slot == "user.residence"
