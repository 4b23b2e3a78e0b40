"""Repeats: a new memory that says exactly (or all but exactly) what a live one says.

"No duplicate memories" is what users of agent memory ask for most. A repeat is not written as
a second node; it **reinforces** the node it repeats: a little more confidence and importance,
one more mention (``metadata["mentions"]``, the confirmation count) and one more entry in
``metadata["provenance"]`` (when, from which source/session/agent), and its recency renewed.
The reinforcement is an ``evolve`` op, so replay reproduces it.

What counts as a repeat is deliberately narrow, because merging two different memories loses
one of them:

* same user, same node type, same parent (the same task context);
* **exact**: the same content hash; **near-exact**: the same text once case, width, spacing and
  punctuation are ignored, or vectors at least ``duplicate_threshold`` apart that differ in no
  distinctive term (so "ran 5 km" never merges into "ran 6 km");
* an *episode* (a type outside ``conflict_types``) only within ``repeat_window_hours`` of the
  node's latest mention: "went running" said on Monday and on Friday are two runs (and a
  recurring theme for distillation), said twice in a minute it is one run sent twice. Facts and
  preferences repeat at any distance: saying one again confirms it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Hashable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from hybridmem.clock import to_iso
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.core import NodeChange, PlanRequest
from hybridmem.core.evolution_marks import last_mentioned
from hybridmem.evolution.write.conflicts import value_units
from hybridmem.models import MemoryNode

SIBLING_POOL = 20
"""How many of the parent's newest live children a new node is compared with (near-exact)."""
_NOISE = re.compile(r"[\W_]+", re.UNICODE)


def normalised(text: str) -> str:
    """Text with case, full/half width, spacing and punctuation ignored."""
    return _NOISE.sub("", unicodedata.normalize("NFKC", text).casefold())


def same_terms(a_text: str, b_text: str) -> bool:
    """The same distinctive terms in the same order (attitude and time words aside): "thread
    2 note 1" and "thread 1 note 2" differ although their terms are the same set."""
    return value_units(a_text) == value_units(b_text)


def within_window(node: MemoryNode, at: datetime, request_type: str, cfg: EvolutionConfig) -> bool:
    """Facts/preferences repeat at any distance; an episode only close to its last mention."""
    if request_type in cfg.conflict_types:
        return True
    last = last_mentioned(node)
    return abs(at - last) <= timedelta(hours=cfg.repeat_window_hours)


def pick_repeat(
    request: PlanRequest,
    exact: Sequence[MemoryNode],
    siblings: Sequence[MemoryNode],
    vectors_of: Callable[[list[str]], Mapping[str, np.ndarray]],
    cfg: EvolutionConfig,
    units: dict[Hashable, Any] | None = None,
    same_standing: Callable[[MemoryNode], bool] | None = None,
) -> MemoryNode | None:
    """The live node ``request`` repeats, if any: an exact hash first, then a sibling with
    the same normalised text, then one with the same terms and a vector at least
    ``duplicate_threshold`` close (vectors are fetched for those few only). ``units``: a
    batch's memo of each text's normalised form and terms (siblings are compared with every
    item planned under their parent). ``same_standing``: whether a sibling was said with the
    newcomer's speech standing (asked only of a sibling found, since it may classify the
    newcomer); a sibling said otherwise is not repeated however close ("I want a long soak
    after that match." and "After a match I always want a long soak." have the same terms).
    An exact repeat is the same text, which reads the same."""
    for node in exact:
        if _may_absorb(node, request, cfg):
            return node
    memo: dict[Hashable, Any] = {} if units is None else units
    mine: tuple[str, list[str]] | None = None
    close: list[MemoryNode] = []
    for node in siblings:
        if node.node_type != request.node_type or node.sensitive:
            continue
        mine = mine or _forms(request.content, memo)
        theirs = _forms(node.content, memo)
        # The texts first (memoised), the window (which reads the node's mentions) only for
        # the few that compare: the same answer as the window first.
        if theirs[0] == mine[0]:
            if _may_absorb(node, request, cfg) and _accepts(same_standing, node):
                return node
        elif theirs[1] == mine[1] and _may_absorb(node, request, cfg):  # same_terms
            close.append(node)
    if not close or request.vector is None:
        return None
    vectors = vectors_of([n.id for n in close])
    for node in close:
        vec = vectors.get(node.id)
        close_enough = vec is not None and float(vec @ request.vector) >= cfg.duplicate_threshold
        if close_enough and _accepts(same_standing, node):
            return node
    return None


def _accepts(same_standing: Callable[[MemoryNode], bool] | None, node: MemoryNode) -> bool:
    return same_standing is None or same_standing(node)


def _forms(text: str, memo: dict[Hashable, Any]) -> tuple[str, list[str]]:
    """``(normalised(text), value_units(text))``, from ``memo`` when known."""
    key = ("repeat-forms", text)
    found: tuple[str, list[str]] | None = memo.get(key)
    if found is None:
        found = (normalised(text), value_units(text))
        memo[key] = found
    return found


def _may_absorb(node: MemoryNode, request: PlanRequest, cfg: EvolutionConfig) -> bool:
    if node.metadata.get("awaiting") == "confirmation":
        return False  # a second mention of a challenger confirms it (the conflict policy)
    return within_window(node, request.created_at, request.node_type, cfg)


def reinforce(node: MemoryNode, request: PlanRequest) -> NodeChange:
    """The change a repeat makes to the node it repeats."""
    said = mentioned(node, request)
    return NodeChange(
        node.id,
        "reinforce",
        f"repeated by a new write ({said['mentions']} mentions)",
        {
            "importance": min(1.0, node.importance + 0.05),
            "confidence": min(1.0, max(node.confidence, request.confidence) + 0.05),
            "metadata": said,
            "renew": True,
        },
    )


def mentioned(node: MemoryNode, request: PlanRequest) -> dict[str, Any]:
    """``node``'s metadata once ``request`` has said it again: one more mention and one more
    ``provenance`` entry (when, from which source and session), which makes it the member
    said last (``core.evolution_marks.last_mentioned``)."""
    mentions = int(node.metadata.get("mentions", 1)) + 1
    provenance: list[dict[str, Any]] = list(node.metadata.get("provenance", []))
    if not provenance:
        provenance.append(_provenance(node.created_at, node.source_id, node.session_id))
    provenance.append(_provenance(request.created_at, request.source_id, request.session_id))
    return {"mentions": mentions, "provenance": provenance}


def _provenance(at: datetime, source_id: str | None, session_id: str | None) -> dict[str, Any]:
    entry: dict[str, Any] = {"at": to_iso(at)}
    if source_id:
        entry["source_id"] = source_id
    if session_id:
        entry["session_id"] = session_id
    return entry
