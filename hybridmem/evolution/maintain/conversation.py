"""Maintenance of what ``add_messages`` kept from a conversation.

Extraction decided which turns are worth keeping; maintenance must not undo that. A
conversation's events are not faded: fading archives a node with nothing pointing at it, and
retrieval never finds it again (MADial companion chats in Chinese, one session a day, 30 days
after the last: 77 of 81 kept events faded, evidence recall at 1,000 tokens 0.57 -> 0.11).
They leave the live tree only the way finished work does, folded into their session's
summary by compression (:mod:`hybridmem.evolution.maintain.compression`), where retrieval
unfolds them again when a question asks for them (:mod:`hybridmem.retrieval.unfold`).

This holds only while compression is on and the session is a unit it compresses; otherwise
the events fade like any other.
"""

from __future__ import annotations

from collections.abc import Sequence

from hybridmem.config.evolution import EvolutionConfig
from hybridmem.models import MemoryNode

SOURCE_IDS = "source_ids"
"""The metadata key ``add_messages`` writes on every memory it extracts."""


def folded_not_faded(nodes: Sequence[MemoryNode], cfg: EvolutionConfig) -> set[str]:
    """Ids of the conversation memories compression folds instead of fading: those extracted
    from messages (they cite them) and filed under a unit compression summarises (a session;
    facts and preferences under the root are kept types, not folded, and fade as before)."""
    if not cfg.compress:
        return set()
    units = {n.id for n in nodes if n.node_type in cfg.compress_units and n.parent_id}
    return {
        n.id
        for n in nodes
        if n.parent_id in units
        and n.node_type not in cfg.compress_keep_types
        and n.metadata.get(SOURCE_IDS)
    }
