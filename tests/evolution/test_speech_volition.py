"""A want of the speaker's is passing unless its aspect says it lasts (issue 38).

Sentences written for these tests, not taken from the labelled set's blind batches.
"""

from __future__ import annotations

import pytest

from hybridmem.evolution.speech.acts import SpeechAct, classify


@pytest.mark.parametrize(
    "text",
    [
        # No appetite word at all: the want is read by its construction, not by what is wanted.
        "ugh, I just want to lie on the sofa and do nothing",
        "long day. I wanna go home",
        "I could use a long walk after this call",
        "feeling like noodles for dinner",
        "I'd love a quiet evening for once",
        "I need a coffee right now",
        "加班到现在，只想回家躺着",
        "好想出去走走",
        "下雨了，我想窝在家里看电影",
        "今晚不想出门了",
        "现在特别需要一杯热茶",
    ],
)
def test_a_want_of_the_moment_is_not_stored_as_a_taste(text: str) -> None:
    result = classify(text)
    assert not result.is_assertive, (text, result.act, result.cues)


@pytest.mark.parametrize(
    "text",
    [
        # A habitual or generic marker makes the same want a standing one...
        "I always want a quiet room when I travel",
        "On Sunday mornings I want nothing but pancakes",
        "I never want the middle seat",
        "我一直想要一间朝南的卧室",
        "我一下雨就想吃火锅",
        "我不想周三晚上加班",
    ],
)
def test_a_habitual_want_is_a_preference(text: str) -> None:
    assert classify(text).act is SpeechAct.PREFERENCE, classify(text).cues


@pytest.mark.parametrize(
    ("text", "act"),
    [
        # ...a future time makes it a wish, a third party's want stays a fact about them, a
        # standing need is not a passing one, and a want that asks the agent to act is left to
        # the other rules.
        ("I want to open a bakery someday", SpeechAct.HYPOTHETICAL),
        ("以后想去冰岛看极光", SpeechAct.HYPOTHETICAL),
        ("My son wants a bike for his birthday", SpeechAct.ASSERTION),
        ("我女儿周末想去动物园", SpeechAct.ASSERTION),
        ("I need a desk that faces the window", SpeechAct.ASSERTION),
        ("I want you to book the 9am train", SpeechAct.INSTRUCTION),
        # 想 as "think" before a clause, and a need to do something, are no wants at all.
        ("我想应该是周五", SpeechAct.ASSERTION),
        ("我想他是对的", SpeechAct.ASSERTION),
        ("I need to pick up my kid at 5 today", SpeechAct.ASSERTION),
        ("我今天需要加班", SpeechAct.ASSERTION),
    ],
)
def test_a_want_in_the_future_or_of_someone_else_is_not_a_passing_one(
    text: str, act: SpeechAct
) -> None:
    assert classify(text).act is act, classify(text).cues


@pytest.mark.parametrize(
    "text",
    [
        "so done with today, I just want to crawl into bed",
        # "until now" is a span, not a change: its clause commits the speaker to nothing.
        "been in meetings until now, I just want my bed",
        "加班到现在，只想回家躺着",
        "好想出去走走",
    ],
)
def test_a_passing_want_filed_as_a_fact_stays_a_candidate(mem, text: str) -> None:
    # Through the writer: the agent files the remark as a fact; the speech act keeps it out of
    # long-term memory (a candidate, not an active long-term fact).
    node = mem.add(text, node_type="fact", user_id="u1")
    assert node.marks["speech_act"] == "emotion"
    assert node.status == "candidate" and "committed_clause" not in node.metadata


def test_a_habitual_want_filed_as_a_fact_is_kept(mem) -> None:
    node = mem.add("我一下雨就想吃火锅", node_type="fact", user_id="u1")
    assert node.marks["speech_act"] == "preference"
    assert node.status == "active"


@pytest.mark.parametrize(
    "text", ["I want to learn Spanish.", "I want to buy a house.", "我想学日语。", "我想换个工作。"]
)
def test_a_plain_want_said_on_its_own_is_not_read_as_passing(text: str) -> None:
    """A plain want placed in no moment (no now, no state, no clause beside it) states a goal
    as often as a whim: read as passing it was kept as a low-weight candidate, out of
    retrieval, and "What language do I want to learn?" found nothing."""
    assert classify(text).act is not SpeechAct.EMOTION


def test_a_goal_stated_as_a_plain_want_is_found_again(tmp_path, clock) -> None:
    from hybridmem import HashEmbedder, HybridMemory

    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        goal = mem.add("I want to learn Spanish.", user_id="u1", node_type="fact")
        mood = mem.add("I'm starving, I want a burger.", user_id="u1", node_type="fact")
        assert goal.status == "active" and mood.status == "candidate"
        hits = mem.retrieve("What language do I want to learn?", user_id="u1").hits
        assert goal.id in [h.node.id for h in hits]
