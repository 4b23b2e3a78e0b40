"""benchmarks.locomo_places and the questions-back packing variant (issue 38, helper locomo11):
each evidence turn has one place, and a turn's questions back are elided, the label kept."""

from __future__ import annotations

from benchmarks.excerpts import ELISION, without_asks
from benchmarks.locomo_places import place
from hybridmem import lexical

TURN = "Caroline: Love the vase! Sunflowers mean warmth, right? What do flowers mean to you?"


def test_a_turn_loses_its_questions_back_and_keeps_its_label() -> None:
    assert without_asks(TURN) == f"Caroline: Love the vase! {ELISION}"
    assert (
        without_asks("挺好的，周末去爬山了。你最近忙什么呢？")
        == f"挺好的，周末去爬山了。 {ELISION}"
    )
    # All questions, or none: nothing to elide.
    assert without_asks("Nate: How are you? Busy week?") is None
    assert without_asks("Melanie: We went camping. It was fun!") is None


def test_a_question_sharing_a_query_word_is_kept() -> None:
    asked = frozenset(lexical.terms("What do sunflowers represent?"))
    assert without_asks(TURN, asked) == (
        f"Caroline: Love the vase! Sunflowers mean warmth, right? {ELISION}"
    )


def test_each_evidence_turn_has_one_place() -> None:
    rank = {"D1:1": 3, "D1:2": 10, "D1:3": 30, "D1:4": 80, "D1:5": 120}
    got = frozenset({"D1:1"})
    last = 20  # the last packed hit's rank
    assert place("D1:1", got, rank, last) == "packed"
    assert place("D1:2", got, rank, last) == "did not fit"
    assert place("D1:3", got, rank, last) == "ranked 26-50"
    assert place("D1:4", got, rank, last) == "ranked 51-100"
    assert place("D1:5", got, rank, last) == "ranked past 100"
    assert place("D9:9", got, rank, last) == "never a candidate"
