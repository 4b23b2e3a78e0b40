"""A bodily state of the moment, or the speaker's whole person's with no body part, said as a
plain statement (evolution/speech/sensation.py): ``HybridMemory.add`` holds it back as a
passing mood, while a standing fact (a condition the speaker has, a constitution, a habit, a
span that outlasts the moment, a fear of a kind of thing) and an event told with the subject
left out are kept; the conversation
extractor files neither the one nor, as before, the other's mood. A real store (SQLite +
Chroma in ``tmp_path``); the sentences were written for these tests."""

from __future__ import annotations

import pytest

from hybridmem import HybridMemory
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.speech.sensation import MOMENTARY, momentary_sensation, passing_state

MOMENTARY_STATES = [
    "My ankles are swollen after the long flight.",
    "I've got a pounding headache.",
    "My shoulders are aching from the gym.",
    "肩膀酸得不行。",
    "背疼得要命，刚扛完两袋大米。",
]
STANDING = [
    "I'm diabetic, I check my sugar before every meal.",
    "I get hay fever every spring.",
    "My left knee has been weak for years.",
    "我乳糖不耐受。",
    "我有高血压，每天吃药。",
    "我天生手脚冰凉。",
]

# The speaker's whole person, no body part (mood25).
WHOLE_PERSON_STATES = [
    "Absolutely frazzled this afternoon.",  # a degree, the moment's time
    "Pretty groggy, slept through the alarm.",  # the event it follows
    "Bushed after the wedding.",  # a participle beside its cause
    "I'm totally wrecked after the move.",
    "困得要命，昨天熬了通宵。",  # a 得-complement of degree
    "闷坏了，在家关了一整天。",  # a degree complement (坏了)
]
# A standing state of the speaker's, or an event told with the subject left out.
STANDING_PERSON = [
    "I run hot, I sleep with the window open all year.",
    "I'm always exhausted after choir.",  # a habit
    "I'm allergic to shellfish, I found out last year.",  # a condition
    "Retired after thirty years at the bank.",  # an event told, a span
    "Moved to Leeds after the divorce.",  # a participle's goal: an event
    "Married since 2015.",
    "我怕热，夏天基本不出门。",
    "我游完泳总是困得不行。",  # a habit
    "我上班坐地铁，晚上挤得要命。",  # a bare part of the day: every evening
    "我跑得很快。",  # a manner complement
]


def _filed(mem: HybridMemory, user: str) -> list[str]:
    return [n.content for n in mem.get_all(user_id=user, node_type=["fact", "preference"])]


@pytest.mark.parametrize("text", MOMENTARY_STATES + WHOLE_PERSON_STATES)
def test_a_state_of_the_moment_is_held_back_on_add(mem: HybridMemory, text: str):
    # The rules alone read a statement: the reading is what holds it back.
    result = default_classifier().classify(text)
    assert result.is_assertive, result
    assert MOMENTARY in passing_state(text, result).cues
    node = mem.add(text, node_type="fact", user_id="whole")
    assert node.status == "candidate", text
    assert node.marks.get("speech_act") == "emotion"
    # The extractor does not file it either (both paths agree).
    mem.add_messages([{"id": "m1", "role": "user", "content": text}], user_id="chat")
    assert _filed(mem, "chat") == []


@pytest.mark.parametrize("text", STANDING + STANDING_PERSON)
def test_a_standing_fact_or_an_event_told_is_kept(mem: HybridMemory, text: str):
    node = mem.add(text, node_type="fact", user_id="whole")
    assert node.status == "active", text
    assert not momentary_sensation(text)


def test_an_event_keeps_its_own_reading(mem: HybridMemory):
    # Only the filter's types are read so: an event is a record of the day, never held back.
    node = mem.add("My shoulders are aching from the gym.", node_type="event", user_id="u")
    assert node.status == "active"
    assert node.marks.get("speech_act") != "emotion"


@pytest.mark.parametrize(
    "text",
    [
        "他腿都肿了。",  # someone else's body
        "我妈腰不好。",
        "现在他走了，就没人陪我了。",  # 人 as "anyone", not the speaker's whole person
        "我眼睛老花了。",  # a condition reached, no moment
        "My knees are shot from years of kneeling.",  # a span that outlasts the moment
        "I get migraines when it's humid.",  # a habit
        "I have a bad back.",  # a condition the speaker has
        "The head of sales is leaving.",  # "head" naming no body part
    ],
)
def test_what_is_not_a_bodily_state_of_the_moment(text: str):
    assert not momentary_sensation(text)
    result = default_classifier().classify(text)
    assert passing_state(text, result) is result


@pytest.mark.parametrize(
    "text",
    [
        "My sister is a nurse, posted out in Dubai.",  # the subject left out is hers
        "Visited my aunt at the hospice today.",  # a verb with its object
        "Kindle again, the paperbacks took up too much room.",  # a value, no participle
        "Five-a-side tonight, scored twice.",  # a count: an event
        "我妈累坏了。",  # someone else's state
        "他今天有点冷。",
        "I'm scared of dogs since that bite.",  # a fear of a kind of thing
    ],
)
def test_what_is_not_the_speakers_state(text: str):
    assert not momentary_sensation(text)
    result = default_classifier().classify(text)
    assert passing_state(text, result) is result
