"""Options joined by "and" under a verb of choosing are what the user weighed (issue 38).

在A和B之间挑, A跟B我在挑, "trying to pick, A and B": no disjunction, yet a deliberation; a
later choice of one of them said without a change word settles it. Real SQLite and Chroma in
tmp_path, multilingual-e5 (the ``e5`` fixture), injected time. The examples are written for
these tests, not taken from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.conversation import decisions
from tests.companion_chats import assert_choice_settles, citing, say_daily

START = datetime(2025, 9, 1, 20, 0, tzinfo=UTC)


CASES = {
    "en": (
        [
            (
                "d1",
                "user",
                "new desk for the study, trying to pick, the walnut one and the oak one",
            ),
            ("d2", "assistant", "Both are lovely woods. How big is the room?"),
            ("f1", "user", "small, and the window faces north"),
            ("f2", "assistant", "A darker wood can make it feel cosy."),
            ("d3", "user", "ordered the walnut one in the end, it comes on Friday"),
        ],
        "which desk did I pick for my study?",
    ),
    "zh": (
        [
            ("d1", "user", "书房要买书桌，在胡桃木和白橡木之间挑"),
            ("d2", "assistant", "两种木头都很耐看。书房大吗？"),
            ("f1", "user", "不大，窗户朝北"),
            ("f2", "assistant", "深色的木头会显得温暖一些。"),
            ("d3", "user", "最后买了胡桃木那张，周五送到"),
        ],
        "我书房的书桌最后选的什么木头？",
    ),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_choice_settles_options_joined_under_a_verb_of_choosing(
    chat: tuple[HybridMemory, FakeClock], lang: str
) -> None:
    mem, clock = chat
    turns, question = CASES[lang]
    task_id = say_daily(mem, clock, START, turns)
    # The choice is a fact of the user's, in one value group with the options it settles,
    # and asked later it ranks above them.
    assert_choice_settles(mem, task_id, question)


# Coordination alone weighs nothing; nor does a choice already made, or the people choosing.
GUARDS = {
    "en": [
        ("d1", "user", "Hannah and I picked the walnut desk and the oak chairs last week"),
        ("d2", "user", "Priya and I are weighing up desks for the study"),
        ("d3", "user", "Priya found a desk at the market, and I ordered the oak chairs today"),
    ],
    "zh": [
        ("d1", "user", "我和老王去了成都和西安，玩了一个礼拜"),
        ("d2", "user", "我姐在简约款和蓬蓬裙里选了简约款"),
        ("d3", "user", "我去了成都，简约款也买了"),
    ],
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_coordination_without_a_choice_to_make_settles_nothing(
    chat: tuple[HybridMemory, FakeClock], lang: str
) -> None:
    mem, clock = chat
    say_daily(mem, clock, START, GUARDS[lang])
    assert not [n for n in citing(mem, "d3", "fact") if n.metadata.get("slot", "")[:7] == "choice."]
    for turn in ("d1", "d2"):
        for event in citing(mem, turn, "event"):
            assert "demoted_by" not in event.metadata


@pytest.mark.parametrize(
    ("sentence", "deliberation", "settled"),
    [
        ("最后买了胡桃木那张", "新书桌，胡桃木和白橡木我在挑", True),
        ("华为入手了", "小米跟华为，我在两个里面挑一个", True),
        ("苹果的下单了", "手机在苹果和三星之间挑", True),
        (
            "ordered the walnut desk in the end",
            "trying to pick, the walnut desk and the oak one",
            True,
        ),
        ("Priya found a flat", "Priya and I are weighing up flats near the park", False),
        ("我去了成都", "我和老王去了成都和西安", False),
        ("简约款买了", "我姐在简约款和蓬蓬裙里选了简约款", False),
        # A clause with a noun before its verb says something of that noun, not a choice.
        ("今天去试驾了两台车，特斯拉加速真的猛", "纠结比亚迪和特斯拉", False),
        # 了 after an adjective's degree compares, it does not act.
        ("比亚迪后排宽敞多了", "纠结比亚迪和特斯拉", False),
    ],
)
def test_options_under_a_verb_of_choosing(sentence: str, deliberation: str, settled: bool) -> None:
    assert decisions.settles(sentence, deliberation) is settled
