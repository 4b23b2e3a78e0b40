"""Memory evolution: what may enter memory, and how it changes over time.

For now this holds the speech-act filter (:mod:`hybridmem.evolution.speech_acts`), which every
utterance passes before it is written, so that questions, hypotheticals and passing emotions
never become long-term facts.

Names are re-exported lazily (PEP 562): importing ``speech_acts`` eagerly here would make
``python -m hybridmem.evolution.speech_acts`` load that module twice.
"""

from __future__ import annotations

import importlib
from typing import Any

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


# -- lifecycles, conflicts, maintenance, distillation (the evolution layer) ------------------
_EVOLUTION_EXPORTS = {
    "EvolutionConfig": "hybridmem.config.evolution",
    "EvolutionWeights": "hybridmem.config.evolution",
    "HalfLives": "hybridmem.config.evolution",
    "Lifecycle": "hybridmem.config.evolution",
    "Tier": "hybridmem.config.evolution",
    "companion": "hybridmem.config.evolution",
    "task_executor": "hybridmem.config.evolution",
    "MaintenanceAction": "hybridmem.evolution.maintenance",
    "MaintenanceReport": "hybridmem.evolution.maintenance",
    "ValueRecord": "hybridmem.evolution.history",
    "InspectRow": "hybridmem.evolution.inspect",
    "ProbeReport": "hybridmem.evolution.probe",
    "ExtractiveDistiller": "hybridmem.evolution.distill",
    "LLMDistiller": "hybridmem.evolution.llm",
    "LLMSettings": "hybridmem.evolution.llm",
    "ChatClient": "hybridmem.evolution.llm",
    "FakeLLMServer": "hybridmem.evolution.fake_llm",
}
_SPEECH_EXPORTS = tuple(__all__)
__all__ += list(_EVOLUTION_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EVOLUTION_EXPORTS:
        return getattr(importlib.import_module(_EVOLUTION_EXPORTS[name]), name)
    if name in _SPEECH_EXPORTS:
        return getattr(importlib.import_module("hybridmem.evolution.speech_acts"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
