"""The evolution layer as the facade sees it: its engine part, then its operations.

:func:`planner` (an ``EngineParts.planner`` factory) makes the layer's
:class:`~hybridmem.evolution.write.planner.EvolutionWriter` the engine's write planner
(speech-act filter, lifecycle, tier, conflict groups for every new node). The other functions
are the evolution operations of ``HybridMemory``.
"""

from __future__ import annotations

from hybridmem.core import Core, Engine
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.history import ValueRecord
from hybridmem.evolution.history import current_value as _current_value
from hybridmem.evolution.history import value_history as _value_history
from hybridmem.evolution.inspect import inspect_user
from hybridmem.evolution.maintain.compression import decompress
from hybridmem.evolution.maintain.maintenance import maintain, restore_archived
from hybridmem.evolution.maintain.probe import add_probe, probe_report
from hybridmem.evolution.slots.rules import SlotExtractor
from hybridmem.evolution.write.planner import EvolutionWriter
from hybridmem.models import MemoryNode


def planner(engine: Engine) -> EvolutionWriter:
    """The engine's write planner: every new node is planned by the evolution layer."""
    return EvolutionWriter(engine)


def set_slot_extractor(core: Core, extractor: SlotExtractor | None) -> None:
    """Give the installed planner a slot extractor (or take it away)."""
    planner = core.engine.planner
    if not isinstance(planner, EvolutionWriter):
        raise InvalidArgumentError("the evolution layer is not installed on this engine")
    planner.slot_extractor = extractor


def current_value(core: Core, user_id: str, slot: str) -> MemoryNode | None:
    """The current value of a conflict group (a slot like ``user.city`` or a group id)."""
    return _current_value(core.engine.store, user_id, slot)


def value_history(core: Core, user_id: str, slot: str) -> list[ValueRecord]:
    """Every value a conflict group held, oldest first, with status and reason."""
    return _value_history(core.engine.store, user_id, slot)


__all__ = [
    "add_probe",
    "current_value",
    "decompress",
    "inspect_user",
    "maintain",
    "planner",
    "probe_report",
    "restore_archived",
    "set_slot_extractor",
    "value_history",
]
