"""Words for a conflict group's members in ``hybridmem tree``: which value is current, which
one was demoted and when it settles, which one waits for confirmation and what confirms it.

The states are the ones :mod:`hybridmem.evolution.write.conflicts` records on the nodes
(``demoted_by``, ``awaiting``/``unconfirmed_reason``); which member is current comes from
``HybridMemory.inspect`` (the same answer retrieval and the inspector give).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from datetime import timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hybridmem.memory import HybridMemory
    from hybridmem.models import MemoryNode

_MENTIONS = re.compile(r"(\d+)/(\d+) mentions")


def value_marks(mem: HybridMemory, user: str, nodes: Sequence[MemoryNode]) -> dict[str, str]:
    """``node id -> mark`` for the live members of conflict groups holding more than one value
    (a lone value is simply the value: no mark)."""
    from hybridmem.core.evolution_marks import demoted_since  # the CLI's cold start stays light

    sizes = Counter(n.conflict_group for n in nodes if n.conflict_group)
    if not any(size > 1 for size in sizes.values()):
        return {}
    current = {
        row.node.id for row in mem.inspect(user_id=user, statuses=["active"]) if row.group_current
    }
    settle = timedelta(days=mem.config.evolution.settle_after_days)
    by_id = {n.id: n for n in nodes}
    marks: dict[str, str] = {}
    for node in nodes:
        if node.status != "active" or not node.conflict_group or sizes[node.conflict_group] < 2:
            continue
        meta = node.metadata
        if meta.get("awaiting") == "confirmation":
            said = _MENTIONS.search(str(meta.get("unconfirmed_reason", "")))
            count = f" ({said.group(1)} of {said.group(2)} mentions)" if said else ""
            marks[node.id] = f"awaiting confirmation{count}: saying it again confirms it"
        elif node.id in current:
            marks[node.id] = "current value"
        elif "demoted_by" in meta:
            # maintenance settles the group this long after the demotion was said, unless the
            # older one was used since (forgetting.py, settle_groups)
            newer = by_id.get(str(meta["demoted_by"]))
            when = f" from {demoted_since(node, newer) + settle:%Y-%m-%d}" if newer else ""
            marks[node.id] = f"demoted: maintenance archives it{when} unless it is used"
    return marks
