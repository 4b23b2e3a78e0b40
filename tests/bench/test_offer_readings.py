"""The second queries of benchmarks/offer_readings.py add no word of their own: the naming
words and the frame are the question's own words, split between them."""

from __future__ import annotations

import numpy as np

from benchmarks.offer_readings import centred_terms, frame_of, naming_words


def test_the_frame_is_the_question_less_its_naming_words() -> None:
    question = "Shall I make a moussaka for Sunday lunch?"
    assert naming_words(question) == ["moussaka", "sunday", "lunch"]
    assert frame_of(question) == "Shall I make a for ?"
    assert "芫荽" in naming_words("拌个凉菜，多放点芫荽？")
    assert "芫荽" not in frame_of("拌个凉菜，多放点芫荽？")


class _Words:
    """An embedder of two dimensions: "moussaka" points one way, every other text the other."""

    name = "words"

    def embed_query(self, texts: list[str]) -> list[np.ndarray]:
        return [np.array([1.0, 0.0]) if t == "moussaka" else np.array([0.0, 1.0]) for t in texts]


def test_a_candidate_is_scored_by_its_best_word_less_that_words_mean() -> None:
    stored = {"aubergine": np.array([1.0, 0.0]), "sunday": np.array([0.0, 1.0])}
    scores = centred_terms(_Words(), "Shall I make a moussaka for Sunday lunch?", "en", stored)  # type: ignore[arg-type]
    assert scores["aubergine"] == scores["sunday"] == 0.5
