"""A denial in every form jieba cuts it gives no value, and neither does a title a verb takes.

slot_blind14 and slot_blind15 (issue 38, slots21 / slots22) had 我可不是什么程序员 and 我不算吃素的
read as values (可不是 is one jieba word; 不算 is a negated copula too), and the clause after a
denial, 只是偶尔帮老板开一下车, read as the job: the occupation rule's 是 (of 只是) and 老板, the
object of 帮. The sentences here are not the sets'.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import value_then_aside


@pytest.mark.parametrize(
    "text",
    [
        "我可不是律师，只是爱看法律节目。",  # 可不是: one word
        "我不算程序员，只会写点脚本。",  # 不算: "don't count as"
        "我哪是什么画家，随便涂涂而已。",  # the rhetorical 哪 + 是
        "我并不是护士。",
        "Not that I'm a plumber, I just fixed our own tap.",  # a fronted negation
    ],
)
def test_a_denial_gives_no_slot(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.open, text


@pytest.mark.parametrize(
    "text",
    [
        "我不是厨师，只是常给邻居家做饭。",  # 给 + 邻居家: the household is 给's object
        "我只是帮店老板看看门。",  # 帮 + 老板: the owner is helped
    ],
)
def test_a_title_a_verb_or_preposition_takes_is_no_job(text: str) -> None:
    assert infer(text).slot is None, text


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("可不是嘛，我现在住在苏州。", "user.residence"),  # the interjection, no 我 before it
        ("我已经不是老师了。", "user.job"),  # an aspect of change ends a value
        ("我是开货车的司机。", "user.job"),  # 的 closes a relative clause on the title
        ("我只是个实习生。", "user.job"),
        ("我是在幼儿园当老师的。", "user.job"),  # the later cue 当 takes the title
    ],
)
def test_values_are_read_as_before(text: str, slot: str) -> None:
    assert infer(text).slot == slot, text


@pytest.mark.parametrize(
    ("value", "aside"),
    [
        ("我是一名护士。", "我不是厨师，只是常给邻居家做饭。"),
        ("我是一名程序员。", "我可不是律师，只是爱看法律节目。"),
        ("I'm an architect in Bath.", "Not that I'm a plumber, I just fixed our own tap."),
    ],
)
def test_with_e5_the_job_stays_current_after_a_denial(
    e5_mem: HybridMemory, clock: FakeClock, value: str, aside: str
) -> None:
    value_then_aside(e5_mem, clock, value, "user.job", aside)
