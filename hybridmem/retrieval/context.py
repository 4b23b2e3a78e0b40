"""Serialise retrieved memories into a prompt context that fits a token budget."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from hybridmem.models import Hit, MemoryNode
from hybridmem.retrieval.shortened import Shorten
from hybridmem.tokens import TokenCounter

PATH_HEADER = "Current task path:"
HITS_HEADER = "Relevant memories:"
COMPACT_PATH = "Task path: "
COMPACT_HITS = "Memories:"
CONTEXT_FORMATS = ("compact", "grouped", "lines")
"""``compact`` (the default): the ancestor path on one ``Task path: a > b`` line, then one
``8 May 2023:`` line per day and one line per memory under it, the type shown only when it is
not ``event`` (``(fact) ...``); ``grouped``: the path one node a line, memories as ``- text``
bullets under ``[2023-05-08]`` headers; ``lines``: one ``- [type · date] text`` line per
memory. Every memory is one line in all three (its own newlines are flattened), so a line is a
memory. On LoCoMo at a 1,000-token budget ``compact`` spends ~8% fewer tokens on layout than
``grouped`` (docs/benchmarks.md), and ``grouped`` ~10 tokens a memory fewer than ``lines``."""

_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


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


def date_header(node: MemoryNode, style: str = "grouped", *, year: bool = True) -> str:
    """The header line grouping memories of one day. ``compact`` spells the month in English
    whatever the locale and names the year only on the first day of each year in the
    context ("8 May 2023:", then "25 May:"; 3 cl100k tokens against 8 for "[2023-05-08]")."""
    day = node.created_at
    if style == "compact":
        month = _MONTHS[day.month - 1]
        return f"{day.day} {month} {day.year}:" if year else f"{day.day} {month}:"
    return f"[{day:%Y-%m-%d}]"


def render_memory(node: MemoryNode, note: str | None, style: str) -> str:
    """A memory's line in ``style`` (see :data:`CONTEXT_FORMATS`)."""
    if style == "lines":
        return render_line(node, indent=1, note=note)
    line = render_compact(node, note)
    return line[2:] if style == "compact" else line  # compact: no "- " bullet (1 token)


def _flat(node: MemoryNode) -> str:
    return " ".join(node.content.split())


@dataclass(frozen=True, slots=True)
class Packed:
    """The packing outcome: which path nodes and hits made it, the text and its tokens."""

    path: list[MemoryNode]
    hits: list[Hit]
    context: str
    tokens: int
    dropped: int
    shortened: frozenset[str] = field(default_factory=frozenset)
    """Ids of the hits printed shorter than their content (:mod:`.shortened`)."""


def pack(
    path: Sequence[MemoryNode],
    ranked: Sequence[Hit],
    *,
    top_k: int,
    budget: int | None,
    counter: TokenCounter,
    notes: Mapping[str, str] | None = None,
    style: str = "compact",
    shorten: Shorten | None = None,
) -> Packed:
    """Fill the context: ancestor path first, then hits in rank order while they fit.

    The path is trimmed from the root side when the budget is tiny (the nearest ancestors say
    most about the current task). Chosen hits are printed in time order, which for agent
    memories is also the order the story happened in. A hit that does not fit whole is
    printed as ``shorten`` says when that fits (:mod:`.shortened`), else skipped.
    """
    limit = budget
    used = 0
    kept_path: list[MemoryNode] = []
    for node in reversed(path):
        if style == "compact":  # one line: "Task path: " once, then " > " between nodes
            cost = counter.count(" > " + _flat(node))
            extra = counter.count(COMPACT_PATH) + 1 if not kept_path else 0
        else:
            cost = counter.count(render_line(node, indent=1)) + 1
            extra = counter.count(PATH_HEADER) + 1 if not kept_path else 0
        if limit is not None and used + cost + extra > limit:
            break
        kept_path.insert(0, node)
        used += cost + extra
    hits_header_cost = counter.count(COMPACT_HITS if style == "compact" else HITS_HEADER) + 1

    chosen: list[Hit] = []
    dropped = 0
    days: set[str] = set()
    years: set[int] = set()
    shown: dict[str, MemoryNode] = {}
    for hit in ranked:
        if len(chosen) >= top_k:
            break
        note = notes.get(hit.node.id) if notes else None
        extra = 1
        day = date_header(hit.node, style, year=False) if style != "lines" else ""
        if day and day not in days:
            extra += counter.count(day) + 1
        if style == "compact" and hit.node.created_at.year not in years:
            # The year is printed once, on its first day (the context is in time order).
            extra += counter.count(date_header(hit.node, style)) - counter.count(day)
        if not chosen:
            extra += hits_header_cost
        cost = counter.count(render_memory(hit.node, note, style)) + extra
        if limit is not None and used + cost > limit:
            fits = _shorter(hit.node, shorten, limit - used - extra, note, style, counter)
            if fits is None:
                dropped += 1
                continue
            node, cost = fits
            cost += extra
            shown[hit.node.id] = node
        chosen.append(hit)
        days.add(day)
        years.add(hit.node.created_at.year)
        used += cost

    while True:
        text = _render(kept_path, chosen, style, notes or {}, shown)
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
    short = frozenset(h.node.id for h in chosen if h.node.id in shown)
    return Packed(kept_path, chosen, text, tokens, dropped, short)


def _shorter(
    node: MemoryNode,
    shorten: Shorten | None,
    room: int,
    note: str | None,
    style: str,
    counter: TokenCounter,
) -> tuple[MemoryNode, int] | None:
    """The first of ``shorten``'s prints of ``node`` (widest first) whose line fits in
    ``room`` tokens, and its cost; ``None`` when none does."""
    for text in shorten(node) if shorten is not None else ():
        shown = replace(node, content=text)
        cost = counter.count(render_memory(shown, note, style))
        if cost <= room:
            return shown, cost
    return None


def _render(
    path: Sequence[MemoryNode],
    hits: Sequence[Hit],
    style: str,
    notes: Mapping[str, str],
    shown: Mapping[str, MemoryNode],
) -> str:
    lines: list[str] = []
    if path and style == "compact":
        lines.append(COMPACT_PATH + " > ".join(_flat(n) for n in path))
    elif path:
        lines.append(PATH_HEADER)
        lines.extend(render_line(n, indent=1) for n in path)
    if hits:
        lines.append(COMPACT_HITS if style == "compact" else HITS_HEADER)
        ordered = sorted(hits, key=lambda h: (h.node.created_at, h.node.seq))
        day, year = None, None
        for h in ordered:
            header = date_header(h.node, style, year=h.node.created_at.year != year)
            if style != "lines" and h.node.created_at.date() != day:
                day, year = h.node.created_at.date(), h.node.created_at.year
                lines.append(header)
            node = shown.get(h.node.id, h.node)
            lines.append(render_memory(node, notes.get(h.node.id), style))
    return "\n".join(lines)
