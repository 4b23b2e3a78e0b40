"""Use the tree around a candidate: adjacent siblings and the parent's other children.

A memory is rarely understood alone. In a conversation the answer follows the question; a
session holding several matches is likelier to hold the one sought. Two features carry that
into the score (see :class:`~hybridmem.config.ScoreWeights`):

- ``neighbour``: the best relevance of the node's previous and next sibling (by creation order);
- ``parent``: the best relevance among the candidates sharing the node's parent (the retriever
  gives it to conversation turns only, children of a session).

"Relevance" is the query-dependent part of the score only (similarity and lexical), so a node's
own weights never leak into its neighbours. Neighbours of the best candidates also join the
candidate set (expansion): a turn that matches nothing but answers a matching turn can be found.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence

from hybridmem.models import MemoryNode
from hybridmem.store import RetrievalReads, TreeStore


def adjacent_siblings(
    store: RetrievalReads,
    nodes: Iterable[MemoryNode],
    statuses: Sequence[str],
    window_seconds: float | None = None,
) -> dict[str, tuple[str, ...]]:
    """For each node, the ids of its previous and next sibling in creation (``seq``) order.

    With ``window_seconds``, a sibling counts only when it was created within that time of
    the node: turns of one conversation are context for each other, memories filed weeks
    apart under the same parent are not.

    The store seeks two rows per node, so the cost grows with the number of nodes asked
    about, not with the size of the tree or of a parent's family.
    """
    nodes = list(nodes)
    found = store.sibling_neighbours(nodes, statuses)
    return {
        node.id: tuple(
            sibling
            for sibling, created in found.get(node.id, [])
            if window_seconds is None
            or abs((created - node.created_at).total_seconds()) <= window_seconds
        )
        for node in nodes
    }


def speakers_next(
    store: TreeStore,
    found: Mapping[str, Sequence[str]],
    best: Iterable[str],
    statuses: Sequence[str],
    window_seconds: float | None = None,
    known: Collection[str] = (),
) -> set[str]:
    """The turns two places from each of ``best`` (``found``: their adjacent siblings): in
    a conversation, the same speaker's turn before and after the reply. A speaker often goes
    on without repeating the words that matched ("I drink rooibos in the evenings now" /
    "Sounds lovely" / "yeah Lena got me into it, honey in it"), so the turn that carries the
    rest of the answer matches nothing itself and only its place in the exchange finds it.
    ``known``: turns whose entry in ``found`` already holds their adjacent siblings (read the
    same way), so they are not sought again.
    """
    best = list(best)
    first = {n for i in best for n in found.get(i, ())}
    reused = {n for n in first if n in known and n in found}
    nodes = store.get_many(first - reused)
    far = adjacent_siblings(store, nodes.values(), statuses, window_seconds)
    far.update({n: tuple(found[n]) for n in reused})
    return {m for n in first for m in far.get(n, ())} - set(best) - first


def neighbour_feature(
    relevance: Mapping[str, float], neighbours: Mapping[str, Sequence[str]], node_id: str
) -> float:
    """Best relevance among the node's adjacent siblings (0 when none is scored)."""
    return max((relevance.get(n, 0.0) for n in neighbours.get(node_id, ())), default=0.0)


def parent_feature(
    relevance: Mapping[str, float], nodes: Mapping[str, MemoryNode]
) -> dict[str, float]:
    """For each node, the best relevance among the candidates under its parent (itself
    included): one value per parent, so it lifts a whole session that matches well without
    ever reordering the children of one parent."""
    best: dict[str | None, float] = defaultdict(float)
    for node_id, node in nodes.items():
        best[node.parent_id] = max(best[node.parent_id], relevance.get(node_id, 0.0))
    return {node_id: best[node.parent_id] for node_id, node in nodes.items()}


def conversation_turns(
    store: TreeStore, nodes: Iterable[MemoryNode], kinds: Sequence[str]
) -> list[MemoryNode]:
    """The nodes that are turns of a conversation: children of a node whose type is in
    ``kinds`` (``RetrievalConfig.conversation_types``, a session). Only they have
    conversational neighbours; memories filed side by side under a task (or dated the same
    day) are separate memories, not question and answer."""
    nodes = list(nodes)
    parents = store.get_many({n.parent_id for n in nodes if n.parent_id})
    return [n for n in nodes if n.parent_id in parents and parents[n.parent_id].node_type in kinds]
