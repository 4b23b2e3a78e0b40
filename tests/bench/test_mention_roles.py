"""The measured reading of a later remark as someone else's event about the user's value, told
by whose the remark's subject is (issue 38, helper stale19; ``benchmarks/mention_roles.py``,
not shipped). Readings without a model, on the development sets ``colloquial_thirdperson_dev``
and ``colloquial_thirdperson_dev2``; ``reading()`` restores ``mention_events``."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import mention_events, mention_roles
from benchmarks.mention_roles import names_value, older_subject, reading, role_act
from benchmarks.scenario_files import load_scenarios

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"

# (older, remark): the value itself, or a person or part of it, is the remark's subject.
REMARKS = (
    ("I buy my bread from Gail's on the corner.", "Gail's opened another bakery in Clifton."),
    ("My cleaner is Rosa.", "Rosa's daughter graduated from Bristol last week."),
    ("My pension is with Aviva.", "Aviva's chief executive stepped down."),
    ("我的按摩师是老李。", "老李的儿子考上了大学。"),
    ("我在家门口的永辉超市买菜。", "永辉超市装了一排自助收银机。"),
)
# (older, newer): a new holder acts on the user's attribute, or the attribute is the topic.
CHANGES = (
    (
        "Grandpa drives Ellie to ballet on Thursdays.",
        "Megan's mum took over the Thursday ballet run.",
    ),
    (
        "Our veg box comes from Riverford.",
        "Abel & Cole delivered the first veg box on Thursday, Riverford's cancelled.",
    ),
    (
        "My phone contract is with O2.",
        "Three ported the number across yesterday, O2's final bill arrived.",
    ),
    ("家里的水电费一直是我在交。", "水电费的事老公包了。"),
    ("家里的热水器是美的的。", "师傅上门装了台海尔的热水器，旧的拉走了。"),
)


@pytest.mark.parametrize(("older", "remark"), REMARKS)
def test_a_remark_whose_subject_is_the_value_is_someone_elses_event(
    older: str, remark: str
) -> None:
    assert names_value(remark, older)
    assert role_act(remark, [older])


@pytest.mark.parametrize(("older", "newer"), CHANGES)
def test_a_new_holder_or_the_attribute_as_subject_is_no_remark(older: str, newer: str) -> None:
    assert not role_act(newer, [older])


def test_the_older_statements_subject_is_its_attribute() -> None:
    assert older_subject("My son goes to St Anne's primary.") == "My son"
    assert older_subject("The kids' dentist is at Harbourside Dental.") == "The kids' dentist"
    assert older_subject("I bank with Nationwide.") == "I"


def test_one_clause_asks_an_old_holder_leaving_and_a_new_one_acting_apart() -> None:
    older, newer = (
        "My piano teacher is Mr Ellis.",
        ("Mr Ellis emigrated, and Hannah Price took over the Monday lessons."),
    )
    assert role_act(newer, [older])
    mention_roles.SINGLE = True
    try:
        assert not role_act(newer, [older])
    finally:
        mention_roles.SINGLE = False


def test_the_second_development_sets_changes_are_mostly_kept() -> None:
    """stale18's reading marks 11 of its 20 changes; this one 3, and with one clause 1."""
    path = DATA / "colloquial_thirdperson_dev2.json"
    marked = {sid for _p, sid, _t in mention_roles.scenario_marks([path])}
    changes = {sc.id for sc in load_scenarios(path) if "-event-" in sc.id}
    mentions = {sc.id for sc in load_scenarios(path) if "-mention-" in sc.id}
    assert len(marked & changes) <= 3
    assert len(marked & mentions) >= 12


def test_reading_marks_by_content_and_restores_mention_events() -> None:
    original = mention_events.others_event
    with reading([DATA / "colloquial_thirdperson_dev2.json"]):
        assert mention_events.others_event("Gail's opened another bakery in Clifton.")
        assert not mention_events.others_event("Megan's mum took over the Thursday ballet run.")
    assert mention_events.others_event is original


def test_english_only_leaves_a_chinese_topic_to_the_writer() -> None:
    """A topic fronted before the verb is the object of an unsaid act of the speaker's."""
    older, newer = "我妈每天给我们做晚饭。", "晚饭请了个钟点工阿姨做。"
    assert role_act(newer, [older])
    mention_roles.ENGLISH = True
    try:
        assert not role_act(newer, [older])
        assert role_act(REMARKS[0][1], [REMARKS[0][0]])
    finally:
        mention_roles.ENGLISH = False
