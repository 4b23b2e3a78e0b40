"""The current value of the attribute a question asks about, as a candidate of its own.

A question about one of the user's own attributes ("我现在住哪？", "What do I do for a
living?": :func:`~hybridmem.retrieval.attributes.asked_slot`) is answered by that attribute's
conflict group's current value, which the writer keeps (``slot:user.residence``). The
candidates, though, come from words and vectors: "我现在住哪？" shares 住 with every remark
about staying somewhere (想让她来深圳住一阵子, 房租), and those filled the lexical top, while
neither "决定搬家了，在宝安找了个一室户" (the current value) nor the older home came in by word
or vector (issue 38, probing_blind2 zh y12). Once a candidate, the slot agreement
(:func:`~hybridmem.retrieval.attributes.agreed`) and the group notes
(:func:`~hybridmem.retrieval.groups.group_values`) rank and label it as they do any value.

So the group's current value joins the candidates whatever the words, under the retrieval's
every limit, and no constant is involved:

- the groups are the user's own (``slot:<attribute>``) and, for an asking agent, that agent's
  own (``slot:<attribute>@<agent>``: :func:`~hybridmem.evolution.write.planner.own_group`);
  another agent's group is never read, and a question naming someone else reads none;
- the current value is the group's, read over every member (:func:`current_of`), so a value
  the caller may not see never makes an older one current; it joins only when the scope holds
  it (the store's scope, which carries the agent's read set) and the retrieval may return it
  (status, filter, agent and session: :class:`~hybridmem.retrieval.returnable.Returnable`);
- a sealed (sensitive) value joins only when the caller asked for sensitive memories.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hybridmem.core import Core
from hybridmem.core.evolution_marks import current_of
from hybridmem.core.vectors import node_vectors
from hybridmem.evolution.write.planner import own_group
from hybridmem.filters import NodeFilter, parse_where
from hybridmem.models import MemoryNode
from hybridmem.retrieval.attributes import SLOT_KEY, asked_slot, names_someone
from hybridmem.retrieval.candidates import Candidates, Query
from hybridmem.retrieval.scoping import ResolvedScope

SOURCE = "asked"
"""The candidate source of a value joined here (in a hit's ``sources``)."""


def current_values(
    core: Core,
    query: str,
    user_id: str,
    agent_id: str | None,
    slot_map: Mapping[str, Sequence[str]] | None = None,
) -> list[MemoryNode]:
    """The current value of each group holding the user's own attribute ``query`` asks
    about, for the asker (the user's group, and ``agent_id``'s own); empty when the question
    reads no attribute or names someone else. Limits are the caller's (:func:`join`)."""
    asked = asked_slot(query, slot_map)
    if asked is None or names_someone(query):
        return []
    store = core.engine.store
    groups = dict.fromkeys(own_group(f"slot:{asked}", a) for a in (None, agent_id))
    found = [current_of(store.conflict_group_members(user_id, g)) for g in groups]
    return [n for n in found if n is not None and n.metadata.get(SLOT_KEY) == asked]


def join(
    core: Core,
    q: Query,
    resolved: ResolvedScope,
    cands: Candidates,
    on_path: set[str],
    asker: tuple[str | None, bool],
) -> None:
    """Add the asked attribute's current values (:func:`current_values`) to ``cands`` with
    their similarity, and re-fuse. ``asker``: the asking agent and whether the caller
    includes sensitive memories."""
    agent_id, include_sensitive = asker
    engine = core.engine
    found = current_values(core, q.text, q.user_id, agent_id, engine.config.evolution.slot_map)
    new = [
        n
        for n in found
        if n.id not in cands.nodes
        and n.id not in on_path
        and (include_sensitive or not n.sensitive)
        and cands.returnable.can_return(n.id, n, ())
    ]
    if not new:
        return
    # The scope as the store reads it (task subtree, user-level types, the agent's read set):
    # one SQL filter over the nodes holding the attribute, no content decoded.
    where = NodeFilter(where=parse_where({SLOT_KEY: new[0].metadata[SLOT_KEY]}))
    statuses = engine.config.retrieval.include_statuses
    inside = set(engine.store.filter_ids(resolved.scope, where, statuses))
    new = [n for n in new if n.id in inside]
    if not new:
        return
    for node in new:
        cands.nodes[node.id] = node
        cands.add(node.id, SOURCE)
    if q.vector is not None:
        vectors = node_vectors(engine, [n.id for n in new], engine.embedder.name)
        for node_id, vec in vectors.items():
            cands.cosine.setdefault(node_id, float(vec @ q.vector))
    cands.fuse(q.weights, core.engine.config.retrieval.fusion)
