"""当 + a role ending its clause is the job, whatever the place before it and however jieba cuts it.

The thirteenth blind slot set and the fourteenth first-day set (issue 38) had Chinese jobs said
with 当 filed as the residence: jieba glues 当 to the role's first character (当月|嫂) or tags
the role a name (保姆/nrt), so the 当 reading of ``livings.lives_by`` never saw a role, and the
city before it (在厦门) or the slot model named the residence. The sentences here are not the
sets'.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import U, first_hit, value_then_aside


@pytest.mark.parametrize(
    "text",
    [
        "我在苏州当月嫂，一个月做二十六天。",  # 当月|嫂 after 在 + a city
        "我在宁波当育儿嫂",  # the same cut
        "我这两年在杭州当保姆",  # 保姆 tagged a name
        "我现在当保姆了",
        "我在老家县城当保姆，管一家三口的饭。",
    ],
)
def test_serving_as_a_role_is_the_job(text: str) -> None:
    guess = infer(text)
    assert guess.slot == "user.job" and guess.about_user


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("当时我住在上海", "user.residence"),  # 当时: a time word, not the verb
        ("我住在当地", "user.residence"),  # 在当地: 当 right after a preposition
        ("我当天就搬走了", "user.residence"),
        ("我只买当季水果", None),  # 当 after a verb: part of 当季
        ("我一直把她当姐姐", None),  # 把 … 当: treat as
        ("我想当保姆", None),  # only wanted
        ("我每周去社区当志愿者", None),  # a role on counted occasions
        ("我当妈妈了", None),  # parenthood
    ],
)
def test_other_uses_of_dang_are_read_as_before(text: str, slot: str | None) -> None:
    assert infer(text).slot == slot


@pytest.mark.parametrize(
    ("home", "job", "question"),
    [
        ("我住在苏州工业园区。", "我现在当保姆，在雇主家带两个孩子。", "我现在做什么工作？"),
        ("我家在宁波鄞州。", "我在宁波当育儿嫂，一单做一个月。", "我是干什么的？"),
        # The English reading it parallels ("I'm a <role> in <place>": trades.py) holds too.
        ("I live in Suzhou Industrial Park.", "I'm a nanny in Suzhou now.", "What's my job?"),
    ],
)
def test_with_e5_a_job_said_with_dang_leaves_the_home_current(
    e5_mem: HybridMemory,
    clock: FakeClock,
    home: str,
    job: str,
    question: str,
) -> None:
    _, said = value_then_aside(e5_mem, clock, home, "user.residence", job)
    assert said.conflict_group == "slot:user.job"
    current = e5_mem.current_value("user.job", user_id=U)
    assert current is not None and current.id == said.id
    assert first_hit(e5_mem, question) == said.id
