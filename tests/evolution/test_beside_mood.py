"""A standing line said beside a mood (evolution/write/beside_mood.py): ``HybridMemory.add``
keeps a message whose whole reading is a mood when one of its sentences, read as the
conversation extractor reads it (evolution/speech/in_message.py), is a standing line; a mood
with a want of the moment, and a plain mood, are held back as before. Both write paths agree.
A real store (SQLite + Chroma in ``tmp_path``); the sentences were written for these tests."""

from __future__ import annotations

import pytest

from hybridmem import HybridMemory
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.write import beside_mood

STANDING = [
    ("So sleepy. I'm a pharmacist at the children's hospital.", "pharmacist"),
    ("Wiped out. My sister Ana lives in Porto now.", "Porto"),
    ("好烦啊。我不喝碳酸饮料。", "碳酸饮料"),
    ("累死了。我在银行上班。", "银行"),
    ("好开心！我妹妹下个月结婚。", "结婚"),
]
QUIET = [
    "Ugh, this wind. I want a hot chocolate.",
    "What a grim afternoon. My train was cancelled twice.",
    "冻死了。想喝碗姜汤。",
    "烦死了。今天什么都不顺。",
]


def _filed(mem: HybridMemory, user: str) -> list[str]:
    return [n.content for n in mem.get_all(user_id=user, node_type=["fact", "preference"])]


@pytest.mark.parametrize(("text", "said"), STANDING)
def test_a_standing_line_beside_a_mood_is_kept_on_both_paths(
    mem: HybridMemory, text: str, said: str
):
    node = mem.add(text, node_type="fact", user_id="whole")
    assert node.status == "active", text
    # Kept against the whole message's act: retrieval must not read it as said in passing.
    assert node.marks.get("kept_standing") is True
    mem.add_messages([{"id": "m1", "role": "user", "content": text}], user_id="chat")
    assert [f for f in _filed(mem, "chat") if said in f], _filed(mem, "chat")


@pytest.mark.parametrize("text", QUIET)
def test_a_mood_with_a_want_of_the_moment_or_alone_is_held_back_on_both_paths(
    mem: HybridMemory, text: str
):
    node = mem.add(text, node_type="fact", user_id="whole")
    assert node.status == "candidate", text
    mem.add_messages([{"id": "m1", "role": "user", "content": text}], user_id="chat")
    assert _filed(mem, "chat") == []


def test_the_standing_line_is_the_sentence_the_extractor_files():
    classifier = default_classifier()

    def line(text: str) -> str | None:
        return beside_mood.standing_line(text, classifier.classify(text), classifier)

    assert line("好烦啊。我不喝碳酸饮料。") == "我不喝碳酸饮料。"
    # One sentence: the whole reading is the only reading (nothing beside it to tell apart).
    assert line("累死了，我在银行上班。") is None
    assert line("Ugh, so tired.") is None


def test_an_event_is_not_read_again(mem: HybridMemory):
    # Only the filter's types are held back; an event keeps its own reading and weight.
    node = mem.add("So sleepy. I'm a pharmacist at the children's hospital.", node_type="event")
    assert "kept_standing" not in node.marks


@pytest.mark.parametrize(
    "text",
    [
        # The want is found only by the whole reading (要 beside a state reached): its sentence
        # alone reads as a plain statement the slot rules file (a coffee).
        "电梯又坏了。我要先喝杯咖啡。",
        # No first-person word: the slot rules read a vehicle in a want whose 想 the dictionary
        # cut hides; beside a mood it is the mood's, not a fact of the user's.
        "太开心了！想开车去海边。",
    ],
)
def test_a_sentence_of_the_moods_want_or_without_the_speaker_is_not_kept(
    mem: HybridMemory, text: str
):
    node = mem.add(text, node_type="fact", user_id="whole")
    assert node.status == "candidate", text
