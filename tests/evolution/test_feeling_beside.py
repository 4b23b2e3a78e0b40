"""A standing statement said in one sentence with its feeling (evolution/write/feeling_beside.py):
``HybridMemory.add`` keeps a fact whose sentence the rules read as a mood when one clause states a
standing fact of the speaker's and another says the feeling, nothing placing it in a moment; a
mood of one occasion, someone else's state, a stage of the speaker's and a want of the moment
are held back as before. A real store (SQLite + Chroma in ``tmp_path``); the sentences were
written for these tests."""

from __future__ import annotations

import pytest

from hybridmem import HybridMemory
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.write import feeling_beside

STANDING = [
    ("I'm allergic to cats, honestly it's miserable visiting my aunt.", "i'm allergic to cats"),
    ("I'm a carer for my mum, it's exhausting but I'd not change it.", "i'm a carer for my mum"),
    ("我恐水，一想到游泳就心慌。", "我恐水"),
    ("我有乙肝，体检的时候挺尴尬的。", "我有乙肝"),
]
HELD = [
    # a past event of one occasion beside the feeling
    "So annoyed, I missed the last bus home.",
    # a time to come
    "I'm a nurse, dreading tomorrow's shift.",
    # someone else's state: 我爸 is the subject
    "我爸又抽烟了，气死我了。",
    # a stage of the speaker's: where they are now
    "I'm at the station, this queue is a nightmare.",
    # a want of the moment
    "累死了，我想躺会儿。",
]


@pytest.mark.parametrize(("text", "clause"), STANDING)
def test_a_standing_fact_said_with_its_feeling_is_kept_as_standing(
    mem: HybridMemory, text: str, clause: str
) -> None:
    classifier = default_classifier()
    whole = classifier.classify(text)
    assert not whole.is_assertive, text  # the rules read the sentence as a mood
    assert feeling_beside.standing_clause(text, whole, classifier) == clause
    node = mem.add(text, node_type="fact", user_id="u")
    assert node.status == "active", text
    assert node.marks.get("kept_standing") is True


@pytest.mark.parametrize("text", HELD)
def test_a_mood_of_one_occasion_or_of_someone_else_is_still_held_back(
    mem: HybridMemory, text: str
) -> None:
    classifier = default_classifier()
    assert feeling_beside.standing_clause(text, classifier.classify(text), classifier) is None
    node = mem.add(text, node_type="fact", user_id="u")
    assert node.status == "candidate", text


def test_one_clause_alone_is_no_sentence_with_its_feeling() -> None:
    classifier = default_classifier()
    text = "我晕车。"
    assert feeling_beside.standing_clause(text, classifier.classify(text), classifier) is None
