"""Serialise retrieved memories into a prompt context that fits a token budget."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hybridmem.models import Hit, MemoryNode
from hybridmem.tokens import TokenCounter

PATH_HEADER = "Current task path:"
HITS_HEADER = "Relevant memories:"
CONTEXT_FORMATS = ("grouped", "lines")
"""``grouped``: memories under one ``[date]`` header per day, the type shown only when it is not
``event`` (about 10 tokens a memory cheaper, so a budget holds ~40% more of them);
``lines``: one ``- [type · date] text`` line per memory."""


def render_line(node: MemoryNode, *, indent: int = 0, note: str | None = None) -> str:
    """One line per memory: type and date first, so the reader can weigh it.

    ``note`` (e.g. ``previously: ...`` for a value that replaced another) is appended in
    parentheses.
    """
    text = " ".join(node.content.split())  # newlines inside a memory would break the layout
    if note:
        text += f" ({' '.join(note.split())})"
    return f"{'  ' * indent}- [{node.node_type} · {node.created_at:%Y-%m-%d}] {text}"


def render_compact(node: MemoryNode, note: str | None = None) -> str:
    """A memory's line under its date header: the type is shown unless it is ``event``."""
    text = " ".join(node.content.split())
    if note:
        text += f" ({' '.join(note.split())})"
    return f"- {text}" if node.node_type == "event" else f"- ({node.node_type}) {text}"


def date_header(node: MemoryNode) -> str:
    """The header line grouping memories of one day."""
    return f"[{node.created_at:%Y-%m-%d}]"


@dataclass(frozen=True, slots=True)
class Packed:
    """The packing outcome: which path nodes and hits made it, the text and its tokens."""

    path: list[MemoryNode]
    hits: list[Hit]
    context: str
    tokens: int
    dropped: int


def pack(
    path: Sequence[MemoryNode],
    ranked: Sequence[Hit],
    *,
    top_k: int,
    budget: int | None,
    counter: TokenCounter,
    notes: Mapping[str, str] | None = None,
    style: str = "grouped",
) -> Packed:
    """Fill the context: ancestor path first, then hits in rank order while they fit.

    The path is trimmed from the root side when the budget is tiny (the nearest ancestors say
    most about the current task). Chosen hits are printed in time order, which for agent
    memories is also the order the story happened in.
    """
    limit = budget
    header_cost = counter.count(PATH_HEADER) + 1
    used = 0
    kept_path: list[MemoryNode] = []
    for node in reversed(path):
        cost = counter.count(render_line(node, indent=1)) + 1
        extra = header_cost if not kept_path else 0
        if limit is not None and used + cost + extra > limit:
            break
        kept_path.insert(0, node)
        used += cost + extra
    hits_header_cost = counter.count(HITS_HEADER) + 1

    chosen: list[Hit] = []
    dropped = 0
    days: set[str] = set()
    for hit in ranked:
        if len(chosen) >= top_k:
            break
        day = ""
        note = notes.get(hit.node.id) if notes else None
        if style == "grouped":
            cost = counter.count(render_compact(hit.node, note)) + 1
            day = date_header(hit.node)
            if day not in days:
                cost += counter.count(day) + 1
        else:
            cost = counter.count(render_line(hit.node, indent=1, note=note)) + 1
        if not chosen:
            cost += hits_header_cost
        if limit is not None and used + cost > limit:
            dropped += 1
            continue
        chosen.append(hit)
        days.add(day)
        used += cost

    while True:
        text = _render(kept_path, chosen, style, notes or {})
        tokens = counter.count(text)
        # Per-line counts can differ slightly from the count of the joined text; trim the
        # lowest-ranked hit until the exact count fits.
        if limit is None or tokens <= limit or not (chosen or kept_path):
            break
        if chosen:
            chosen.pop()
            dropped += 1
        else:
            kept_path.pop(0)
    return Packed(path=kept_path, hits=chosen, context=text, tokens=tokens, dropped=dropped)


def _render(
    path: Sequence[MemoryNode], hits: Sequence[Hit], style: str, notes: Mapping[str, str]
) -> str:
    lines: list[str] = []
    if path:
        lines.append(PATH_HEADER)
        lines.extend(render_line(n, indent=1) for n in path)
    if hits:
        lines.append(HITS_HEADER)
        ordered = sorted(hits, key=lambda h: (h.node.created_at, h.node.seq))
        if style == "grouped":
            day = None
            for h in ordered:
                if date_header(h.node) != day:
                    day = date_header(h.node)
                    lines.append(day)
                lines.append(render_compact(h.node, notes.get(h.node.id)))
        else:
            lines.extend(render_line(h.node, indent=1, note=notes.get(h.node.id)) for h in ordered)
    return "\n".join(lines)
