"""A want's sentence read in its message (evolution/speech/in_message.py, the reading both
write paths share): a want beside a sentence that says the moment is the moment's, an aside of
the conversation, never a fact or a preference; a standing line beside a mood, and a standing
want beside a sentence of a lasting state, are filed as before. A real store (SQLite + Chroma
in ``tmp_path``); the sentences were written for these tests."""

from __future__ import annotations

import pytest

from hybridmem import HybridMemory
from hybridmem.conversation.extract import RuleExtractor
from hybridmem.conversation.messages import ChatMessage

MOMENT_WANTS = [
    "Ugh, this train. I want a latte.",
    "Ugh, the heating's off again. I want to go home.",
    "累死了。想喝杯拿铁。",
    "刚淋了一场雨。想喝杯热咖啡。",
]
STANDING = [
    ("Our street has no buses after nine. I want to live closer to town.", "closer to town"),
    ("楼下天天装修。我想搬去郊区住。", "郊区"),
    ("Long day. For the record, I don't eat lamb.", "lamb"),
    ("好累。顺便说一句，我不吃羊肉。", "羊肉"),
    ("What a morning. I live in Leeds now.", "Leeds"),
]


def _standing(mem: HybridMemory, user: str) -> list[str]:
    return [n.content for n in mem.get_all(user_id=user, node_type=["fact", "preference"])]


@pytest.mark.parametrize("text", MOMENT_WANTS)
def test_a_want_beside_a_sentence_of_the_moment_is_no_fact(mem: HybridMemory, text: str):
    # Said alone, the want's sentence is filed under the root: only its message places it.
    want = text.split("。")[1] + "。" if "。" in text else text.split(". ", 1)[1]
    alone = RuleExtractor().extract([ChatMessage(id="w", role="user", content=want)])
    assert any(d.filed for d in alone.drafts), want
    report = mem.add_messages([{"id": "m1", "role": "user", "content": text}], user_id="u")
    assert _standing(mem, "u") == []
    events = [w for w in report.written if w.node_type == "event"]
    # What was said stays recallable, whole, as one event of the conversation.
    assert [e.content for e in events] == [f"user: {text}"]


@pytest.mark.parametrize(("text", "said"), STANDING)
def test_a_standing_line_beside_a_mood_or_a_lasting_state_is_filed(
    mem: HybridMemory, text: str, said: str
):
    mem.add_messages([{"id": "m1", "role": "user", "content": text}], user_id="u")
    kept = _standing(mem, "u")
    assert len(kept) == 1 and said in kept[0], kept


def test_a_want_beside_a_question_keeps_its_own_reading(mem: HybridMemory):
    # Only a feeling or a moment beside the want places it; a question asks, even of today.
    asked = [
        "I want to live closer to town. Which areas are quiet?",
        "我想搬去郊区住。今天哪些小区有房？",
    ]
    for n, text in enumerate(asked):
        mem.add_messages([{"id": f"m{n}", "role": "user", "content": text}], user_id=f"u{n}")
        assert len(_standing(mem, f"u{n}")) == 1, text
