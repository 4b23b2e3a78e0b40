"""A choice said as a commitment without the perfective settles what was weighed (issue 38,
decide21).

Readings of the conversation ingest: the speaker's present progressive of an arrangement
("I'm going with the Fiat") is a choice made, as a preterite is, and the simple present (a
habit) or the progressive of a verb of weighing is not; so is a fronted choice ("Leith it
is!") and 就它了 (the sentence's topic); a verb closed by a result complement the tagger
misreads (跟张医生约好了: 约 tagged an adverb, 好 an adjective) names what it was done with;
"thinking about" / "considering" / 考虑 weigh the things they join, as "choose" and 选 do, but
not two acts of one plan; English parallel clauses placing two things on a scale are settled
by a choice of one (a comparative, not a number).
Real SQLite and Chroma in tmp_path, multilingual-e5 (the ``e5`` fixture), injected time, both
languages. The examples are written for these tests, not taken from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from hybridmem import FakeClock, HybridMemory, lexical
from hybridmem.conversation.committing import zh_complemented
from hybridmem.conversation.decisions import decides, settles, weighed
from hybridmem.conversation.extract import RuleExtractor
from tests.companion_chats import assert_choice_settles, say_daily

START = datetime(2025, 10, 6, 19, 0, tzinfo=UTC)

COMMITTED = {
    "en": (
        [
            ("d1", "user", "my lease is up in May. thinking about a Fiat 500 and a Toyota Aygo"),
            ("d2", "assistant", "Both are cheap to insure."),
            ("f1", "user", "the allotment is flooded again"),
            ("f2", "assistant", "Maybe raised beds next year?"),
            ("d3", "user", "I'm going with the Fiat, the garage in Hove has a white one"),
        ],
        "what car am I getting?",
    ),
    "zh": (
        [
            ("d1", "user", "膝盖疼，去骨科医院看还是找社区的张医生，拿不定主意"),
            ("d2", "assistant", "疼得厉害就去医院。"),
            ("f1", "user", "女儿这周末回来吃饭"),
            ("f2", "assistant", "好好团聚。"),
            ("d3", "user", "跟张医生约好了，周四下午过去"),
        ],
        "膝盖在哪看？",
    ),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_commitment_settles_what_was_weighed(
    chat: tuple[HybridMemory, FakeClock], lang: str
) -> None:
    mem, clock = chat
    turns, question = COMMITTED[lang]
    task_id = say_daily(mem, clock, START, turns)
    assert_choice_settles(mem, task_id, question)


@pytest.mark.parametrize(
    ("decision", "earlier"),
    [
        ("we're taking the flat in Leith", "considering the flat in Leith and the one in Gorgie"),
        ("I'm doing the evening course at the college", "the evening course or the online one?"),
        ("订了蔚来的，月底提车", "在考虑蔚来和理想"),
        ("Leith it is!", "the flat in Leith or the one in Gorgie?"),
        ("九寨沟风景最好，人也少，就它了", "国庆去九寨沟还是去稻城"),
    ],
)
def test_arrangements_and_considering_settle(decision: str, earlier: str) -> None:
    assert weighed(earlier)
    assert settles(decision, earlier)


@pytest.mark.parametrize(
    ("decision", "earlier"),
    [
        ("we bought the oak table", "the oak table is sturdier, the glass one is lighter"),
        ("ordered the Dell", "the Lenovo is faster and the Dell is lighter"),
    ],
)
def test_parallel_clauses_on_a_scale_are_settled(decision: str, earlier: str) -> None:
    # Not a weighing of the sentence itself (a comparison only serves a later choice).
    assert not weighed(earlier)
    assert settles(decision, earlier)


@pytest.mark.parametrize(
    "sentence",
    [
        # A habit in the simple present, a future of intention, a weighing still open.
        "I go with my sister to the Fiat garage every year",
        "I'm going to ask the garage about the Fiat",
        "I'm thinking about the Fiat",
        "I'm choosing between the Fiat and the Aygo",
        # Another person's progressive is theirs.
        "she's going with the Fiat",
    ],
)
def test_what_commits_to_nothing(sentence: str) -> None:
    classify = RuleExtractor().classifier.classify
    assert not decides(sentence, classify(sentence))


def test_a_degree_before_the_adjective_is_no_act() -> None:
    # 更好了 after a comitative phrase: the adjective is the predicate, nothing was done.
    tags = lexical.pos_tags("跟他关系更好了")
    assert zh_complemented(tags, len(tags) - 1) is None
    tags = lexical.pos_tags("跟张医生约好了")
    assert zh_complemented(tags, len(tags) - 1) is not None


@pytest.mark.parametrize(
    ("decision", "earlier"),
    [
        # Two acts of one plan are no options; a predicate off any scale contrasts nothing.
        ("sold the car last week", "thinking of selling the car and getting a van"),
        ("called mum yesterday", "mum is fine and dad is ok"),
        # A number gives ages or counts as often as prices: no scale of options.
        ("Bea has drawn on the sofa", "two kids, Olly's 6 and Bea's 3"),
    ],
)
def test_what_weighs_nothing_is_not_settled(decision: str, earlier: str) -> None:
    assert not settles(decision, earlier)
