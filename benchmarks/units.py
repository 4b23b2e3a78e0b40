"""The retrieval units every method sees, and the exact strings their contexts are made of.

A :class:`Unit` is one turn (LoCoMo), one memory (MADial) or one scenario note. Baselines render
a selected unit like the engine renders a node (``"[turn · 2023-05-08] Caroline: ..."``), so the
token counts of all methods are comparable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from hybridmem.tokens import count_tokens


@dataclass(frozen=True)
class Unit:
    """One retrievable item with the source ids it covers."""

    id: str
    content: str
    kind: str
    created_at: datetime
    sources: frozenset[str]

    @property
    def rendered(self) -> str:
        """The line a context holds for this unit."""
        return f"[{self.kind} · {self.created_at:%Y-%m-%d}] {self.content}"


@dataclass(frozen=True)
class TreeNode:
    """A node of the tree a memory engine imports (units are its leaves, by the same ids)."""

    id: str
    content: str
    node_type: str
    parent_id: str | None
    created_at: datetime
    source_id: str | None = None


@dataclass(frozen=True)
class Corpus:
    """The units one query may be answered from (a conversation, a user's memory bank).

    ``full_context`` is the whole history rendered for a reader; ``full_tokens`` its count.
    ``tree`` is the same history as a tree (root id = ``id``) for engines that import structure.
    """

    id: str
    units: tuple[Unit, ...]
    full_context: str
    full_tokens: int = field(default=-1)
    tree: tuple[TreeNode, ...] = ()
    """Root first, parents before children; empty for methods that need no structure."""

    def __post_init__(self) -> None:
        if self.full_tokens < 0:
            object.__setattr__(self, "full_tokens", count_tokens(self.full_context))


@dataclass(frozen=True)
class Selection:
    """What a method put in the context for one query at one setting.

    ``covered`` lists, in rank order, the source-id sets of the selected units; ``tokens`` is the
    ``cl100k_base`` count of ``context`` exactly as it would be handed to the reader.
    """

    covered: tuple[frozenset[str], ...]
    context: str
    tokens: int

    @property
    def sources(self) -> frozenset[str]:
        """Every source id the context covers."""
        return frozenset().union(*self.covered) if self.covered else frozenset()


def join_context(units: list[Unit] | tuple[Unit, ...]) -> str:
    """The context string for ``units``: one rendered line each, in the given order."""
    return "\n".join(u.rendered for u in units)


def pack(ranked: list[Unit], budget: int, unit_tokens: dict[str, int]) -> list[Unit]:
    """Take units in rank order while the context stays within ``budget`` tokens.

    A unit that does not fit is skipped and filling goes on with the next ones, exactly as the
    engine's packer does, so no method gains from a different packing rule. The exact joined
    string is then re-counted and trimmed in case BPE merges across line breaks made the
    per-line estimate low.
    """
    chosen: list[Unit] = []
    used = 0
    for unit in ranked:
        cost = unit_tokens[unit.id] + (1 if chosen else 0)  # +1: the "\n" separator
        if used + cost > budget:
            continue
        chosen.append(unit)
        used += cost
    while chosen and count_tokens(join_context(chosen)) > budget:
        chosen.pop()
    return chosen
