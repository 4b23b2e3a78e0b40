"""Order the ranked hits so that a context covers more conversations' sessions.

A question whose answer is spread over several sessions ("what activities has Melanie done
with her family?") loses places to the best session's other turns: the ``parent`` feature
lifts a whole session that matches well, so its small talk outranks the second session's
answer. Here each session's hits keep their own order, and a session's next hit yields by
``decay`` per hit of that session already placed (a greedy, MMR-like re-ranking on the session
alone, no vectors). Hits that are not conversation turns are their own group: they never
yield. ``decay`` 1.0 is the plain score order.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Sequence

from hybridmem.models import Hit


def spread_sessions(hits: Sequence[Hit], turns: Collection[str], decay: float) -> list[Hit]:
    """``hits`` (best first) re-ordered: repeatedly the hit with the best ``score * decay**n``,
    ``n`` the hits of its session (parent) already placed, among each session's next hit.
    Within a session the order is kept; only turns (ids in ``turns``) share a session."""
    if decay >= 1.0 or len(hits) < 2:
        return list(hits)
    queues: dict[object, list[Hit]] = {}
    for i, hit in enumerate(hits):
        key: object = hit.node.parent_id if hit.node.id in turns else ("own", i)
        queues.setdefault(key, []).append(hit)
    position = {id(h): i for i, h in enumerate(hits)}
    # (negated adjusted score, position in ``hits``, key): ties keep the original order.
    heap = [(-queue[0].score, position[id(queue[0])], key) for key, queue in queues.items()]
    heapq.heapify(heap)
    place: dict[object, int] = dict.fromkeys(queues, 0)
    out: list[Hit] = []
    while heap:
        _, _, key = heapq.heappop(heap)
        queue = queues[key]
        out.append(queue[place[key]])
        place[key] += 1
        if place[key] < len(queue):
            nxt = queue[place[key]]
            heapq.heappush(heap, (-nxt.score * decay ** place[key], position[id(nxt)], key))
    return out
