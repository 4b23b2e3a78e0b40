"""What :meth:`HybridMemory.add_messages` did, as typed values (each has ``to_dict()``)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


class _Dict:
    def to_dict(self) -> dict[str, Any]:
        """Every field as plain JSON."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class WrittenMemory(_Dict):
    """A memory extraction kept: its node, its type, and the messages it comes from.

    ``merged`` is True when it repeated a live memory, which was reinforced instead of a
    second copy being written (``node_id`` is then that memory's id)."""

    node_id: str
    node_type: str
    content: str
    source_ids: tuple[str, ...]
    merged: bool = False


@dataclass(frozen=True, slots=True)
class ValueChange(_Dict):
    """A new value of a single-valued attribute: it joined the conflict group of the values
    said before, and coexists with them until the group settles (see ``HybridMemory.maintain``)."""

    node_id: str
    group: str
    slot: str | None
    previous: tuple[str, ...]
    """Node ids of the group's earlier live values, oldest first."""


@dataclass(frozen=True, slots=True)
class SkippedMessage(_Dict):
    """A message nothing was kept from (it stays in the buffer until the buffer expires)."""

    message_id: str
    reason: str


@dataclass(frozen=True, slots=True)
class IngestReport(_Dict):
    """The result of one ``add_messages`` call."""

    session_id: str
    session_node_id: str
    buffered: int
    """Messages written to the buffer tier (every message of the call)."""
    written: tuple[WrittenMemory, ...] = field(default_factory=tuple)
    value_changes: tuple[ValueChange, ...] = field(default_factory=tuple)
    skipped: tuple[SkippedMessage, ...] = field(default_factory=tuple)
    extractor: str = "rules"
    """Which extractor decided: ``rules`` (the default) or ``llm``."""
    fallback: str | None = None
    """Why the LLM extractor's answer was not used (then the rules decided), else None."""
