"""When a memory says something happened, for the ``time`` feature: a summary's is its sources'.

A memory's ``created_at`` is when it says it happened (the caller's, else the moment it was
written). A summary is written by a maintenance run, long after what it sums up: dated by
that run, every summary of a store matched a question about "today" (今天) on the day of the
run, at the full time weight whatever it said, and took the token budget from the memories
that answer it (MADial Chinese, a companion's daily chats folded into summaries, 30 days
after the last and one ``maintain``: 11-15 summaries, most of them their head line only,
at the head of the hits of a question saying "today"; see docs/benchmarks.md).

Compression records the span of its sources' times in the summary's ``metadata.span``
(first and last, ISO); the summary's moment for a question's window is the moment of that
span nearest to it (inside it, when they overlap). A node without a span (any other memory,
a summary written before spans were recorded) keeps its ``created_at``.
"""

from __future__ import annotations

from datetime import datetime

from hybridmem.clock import from_iso
from hybridmem.evolution.maintain.compression import SPAN
from hybridmem.models import MemoryNode, TimeWindow


def moment_in(node: MemoryNode, window: TimeWindow) -> datetime:
    """The moment ``node`` says something happened nearest to ``window``: within its
    ``metadata.span`` when it has a readable one, else its ``created_at``."""
    span = node.metadata.get(SPAN)
    if not isinstance(span, list | tuple) or len(span) != 2:
        return node.created_at
    try:
        first, last = from_iso(str(span[0])), from_iso(str(span[1]))
    except ValueError:
        return node.created_at  # not written by compression: the node's own time
    if last < first:
        first, last = last, first
    return min(max(window.start, first), last)
