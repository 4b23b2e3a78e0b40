"""The group a fact no slot placed joins: its most similar live fact's (by the embedder's
threshold), else the one the pair model reads as another value of its attribute, else the
group a move back returns to (``move_back.returned_to``).

Called by the planner (``EvolutionWriter._resolve_conflict``) for a fact or preference that
no slot placed in a group; it reads the conflict pool (``batch_pools.conflict_pool``) and its
vectors (``pool_vectors.pool_matrix``) as the batch sees them, through :class:`WriterReads`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from hybridmem.config.evolution import EvolutionConfig
from hybridmem.core import NodeChange, PlanRequest
from hybridmem.evolution.embed_models import E5_NAME
from hybridmem.evolution.slots import others, relation_values
from hybridmem.evolution.slots import pairs as pair_embed
from hybridmem.evolution.write import move_back, value_remarks
from hybridmem.evolution.write.batch_pools import conflict_pool
from hybridmem.evolution.write.pool_vectors import pool_matrix
from hybridmem.models import MemoryNode
from hybridmem.store import TreeStore

CONFLICT_POOL = 500
"""How many of the user's newest live facts of a type a new one is compared with."""

DEFAULT_SIMILARITY = 0.8
"""Cosine at which a new fact joins a similar one's group (chosen with all-MiniLM-L6-v2)."""
SIMILARITY_THRESHOLDS: dict[str, float | None] = {
    # Measured: e5's cosines for two values of one attribute ("I drink oat milk" / "I switched
    # to almond milk") span 0.85-0.95 and for unrelated facts ("我对花生过敏" / "我女儿叫小雨")
    # 0.81-0.91; no threshold separates them, and a false group demotes (then archives) an
    # unrelated fact. Values of the slots (structure + e5 slot model) still group.
    E5_NAME: None,
}
"""Per embedder: the similarity threshold, or None for no grouping by similarity."""

Found = tuple[str | None, tuple[NodeChange, ...], move_back.MoveBack | None]
"""The group joined (or None), the changes that form it, and the move back that settles it."""


def similarity_threshold(config: EvolutionConfig, embedder_name: str) -> float | None:
    """The configured threshold, else the embedder's own, else :data:`DEFAULT_SIMILARITY`."""
    if config.similarity_threshold is not None:
        return config.similarity_threshold
    return SIMILARITY_THRESHOLDS.get(embedder_name, DEFAULT_SIMILARITY)


@dataclass(frozen=True, slots=True)
class WriterReads:
    """What the search reads through the planner, as the batch sees it."""

    store: TreeStore
    vectors: Callable[[Sequence[str]], Mapping[str, np.ndarray]]
    """Vectors of node ids (kept in the batch's vectors)."""
    node: Callable[[str], MemoryNode | None]
    """A node as the batch sees it."""
    live: Callable[[str], list[MemoryNode]]
    """A group's deciding and newest settled members."""
    kinds: Sequence[str]
    """The types of the statements a value is said in (``EvolutionConfig.conflict_types``)."""


def similar_group(
    request: PlanRequest,
    reads: WriterReads,
    threshold: float | None,
    pairs: pair_embed.PairModel | None,
) -> Found:
    """The group of the most similar live fact/preference of the same type, if close (by
    ``threshold``), or the one the pair model ``pairs`` links (used when ``threshold`` is
    None), or the one a move back returns to.

    The pool (ids and groups of the newest live ones) comes from one index read in SQL;
    its vectors from ``batch_vectors`` or, once per batch, from the store's kept copies (the
    index for a node without one).
    """
    vector = request.vector
    if vector is None or (threshold is None and pairs is None):
        return None, (), None
    again = pairs is not None and pair_embed.says_again(request.content)
    if pairs is not None and not pair_embed.states_change(request.content) and not again:
        # The pair model links only a stated change (and a move back its own way, below):
        # no pool to read for the rest.
        return None, (), None
    read = _pool(request, reads, vector)
    if read is None:
        return None, (), None
    known, sims = read
    if pairs is not None:
        found = _paired(request, reads, pairs, known, sims)
        if found is None and again:
            moved = _returned(request, reads, known, sims)
            if moved is not None:
                return moved.group, (), moved
        if found is None:
            return None, (), None
        best_id, best_group, why = found
    else:
        assert threshold is not None
        # The oldest of the most similar (ties go to the older statement, as ever).
        last = len(known) - 1 - int(np.argmax(sims[::-1]))
        if float(sims[last]) < threshold:
            return None, (), None
        best_id, best_group = known[last]
        why = f"similar ({float(sims[last]):.2f}) to a new statement"
    best = reads.store.get(best_id)
    if best is None or best.agent_id != request.agent_id:
        return None, (), None  # similar to another agent's memory: no group across owners
    if relation_values.relations_own(request.content, best.content):
        # "我妈把她的号转到移动了" is the mother's carrier, no new value of "我手机号一直用的
        # 联通卡": as one group, the newer was shown and the user's carrier lost. (Not the
        # other order: "The little one started at Bright Stars" after "My son goes to Little
        # Acorns" names the same holder by another word.)
        return None, (), None
    if others.names_another(best.content, request.content) or others.names_another(
        request.content, best.content
    ):
        # "I don't drive any more, my neighbour takes me to the shops." is no value of "My
        # wife Brenda volunteers at the Oxfam shop" (pair model and the word "shop"): as
        # one group, only the newer was returned, and the wife's Saturdays were lost.
        return None, (), None
    if best_group:
        return best_group, (), None
    group = f"sim:{best_id}"
    return group, (NodeChange(best_id, "join", why, {"conflict_group": group}),), None


def _pool(
    request: PlanRequest, reads: WriterReads, vector: np.ndarray
) -> tuple[list[tuple[str, str | None]], np.ndarray] | None:
    """The conflict pool's (id, group) pairs and their similarities to ``vector``, as the
    batch sees them; None for an empty pool."""
    pool = conflict_pool(reads.store, request, CONFLICT_POOL)
    kept = pool_matrix(
        pool,
        request.batch_reads.derived,
        ("pool_matrix", request.user_id, request.node_type),
        reads.vectors,
        request.batch_vectors,
    )
    if not kept.known:
        return None
    return kept.known, kept.matrix @ vector


def returned_unsaid(request: PlanRequest, reads: WriterReads) -> move_back.MoveBack | None:
    """The value ``request`` returns to when it says no "again" (the caller read the return in
    a clause of its own, ``mood_move_back``): the writer's move-back search
    (``move_back.returned_to``) over the pool, with no cue asked, unless ``request`` is a
    remark about that value (``value_remarks.said_about``, the reading the pair link asks)."""
    if request.vector is None:
        return None
    read = _pool(request, reads, request.vector)
    if read is None:
        return None
    moved = _returned(request, reads, *read, said_again=False)
    if moved is None or value_remarks.said_about(
        reads.store, reads.kinds, request.content, request.created_at, moved.returned
    ):
        # "Grindsmith's queue was out the door this morning, what a nightmare": the value's
        # own news with the speaker's feeling names it with no "again", and returns to nothing.
        return None
    return moved


def _paired(
    request: PlanRequest,
    reads: WriterReads,
    model: pair_embed.PairModel,
    known: list[tuple[str, str | None]],
    sims: np.ndarray,
) -> tuple[str, str | None, str] | None:
    """The first of the newcomer's most similar live facts that the pair model reads as
    another value of its attribute, when the newcomer states a change and the two share
    a word naming an attribute (``slots.pairs.shares_anchor``: the model alone linked
    7-13% of blind statements with no earlier value to an unrelated fact, with the
    shared word 0-2%); of those, none the newcomer is a remark about (someone else's event
    naming its value, :func:`~hybridmem.evolution.write.value_remarks.said_about`)."""
    vector = request.vector
    if vector is None or not pair_embed.states_change(request.content):
        return None
    order = np.argsort(-sims, kind="stable")[: pair_embed.CANDIDATES]
    ids = [known[int(k)][0] for k in order]
    # Someone else's event about an older fact's value is no new value of it (value_remarks).
    nodes = {
        i: n
        for i in ids
        if (n := reads.node(i)) is not None
        and not value_remarks.said_about(
            reads.store, reads.kinds, request.content, request.created_at, n
        )
    }
    vectors = reads.vectors(ids)
    for k in order:
        node_id, group = known[int(k)]
        node = nodes.get(node_id)
        if node is None or node_id not in vectors:
            continue
        reading = pair_embed.read(model, vector, request.content, vectors[node_id], node.content)
        if reading.linked and pair_embed.shares_anchor(request.content, node.content):
            p = reading.same_value + reading.same_attribute
            return node_id, group, f"one attribute with a new statement (pair model {p:.2f})"
    return None


def _returned(
    request: PlanRequest,
    reads: WriterReads,
    known: list[tuple[str, str | None]],
    sims: np.ndarray,
    said_again: bool = True,
) -> move_back.MoveBack | None:
    """The value a move back returns to (``move_back.returned_to``, its cue asked when
    ``said_again``) among the live facts, most similar first, as the batch sees them: the
    writer's own, naming no one else."""
    ids = [known[int(k)][0] for k in np.argsort(-sims, kind="stable")]
    stored = reads.store.get_many(ids)
    nodes = [
        n
        for i in ids
        if (n := request.batch_reads.node(i) or stored.get(i))
        and n.agent_id == request.agent_id
        and not others.names_another(n.content, request.content)
        and not others.names_another(request.content, n.content)
    ]
    return move_back.returned_to(request.content, nodes, reads.live, said_again)
