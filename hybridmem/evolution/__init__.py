"""Memory evolution: what may enter memory, and how it changes over time.

For now this holds the speech-act filter (:mod:`hybridmem.evolution.speech_acts`), which every
utterance passes before it is written, so that questions, hypotheticals and passing emotions
never become long-term facts.
"""

from __future__ import annotations

from hybridmem.evolution.speech_acts import (
    RuleBasedSpeechActClassifier,
    SpeechAct,
    SpeechActClassifier,
    SpeechActReport,
    SpeechActResult,
    classify,
    classify_many,
    evaluate,
    load_examples,
)

__all__ = [
    "RuleBasedSpeechActClassifier",
    "SpeechAct",
    "SpeechActClassifier",
    "SpeechActReport",
    "SpeechActResult",
    "classify",
    "classify_many",
    "evaluate",
    "load_examples",
]
