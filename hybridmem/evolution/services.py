"""The evolution layer as the facade sees it: install it on a core, then call its operations.

:func:`install` makes the layer's :class:`~hybridmem.evolution.writer.EvolutionWriter` the
engine's write planner (speech-act filter, lifecycle, tier, conflict groups for every new
node). The other functions are the evolution operations of ``HybridMemory``.
"""

from __future__ import annotations

from hybridmem.core import Core
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.compression import decompress
from hybridmem.evolution.history import ValueRecord
from hybridmem.evolution.history import current_value as _current_value
from hybridmem.evolution.history import value_history as _value_history
from hybridmem.evolution.inspect import inspect_user
from hybridmem.evolution.maintenance import maintain, restore_archived
from hybridmem.evolution.probe import add_probe, probe_report
from hybridmem.evolution.slots import SlotExtractor
from hybridmem.evolution.writer import EvolutionWriter
from hybridmem.models import MemoryNode


def install(core: Core) -> EvolutionWriter:
    """Plan every new node of ``core`` with the evolution layer; return the planner."""
    writer = EvolutionWriter(core.engine)
    core.engine.planner = writer
    return writer


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
    "install",
    "maintain",
    "probe_report",
    "restore_archived",
    "set_slot_extractor",
    "value_history",
]
