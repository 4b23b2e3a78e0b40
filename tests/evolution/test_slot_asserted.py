"""A remark that mentions an attribute without asserting the speaker's value gives none (issue 38).

Probing blind2 lost "where do I work again?" because "the shop guys think i'm a hippie now" was
filed as the job and demoted "I fix bikes for a living"; a concession (那是我自己租的房子) became
the residence and "I'm not a swimmer though" the job. Another person's view of the speaker, a
negated copula with no change of state and a demonstrative subject assert no value:
the clause is dropped before the slot rules read the statement. The sentences here are none of
the benchmark sets'.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import U, first_hit, value_then_aside


@pytest.mark.parametrize(
    "text",
    [
        "the lads at the marina think i'm a pirate now",  # another person's view
        "Everybody at choir reckons I'm a born conductor.",
        "I'm not a runner though, I just walk the dog.",  # a denial
        "I'm no carpenter, the shelf fell down twice.",
        "Maybe, though it's only my rented room.",  # a demonstrative subject
        "亲戚们都觉得我是个当官的料。",
        "我又不是会计，这些账我看不懂。",
        "也许吧，但那是我自己掏钱租的屋子。",
        "是啊，不过那屋子也是租的。",
    ],
)
def test_a_clause_asserting_no_value_of_the_speaker_gives_no_slot(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.open, text  # the slot model is not asked either


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I'm not a welder anymore, I retrained as an electrician.", "user.job"),  # a change
        ("I'm no longer a teacher.", "user.job"),
        ("I'm a nurse at the children's hospital now.", "user.job"),
        ("Turns out I'm a site manager now.", "user.job"),  # no other subject
        ("I think I'm a paramedic for good now.", "user.job"),  # the speaker's own view
        ("我不是老师了，现在做护士。", "user.job"),
        ("我不再是程序员了。", "user.job"),
        ("我觉得我是个合格的厨师了。", "user.job"),
        ("老板让我当主管了。", "user.job"),
        ("决定搬到萧山了，下周交钥匙。", "user.residence"),
    ],
)
def test_a_value_the_speaker_asserts_is_read_as_before(text: str, slot: str) -> None:
    assert infer(text).slot == slot, text


@pytest.mark.parametrize(
    ("question", "slot"),
    [
        ("What do I do for a living?", "user.job"),
        ("Is it still the flat on Mill Road I rent?", "user.residence"),
        ("我现在住哪儿来着？", "user.residence"),
        ("我是不是还在那家公司上班？", "user.workplace"),
    ],
)
def test_a_question_still_names_the_attribute_it_asks_about(question: str, slot: str) -> None:
    # retrieval reads the asked attribute with the same rules (retrieval.attributes)
    assert infer(question).slot == slot, question


def test_with_e5_another_persons_view_keeps_the_job_current(
    e5_mem: HybridMemory, clock: FakeClock
) -> None:
    for fact in ("I've got a tabby called Moss.", "I live above a launderette in Hull."):
        e5_mem.add(fact, node_type="fact", user_id=U)
    job, _ = value_then_aside(
        e5_mem,
        clock,
        "I repair old sailing boats for a living.",
        "user.job",
        "the lads at the marina think i'm a pirate now",
    )
    assert first_hit(e5_mem, "What do I do for work?") == job.id


def test_with_e5_a_concession_keeps_the_move_current(
    e5_mem: HybridMemory, clock: FakeClock
) -> None:
    e5_mem.add("我养了一只橘猫。", node_type="fact", user_id=U)
    value_then_aside(
        e5_mem,
        clock,
        "我搬到龙华了，租了个两居室。",
        "user.residence",
        "也许吧，但那是我自己掏钱租的屋子。",
    )
