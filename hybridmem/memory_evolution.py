"""``HybridMemory``'s evolution calls: maintenance, conflict groups, inspection and probes.

A part of the facade kept in its own module so that :mod:`hybridmem.memory` stays readable:
:class:`~hybridmem.memory.HybridMemory` inherits these methods, which validate their arguments
and forward to :mod:`hybridmem.evolution.services` like every other facade call.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from types import ModuleType
from typing import TYPE_CHECKING

from hybridmem.arguments import DEFAULT_USER, check_plugin
from hybridmem.core import Core
from hybridmem.errors import InvalidArgumentError
from hybridmem.models import MemoryNode
from hybridmem.validation import (
    LIFECYCLES,
    STATUSES,
    TIERS,
    check_bool,
    check_choices,
    check_content,
    check_datetime,
    check_node_id,
    check_node_types,
    check_optional_user,
    check_positive_int,
    check_text,
    check_user_id,
)

if TYPE_CHECKING:
    from hybridmem.evolution.history import ValueRecord
    from hybridmem.evolution.inspect import InspectRow
    from hybridmem.evolution.maintain.distill import Distiller
    from hybridmem.evolution.maintain.maintenance import MaintenanceReport
    from hybridmem.evolution.maintain.probe import ProbeReport
    from hybridmem.evolution.maintain.summarize import Summarizer
    from hybridmem.evolution.slots.rules import SlotExtractor


def _ops() -> ModuleType:
    """:mod:`hybridmem.evolution.services`, imported by the first evolution call: a read-only
    open (``hybridmem tree``) never plans a write and skips its ~35 ms import."""
    from hybridmem.evolution import services

    return services


class EvolutionCalls:
    """The evolution methods of :class:`~hybridmem.memory.HybridMemory` (a mixin: the facade
    sets ``_core`` when it opens)."""

    _core: Core

    def _check_open(self) -> None:
        self._core.engine.check_open()

    def maintain(
        self,
        *,
        now: datetime | None = None,
        dry_run: bool = False,
        deep: bool = True,
        user_id: str | None = None,
        distiller: Distiller | None = None,
        max_nodes: int | None = None,
        summarizer: Summarizer | None = None,
    ) -> MaintenanceReport:
        """Forget and consolidate (see :mod:`hybridmem.evolution.maintain.maintenance`).

        ``max_nodes`` caps each user's active nodes for this run (default: the config's cap).
        ``summarizer`` writes the summaries of finished work (default: extractive; e.g.
        :class:`~hybridmem.evolution.maintain.summarize.LLMSummarizer`).
        """
        self._check_open()
        check_optional_user(user_id)
        now = None if now is None else check_datetime("now", now)
        if max_nodes is not None:
            check_positive_int("max_nodes", max_nodes)
        if distiller is not None:
            check_plugin(
                distiller,
                "summarise",
                "distiller must have a str 'name' and a summarise(theme, previous) method",
            )
        return _ops().maintain(
            self._core,
            now=now,
            dry_run=check_bool("dry_run", dry_run),
            deep=check_bool("deep", deep),
            user_id=user_id,
            distiller=distiller,
            max_nodes=max_nodes,
            summarizer=_check_summarizer(summarizer),
        )

    def finish_task(
        self, task_id: str, *, user_id: str | None = None, outcome: str | None = None
    ) -> MemoryNode:
        """Mark a task finished (a ``finish`` op), with its ``outcome`` as a node under it;
        maintenance then folds the task into one sourced summary
        (:mod:`hybridmem.evolution.maintain.compression`). Returns the task."""
        self._check_open()
        check_node_id(task_id, name="task_id")
        check_optional_user(user_id)
        if outcome is not None:
            check_content(
                outcome, max_chars=self._core.engine.config.max_content_chars, name="outcome"
            )
        return self._core.tree.finish_task(task_id, user_id=user_id, outcome=outcome)

    def decompress(self, summary_id: str, *, user_id: str | None = None) -> list[MemoryNode]:
        """Bring a summary's archived sources back (active) and archive the summary; returns
        the restored sources. The next maintenance leaves the task alone until it is idle
        again (``EvolutionConfig.compress_idle_days``)."""
        self._check_open()
        check_node_id(summary_id, name="summary_id")
        check_optional_user(user_id)
        return _ops().decompress(self._core, summary_id, user_id=user_id)

    def set_slot_extractor(self, extractor: SlotExtractor | None) -> None:
        """Ask ``extractor`` (e.g. :class:`~hybridmem.evolution.llm.LLMSlotExtractor`) for the
        slot of a first-person fact no rule or embedder placed; None turns it off."""
        self._check_open()
        if extractor is not None:
            check_plugin(
                extractor,
                "extract",
                "slot extractor must have a str 'name' and an extract(text, slots) method",
            )
        _ops().set_slot_extractor(self._core, extractor)

    def restore_archived(self, node_id: str, *, user_id: str | None = None) -> MemoryNode:
        """Bring an archived memory back (active, working tier); the reason it left is kept."""
        self._check_open()
        check_node_id(node_id)
        check_optional_user(user_id)
        return _ops().restore_archived(self._core, node_id, user_id=user_id)

    def current_value(self, slot: str, *, user_id: str = DEFAULT_USER) -> MemoryNode | None:
        """The current value of a conflict group (a slot like ``user.city`` or a group id)."""
        self._check_open()
        return _ops().current_value(
            self._core, check_user_id(user_id), check_user_id(slot, name="slot")
        )

    def value_history(self, slot: str, *, user_id: str = DEFAULT_USER) -> list[ValueRecord]:
        """Every value a conflict group held, oldest first, with status and reason."""
        self._check_open()
        return _ops().value_history(
            self._core, check_user_id(user_id), check_user_id(slot, name="slot")
        )

    def inspect(
        self,
        *,
        user_id: str = DEFAULT_USER,
        now: datetime | None = None,
        statuses: Sequence[str] | None = None,
        tiers: Sequence[str] | None = None,
        lifecycles: Sequence[str] | None = None,
        node_types: Sequence[str] | None = None,
        group: str | None = None,
        contains: str | None = None,
    ) -> list[InspectRow]:
        """The user's memories with weight, tier, status, lifecycle and conflict groups.

        Each filter left None (or empty) matches everything; weights are computed at ``now``.
        """
        self._check_open()
        return _ops().inspect_user(
            self._core,
            user_id=check_user_id(user_id),
            now=None if now is None else check_datetime("now", now),
            statuses=None if statuses is None else check_choices("statuses", statuses, STATUSES),
            tiers=None if tiers is None else check_choices("tiers", tiers, TIERS),
            lifecycles=(
                None if lifecycles is None else check_choices("lifecycles", lifecycles, LIFECYCLES)
            ),
            node_types=None if node_types is None else check_node_types("node_types", node_types),
            group=None if group is None else check_text("group", group),
            contains=None if contains is None else check_text("contains", contains),
        )

    def add_probe(self, *, user_id: str = DEFAULT_USER, content: str | None = None) -> MemoryNode:
        """Add a uniquely marked probe memory (watch it with :meth:`probe_report`)."""
        self._check_open()
        if content is not None:
            check_content(content, max_chars=self._core.engine.config.max_content_chars)
        return _ops().add_probe(self._core, user_id=check_user_id(user_id), content=content)

    def probe_report(self, *, user_id: str = DEFAULT_USER) -> list[ProbeReport]:
        """Each probe's readings over time (one per maintenance run) and its state now."""
        self._check_open()
        return _ops().probe_report(self._core, user_id=check_user_id(user_id))


def _check_summarizer(summarizer: object) -> Summarizer | None:
    from hybridmem.evolution.maintain.summarize import Summarizer

    if summarizer is None or isinstance(summarizer, Summarizer):
        return summarizer
    raise InvalidArgumentError(
        "summarizer must have a str 'name' and a summarise(material) method, "
        f"got {type(summarizer).__name__}"
    )
