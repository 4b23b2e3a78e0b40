"""Memory evolution: what may enter memory, and how it changes over time.

Where each step lives:

* ``speech/``: the speech-act filter every utterance passes before it is written, so that
  questions, hypotheticals and passing emotions never become long-term facts.
* ``slots/``: which attribute a statement gives a value of (``user.city``...), for conflict
  groups.
* ``write/``: the planner the core calls inside each write (lifecycle, tier, conflicts,
  repeats, commitments).
* ``maintain/``: what happens later (weights, forgetting, distillation into profiles,
  maintenance, recall probes).
* top level: the configuration (``config``), the services the facade calls (``services``),
  value history (``history``), ``inspect``, the optional LLM client (``llm``) and the shipped
  embedding models (``embed_models``, with their JSON in ``data/``).

The labelled sets, their evaluation and the fitting of the shipped models live outside the
package, in ``benchmarks/evolution_models/``.

Names are re-exported lazily (PEP 562), so that importing the package stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "RuleBasedSpeechActClassifier",
    "SpeechAct",
    "SpeechActClassifier",
    "SpeechActResult",
    "classify",
    "classify_many",
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
    "MaintenanceAction": "hybridmem.evolution.maintain.maintenance",
    "MaintenanceReport": "hybridmem.evolution.maintain.maintenance",
    "ValueRecord": "hybridmem.evolution.history",
    "InspectRow": "hybridmem.evolution.inspect",
    "ProbeReport": "hybridmem.evolution.maintain.probe",
    "ExtractiveDistiller": "hybridmem.evolution.maintain.distill",
    "LLMDistiller": "hybridmem.evolution.llm",
    "LLMSettings": "hybridmem.evolution.llm",
    "ChatClient": "hybridmem.evolution.llm",
}
_SPEECH_EXPORTS = tuple(__all__)
__all__ += list(_EVOLUTION_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EVOLUTION_EXPORTS:
        return getattr(importlib.import_module(_EVOLUTION_EXPORTS[name]), name)
    if name in _SPEECH_EXPORTS:
        return getattr(importlib.import_module("hybridmem.evolution.speech.acts"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
