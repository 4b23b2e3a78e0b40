"""benchmarks.madial_roles: whose lines of a dialogue query each channel reads (a measured
negative's harness; the engine is unchanged)."""

from __future__ import annotations

from benchmarks import madial_roles
from hybridmem import HybridMemory

DIALOGUE_EN = (
    "Bart: Our cat keeps hiding under the bed.\n"
    "Assistant: Maybe draw a picture of it and drink some warm water.\n"
    "Bart: Its eyes look a bit red too."
)
DIALOGUE_ZH = (
    "Bart：我们的猫一直躲在床底下。\nAssistant：也许你可以画一幅画。\nBart：它的眼睛也有点红。"
)


def test_the_agent_lines_of_a_dialogue_are_left_out_in_both_languages() -> None:
    assert madial_roles.user_text(DIALOGUE_EN) == (
        "Bart: Our cat keeps hiding under the bed.\nBart: Its eyes look a bit red too."
    )
    assert (
        madial_roles.user_text(DIALOGUE_ZH)
        == "Bart：我们的猫一直躲在床底下。\nBart：它的眼睛也有点红。"
    )
    assert madial_roles.user_text("user: my cat hides\nassistant: draw it") == "user: my cat hides"


def test_a_question_or_one_side_of_a_chat_is_read_as_it_is() -> None:
    for text in (
        "What did the vet say about my cat?",
        "Assistant: what is your job?",
        "Bart: I hide.\nBart: Then I seek.",
    ):
        assert madial_roles.user_text(text) == text


def test_each_shared_word_is_placed_where_the_dialogue_says_it() -> None:
    places = madial_roles.Places.of(DIALOGUE_EN)
    words = places.shared("Bart hid a picture of his cat; his eyes were red.")
    assert words["cat"] == "user lines"
    assert words["red"] == "last user line"
    assert words["pictur"] == "assistant lines only"
    assert "bart" not in words  # a speaker's label is no word of the dialogue


def test_the_user_lines_reading_drops_a_match_only_the_assistant_said_then_restores(
    mem: HybridMemory,
) -> None:
    water = mem.add("Spilled warm water on the homework.", user_id="u1")
    cat = mem.add("The cat hid under the bed all day.", user_id="u1")

    def lexical_parts() -> dict[str, float]:
        res = mem.retrieve(DIALOGUE_EN, user_id="u1", top_k=10, record_access=False)
        return {h.node.id: h.breakdown.parts.get("lexical", 0.0) for h in res.hits}

    with madial_roles.reading("lexical_user"):
        read = lexical_parts()
    assert read.get(water.id, 0.0) == 0.0 and read[cat.id] > 0.0
    assert lexical_parts()[water.id] > 0.0  # the engine's own reading is back
