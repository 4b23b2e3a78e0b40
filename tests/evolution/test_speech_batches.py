"""The batch table of the labelled speech-act set matches the file (a blind batch read as a
dev one, or lines left out, would make every per-batch figure wrong)."""

from __future__ import annotations

from benchmarks.evolution_models.speech_batches import BATCHES, batch, figures
from benchmarks.evolution_models.speech_eval import LabelledUtterance, load_examples
from hybridmem.evolution.speech.labels import SpeechAct, SpeechActResult


def test_the_batches_cover_the_labelled_set_once_each_of_one_split() -> None:
    examples = load_examples()
    covered = [n for _, first, last in BATCHES for n in range(first, last + 1)]
    assert covered == list(range(1, len(examples) + 1))
    for name, _, _ in BATCHES:
        lines = batch(examples, name)
        assert {e.split for e in lines} == ({"dev"} if name.startswith("dev") else {"test"})


class _Always:
    """Labels every utterance with one act."""

    name = "always"

    def __init__(self, act: SpeechAct) -> None:
        self.act = act

    def classify(self, text: str) -> SpeechActResult:
        return SpeechActResult(self.act, 1.0, (), "en")


def test_figures_count_a_mood_read_as_a_taste_as_a_leak_and_a_held_back_taste_as_lost() -> None:
    lines = [
        LabelledUtterance("I want ramen tonight", "en", SpeechAct.EMOTION, "dev"),
        LabelledUtterance("what if I moved?", "en", SpeechAct.HYPOTHETICAL, "dev"),
        LabelledUtterance("I always want the aisle", "en", SpeechAct.PREFERENCE, "dev"),
    ]
    tastes = figures(_Always(SpeechAct.PREFERENCE), lines)["en"]
    assert (tastes["leak"], tastes["emotion_leak"], tastes["assertive_recall"]) == (1.0, 1.0, 1.0)
    moods = figures(_Always(SpeechAct.EMOTION), lines)["en"]
    assert (moods["leak"], moods["emotion_leak"], moods["assertive_recall"]) == (0.0, 0.0, 0.0)
    assert moods["accuracy"] == round(1 / 3, 3)
