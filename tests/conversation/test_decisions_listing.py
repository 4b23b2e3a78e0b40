"""Options listed with 、 under a verb of choosing, or named by 一个是 … 一个是 …, are what the
user weighed (issue 38).

书法、钢琴、围棋，纠结死了 and 看了两套，一个是A，一个是B join their options with no conjunction;
a later choice of one of them said without a change word settles the weighing. Real SQLite and
Chroma in tmp_path, multilingual-e5 (the ``e5`` fixture), injected time. Both forms are
Chinese; the English cases check that an English turn reads as before. The examples are
written for these tests, not taken from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.conversation import decisions
from tests.companion_chats import assert_choice_settles, citing, say_daily

START = datetime(2025, 9, 1, 20, 0, tzinfo=UTC)


CASES = {
    "list": (
        [
            ("d1", "user", "给儿子报兴趣班，美术、游泳、编程，纠结好几天了"),
            ("d2", "assistant", "可以问问他自己最想学哪个。"),
            ("f1", "user", "他自己也说不清楚"),
            ("f2", "assistant", "那可以先试听一下。"),
            ("d3", "user", "最后给他报了编程，周六上午上课"),
        ],
        "儿子报的什么兴趣班？",
    ),
    "pair": (
        [
            ("d1", "user", "看了两辆二手车，一个是白色的本田，一个是黑色的大众"),
            ("d2", "assistant", "两个牌子都比较省心。车况怎么样？"),
            ("f1", "user", "都还行，公里数差不多"),
            ("f2", "assistant", "那就看价格和保养记录。"),
            ("d3", "user", "黑色的大众提回来了，开着很稳"),
        ],
        "我买的哪辆二手车？",
    ),
}


@pytest.mark.parametrize("form", ["list", "pair"])
def test_a_choice_settles_options_listed_or_paired(
    chat: tuple[HybridMemory, FakeClock], form: str
) -> None:
    mem, clock = chat
    turns, question = CASES[form]
    task_id = say_daily(mem, clock, START, turns)
    # The choice is a fact of the user's, in one value group with the options it settles,
    # and asked later it ranks above them.
    assert_choice_settles(mem, task_id, question)


# A list with no verb of choosing enumerates (places been to), it weighs nothing; an English
# comma list is read as before (by its "or" / "between" / "and" under a verb of choosing only).
GUARDS = {
    "zh": [
        ("d1", "user", "这几年去过云南、桂林、张家界，都挺好玩"),
        ("d2", "assistant", "都是好地方。"),
        ("d3", "user", "今年又去了桂林，还是那么美"),
    ],
    "en": [
        ("d1", "user", "been to Lisbon, Porto, Seville over the years, loved them all"),
        ("d2", "assistant", "Lovely cities."),
        ("d3", "user", "went back to Porto this spring, still gorgeous"),
    ],
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_list_with_no_choice_to_make_settles_nothing(
    chat: tuple[HybridMemory, FakeClock], lang: str
) -> None:
    mem, clock = chat
    say_daily(mem, clock, START, GUARDS[lang])
    assert not [n for n in citing(mem, "d3", "fact") if n.metadata.get("slot", "")[:7] == "choice."]
    for event in citing(mem, "d1", "event"):
        assert "demoted_by" not in event.metadata


@pytest.mark.parametrize(
    ("sentence", "deliberation", "settled"),
    [
        ("最后给他报了编程", "给儿子报兴趣班，美术、游泳、编程，纠结好几天了", True),
        ("游泳报了", "美术、游泳、编程，我在挑", True),
        ("学区房那套签了", "看了两套，一个是滨江的新房，一个是老城区的学区房", True),
        ("外企的offer接了", "两个offer，一个是杭州的国企，另一个是上海的外企", True),
        # No verb of choosing over the list: an enumeration.
        ("今年又去了桂林", "这几年去过云南、桂林、张家界", False),
        # A choice already made is no weighing (选了: the past of the verb of choosing).
        ("编程报了", "美术、游泳、编程，最后选了编程", False),
        # One member named by 一个是 alone is no pair.
        ("学区房那套签了", "看了两套，一个是老城区的学区房，还不错", False),
        ("went back to Porto", "been to Lisbon, Porto, Seville, torn about this year", False),
    ],
)
def test_options_listed_or_paired(sentence: str, deliberation: str, settled: bool) -> None:
    assert decisions.settles(sentence, deliberation) is settled
