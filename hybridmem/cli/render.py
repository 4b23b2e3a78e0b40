"""How the command line shows memories: safe text, short ids, 80-column tables and trees.

Memory content is untrusted: it may hold terminal escape sequences (``ESC [ 2 J``), bidi
overrides or rich markup (``[red]``). Everything taken from the store goes through
:func:`clean` (control characters shown escaped, never sent to the terminal) and into
:class:`rich.text.Text` (never parsed as markup).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rich.table import Column, Table
from rich.text import Text
from rich.tree import Tree

if TYPE_CHECKING:
    from hybridmem.models import MemoryNode, ScoreBreakdown, StoreStats

SHORT_ID = 10
"""Characters of an id shown in tables: its last ones (any unique end or beginning of an id
is accepted back; the beginning of an id the engine made is its creation time, shared by the
nodes of one batch: core/ids.py)."""

# Bidi embedding/override/isolate marks and line/paragraph separators: they reorder or break
# what follows on the terminal, so they are shown escaped like control characters.
_INVISIBLE = {0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}


def _escape(ch: str) -> str:
    code = ord(ch)
    if ch in "\n\r\t":
        return " "
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def clean(value: object, *, limit: int | None = None) -> str:
    """``value`` as one printable line: control characters, bidi marks and separators escaped
    (``\\x1b``), newlines and tabs as spaces; cut to ``limit`` characters with an ellipsis."""
    text = str(value)
    if limit is not None and len(text) > limit:
        text = text[: max(limit - 1, 0)] + "…"
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() and ord(ch) not in _INVISIBLE:
            out.append(ch)
        elif unicodedata.category(ch) == "Cf" and ord(ch) not in _INVISIBLE:
            out.append(ch)  # zero-width joiners and the like keep emoji sequences whole
        else:
            out.append(_escape(ch))
    return "".join(out)


def clean_block(text: str) -> str:
    """Like :func:`clean` but keeps line breaks (for the packed context)."""
    return "\n".join(clean(line) for line in text.split("\n"))


def cell(value: object, *, limit: int | None = None, style: str = "") -> Text:
    """A table cell or label from untrusted text (escaped, never markup)."""
    return Text(clean(value, limit=limit), style=style)


def short(node_id: str | None) -> str:
    """An id as tables show it: its last :data:`SHORT_ID` characters (a shorter id whole)."""
    if not node_id:
        return ""
    return node_id[-SHORT_ID:]


# An id the engine made (32 hex digits, a root's with its prefix) inside a sentence such as
# "demoted by <id>": shown short like the id columns, so a reason never folds over three lines.
_ID_IN_TEXT = re.compile(r"\b(?:root-)?[0-9a-f]{32}\b")


def short_ids(text: str) -> str:
    """``text`` with every engine-made id in it shortened as tables show ids."""
    return _ID_IN_TEXT.sub(lambda m: short(m.group(0)), text)


def change(payload: dict[str, object]) -> str:
    """An op's payload as ``key=value`` pairs for a table: empty values left out, ids short,
    metadata flattened (``metadata=slot=user.residence, ...``). Sealed content is named, not
    printed: its ciphertext and keyed hash say nothing to a reader."""
    parts = []
    for key, value in payload.items():
        if key == "content" and value is None and payload.get("sealed"):
            parts.append("content=[sealed]")  # where the text would be, not past the cut
            continue
        if value is None or value == "" or value == {} or value == []:
            continue
        if key in ("sealed", "sealed_hash"):
            continue
        if key == "metadata" and isinstance(value, dict):
            from hybridmem.models import split_marks

            # the engine's marks ride in the logged metadata: shown as what they are
            metadata, marks = split_marks(value)
            parts.extend(
                f"{name}={short_ids(flat(part))}"
                for name, part in (("metadata", metadata), ("marks", marks))
                if part
            )
            continue
        parts.append(f"{key}={short_ids(flat(value))}")
    return ", ".join(parts)


def status_mark(node: MemoryNode) -> str:
    """``superseded`` / ``candidate`` / ``archived`` / empty, for labels and tables."""
    if node.status == "archived" and node.metadata.get("superseded_by"):
        return "superseded"
    if node.status == "archived" and node.metadata.get("summary_id"):
        return "compressed"
    if node.status == "active" and node.metadata.get("finished_at"):
        return "finished"
    if node.status != "active":
        return node.status
    return ""


_SHORT_FEATURE = {
    "similarity": "sim",
    "lexical": "lex",
    "importance": "imp",
    "recency": "rec",
    "confidence": "conf",
    "neighbour": "nbr",
    "parent": "parent",
    "speaker": "spkr",
}


def why(breakdown: ScoreBreakdown, top: int = 3) -> str:
    """The few features that made most of a score, as their share of it (they add up to the
    score with the rest): ``sim .41 lex .20 rec .08``."""
    total = sum(breakdown.parts.values())
    if total <= 0:
        return ""
    ranked = sorted(breakdown.parts.items(), key=lambda kv: -kv[1])
    shown = [
        f"{_SHORT_FEATURE.get(name, name[:6])} {breakdown.score * part / total:.2f}"
        for name, part in ranked[:top]
    ]
    return " ".join(s for s in shown if not s.endswith(" 0.00"))


def table(title: str, columns: Sequence[Column]) -> Table:
    """A compact table (no box, no padding at the edges) that fits 80 columns."""
    return Table(
        *columns,
        title=title,
        title_justify="left",
        box=None,
        pad_edge=False,
        header_style="bold",
    )


def col(name: str, *, wrap: bool = False, style: str = "") -> Column:
    """A column: short ones never wrap; the one ``wrap=True`` column takes the rest and folds."""
    if wrap:
        return Column(name, overflow="fold", ratio=1, style=style)
    return Column(name, no_wrap=True, style=style)


def node_table(nodes: Iterable[MemoryNode], title: str) -> Table:
    """Nodes as rows: short id, type, status, tier, created, content."""
    t = table(
        title,
        [
            col("id"),
            col("type"),
            col("status"),
            col("tier"),
            col("created"),
            col("content", wrap=True),
        ],
    )
    for n in nodes:
        t.add_row(
            short(n.id),
            n.node_type,
            status_mark(n) or "active",
            n.tier or "",
            f"{n.created_at:%Y-%m-%d}",
            cell(n.content, limit=400),
        )
    return t


def tree_of(
    user: str,
    nodes: Sequence[MemoryNode],
    active_id: str | None,
    *,
    content_limit: int = 60,
    marks: dict[str, str] | None = None,
) -> Tree:
    """A user's tree: short id, type, tier and status marks, the active node starred;
    ``marks``: words after a node's content (a value's state in its conflict group)."""
    tree = Tree(cell(user, style="bold"))
    branches: dict[str, Tree] = {}
    for node in nodes:
        if node.node_type == "root":
            branches[node.id] = tree
            continue
        label = Text.assemble((short(node.id), "dim"), " ", (node.node_type, "cyan"))
        if node.tier:
            label.append(f" {node.tier}", style="dim")
        mark = status_mark(node)
        if mark:
            label.append(f" [{mark}]", style="magenta")
        label.append(" ")
        label.append(clean(node.content, limit=content_limit))
        if marks and node.id in marks:
            label.append(f" [{marks[node.id]}]", style="green")
        if node.id == active_id:
            label.append(" ★ active", style="yellow")
        parent = branches.get(node.parent_id or "", tree)
        branches[node.id] = parent.add(label)
    return tree


def node_fields(node: MemoryNode) -> list[tuple[str, object]]:
    """The fields of one node worth showing, in reading order (no dict reprs)."""
    rows: list[tuple[str, object]] = [
        ("content", node.content),
        ("user", node.user_id),
        ("parent", node.parent_id or ""),
        ("status", status_mark(node) or "active"),
        ("tier", node.tier or ""),
        ("lifecycle", node.lifecycle or ""),
        ("importance", f"{node.importance:.2f}"),
        ("confidence", f"{node.confidence:.2f}"),
        ("created", f"{node.created_at:%Y-%m-%d %H:%M:%S}"),
        ("updated", f"{node.updated_at:%Y-%m-%d %H:%M:%S}"),
    ]
    if node.conflict_group:
        rows.append(("group", node.conflict_group))
    if node.source_id:
        rows.append(("source", node.source_id))
    rows.extend((f"meta.{key}", flat(value)) for key, value in sorted(node.metadata.items()))
    return rows


def flat(value: object) -> str:
    """Lists and dicts as ``a, b`` and ``k=v, k=v`` (no Python reprs in tables)."""
    if isinstance(value, list | tuple):
        return ", ".join(flat(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}={flat(v)}" for k, v in value.items())
    return str(value)


def stats_rows(stats: StoreStats) -> list[tuple[str, object]]:
    """A store's statistics as ``name, value`` rows (counts as ``a 3, b 1``)."""

    def counts(d: dict[str, int]) -> str:
        return ", ".join(f"{k} {v}" for k, v in sorted(d.items(), key=lambda kv: -kv[1]))

    vectors = "not counted (--vectors)" if stats.vectors < 0 else stats.vectors
    return [
        ("nodes", stats.nodes),
        ("users", stats.users),
        ("by type", counts(stats.by_type)),
        ("by status", counts(stats.by_status)),
        ("index state", counts(stats.by_index_state)),
        ("vectors", vectors),
        ("last op", stats.last_seq),
        ("embedder", f"{stats.embedder} ({stats.dimension} dims)"),
        ("sqlite size", f"{stats.sqlite_bytes / 1e6:.1f} MB"),
    ]
