"""The clauses of an utterance read one by one (issue 38, helper speech16).

A clause break beside a plain want made the whole utterance a passing want, so the standing
fact beside it ("I'm a pharmacist, I want to open my own shop", 我是程序员，我想转做产品经理)
was withheld from retrieval with it; a fronted adverbial ("As a parent, I want…", 长远来看，我想…)
counted as such a clause. And 还是 after a bare topic ("still", 周末聚会还是在小王家) was read as
the "A or B" of a question. Each clause beside the want is now read alone, and 还是 by the
words around it; a state of the moment beside a want, and a real alternative question, read
as before. Sentences written for these tests, not taken from the labelled set.
"""

from __future__ import annotations

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.speech.acts import SpeechAct, classify

FACT_BESIDE_WANT = [
    "I'm a pharmacist, I want to open my own shop.",
    "My husband is a pilot, so I want a house near the airport.",
    "I'm an only child, but I want three kids.",
    "我是程序员，我想转做产品经理。",
    "我是会计，然后想考个CPA。",
    "我们是双职工，想请个保姆。",
]
ADVERBIAL_BEFORE_WANT = [
    "Money-wise, I want to pay off the mortgage first.",
    "As a parent, I want a house near a good school.",
    "长远来看，我想自己当老板。",
    "对我来说，我想要一份稳定的工作。",
]
HAISHI_STILL = [
    "周末聚会还是在小王家",
    "婚礼还是在老家办。",
    "早饭还是吃包子",
    # A time word or localizer before 还是 and a word of another class after it: no "A or B".
    "晚上还是面馆的牛肉面实在",
    "周末还是老地方吃火锅",
    "下午还是美式提神",
]


@pytest.mark.parametrize("text", FACT_BESIDE_WANT + ADVERBIAL_BEFORE_WANT)
def test_a_want_beside_a_standing_fact_or_an_adverbial_is_kept(text: str) -> None:
    result = classify(text)
    assert result.is_assertive, (text, result.act, result.cues)


@pytest.mark.parametrize(
    "text",
    [
        # A state of the moment, an episode, a verbless remark, a place of the moment.
        "I'm freezing, I want my blanket.",
        "Long shift, I want my bed.",
        "Finished the report, I want a beer.",
        "I finished the report, I want a beer.",
        "I'm at the station, I want a coffee.",
        "Tonight, I want pizza.",
        # Time and place phrases and speech-act adverbs before a want place it as a clause does.
        "After that meeting, I want a drink.",
        "On the way home, I want to grab a burger.",
        "For lunch, I want sushi.",
        "Seriously, I want a nap.",
        "Honestly, I just want to sleep.",
        "说真的，我就想睡一觉。",
        "我好饿，想吃火锅。",
        "我加了一晚上班，想睡觉。",
        "我在高铁站，想买杯咖啡。",
        "手机没电了，想找个充电宝。",
        # A present-tense clause that is no predicate nominal: a bodily state has the grammar
        # of a standing fact ("I have a headache" / "I have a son"), so it still places the want.
        "I have a headache, I want to lie down.",
        "My back hurts, I want a massage.",
        "我腿疼，想坐下。",
        "我在超市，想买点水果。",
    ],
)
def test_a_want_beside_a_state_of_the_moment_stays_passing(text: str) -> None:
    result = classify(text)
    assert result.act is SpeechAct.EMOTION, (text, result.act, result.cues)


@pytest.mark.parametrize("text", HAISHI_STILL)
def test_haishi_after_a_bare_topic_states(text: str) -> None:
    result = classify(text)
    assert result.is_assertive, (text, result.act, result.cues)


@pytest.mark.parametrize(
    "text",
    [
        "周末聚会去小王家还是小李家",
        "体检是去社区医院还是去三甲医院",
        "七点的还是八点的电影",
        "坐高铁还是坐飞机快",
        "我们还是去吃火锅吗",
        # Like with like after a time word: two times, two places, with or without a predicate.
        "早上还是晚上",
        "中午还是晚上去健身房",
        "周六还是周日方便",
        "晚上在家吃还是出去吃",
    ],
)
def test_haishi_joining_two_alternatives_still_asks(text: str) -> None:
    assert classify(text).act is SpeechAct.QUESTION, classify(text).cues


def test_the_writer_keeps_the_fact_beside_a_want_and_not_the_passing_want(tmp_path, clock) -> None:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        kept = [
            mem.add(text, node_type="fact", user_id="u1")
            for text in (*FACT_BESIDE_WANT[:2], FACT_BESIDE_WANT[3], HAISHI_STILL[0])
        ]
        passing = [
            mem.add(text, node_type="fact", user_id="u1")
            for text in ("I'm freezing, I want my blanket.", "我好饿，想吃火锅。")
        ]
        assert [n.status for n in kept] == ["active"] * len(kept)
        assert [n.status for n in passing] == ["candidate"] * len(passing)


def test_with_e5_the_questions_that_need_those_facts_get_them_first(tmp_path, clock) -> None:
    """The default model, real SQLite and Chroma: the job beside a want and the place said
    with 还是 answer the questions about them."""
    with HybridMemory(tmp_path / "m", embedder=MultilingualE5Embedder(), clock=clock) as mem:
        for text in (
            "I'm a pharmacist, I want to open my own shop.",
            "I live in Bristol with my sister.",
            "I play badminton on Thursdays.",
        ):
            mem.add(text, node_type="fact", user_id="en")
        for text in ("我是程序员，我想转做产品经理。", "周末聚会还是在小王家", "我住在杭州。"):
            mem.add(text, node_type="fact", user_id="zh")

        def first(question: str, user: str) -> str:
            hits = mem.retrieve(question, user_id=user, top_k=3).hits
            assert hits, question
            return hits[0].node.content

        assert first("What do I do for work?", "en") == FACT_BESIDE_WANT[0]
        assert first("我是做什么工作的？", "zh") == FACT_BESIDE_WANT[3]
        assert first("周末聚会在谁家？", "zh") == HAISHI_STILL[0]
