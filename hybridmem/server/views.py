"""What the API and the inspector both show, computed from ``HybridMemory``'s public API only.

- :func:`user_tree`: a user's nodes in tree order with weight, tier, status, lifecycle, the
  active path, a tree-drawing prefix, a sensitive node's content withheld unless asked for
  (:mod:`hybridmem.privacy.disclosure`) and masked when it is encrypted and no key is loaded
  (``inspect`` reads rows as stored, so sensitive content is opened here with ``get``).
- :func:`score_bars`: each feature's share of a hit's score.
- :func:`search_readonly`: retrieval for the inspector's query box.
"""

from __future__ import annotations

import inspect as pyinspect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from hybridmem.errors import EncryptionError
from hybridmem.memory import HybridMemory
from hybridmem.models import MemoryNode, RetrievalResult, ScoreBreakdown
from hybridmem.privacy.disclosure import WITHHELD, is_withheld, withhold

MASK = "[sensitive: encrypted, the server has no key]"


def open_content(mem: HybridMemory, node: MemoryNode, include_sensitive: bool = True) -> str | None:
    """The node's text, or None when it is encrypted and this process holds no usable key;
    a sensitive node's is :data:`~hybridmem.privacy.disclosure.WITHHELD` (not even opened)
    unless ``include_sensitive``."""
    if not node.sensitive:
        return node.content
    shown = withhold(node, include_sensitive, seals_all=mem.encrypts_all)
    if is_withheld(shown.sensitive, shown.content):  # not even opened
        return WITHHELD
    try:
        return mem.get(node.id, user_id=node.user_id).content
    except EncryptionError:
        return None


@dataclass(frozen=True, slots=True)
class TreeRow:
    """One node of a user's tree as the API and the inspector show it."""

    node: MemoryNode
    content: str | None
    """The text; None when masked (encrypted, no key)."""
    weight: float
    half_life_days: float
    protected: bool
    group_current: bool | None
    why: str
    prefix: str
    """Tree-drawing characters before the node (``│  ├─ ``), computed on the shown rows."""
    active: bool
    on_active_path: bool


@dataclass(frozen=True, slots=True)
class UserTree:
    """A user's tree: the rows shown (at most ``limit``) out of ``total`` matching ones."""

    user_id: str
    active: MemoryNode | None
    rows: list[TreeRow]
    total: int

    @property
    def active_path(self) -> list[TreeRow]:
        """The rows from the root down to the active node (those among the shown rows)."""
        return [r for r in self.rows if r.on_active_path]


def user_tree(
    mem: HybridMemory,
    user_id: str,
    *,
    statuses: Sequence[str] | None = None,
    node_types: Sequence[str] | None = None,
    contains: str | None = None,
    limit: int | None = None,
    include_sensitive: bool = False,
) -> UserTree:
    """The user's nodes, parents first, each with its weight and place on the active path;
    sensitive text withheld unless ``include_sensitive``."""
    rows = mem.inspect(
        user_id=user_id,
        statuses=statuses or None,
        node_types=node_types or None,
        contains=contains or None,
    )
    active = mem.active_node(user_id=user_id)
    on_path = set(active.path) | {active.id} if active else set()
    total = len(rows)
    shown = rows if limit is None else rows[:limit]
    prefixes = tree_prefixes([(r.node.id, r.node.parent_id) for r in shown])
    out = [
        TreeRow(
            node=r.node,
            content=open_content(mem, r.node, include_sensitive),
            weight=r.weight,
            half_life_days=r.half_life_days,
            protected=r.protected,
            group_current=r.group_current,
            why=r.why,
            prefix=prefixes.get(r.node.id, ""),
            active=active is not None and r.node.id == active.id,
            on_active_path=r.node.id in on_path,
        )
        for r in shown
    ]
    return UserTree(user_id=user_id, active=active, rows=out, total=total)


def tree_prefixes(pairs: Iterable[tuple[str, str | None]]) -> dict[str, str]:
    """``tree``-style prefixes for (id, parent id) pairs listed parents first.

    A node whose parent is not listed starts a new top level (filters can hide parents).
    """
    order = list(pairs)
    ids = {i for i, _ in order}
    children: dict[str | None, list[str]] = {}
    for node_id, parent in order:
        children.setdefault(parent if parent in ids else None, []).append(node_id)
    out: dict[str, str] = {}
    # (node, prefix of the node, prefix its children continue with)
    stack: list[tuple[str, str, str]] = [(n, "", "") for n in reversed(children.get(None, []))]
    while stack:
        node_id, mine, carry = stack.pop()
        out[node_id] = mine
        kids = children.get(node_id, [])
        for i in reversed(range(len(kids))):
            last = i == len(kids) - 1
            stack.append(
                (kids[i], carry + ("└─ " if last else "├─ "), carry + ("   " if last else "│  "))
            )
    return out


@dataclass(frozen=True, slots=True)
class Bar:
    """One feature of a hit: raw value, effective weight, and its share of the score."""

    feature: str
    value: float
    weight: float
    share: float
    """``weight × value / Σ weights``: the shares of a hit add up to its score."""


def score_bars(b: ScoreBreakdown) -> list[Bar]:
    """Every weighted feature of a hit, largest share first."""
    total = sum(b.weights.values())
    if total <= 0:  # older breakdowns without weights: recover the normaliser from the score
        total = sum(b.parts.values()) / b.score if b.score > 0 else 1.0
    bars = [
        Bar(
            feature=f,
            value=b.features.get(f, 0.0),
            weight=b.weights.get(f, 0.0),
            share=part / total,
        )
        for f, part in b.parts.items()
        if b.weights.get(f, 1.0) > 0
    ]
    return sorted(bars, key=lambda bar: (-bar.share, bar.feature))


def readonly_search_supported(mem: HybridMemory) -> bool:
    """Whether ``retrieve`` can leave the hits' access statistics alone (``record_access``)."""
    return "record_access" in pyinspect.signature(mem.retrieve).parameters


def search_readonly(mem: HybridMemory, query: str, **kwargs: Any) -> RetrievalResult:
    """Retrieve without counting the hits as used, where the engine supports that.

    Looking at memory from the inspector should not change it, but ``retrieve`` renews the
    hits' access statistics (use, recency). ``record_access=False`` is being added to
    ``retrieve`` separately; until it exists the inspector's searches count as uses and the
    search page says so.
    """
    if readonly_search_supported(mem):
        kwargs["record_access"] = False
    return mem.retrieve(query, **kwargs)
