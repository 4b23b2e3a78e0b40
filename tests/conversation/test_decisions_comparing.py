"""Options set side by side with no disjunction are settled by the choice made later (issue 38,
decide20).

Three readings of the conversation ingest: things compared ("Apex came in cheaper than
Roofright", 海尔比美的贵三百), said of both (海豚和飞鱼都试听了, "are both on the list"), one of
each ("one from a breeder in Kent and one from the rescue in Dover") or given parallel clauses
(回龙观那套大一点，天通苑那套便宜) are what a later choice naming one of them settles; a verb of
comparing ("comparing the Kindle and the Kobo", 比来比去) joins its conjuncts as a verb of
choosing does; and the turn of the first option ("tried a lesson with Mrs Hale") is settled
with the one offered beside it ("the music school … does lessons too"). Real SQLite and Chroma
in tmp_path, multilingual-e5 (the ``e5`` fixture), injected time, both languages. The examples
are written for these tests, not taken from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.conversation.comparing import compared
from hybridmem.conversation.decisions import settles, weighed
from tests.companion_chats import assert_choice_settles, say_daily

START = datetime(2025, 11, 3, 19, 0, tzinfo=UTC)

COMPARED = {
    "en": (
        [
            ("d1", "user", "got two quotes for the roof. Apex came in cheaper than Roofright"),
            ("d2", "assistant", "Check what each includes."),
            ("f1", "user", "the gutters need doing as well"),
            ("f2", "assistant", "Worth asking them to quote for that too."),
            ("d3", "user", "hired Apex in the end, they start on monday"),
        ],
        "who is doing the roof?",
    ),
    "zh": (
        [
            ("d1", "user", "热水器在看，海尔比美的贵三百"),
            ("d2", "assistant", "海尔的售后口碑不错。"),
            ("f1", "user", "卫生间的灯也坏了"),
            ("f2", "assistant", "顺便一起换了吧。"),
            ("d3", "user", "最后装了海尔的，师傅昨天装的"),
        ],
        "家里装的什么热水器？",
    ),
}

BOTH = {
    "en": (
        [
            (
                "d1",
                "user",
                "bank holiday trip: Snowdonia and the Peak District are both on the list",
            ),
            ("d2", "assistant", "Snowdonia is wilder, the Peaks are closer."),
            ("f1", "user", "need new walking boots first"),
            ("f2", "assistant", "Break them in before the trip."),
            ("d3", "user", "booked a cottage in Snowdonia for the bank holiday"),
        ],
        "where are we going for the bank holiday?",
    ),
    "zh": (
        [
            ("d1", "user", "小区附近两个游泳班，海豚和飞鱼都试听了"),
            ("d2", "assistant", "孩子更喜欢哪个？"),
            ("f1", "user", "儿子最近长高了不少"),
            ("f2", "assistant", "正是长身体的时候。"),
            ("d3", "user", "给儿子报了飞鱼，周六上课"),
        ],
        "儿子在哪学游泳？",
    ),
}


FIRST = {
    "en": (
        [
            ("d1", "user", "need a piano teacher for Sam. tried a lesson with Mrs Hale on tuesday"),
            ("d2", "assistant", "How did Sam like her?"),
            ("d3", "user", "the music school on Park Road does lessons too"),
            ("d4", "assistant", "Worth a look."),
            ("d5", "user", "signed Sam up at the music school on Park Road"),
        ],
        "who teaches Sam piano?",
    ),
    "zh": (
        [
            ("d1", "user", "想给儿子找个游泳教练，试了体育馆的张教练"),
            ("d2", "assistant", "儿子觉得怎么样？"),
            ("d3", "user", "小区会所的刘教练也可以上门"),
            ("d4", "assistant", "上门省事。"),
            ("d5", "user", "最后给儿子定了刘教练，每周两次"),
        ],
        "儿子跟哪个教练学游泳？",
    ),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_choice_settles_a_comparison(chat: tuple[HybridMemory, FakeClock], lang: str) -> None:
    mem, clock = chat
    turns, question = COMPARED[lang]
    task_id = say_daily(mem, clock, START, turns)
    assert_choice_settles(mem, task_id, question)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_choice_settles_what_was_said_of_both(
    chat: tuple[HybridMemory, FakeClock], lang: str
) -> None:
    mem, clock = chat
    turns, question = BOTH[lang]
    task_id = say_daily(mem, clock, START, turns)
    assert_choice_settles(mem, task_id, question)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_first_options_own_turn_is_settled_with_the_offered_one(
    chat: tuple[HybridMemory, FakeClock], lang: str
) -> None:
    # "too" / 也 presupposes an option already said: the speaker's earlier turn about the same
    # person is the other option, demoted with the offered turn.
    mem, clock = chat
    turns, question = FIRST[lang]
    task_id = say_daily(mem, clock, START, turns)
    fact = assert_choice_settles(mem, task_id, question, choice="d5", weighing="d3")
    assert_choice_settles(mem, task_id, question, choice="d5", weighing="d1")
    assert fact.conflict_group is not None


@pytest.mark.parametrize(
    ("decision", "earlier"),
    [
        (
            "adopted the one from the rescue last weekend",
            "saw two puppies today, one from a breeder in Kent and one from the rescue in Dover",
        ),
        ("定了天通苑那套，下个月搬", "看了两套房，回龙观那套大一点，天通苑那套便宜"),
        # A verb of comparing joins its conjuncts as a verb of choosing does.
        ("bought the Kobo on sale", "comparing the Kindle and the Kobo for my reading"),
        ("买了华为的，拍照好", "苹果跟华为比来比去"),
    ],
)
def test_one_of_each_parallel_clauses_and_comparing_are_settled(
    decision: str, earlier: str
) -> None:
    assert settles(decision, earlier)


@pytest.mark.parametrize(
    "text",
    [
        # Complex prepositions and quantities: no two things compared.
        "I'd rather take the train than drive",
        "it took more than 2 hours",
        # The people doing something together are not options.
        "Priya and I both love Porto",
        "我和老婆都喜欢吃辣",
        # Two clauses with no shared head: no contrasted topics.
        "生活很累，工作很累",
    ],
)
def test_what_sets_nothing_side_by_side(text: str) -> None:
    assert compared(text) == []


def test_a_comparison_inside_a_choice_leaves_it_a_choice() -> None:
    # Comparisons only serve what a later choice settles: they weigh nothing themselves.
    assert weighed("booked the Brixton one, it was cheaper than Clapham") == []
    assert weighed("这家比较贵") == []
