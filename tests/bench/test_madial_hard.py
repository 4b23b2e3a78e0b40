"""benchmarks.madial_hard: MADial's dialogues resampled the ways held-out data may differ, and
the table of each variant against hybridmem per half (issue 38, madial24)."""

from __future__ import annotations

from benchmarks.madial_data import Dialogue
from benchmarks.madial_hard import FORMS, formed, table, unworded

EVENTS = {"7": "Bart and his dad watched a movie about space together and felt excited."}


def _dialogue(*lines: str) -> Dialogue:
    return Dialogue(
        number=3,
        user_id="1",
        lines=(*lines, "Assistant: Do you remember the movie?"),
        test_turn=len(lines) + 1,
        relevant=frozenset({"7"}),
    )


def test_unworded_takes_out_every_word_sharing_a_stem_with_the_answer_and_keeps_the_speaker():
    d = _dialogue(
        "Bart: I watched a video about the stars with my dad!",
        "Assistant: Stars are lovely. What did you like?",
        "Bart: Movie!",
    )
    lines = unworded(d, EVENTS)
    assert lines[0] == "Bart: I a video about the stars with my !"
    assert lines[1] == d.context_lines[1]  # no word of the answer in it: unchanged
    assert len(lines) == 2  # "Movie!" was all answer words: the line goes
    assert all(line.split(": ")[0] in ("Bart", "Assistant") for line in lines)


def test_the_forms_keep_the_users_lines_and_a_dialogue_left_empty_keeps_its_context():
    d = _dialogue("Bart: Hi there.", "Assistant: Hello!", "Bart: I miss the stars.")
    assert FORMS["user lines"][1](d, EVENTS) == ("Bart: Hi there.", "Bart: I miss the stars.")
    assert FORMS["opening"][1](d, EVENTS) == ("Bart: Hi there.",)
    assert FORMS["last turn"][1](d, EVENTS) == ("Bart: I miss the stars.",)
    assert FORMS["distractors"][0] == "all" and FORMS["dev"][0] == "user"
    (asked,) = formed([d], EVENTS, FORMS["last turn"][1])
    assert asked.context_lines == ("Bart: I miss the stars.",) and asked.relevant == d.relevant
    (kept,) = formed([d], EVENTS, lambda d, ev: ())
    assert kept.context_lines == d.context_lines  # every form scores the same dialogues


def test_the_table_counts_each_variants_wins_and_losses_against_hybridmem_per_half():
    def items(scores: list[float]) -> dict[str, dict[str, object]]:
        half = ("tune", "check")
        return {
            str(k): {"half": half[k % 2], "score": s, "rank": 0 if s else None}
            for k, s in enumerate(scores)
        }

    results = {
        "default/en/dev": {
            "minmax": {"items": items([1, 0, 1, 1])},
            "dense": {"items": items([0, 1, 1, 1])},
        }
    }
    head, _, tune, check = table(results)
    assert "minmax | dense" in head
    assert tune.endswith("| 1.000 | 0.500 +0/-1 |")
    assert check.endswith("| 0.500 | **1.000** +1/-0 |")
