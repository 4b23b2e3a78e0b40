"""Values of other people: a change of someone's attribute overturns that person's old value,
never the user's, and never another person's."""

from __future__ import annotations

import pytest

from hybridmem.evolution.slots.others import infer_other, may_join, person_of
from hybridmem.evolution.slots.rules import about_speaker

U = "u1"


@pytest.mark.parametrize(
    ("old", "new", "group"),
    [
        (
            "My sister Mara lives in Dublin.",
            "Mara moved to Lisbon last month.",
            "user.residence@mara",
        ),
        (
            "My brother works at Siemens.",
            "My brother joined a startup in Berlin.",
            "user.workplace@brother",
        ),
        ("My dad is a bus driver.", "My dad retired in May.", "user.job@dad"),
        ("My cousin Leo is engaged to Nina.", "Leo and Nina broke up.", "user.relationship@leo"),
        ("我朋友李娜吃素。", "李娜现在又开始吃肉了。", "user.diet@李娜"),
        ("我邻居王阿姨住在三楼。", "王阿姨搬去她儿子家住了。", "user.residence@王阿姨"),
        ("我哥在腾讯上班。", "我哥从腾讯离职了，去了字节。", "user.workplace@哥"),
    ],
)
def test_a_change_of_someone_elses_value_replaces_theirs(mem, clock, old, new, group):
    home = mem.add(
        "I live in Leeds" if old.isascii() else "我住在长沙", node_type="fact", user_id=U
    )
    clock.advance(days=1)
    first = mem.add(old, node_type="fact", user_id=U)
    clock.advance(days=30)
    second = mem.add(new, node_type="fact", user_id=U)
    assert first.conflict_group == second.conflict_group == f"slot:{group}"
    assert second.metadata["slot"] == group
    assert mem.current_value(group, user_id=U).id == second.id
    assert mem.get(first.id).status != "active" or mem.get(first.id).importance < second.importance
    # The user's own value is untouched.
    assert mem.get(home.id).status == "active"
    assert mem.current_value(home.metadata["slot"], user_id=U).id == home.id


def test_two_people_keep_two_values_and_the_user_keeps_theirs(mem, clock):
    anna = mem.add("My sister Anna lives in Paris.", node_type="fact", user_id=U)
    clock.advance(days=2)
    beth = mem.add("My sister Beth moved to Rome.", node_type="fact", user_id=U)
    clock.advance(days=2)
    mine = mem.add("I moved to York.", node_type="fact", user_id=U)
    groups = {anna.conflict_group, beth.conflict_group, mine.conflict_group}
    assert groups == {"slot:user.residence@anna", "slot:user.residence@beth", "slot:user.residence"}
    for node in (anna, beth, mine):
        assert mem.get(node.id).status == "active"
    assert mem.current_value("user.residence", user_id=U).id == mine.id


@pytest.mark.parametrize(
    ("text", "person", "said"),
    [
        ("My sister Mara lives in Dublin.", "mara", "I live in Dublin."),
        ("My sister, Mara, lives in Dublin.", "mara", "I live in Dublin."),
        ("My little sister lives in Rome", "sister", "I live in Rome"),
        ("My girlfriend's brother Sam lives in York.", "sam", "I live in York."),
        ("My brother-in-law Marco is single.", "marco", "I am single."),
        ("Lately my boss drinks green tea.", "boss", "Lately I drink green tea."),
        ("Tom eats meat again.", "tom", "I eat meat again."),
        ("Leo and Nina broke up.", "leo", "I and Nina broke up."),
        (
            "Kenji left Toyota and now works at Sony.",
            "kenji",
            "I left Toyota and now work at Sony.",
        ),
        ("Kenji left Toyota and Sony hired him.", "kenji", "I left Toyota and Sony hired him."),
        ("我姐姐小雨住在大连。", "小雨", "我住在大连。"),
        ("姐姐搬去里斯本了", "姐姐", "我搬去里斯本了"),
        ("我的领导是王姐。", "领导", "我是王姐。"),
        ("去年小王搬到杭州了", "小王", "去年我搬到杭州了"),
    ],
)
def test_the_person_is_named_the_same_way_each_time(text, person, said):
    assert not about_speaker(text)
    assert person_of(text) == (person, said)


@pytest.mark.parametrize(
    "text",
    [
        "I live in Leeds.",
        "We moved to Leeds.",
        "Tom and I moved to Leeds.",
        "He moved to Sheffield.",  # a pronoun names nobody the next statement will name
        "She lives in Rome now.",
        "The meeting moved to Friday.",
        "我住在杭州",
        "我们搬到杭州了",
        "她搬到上海了",
        "我老板喝咖啡只喝美式。",  # jieba's "name" 喝咖啡 is none: the key stays the role
    ],
)
def test_the_speaker_a_pronoun_or_a_thing_is_no_other_person(text):
    found = person_of(text)
    assert found is None or found[0] == "老板"


def test_a_similarity_link_joins_a_slot_group_only_for_its_own_subject():
    def joins(text: str, about_user: bool, group: str) -> bool:
        found = None if about_user else person_of(text)
        return may_join(found[0] if found else None, about_user, group)

    assert joins("I moved to Rome", True, "slot:user.residence")
    assert not joins("My sister moved to Rome", False, "slot:user.residence")
    assert not joins("I moved to Rome", True, "slot:user.residence@sister")
    assert joins("My sister sold her flat", False, "slot:user.residence@sister")
    assert not joins("My brother sold his flat", False, "slot:user.residence@sister")
    assert joins("anything", False, "sim:abc")


def test_no_slot_is_no_group():
    assert infer_other("My daughter goes to Hillside Primary.") is None
    assert infer_other("He moved to Sheffield.") is None
    other = infer_other("My sister Mara lives in Dublin.")
    assert other is not None and other.group_slot == "user.residence@mara"


def test_a_person_named_by_name_is_not_the_subject_of_a_statement_not_naming_them() -> None:
    """The writer links no statement by similarity to one about someone it does not name
    (hybridmem/evolution/write/planner.py)."""
    from hybridmem.evolution.slots.others import names_another

    wife = "My wife Brenda volunteers at the Oxfam shop on Saturdays."
    assert names_another(wife, "I don't drive any more, my neighbour takes me to the shops.")
    assert not names_another("My sister Mara lives in Dublin.", "Mara moved to Lisbon.")
    assert names_another("我室友小林在一家银行上班。", "我跳槽去了一家游戏公司。")
    assert not names_another("我室友小林在一家银行上班。", "小林跳槽去了一家游戏公司。")
    # A relation alone is no name: "my dentist's appointment" is the speaker's too.
    assert not names_another("我的牙医预约在3月3号。", "牙医把我的预约改到了3月10号。")
    # A capitalised noun read as a name is no one's when the other says it in lower case.
    assert not names_another("Badminton is Thursday nights now.", "I play badminton on Tuesdays.")
