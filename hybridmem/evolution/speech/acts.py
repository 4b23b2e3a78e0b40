"""The speech-act filter: what a user *did* with an utterance, before any of it is remembered.

Public API (everything a caller needs is importable from here)::

    from hybridmem.evolution.speech.acts import RuleBasedSpeechActClassifier, SpeechAct

    result = RuleBasedSpeechActClassifier().classify("如果我搬到成都呢？")
    result.act            # SpeechAct.HYPOTHETICAL
    result.is_assertive   # False: never write "lives in Chengdu" as a fact

Label definitions live in :mod:`hybridmem.evolution.speech.labels`, the rules in
:mod:`~hybridmem.evolution.speech.rules`, the cue lexicons in
:mod:`~hybridmem.evolution.speech.lexicon`. The labelled set and its evaluation live outside the
package, in ``benchmarks/evolution_models/``
(``python -m benchmarks.evolution_models.speech_acts``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from hybridmem.evolution.speech.labels import (
    ASSERTIVE_ACTS,
    SpeechAct,
    SpeechActClassifier,
    SpeechActResult,
    detect_language,
)
from hybridmem.evolution.speech.rules import RuleBasedSpeechActClassifier

__all__ = [
    "ASSERTIVE_ACTS",
    "RuleBasedSpeechActClassifier",
    "SpeechAct",
    "SpeechActClassifier",
    "SpeechActResult",
    "classify",
    "classify_many",
    "default_classifier",
    "detect_language",
]


@lru_cache(maxsize=1)
def default_classifier() -> RuleBasedSpeechActClassifier:
    """The process-wide rule-based classifier (stateless, so sharing it is safe)."""
    return RuleBasedSpeechActClassifier()


def classify(text: str, classifier: SpeechActClassifier | None = None) -> SpeechActResult:
    """Label one utterance with ``classifier`` (the rule-based default when None)."""
    return (classifier or default_classifier()).classify(text)


def classify_many(
    texts: Iterable[str], classifier: SpeechActClassifier | None = None
) -> list[SpeechActResult]:
    """Label every utterance, in order; the first invalid one raises and nothing is returned."""
    chosen = classifier or default_classifier()
    return [chosen.classify(text) for text in texts]
