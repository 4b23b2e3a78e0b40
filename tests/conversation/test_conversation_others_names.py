"""Who a statement about someone else is about, read from its structure: a possessed attribute
("my sister's birthday", 我妹妹的生日), a Chinese name after a relation or with a title (我同事小李,
老王, 王老师), and a capitalised word that opens a sentence, which alone names no one."""

from __future__ import annotations

from typing import Any

import pytest

from hybridmem import HybridMemory
from hybridmem.conversation import IngestReport
from hybridmem.evolution.slots.others import infer_other, person_of, relation_of

U = "u1"


def _say(mem: HybridMemory, clock: Any, chat: list[tuple[str, str]]) -> IngestReport:
    clock.advance(days=1)
    messages = [{"id": mid, "role": "user", "content": text} for mid, text in chat]
    return mem.add_messages(messages, user_id=U)


def _facts(mem: HybridMemory, report: IngestReport) -> list[tuple[str, Any, Any, Any]]:
    """(content, slot, person, relation) of the facts written under the root, in order."""
    root = mem.root(user_id=U)
    assert root is not None
    nodes = [mem.get(w.node_id, user_id=U) for w in report.written]
    return [
        (n.content, n.metadata.get("slot"), n.metadata.get("person"), n.metadata.get("relation"))
        for n in nodes
        if n.parent_id == root.id and n.node_type == "fact"
    ]


# -- possessives -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "person", "slot"),
    [
        ("My sister's birthday is on March 3.", "sister", "attr.birthday"),
        ("My boss's name is Tom.", "boss", "attr.name"),
        ("My friend Lena's favourite band is Blur.", "lena", "attr.favourite_band"),
        # An attribute a user slot names keeps that slot, in the owner's group.
        ("My uncle's car is an old Saab.", "uncle", "user.vehicle"),
        # The last relation of a chain owns it: the boyfriend's car, not the sister's.
        ("My sister's boyfriend's car is a Golf.", "boyfriend", "user.vehicle"),
        ("我妹妹的生日是三月三号。", "妹妹", "attr.生日"),
        ("我老板的名字是汤姆。", "老板", "attr.名字"),
        ("我朋友李娜的生日其实是五月一号。", "李娜", "attr.生日"),
        ("我舅舅的车是一辆旧桑塔纳。", "舅舅", "user.vehicle"),
    ],
)
def test_a_possessed_attribute_is_a_value_of_its_owner(text, person, slot):
    other = infer_other(text)
    assert other is not None
    assert (other.person, other.slot) == (person, slot)


@pytest.mark.parametrize(
    "text",
    [
        "My cousin's wedding was amazing.",  # how it went, not a value it has
        "My sister's birthday is tomorrow.",  # a moment, not the date
        "My brother's kids are twins.",  # a relation: the kids are the people
        "我表姐的婚礼昨天办得很热闹。",
        "我妹妹的生日是明天。",
    ],
)
def test_a_possessed_thing_without_a_standing_value_has_no_slot(text):
    assert infer_other(text) is None or not infer_other(text).slot.startswith("attr.")  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("before", "after", "group"),
    [
        (
            "My sister's birthday is on March 3.",
            "Actually, my sister's birthday is on March 5.",
            "attr.birthday@sister",
        ),
        ("我妹妹的生日是三月三号。", "我妹妹的生日其实是三月五号。", "attr.生日@妹妹"),
    ],
)
def test_a_later_value_of_a_possessed_attribute_replaces_it(mem, clock, before, after, group):
    home = "I live in Leeds." if before.isascii() else "我住在长沙。"
    _say(mem, clock, [("h", home)])
    first = _facts(mem, _say(mem, clock, [("b", before)]))
    clock.advance(days=30)
    later = _say(mem, clock, [("a", after)])
    assert [f[1] for f in first] == [group]
    assert [f[1] for f in _facts(mem, later)] == [group]
    [change] = later.value_changes
    assert change.group == f"slot:{group}"
    current = mem.current_value(group, user_id=U)
    assert current is not None and current.content == after
    mine = mem.current_value("user.residence", user_id=U)
    assert mine is not None and mine.content == home


# -- Chinese names after a relation or with a title --------------------------------------------
@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("我同事小李住在上海。", "小李", "同事"),  # jieba cuts 小 + 李
        ("我室友小周上个月结婚了。", "小周", "室友"),
        ("我邻居老张开宝马。", "老张", "邻居"),  # jieba cuts 老 + 张开
        ("小李搬到杭州了。", "小李", None),
        ("老王在一家医院上班。", "老王", None),
        ("王老师住在北京。", "王老师", None),
        ("我老板王总特别讨厌开会。", "王总", "老板"),  # jieba cuts 王 + 总
        ("我妹妹住在上海。", "妹妹", None),
        ("张经理开奥迪。", "张经理", None),  # jieba tags 张 a measure word
        ("高医生在协和上班。", "高医生", None),
        ("My sister Mara lives in Lisbon.", "mara", "sister"),
        ("My neighbour, Oskar, lives in Bristol.", "oskar", "neighbour"),
        ("My boss lives in Leeds.", "boss", None),
        ("Dr Patel works at St Mary's.", "dr patel", None),  # a title: an abbreviation
        ("Mrs. Brown lives in Leeds.", "mrs brown", None),
        ("Uncle Joe lives in Cork.", "uncle joe", "uncle"),  # or a relation
    ],
)
def test_a_name_is_the_key_and_the_relation_said_with_it_is_kept(text, person, relation):
    found = person_of(text)
    assert found is not None and found[0] == person
    assert relation_of(text) == relation


@pytest.mark.parametrize(
    ("before", "after", "group", "relation"),
    [
        ("我同事小李住在上海。", "小李搬到杭州了。", "user.residence@小李", "同事"),
        ("我室友小周在腾讯上班。", "小周去字节上班了。", "user.workplace@小周", "室友"),
        (
            "My neighbour Oskar lives in Bristol.",
            "Oskar moved to Bath last week.",
            "user.residence@oskar",
            "neighbour",
        ),
    ],
)
def test_a_name_after_a_relation_is_the_same_person_later(
    mem, clock, before, after, group, relation
):
    [first] = _facts(mem, _say(mem, clock, [("b", before)]))
    clock.advance(days=30)
    [second] = _facts(mem, _say(mem, clock, [("a", after)]))
    assert first == (before, group, group.split("@")[1], relation)
    assert second == (after, group, group.split("@")[1], None)
    current = mem.current_value(group, user_id=U)
    assert current is not None and current.content == after


def test_a_titled_or_familiar_name_without_a_slot_is_still_a_person(mem, clock):
    report = _say(mem, clock, [("z1", "王老师是东北人。"), ("z2", "老王特别喜欢钓鱼。")])
    assert _facts(mem, report) == [
        ("王老师是东北人。", None, "王老师", None),
        ("老王特别喜欢钓鱼。", None, "老王", None),
    ]


# -- a capital that opens a sentence names no one by itself -------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "Writing is hard for my brother.",  # a gerund: an activity
        "Swimming moved to Thursdays.",
        "Dance is my passion.",  # a bare copula and no person's predicate
        "Family is everything to my mum.",
        "What is his job?",  # an interrogative pronoun
        "The Hobbit is great.",  # two capitals, the first no title
        "When Jon is planning to open his dance studio?",
        "小时候我住在北京。",  # 小 + 时: no surname, no name
        "老实说我很累。",
    ],
)
def test_a_capitalised_opening_word_alone_is_no_name(text):
    assert person_of(text) is None


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Mara moved to Porto.", "mara"),  # a name's verb
        ("Mara is a dentist.", "mara"),  # a copula with a person's predicate
        ("Rowan is brilliant, and everyone at work loves Rowan.", "rowan"),  # capitalised again
        ("Ming lives in Leeds.", "ming"),  # -ing with no verb stem before it
        ("Caroline is looking into adoption.", "caroline"),  # "is" as an auxiliary
        ("Joanna has a pin on her purse.", "joanna"),  # referred back to as a person
        ("小周是程序员。", "小周"),
    ],
)
def test_a_name_is_still_read_from_structure(text, person):
    found = person_of(text)
    assert found is not None and found[0] == person


def test_a_thing_opening_a_sentence_is_no_person_in_the_conversation(mem, clock):
    report = _say(
        mem,
        clock,
        [("e1", "Writing is hard for my brother."), ("e2", "Dance is my passion.")],
    )
    root = mem.root(user_id=U)
    assert root is not None
    for written in report.written:
        node = mem.get(written.node_id, user_id=U)
        assert node.metadata.get("person") is None
        assert not str(node.metadata.get("slot") or "").endswith(("@writing", "@dance"))


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("Mrs Brown lives in Leeds.", "user.residence@mrs brown"),
        ("Dr Patel works at St Mary's.", "user.workplace@dr patel"),
        ("张经理开奥迪。", "user.vehicle@张经理"),
        ("高医生在协和上班。", "user.workplace@高医生"),
    ],
)
def test_a_titled_name_never_takes_the_users_slot(mem, clock, text, group):
    [(content, slot, _, _)] = _facts(mem, _say(mem, clock, [("m1", text)]))
    assert (content, slot) == (text, group)
    assert mem.current_value(group.split("@")[0], user_id=U) is None
