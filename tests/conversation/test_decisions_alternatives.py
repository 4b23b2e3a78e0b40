"""A choice told by the act that commits to it settles what was weighed (issue 38, decide19).

Two readings of the conversation ingest: what a committing act names includes its
prepositional complements ("paid the deposit on the golf club", 跟海淀驾校签了合同), not a
topic's ("told Jess about the golf club"); and an option offered in a turn of its own, with a
closing "too" / "as well" / "though" or 也 ("the Anytime Fitness by the station has a pool as
well", 九阳的也不错), is settled by a later choice acting on it. Real SQLite and Chroma in
tmp_path, multilingual-e5 (the ``e5`` fixture), injected time, both languages. The examples
are written for these tests, not taken from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.conversation import alternatives
from hybridmem.conversation.decisions import settles
from hybridmem.conversation.options import names_an_option
from tests.companion_chats import assert_choice_settles, say_daily

START = datetime(2025, 10, 1, 20, 0, tzinfo=UTC)

COMPLEMENT = {
    "en": (
        [
            ("d1", "user", "party planning. torn between the community hall or the golf club"),
            ("d2", "assistant", "The golf club has parking, the hall is cheaper."),
            ("f1", "user", "mum prefers the hall, of course"),
            ("f2", "assistant", "Mums usually do."),
            ("d3", "user", "paid the deposit on the golf club, so that is booked"),
        ],
        "where is the party being held?",
    ),
    "zh": (
        [
            ("d1", "user", "学车的事还在纠结，报东方驾校还是海淀那家"),
            ("d2", "assistant", "看哪个离家近。"),
            ("f1", "user", "东方驾校的教练口碑好一点"),
            ("f2", "assistant", "教练很关键。"),
            ("d3", "user", "跟海淀那家签了合同，下周练科目二"),
        ],
        "我报的哪个驾校？",
    ),
}

OFFERED = {
    "en": (
        [
            ("d1", "user", "need a new gym. went to see FitHub on monday"),
            ("d2", "assistant", "How was it?"),
            ("d3", "user", "the Anytime Fitness by the station has a pool as well"),
            ("d4", "assistant", "A pool is a nice extra."),
            ("d5", "user", "signed up at the Anytime Fitness by the station"),
        ],
        "which gym did I sign up at?",
    ),
    "zh": (
        [
            ("d1", "user", "想买个空气炸锅，在看美的那款"),
            ("d2", "assistant", "美的那款容量挺大。"),
            ("d3", "user", "同事说九阳的也不错，还便宜"),
            ("d4", "assistant", "便宜又好用就行。"),
            ("d5", "user", "最后买了九阳的"),
        ],
        "我买的哪个牌子的空气炸锅？",
    ),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_committing_act_names_its_complement(
    chat: tuple[HybridMemory, FakeClock], lang: str
) -> None:
    mem, clock = chat
    turns, question = COMPLEMENT[lang]
    task_id = say_daily(mem, clock, START, turns)
    assert_choice_settles(mem, task_id, question)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_choice_settles_an_option_offered_in_its_own_turn(
    chat: tuple[HybridMemory, FakeClock], lang: str
) -> None:
    mem, clock = chat
    turns, question = OFFERED[lang]
    task_id = say_daily(mem, clock, START, turns)
    assert_choice_settles(mem, task_id, question, choice="d5", weighing="d3")


def test_a_topic_is_not_what_was_chosen() -> None:
    weighing = "torn between the community hall or the golf club"
    assert names_an_option("paid the deposit on the golf club", weighing)
    assert not names_an_option("told Jess about the golf club", weighing)


@pytest.mark.parametrize(
    ("clause", "offers"),
    [
        ("the Anytime Fitness by the station has a pool as well", True),
        ("a friend swears by the Tuesday class though", True),
        ("同事说九阳的也不错", True),
        # The speaker's own act added to another, a degree, a concession: nothing offered.
        ("and now I need a new kettle too", False),
        ("that one is too expensive", False),
        ("我也想去", False),
    ],
)
def test_what_offers_an_option(clause: str, offers: bool) -> None:
    assert bool(alternatives.offered(clause)) is offers


@pytest.mark.parametrize(
    ("decision", "earlier"),
    [
        # Named only as the subject of someone else's act, not acted on.
        ("Anna's new bike arrived today.", "Anna wants a new bike too"),
        ("新沙发送到了", "新沙发也要买"),
        # A negated clause offers nothing.
        ("booked the Lisbon flights.", "no flights to Lisbon yet though"),
    ],
)
def test_what_an_offered_option_is_not_settled_by(decision: str, earlier: str) -> None:
    assert not settles(decision, earlier)
