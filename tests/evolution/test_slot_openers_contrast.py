"""A sentence adverb opening a statement, the asserted clause of a contrast, a quantifier after a
category word, a proper noun as the head of "I'm a …", and a machine or post worked at a site.

slot_blind16 and slot_blind17 (issue 38, slots23 and slots24) had "Never got on with espresso,
but …" read as someone else's statement ("Never" taken for a name), 对咖啡没啥兴趣，就是…普洱 filed
as coffee, "I'm a lapsed Catholic" as the job and "I operate the tower crane on a housing site"
as no job. The sentences here are not the sets'.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.slots.rules import infer

U = "u1"


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        # A sentence adverb, then a subjectless clause: the speaker's value.
        ("Luckily moved to Bristol before the prices went up.", "user.residence"),
        ("Apparently moved to Gdansk for good, renting near the shipyard.", "user.residence"),
        ("Honestly switched to decaf last spring, I sleep better.", "pref.coffee"),
        # A quantifier opens its own phrase: the category word before it is the head.
        ("I take a mint tea most nights.", "pref.tea"),
        ("I have an oat latte all morning.", "pref.coffee"),
        # The asserted clause of a contrast gives the slot, not the conceded one.
        ("I was never into coffee, but I get through a pot of oolong a day.", "pref.tea"),
        ("我对咖啡一直没感觉，不过每天都要喝两杯铁观音。", "pref.tea"),
        # A machine driven, operated or worked at a site or for an employer: the job.
        ("I operate the dredger on a gravel pit near Newark.", "user.job"),
        ("I work the deli counter at a Waitrose in Bath.", "user.job"),
        ("I drive the night bus for Stagecoach.", "user.job"),
        ("我在钢厂开行车吊，两班倒。", "user.job"),
    ],
)
def test_the_speakers_value_is_read(text: str, slot: str) -> None:
    assert infer(text).slot == slot, text


@pytest.mark.parametrize(
    "text",
    [
        "Honestly Priya moved to Dundee last year.",  # a name after the adverb is still a name
        "Apparently my nephew became a plumber.",  # a subject after the adverb is still one
        "Emily moved to Leeds in June.",  # a name ending in -ly is no adverb
    ],
)
def test_someone_elses_statement_stays_theirs(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.about_user, text


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I'm a Senior Software Engineer.", "user.job"),  # Title Case: still the job
        ("I drive a Fiesta on the school run.", "user.vehicle"),  # a journey, not a site
        ("I drive the car on Sundays.", "user.vehicle"),  # a time, not a site
        ("I'm a vegan, but it's hard at Christmas.", "user.diet"),  # no value after "but"
        ("我就是老师。", "user.job"),  # 就是 inside a clause: the copula
    ],
)
def test_other_readings_stand(text: str, slot: str) -> None:
    assert infer(text).slot == slot, text


@pytest.mark.parametrize(
    "text", ["I'm a lapsed Methodist.", "I'm a proud Glaswegian.", "I'm an Aquarian."]
)
def test_a_proper_noun_after_im_a_is_no_job_form(text: str) -> None:
    assert infer(text).slot != "user.job", text


@pytest.mark.parametrize(
    ("old", "new", "slot"),
    [
        (
            "I drink builder's tea.",
            "I was never into coffee, but a jasmine tea most days now.",
            "pref.tea",
        ),
        (
            "I'm a bus driver.",
            "I operate the tower crane on a building site in Salford.",
            "user.job",
        ),
        (
            "I live in Leeds.",
            "Eventually moved to York, got a flat by the minster.",
            "user.residence",
        ),
    ],
)
def test_with_e5_the_new_value_becomes_current(
    tmp_path: Path,
    clock: FakeClock,
    e5: MultilingualE5Embedder,
    old: str,
    new: str,
    slot: str,
) -> None:
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        first = mem.add(old, node_type="fact", user_id=U)
        assert first.conflict_group == f"slot:{slot}"
        clock.advance(days=2)
        second = mem.add(new, node_type="fact", user_id=U)
        assert second.conflict_group == first.conflict_group
        current = mem.current_value(slot, user_id=U)
        assert current is not None and current.id == second.id
