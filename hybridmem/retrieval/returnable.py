"""The candidates a retrieval can return: the only ones its per-query scales are taken over.

The query-dependent features are scaled per query (:mod:`~hybridmem.retrieval.fusion`:
similarity min-max between the worst and the best candidate, lexical over the best BM25), and
the scale's ends are whichever candidates hold them. Candidates are gathered wider than what
can be returned: the user's root ("Memory of u", a container, never a memory: a candidate
when no task is in scope), one a caller's filter excludes (the lexical search is not
narrowed by it), and a sealed memory the question is not about
(:mod:`~hybridmem.retrieval.sensitive`). Were those on the scale, ranking would depend on a
node that is never a hit: the root, whose similarity is an accident of its label, set the low
end when it was the least similar; a filtered node, the lexical top; and because the
candidates were re-scaled only when a sealed memory was withheld, the mere presence of a
secret changed the scores of an ordinary question (a side channel). So every scale, and the
relevance that picks whose neighbours join (``Retriever.expand``), covers the returnable
candidates alone (another user's, status's, agent's or session's nodes are checked too,
though the searches filter them already), and a sealed candidate joins it only once the
question is judged to be about it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from hybridmem.models import MemoryNode, NodeType


@dataclass(frozen=True, slots=True)
class Returnable:
    """What one retrieval may return: ``user_id``'s nodes of ``statuses`` (or unfolded from a
    summary), visible to the caller, inside ``allowed`` when a filter gave one, never the
    user's root. The default (no user, no statuses) judges no candidate but the root."""

    user_id: str | None = None
    statuses: tuple[str, ...] | None = None
    visible: Callable[[MemoryNode], bool] | None = None
    allowed: Collection[str] | None = None
    sealed_judged: bool = True
    """False while the sealed candidates are not judged yet (``include_sensitive`` off):
    until then none of them counts, so a withheld one never did."""

    def ids(self, nodes: Mapping[str, MemoryNode], unfolded: Collection[str]) -> list[str]:
        """The ids of ``nodes`` the scales are taken over, in order."""
        return [
            i
            for i, n in nodes.items()
            if self.can_return(i, n, unfolded) and (self.sealed_judged or not n.sensitive)
        ]

    def only(
        self,
        nodes: Mapping[str, MemoryNode],
        bm25: Mapping[str, float],
        unfolded: Collection[str],
    ) -> tuple[dict[str, MemoryNode], dict[str, float]]:
        """``nodes`` and their raw ``bm25`` without what the retrieval cannot return (a sealed
        memory stays for its own rule). The BM25 of the others goes too: a slot match is lifted
        to the best BM25 (:func:`~hybridmem.retrieval.attributes.agreed`), the best returnable
        one, not an ancestor's or another agent's."""
        keep = {i: n for i, n in nodes.items() if self.can_return(i, n, unfolded)}
        return keep, {i: v for i, v in bm25.items() if i in keep}

    def can_return(self, node_id: str, node: MemoryNode, unfolded: Collection[str]) -> bool:
        """Whether the retrieval may return ``node`` (sealed ones are judged apart)."""
        return (
            node.node_type != NodeType.ROOT
            and (self.user_id is None or node.user_id == self.user_id)
            and (self.statuses is None or node.status in self.statuses or node_id in unfolded)
            and (self.allowed is None or node_id in self.allowed)
            and (self.visible is None or self.visible(node))
        )
