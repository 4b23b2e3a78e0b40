"""A category word that modifies another noun, or names someone else's thing, states no value.

"I run a dairy farm" was filed under the diet (by "dairy"), so the writer grouped it with the
user's real diet and retrieval hid the older of the two; "a vegan burger", "a tea party",
公司聚餐 and 我哥的新房子 were filed the same way. The value of an attribute is the head of the
phrase the predicate states, not a word that says what kind of thing another noun is.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import first_hit, value_then_aside

MODIFIERS = [
    "I tried a vegan burger at the festival",
    "We're hosting a tea party for my niece",
    "We still need a moving date from the landlord.",
    "I need a new office printer for the spare room.",
    "I visited my brother's new flat in Leeds",
    "We borrowed the Hendersons' car for the weekend.",
    "今天公司聚餐吃的火锅",
    "我们公司楼下新开了一家星巴克",
    "我去看了我哥的新房子",
    "快递放到小区门口的丰巢柜。",
    "我们单位食堂的菜越来越难吃了",
]


@pytest.mark.parametrize("text", MODIFIERS)
def test_a_modifier_or_someone_elses_thing_settles_no_slot(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and guess.about_user
    assert not guess.open  # decided: the slot model is not asked


def test_a_business_named_by_a_modifier_is_the_job_not_the_diet() -> None:
    # "dairy" only says what kind of farm it is; the farm the speaker runs is the job (trades.py).
    assert infer("I run a dairy farm near Okehampton with about ninety cows.").slot == "user.job"


STILL_STATED = [
    ("I take my coffee black now", "pref.coffee"),
    ("I'm more of a tea person", "pref.tea"),
    ("I went vegan last month", "user.diet"),
    ("I'm on a vegan diet these days.", "user.diet"),
    ("I drive a Tesla now", "user.vehicle"),
    ("I moved into my sister's flat in Hove.", "user.residence"),
    ("I work from home full time now", "user.workplace"),
    ("my address changed, I'm on Elm Street now", "user.residence"),
    ("Builder's tea, two sugars, is what keeps me going", "pref.tea"),
    ("我住公司宿舍", "user.residence"),
    ("我是素食主义者", "user.diet"),
    ("我在公司上班。", "user.workplace"),
    ("公司搬到了望京", "user.workplace"),
    ("六月份我调去了北京办公室", "user.workplace"),
    ("我家在杭州", "user.residence"),
]


@pytest.mark.parametrize(("text", "slot"), STILL_STATED)
def test_a_value_stated_as_the_phrases_head_keeps_its_slot(text: str, slot: str) -> None:
    assert infer(text).slot == slot


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("Flat whites are my thing now, not lattes", "pref.coffee"),
        ("I switched to oat flat whites", "pref.coffee"),
        ("现在住的是单位宿舍", "user.residence"),
    ],
)
def test_a_modifier_no_longer_takes_the_head_to_another_slot(text: str, slot: str) -> None:
    assert infer(text).slot == slot


@pytest.mark.parametrize(
    ("value", "slot", "aside"),
    [
        ("I'm vegetarian.", "user.diet", "I run a dairy farm near Okehampton."),
        ("I drink green tea.", "pref.tea", "We're hosting a tea party for my niece."),
        ("I live in a flat in Salford.", "user.residence", "I visited my brother's new flat."),
        ("我在字节上班。", "user.workplace", "今天公司聚餐吃的火锅。"),
        ("我住在深圳南山。", "user.residence", "我去看了我哥的新房子。"),
    ],
)
def test_the_value_stays_current_after_a_statement_that_only_modifies_with_its_word(
    tmp_path: Path, clock: FakeClock, value: str, slot: str, aside: str
) -> None:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        value_then_aside(mem, clock, value, slot, aside)


@pytest.mark.parametrize(
    ("value", "slot", "aside", "aside_slot", "question"),
    [
        (
            "I'm vegetarian.",
            "user.diet",
            "I run a dairy farm near Okehampton with about ninety cows.",
            "user.job",  # the farm is the job, no diet
            "Can I have the beef lasagne?",
        ),
        ("我住在深圳南山。", "user.residence", "我去看了我哥的新房子。", None, "我住在哪儿？"),
    ],
)
def test_with_e5_the_older_value_still_answers_its_question(
    e5_mem: HybridMemory,
    clock: FakeClock,
    value: str,
    slot: str,
    aside: str,
    aside_slot: str | None,
    question: str,
) -> None:
    first, other = value_then_aside(e5_mem, clock, value, slot, aside)
    assert other.metadata.get("slot") == aside_slot  # no value of the asked attribute
    assert first_hit(e5_mem, question) == first.id
