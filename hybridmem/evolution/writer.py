"""The evolution step of every write: speech-act filter, lifecycle, tier, conflict group.

The core's add path (:class:`hybridmem.core.TreeWriter`) calls :meth:`EvolutionWriter.plan`
(the engine's :class:`~hybridmem.core.WritePlanner`) inside its write unit for each new node,
inserts the node with the plan's values, then commits what the newcomer does to older nodes
(supersede, demote, reinforce) in the same unit, each as an ``evolve`` op. Structural nodes
(root, task, state, session) are never filtered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hybridmem.core import Engine, KnownVectors, NodeChange, WritePlan
from hybridmem.evolution import conflicts, lifecycle
from hybridmem.evolution.config import EvolutionConfig, Lifecycle, Tier
from hybridmem.evolution.slots import infer_slot
from hybridmem.models import NodeStatus

CONFLICT_POOL = 500
"""How many of the user's newest live facts of a type a new one is compared with."""


class EvolutionWriter:
    """Plans the evolution side of writes. Holds no state between calls."""

    def __init__(self, engine: Engine, classifier: Any = None) -> None:
        self.engine = engine
        self._classifier = classifier

    @property
    def config(self) -> EvolutionConfig:
        return self.engine.config.evolution

    @property
    def classifier(self) -> Any:
        """The speech-act classifier (the bundled rule-based one unless one was given)."""
        if self._classifier is None:
            from hybridmem.evolution.speech_acts import default_classifier

            self._classifier = default_classifier()
        return self._classifier

    def reads_tree(self, node_type: str) -> bool:
        """Only facts and preferences (conflict groups) read the tree when planned; every
        other type is classified and assigned from its own content."""
        return node_type in self.config.conflict_types

    def plan(
        self,
        *,
        content: str,
        node_type: str,
        user_id: str,
        node_id: str,
        importance: float,
        confidence: float,
        lifecycle_arg: str | None,
        tier_arg: str | None,
        slot: str | None,
        vector: np.ndarray | None,
        batch_vectors: KnownVectors,
    ) -> WritePlan:
        """Decide lifecycle, tier, status and conflict effects of one new node."""
        cfg = self.config
        metadata: dict[str, Any] = {}
        assertive: bool | None = None
        if not lifecycle.is_structural(node_type):
            result = self.classifier.classify(content)
            assertive = bool(result.is_assertive)
            # Recorded where it decides something (facts, preferences, non-assertions); a plain
            # assertive episode keeps exactly the metadata its writer gave it.
            if (
                node_type in cfg.speech_filter_types
                or node_type in cfg.conflict_types
                or (not assertive)
            ):
                metadata["speech_act"] = str(result.act)
                metadata["speech_act_confidence"] = round(float(result.confidence), 3)
            if str(result.act) == "negation":
                # A negation usually contradicts something stored: written with less weight.
                confidence = confidence * 0.9
        life = lifecycle.assign_lifecycle(
            node_type, content, explicit=lifecycle_arg, assertive=assertive
        )
        tier = lifecycle.assign_tier(node_type, explicit=tier_arg)
        status = NodeStatus.ACTIVE.value
        decision = "plain"
        group: str | None = None
        changes: tuple[NodeChange, ...] = ()
        filtered = node_type in cfg.speech_filter_types and assertive is False
        if slot is None and node_type in cfg.conflict_types and cfg.infer_slots:
            slot = infer_slot(content)
        if slot is not None:
            metadata["slot"] = slot
            group = f"slot:{slot}"
        if filtered:
            # Seed 4.1/4.2: a question, hypothetical or momentary emotion never becomes a
            # long-term fact; it waits in the working tier as a weak candidate.
            status = NodeStatus.CANDIDATE.value
            importance *= cfg.candidate_importance_factor
            tier = Tier.WORKING.value if tier != Tier.BUFFER.value else tier
            metadata["candidate_reason"] = f"speech act: {metadata['speech_act']}"
            decision = "filtered"
        elif assertive is False:
            # An episode that was a question, a hypothetical or a passing mood is a true
            # record of what was said, so it stays active, but with less weight (seed 4.2).
            importance *= cfg.candidate_importance_factor
            decision = "non_assertive"
        elif node_type in cfg.conflict_types:
            if group is None:
                group, changes = self._similar_group(user_id, node_type, vector, batch_vectors)
            if group is not None:
                members = self.engine.store.conflict_group_members(user_id, group)
                vectors = self._vectors([m.id for m in members], batch_vectors)
                outcome = conflicts.decide(
                    content=content,
                    vector=vector,
                    confidence=confidence,
                    group=group,
                    members=members,
                    vectors=vectors,
                    new_id=node_id,
                    cfg=cfg,
                )
                status = outcome.status
                importance *= outcome.importance_factor
                changes = (*changes, *outcome.changes)
                metadata.update(outcome.metadata)
                decision = outcome.decision
                tier = outcome.tier or tier
        if status == NodeStatus.CANDIDATE.value and life == Lifecycle.LONG_TERM.value:
            life = Lifecycle.SHORT_TERM.value
        return WritePlan(
            lifecycle=life,
            tier=tier,
            status=status,
            importance=min(max(importance, 0.0), 1.0),
            confidence=min(max(confidence, 0.0), 1.0),
            conflict_group=group,
            metadata=metadata,
            decision=decision,
            changes=changes,
        )

    def _vectors(
        self, ids: Sequence[str], batch_vectors: KnownVectors
    ) -> dict[str, np.ndarray]:
        """Vectors of ``ids``: known ones from ``batch_vectors``, the rest fetched from the
        index in one call and kept in ``batch_vectors`` for the batch's later items."""
        out = {i: batch_vectors[i] for i in ids if i in batch_vectors}
        rest = [i for i in ids if i not in out]
        if rest:
            fetched = self.engine.index.get_vectors(rest)
            batch_vectors.update(fetched)
            out.update(fetched)
        return out

    def _similar_group(
        self,
        user_id: str,
        node_type: str,
        vector: np.ndarray | None,
        batch_vectors: KnownVectors,
    ) -> tuple[str | None, tuple[NodeChange, ...]]:
        """The group of the most similar live fact/preference of the same type, if close.

        The pool (ids and groups of the newest live ones) comes from one index read in SQL;
        its vectors from ``batch_vectors`` or, once per batch, from the vector index.
        """
        if vector is None:
            return None, ()
        pool = self.engine.store.conflict_pool(user_id, node_type, CONFLICT_POOL)
        vectors = self._vectors([node_id for node_id, _ in pool], batch_vectors)
        known = [(node_id, group) for node_id, group in pool if node_id in vectors]
        if not known:
            return None, ()
        sims = batch_vectors.matrix([node_id for node_id, _ in known]) @ vector
        # The oldest of the most similar (ties go to the older statement, as they always did).
        last = len(known) - 1 - int(np.argmax(sims[::-1]))
        best_sim = float(sims[last])
        if best_sim < self.config.similarity_threshold:
            return None, ()
        best_id, best_group = known[last]
        if best_group:
            return best_group, ()
        group = f"sim:{best_id}"
        join = NodeChange(
            best_id,
            "join",
            f"similar ({best_sim:.2f}) to a new statement",
            {"conflict_group": group},
        )
        return group, (join,)
