"""The evolution step of every write: speech-act filter, lifecycle, tier, conflict group.

The core's add path (:class:`hybridmem.core.TreeWriter`) calls :meth:`EvolutionWriter.plan`
(the engine's :class:`~hybridmem.core.WritePlanner`) inside its write unit for each new node,
inserts the node with the plan's values, then commits what the newcomer does to older nodes
(supersede, demote, reinforce) in the same unit, each as an ``evolve`` op. Structural nodes
(root, task, state, session) are never filtered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from hybridmem.config.evolution import EvolutionConfig, Lifecycle, Tier
from hybridmem.core import Engine, KnownVectors, NodeChange, PlanRequest, WritePlan
from hybridmem.core.evolution_marks import (
    COMMITTED_CLAUSE,
    KEPT_STANDING,
    ONE_OCCASION,
    current_of,
    is_unconfirmed,
    passing_marks,
    said_in_passing,
)
from hybridmem.core.vectors import node_vectors
from hybridmem.embedding.scripts import cjk_share, reads_cjk
from hybridmem.errors import HybridMemError
from hybridmem.evolution.embed_models import E5_NAME, LinearModel
from hybridmem.evolution.slots import embed as slot_embed
from hybridmem.evolution.slots import others
from hybridmem.evolution.slots import pairs as pair_embed
from hybridmem.evolution.slots import rules as slots
from hybridmem.evolution.speech import embed as speech_embed
from hybridmem.evolution.speech import sensation
from hybridmem.evolution.write import (
    beside_mood,
    commitments,
    conflicts,
    feeling_beside,
    lifecycle,
    mood_move_back,
    move_back,
    named,
    occasion,
    paraphrase,
    repeats,
    similar_group,
    value_remarks,
)
from hybridmem.evolution.write.batch_pools import (
    group_members,
    regrower,
    settled_members,
    sorted_hashes,
)
from hybridmem.evolution.write.pool_vectors import MemberVectors
from hybridmem.evolution.write.similar_group import similarity_threshold
from hybridmem.models import MARKS_KEY, MemoryNode, NodeStatus

CHALLENGER_POOL = 50
"""How many of the user's newest live facts/preferences are searched for a waiting challenger
that a slotless statement may confirm."""
TERMS_CHECKED: frozenset[str] = frozenset({E5_NAME})
"""Embedders whose cosine cannot tell a changed value from the same value said again: with
e5, 0.71 of the Chinese changes of the labelled attribute groups (dev) reach the 0.92 of
``same_value_threshold`` (English 0.05), and a change read as a restatement is archived while
the old value stays current. With them a near-identical vector counts as the same value only
when the newer statement adds no distinctive term (changes read as the same value: 0.006 zh,
0.000 en; the price: a restatement in other words supersedes the old value instead of
reinforcing it, which loses nothing)."""


@dataclass
class _Draft:
    """The plan of one new node while its steps fill it in."""

    importance: float
    confidence: float
    metadata: dict[str, Any] = field(default_factory=dict)
    assertive: bool | None = None
    filtered: bool = False
    life: str | None = None
    tier: str | None = None
    status: str = NodeStatus.ACTIVE.value
    decision: str = "plain"
    group: str | None = None
    changes: tuple[NodeChange, ...] = ()
    about_user: bool = True
    person: str | None = None
    """Whom a statement about someone else is about (``others.person_of``), if named."""
    moved: move_back.MoveBack | None = None
    """The value a move back held back as a mood returns to, found when it was kept
    (``mood_move_back``): it settles the attribute as a move back said plainly does."""

    def finish(self) -> WritePlan:
        life = self.life
        if self.status == NodeStatus.CANDIDATE.value and life == Lifecycle.LONG_TERM.value:
            life = Lifecycle.SHORT_TERM.value
        return WritePlan(
            lifecycle=life,
            tier=self.tier,
            status=self.status,
            importance=min(max(self.importance, 0.0), 1.0),
            confidence=min(max(self.confidence, 0.0), 1.0),
            conflict_group=self.group,
            metadata=self.metadata,
            decision=self.decision,
            changes=self.changes,
        )


class EvolutionWriter:
    """Plans the evolution side of writes. Holds no state between calls."""

    def __init__(
        self,
        engine: Engine,
        classifier: Any = None,
        slot_extractor: slots.SlotExtractor | None = None,
    ) -> None:
        self.engine = engine
        self._classifier = classifier
        self.slot_extractor = slot_extractor
        """Names the slot of a first-person statement nothing else placed (e.g. an LLM)."""
        self._slot_prototypes: slots.SlotPrototypes | None = None
        self._shape_of: Any = None
        self._shape: tuple[str, int] = ("", 0)

    @property
    def config(self) -> EvolutionConfig:
        return self.engine.config.evolution

    def reads_tree(self, node_type: str) -> bool:
        """No type: every tree read of a plan (repeats, siblings, conflict pools and groups,
        waiting challengers) goes through the batch's shared reads, which show the batch's
        queued items as written (``BatchReads.added``), so the core need not write its queue
        before planning a fact."""
        return False

    @property
    def classifier(self) -> Any:
        """The speech-act classifier (the bundled rule-based one unless one was given)."""
        if self._classifier is None:
            from hybridmem.evolution.speech.acts import default_classifier

            self._classifier = default_classifier()
        return self._classifier

    def _embedder_shape(self) -> tuple[str, int]:
        """The engine's embedder's name and dimension, read once per embedder (a sentence
        model's dimension is a call into the model, ~30 us, once per fact that asks the slot
        model otherwise); both are fixed for an embedder."""
        embedder = self.engine.embedder
        if self._shape_of is not embedder:
            self._shape = (embedder.name, embedder.dimension)
            self._shape_of = embedder
        return self._shape

    def _act_model(self) -> LinearModel | None:
        """The speech-act model shipped for this engine's embedder (None: rules alone)."""
        return speech_embed.model_for(*self._embedder_shape())

    def plan(self, request: PlanRequest) -> WritePlan:
        """Decide lifecycle, tier, status and conflict effects of one new node."""
        mergeable = request.may_merge and self.config.merge_repeats
        drafted: list[_Draft] = []

        def classified() -> _Draft:
            # Read once, and before the merge only when a repeat or paraphrase is found.
            if not drafted:
                drafted.append(self._classify(request))
            return drafted[0]

        if mergeable and not lifecycle.is_structural(request.node_type):
            # Said again only with the same standing: a standing preference after a mood held
            # back is the user's own statement, never one more mention of the mood, and a mood
            # after a standing preference never confirms it (nor makes it current again).
            found = self._repeat_of(
                request, lambda node: said_in_passing(node) == passing(classified())
            )
            if found is not None:
                return self._reinforcement(request, *found)
        draft = classified()
        self._assign_slot(draft, request)
        if draft.filtered:
            self._filter(draft)
        elif draft.assertive is False:
            # An episode that was a question, a hypothetical or a passing mood is a true
            # record of what was said, so it stays active, but with less weight (seed 4.2).
            draft.importance *= self.config.candidate_importance_factor
            draft.decision = "non_assertive"
        elif request.node_type in self.config.conflict_types:
            self._resolve_conflict(draft, request)
        return draft.finish()

    def _classify(self, request: PlanRequest) -> _Draft:
        """Speech act, lifecycle and tier of the newcomer (before any conflict)."""
        cfg = self.config
        draft = _Draft(importance=request.importance, confidence=request.confidence)
        if not lifecycle.is_structural(request.node_type):
            result = self.classifier.classify(request.content)
            if cfg.speech_second_opinion and request.vector is not None:
                model = self._act_model()
                if model is not None:
                    result = speech_embed.second_opinion(model, result, request.vector)
            if request.node_type in cfg.speech_filter_types:
                # "Head's pounding this afternoon", 嗓子都哑了: the body's state at this moment,
                # said as a plain statement, is a passing mood, not a fact (speech/sensation.py).
                result = sensation.passing_state(request.content, result)
            draft.assertive = bool(result.is_assertive)
            # Said with feeling is not said in passing: "sold the car, I cycle now, the
            # traffic was awful" still states the change (commitments.py).
            clause = commitments.committed_change(request.content, result, self.classifier)
            draft.assertive = draft.assertive or clause is not None
            if not draft.assertive and request.node_type in cfg.conflict_types:
                # "Black coffee for me again, the oat milk upset my stomach": a move back said
                # with its reason's feeling, kept when the value it returns to is the user's
                # and a later one took its place (mood_move_back.py).
                kept = mood_move_back.returned_with_feeling(
                    request,
                    result,
                    self.classifier,
                    lambda r: self._similar_group(r)[2],
                    self._returned_unsaid,
                )
                clause, draft.moved = kept if kept is not None else (None, None)
                draft.assertive = clause is not None
            # "My dad hates cold weather": an emotion word, but his taste, not a mood of the
            # speaker's (others.py); a fact about him is not held back as a passing feeling.
            draft.assertive = draft.assertive or others.held_by_other(request.content, result)
            if not draft.assertive and request.node_type in cfg.speech_filter_types:
                # "Ugh, so tired. By the way, I can't stand coriander.": a standing line in its
                # own sentence beside a mood is not held back with it (beside_mood.py).
                line = beside_mood.standing_line(request.content, result, self.classifier)
                # "I'm left-handed, normal scissors are useless to me": a standing statement
                # of the speaker's with its feeling in another clause (feeling_beside.py).
                line = line or feeling_beside.standing_clause(
                    request.content, result, self.classifier
                )
                draft.assertive = line is not None
            # Recorded where it decides something (facts, preferences, non-assertions); a plain
            # assertive episode keeps exactly the metadata its writer gave it.
            if (
                request.node_type in cfg.speech_filter_types
                or request.node_type in cfg.conflict_types
                or not draft.assertive
            ):
                marks = draft.metadata.setdefault(MARKS_KEY, {})  # the engine's, not the caller's
                marks["speech_act"] = str(result.act)
                marks["speech_act_confidence"] = round(float(result.confidence), 3)
                # A sealed text's clause would sit in clear in the metadata (and its op).
                if clause is not None and not request.sealed:
                    draft.metadata[COMMITTED_CLAUSE] = clause
                if draft.assertive and not result.is_assertive:
                    # Kept as standing against the act: retrieval must not read it as passing.
                    marks[KEPT_STANDING] = True
                elif draft.assertive and request.node_type in cfg.conflict_types:
                    # "Today I'm having tea instead": a record of one occasion, never a value
                    # that takes a standing one's place (conflicts.decide, retrieval); a
                    # settled choice's "today" only dates it (occasion.py).
                    occasion.mark(marks, request.content, request.slot)
            if str(result.act) == "negation":
                # A negation usually contradicts something stored: written with less weight.
                draft.confidence *= 0.9
        draft.life = lifecycle.assign_lifecycle(
            request.node_type,
            request.content,
            explicit=request.lifecycle_arg,
            assertive=draft.assertive,
        )
        draft.tier = lifecycle.assign_tier(request.node_type, explicit=request.tier_arg)
        draft.filtered = request.node_type in cfg.speech_filter_types and draft.assertive is False
        return draft

    def _assign_slot(self, draft: _Draft, request: PlanRequest) -> None:
        """The conflict group an explicit or inferred slot puts the newcomer in."""
        slot = request.slot
        cfg = self.config
        if request.node_type in cfg.conflict_types and (held := others.holders_of(request.content)):
            draft.metadata["holders"] = list(held)
        if slot is None and request.node_type in cfg.conflict_types and cfg.infer_slots:
            guess = others.infer_shared(request.content, cfg.slot_map)
            draft.about_user = guess.about_user
            slot, via = guess.slot, guess.via
            if guess.open and request.vector is not None:
                slot, via = self._embedded_slot(request), "embedder"
            if slot is None and guess.about_user and self.slot_extractor is not None:
                slot = self._extract(request.content)
                via = f"extractor:{self.slot_extractor.name}"
            if not guess.about_user:
                # Someone else's attribute: that person's own group, never the user's.
                found = others.person_of(request.content)
                draft.person = found[0] if found else None
                other = others.slot_of(found, cfg.slot_map) if found else None
                if other is not None:
                    slot, via = other.group_slot, f"other:{other.via}"
            if slot is not None:
                draft.metadata.setdefault(MARKS_KEY, {})["slot_via"] = via
        if slot is not None:
            draft.metadata["slot"] = slot
            draft.group = own_group(f"slot:{slot}", request.agent_id)

    def _embedded_slot(self, request: PlanRequest) -> str | None:
        """The slot the shipped slot model (else the slot descriptions) reads in the vector."""
        vector = request.vector
        model = slot_embed.model_for(*self._embedder_shape())
        if model is not None:
            return slot_embed.predict(model, vector)
        cfg = self.config
        if vector is None:
            return None
        return self._prototypes().nearest(
            vector, cfg.slot_embed_threshold, cfg.slot_embed_margin, request.content
        )

    def _prototypes(self) -> slots.SlotPrototypes:
        """The slot descriptions embedded with this engine's embedder (once)."""
        if self._slot_prototypes is None:
            self._slot_prototypes = slots.SlotPrototypes.build(self.engine.embedder.embed)
        return self._slot_prototypes

    def _extract(self, content: str) -> str | None:
        extractor = self.slot_extractor
        assert extractor is not None
        known = (*slots.known_slots(), *self.config.slot_map)
        try:
            slot = extractor.extract(content, known)
        except HybridMemError:
            return None  # an unavailable or confused extractor never blocks a write
        return slot if slot in known else None

    def _filter(self, draft: _Draft) -> None:
        # Seed 4.1/4.2: a question, hypothetical or momentary emotion never becomes a
        # long-term fact; it waits in the working tier as a weak candidate.
        draft.status = NodeStatus.CANDIDATE.value
        draft.importance *= self.config.candidate_importance_factor
        draft.tier = Tier.WORKING.value if draft.tier != Tier.BUFFER.value else draft.tier
        act = draft.metadata[MARKS_KEY]["speech_act"]
        draft.metadata["candidate_reason"] = f"speech act: {act}"
        draft.decision = "filtered"

    def _resolve_conflict(self, draft: _Draft, request: PlanRequest) -> None:
        """Join a group (by slot, else by similarity) and apply the group policy."""
        moved = None
        if draft.group is None:
            if draft.moved is not None:
                # A move back kept from a mood with no "again" (mood_move_back.py): the group
                # search asks for the cue, the value it returns to was found when it was kept.
                draft.group, moved = draft.moved.group, draft.moved
            else:
                draft.group, draft.changes, moved = self._similar_group(request)
            if draft.group and not others.may_join(draft.person, draft.about_user, draft.group):
                # "My sister moved to Paris" is close to "I live in Lyon" but is no value of
                # the user's residence (nor "I moved to Rome" one of the sister's).
                draft.group, draft.changes, moved = None, (), None
        if moved is not None:
            # A move back settles its attribute: it is current, every other value demoted.
            live = {m.id: m for m in (*self._live(request, moved.group), *moved.joined)}
            why = f"a move back returns to {moved.returned.id}"
            join = {"conflict_group": moved.group}
            draft.changes = (
                *(NodeChange(n.id, "join", why, join) for n in moved.joined),
                *move_back.settle(
                    [*live.values()], request.node_id, self.config, request.created_at
                ),
            )
            draft.metadata["moves_back_to"] = moved.returned.id
            draft.decision = "move_back"
            return
        if draft.group is None and draft.about_user:
            draft.group = self._challenged_group(request)
        if draft.group is None:
            return
        group = draft.group
        members = self._group_members(request, group)
        checked = self.engine.embedder.name in TERMS_CHECKED
        cfg_kinds = self.config.conflict_types
        outcome = conflicts.decide(
            content=request.content,
            vector=request.vector,
            confidence=draft.confidence,
            group=draft.group,
            members=members,
            vectors=MemberVectors([m.id for m in members], self._vectors, request.batch_vectors),
            new_id=request.node_id,
            cfg=self.config,
            at=request.created_at,
            terms_checked=checked,
            named=self._named(request, draft.group, members),
            one_off=bool(draft.metadata.get(MARKS_KEY, {}).get(ONE_OCCASION))
            or value_remarks.about_current(
                self.engine.store, cfg_kinds, request.content, request.created_at, members
            ),
        )
        if outcome.group is None:
            # Kept as a record of its occasion: no group's member (nor the group a similar
            # memory would have formed with it), no value of the attribute its slot names.
            draft.group, draft.changes = None, ()
            draft.metadata.pop("slot", None)
        changes = outcome.changes
        if outcome.decision == "restated":
            changes = self._restated(request, group, members, changes)
        draft.status = outcome.status
        draft.importance *= outcome.importance_factor
        draft.changes = (*draft.changes, *changes)
        draft.metadata.update(outcome.metadata)
        draft.decision = outcome.decision
        draft.tier = outcome.tier or draft.tier

    def _challenged_group(self, request: PlanRequest) -> str | None:
        """The group of a recent challenger awaiting confirmation that this statement
        restates in other words ("Carpentry is the better fit for me" after "I quit the design
        job, I'm a carpenter now"): a second mention confirms even when it names no slot."""
        kinds = list(self.config.conflict_types)

        grow = regrower(
            lambda n: (
                n.user_id == request.user_id
                and n.node_type in kinds
                and n.status == NodeStatus.ACTIVE.value
            ),
            CHALLENGER_POOL,
        )

        recent = request.batch_reads.get(
            ("challengers", request.user_id),
            lambda: self.engine.store.active_nodes_of_types(
                request.user_id, kinds, CHALLENGER_POOL
            ),
            grow,
        )
        for node in recent:
            if not is_unconfirmed(node) or not node.conflict_group:
                continue
            if node.agent_id != request.agent_id:
                continue  # another agent's statement is not this one's to confirm
            challenged = self._node(request, str(node.metadata.get("challenges", "")))
            if challenged is not None and conflicts.restates_challenger(
                request.content, node, challenged.content
            ):
                return node.conflict_group
        return None

    def _repeat_of(
        self, request: PlanRequest, same_standing: Callable[[MemoryNode], bool]
    ) -> tuple[MemoryNode, NodeChange] | None:
        """The live node this request repeats exactly or near-exactly, or paraphrases, if any
        (a near-exact repeat or a paraphrase only of a node ``same_standing`` accepts)."""
        store = self.engine.store
        reads = request.batch_reads
        user, kind, parent = request.user_id, request.node_type, request.parent_id
        if request.content_hash in reads.hashes:
            # One read answers every item of the batch under this parent.

            grow_repeats = regrower(
                lambda n: (
                    n.user_id == user
                    and n.node_type == kind
                    and n.parent_id == parent
                    and n.content_hash in reads.hashes
                    and n.status != NodeStatus.ARCHIVED.value
                ),
                oldest=True,
            )

            pool = reads.get(
                ("repeats", user, kind, parent),
                lambda: store.live_repeats_among(user, kind, parent, sorted_hashes(reads)),
                grow_repeats,
                where=("parent_id", parent),
            )
            exact = [n for n in pool if n.content_hash == request.content_hash]
        else:
            exact = store.live_repeats(user, kind, parent, request.content_hash)
        siblings: list[MemoryNode] = []
        if parent is not None and request.vector is not None:
            live = [NodeStatus.ACTIVE.value, NodeStatus.CANDIDATE.value]

            grow_siblings = regrower(
                lambda n: n.parent_id == parent and n.status in live, repeats.SIBLING_POOL
            )

            siblings = reads.get(
                ("siblings", parent),
                lambda: store.recent_children(parent, repeats.SIBLING_POOL, live),
                grow_siblings,
                where=("parent_id", parent),
            )

        def vectors_of(ids: list[str]) -> Mapping[str, np.ndarray]:
            return self._vectors(ids, request.batch_vectors)

        # A repeat merges into what the writer owns only: an agent's add never comes back
        # as another agent's node (nor the user's shared one), issue 33.
        exact = [n for n in exact if n.agent_id == request.agent_id]
        siblings = [n for n in siblings if n.agent_id == request.agent_id]
        repeat = repeats.pick_repeat(
            request, exact, siblings, vectors_of, self.config, reads.derived, same_standing
        )
        if repeat is not None:
            return repeat, repeats.reinforce(repeat, request)
        if not self.config.merge_paraphrases or not siblings:
            return None
        model = pair_embed.model_for(*self._embedder_shape())
        said = paraphrase.pick_paraphrase(
            request, siblings, vectors_of, self.config, model, same_standing
        )
        return None if said is None else (said, paraphrase.reinforce_paraphrase(said, request))

    def _restated(
        self,
        request: PlanRequest,
        group: str,
        members: Sequence[MemoryNode],
        changes: tuple[NodeChange, ...],
    ) -> tuple[NodeChange, ...]:
        """A restatement of the member the policy compared with: said again (one more
        mention with its provenance), and current again if another member was
        (``conflicts.said_again``)."""
        said = {changes[0].node_id} if len(changes) == 1 else set()
        node = next((m for m in members if m.id in said), None)
        if node is None:
            return changes
        (change,) = changes
        meta = {**change.values.get("metadata", {}), **repeats.mentioned(node, request)}
        change = replace(change, values={**change.values, "metadata": meta})
        current = current_of(self._settled(request, group))
        return conflicts.said_again(node, change, current, self.config, request.created_at)

    def _reinforcement(
        self, request: PlanRequest, repeat: MemoryNode, change: NodeChange
    ) -> WritePlan:
        """A repeat or a paraphrase merged into ``repeat``: its value said again, current
        again if another member of its group was (``conflicts.said_again``)."""
        changes: tuple[NodeChange, ...] = (change,)
        group = repeat.conflict_group
        if group and repeat.status == NodeStatus.ACTIVE.value:
            current = current_of(self._settled(request, group))
            changes = conflicts.said_again(repeat, change, current, self.config, request.created_at)
        return WritePlan(
            lifecycle=repeat.lifecycle,
            tier=repeat.tier,
            status=repeat.status,
            importance=repeat.importance,
            confidence=repeat.confidence,
            conflict_group=repeat.conflict_group,
            metadata={},
            decision="repeat",
            changes=changes,
            duplicate_of=repeat.id,
        )

    def _vectors(self, ids: Sequence[str], batch_vectors: KnownVectors) -> dict[str, np.ndarray]:
        """Vectors of ``ids``: known ones from ``batch_vectors``, the rest read once
        (``core.vectors.node_vectors``: the store's copies, else the index) and kept in
        ``batch_vectors`` for the batch's later items. The copies make a process that does
        not own the index (it gets no vectors from it) decide as the owner does."""
        out = {i: batch_vectors[i] for i in ids if i in batch_vectors}
        rest = [i for i in ids if i not in out]
        if rest:
            fetched = node_vectors(self.engine, rest, self._embedder_shape()[0])
            batch_vectors.update(fetched)
            out.update(fetched)
        return out

    def _similar_group(self, request: PlanRequest) -> similar_group.Found:
        """The group of a fact no slot placed (``similar_group.similar_group``)."""
        threshold = self._threshold(request)
        pairs = self._pair_model() if threshold is None else None
        return similar_group.similar_group(request, self._writer_reads(request), threshold, pairs)

    def _returned_unsaid(self, request: PlanRequest) -> move_back.MoveBack | None:
        """The value a move back that says no "again" returns to
        (``similar_group.returned_unsaid``), searched only where the writer takes the
        move-back path at all (no similarity threshold, a pair model shipped)."""
        if self._threshold(request) is not None or self._pair_model() is None:
            return None
        return similar_group.returned_unsaid(request, self._writer_reads(request))

    def _threshold(self, request: PlanRequest) -> float | None:
        """The similarity threshold the writer groups ``request`` by, None for none."""
        threshold = similarity_threshold(self.config, self.engine.embedder.name)
        if threshold is not None and not self._reads(request.content):
            # MiniLM's cosines of Chinese texts are high whatever they say: on the labelled
            # attribute groups its 0.8 linked 66% of blind Chinese statements that had no
            # earlier value to an unrelated fact (English: none).
            threshold = None
        return threshold

    def _writer_reads(self, request: PlanRequest) -> similar_group.WriterReads:
        """What the similar-group search reads, as ``request``'s batch sees it."""
        return similar_group.WriterReads(
            self.engine.store,
            lambda ids: self._vectors(ids, request.batch_vectors),
            lambda node_id: self._node(request, node_id),
            lambda group: self._live(request, group),
            self.config.conflict_types,
        )

    def _named(
        self, request: PlanRequest, group: str, members: Sequence[MemoryNode]
    ) -> MemoryNode | None:
        """The older live value of ``group`` the statement names as the one it changes
        (``named.named_member``), read only when the group holds one besides its current
        value (a demoted value, a value that joined without replacing): the batch's reads kept
        up to date with its own writes."""
        current = current_of(members)
        if current is None:
            return None
        live = self._settled(request, group)
        if len(live) < 2:
            return None
        return named.named_member(request.content, current, live)

    def _group_members(self, request: PlanRequest, group: str) -> list[MemoryNode]:
        """The members of ``group`` the conflict policy reads, as the batch sees them."""
        return group_members(self.engine.store, request, group)

    def _settled(self, request: PlanRequest, group: str) -> list[MemoryNode]:
        """The newest ``named.NAMED_POOL`` settled members of ``group``, as the batch sees them."""
        return settled_members(self.engine.store, request, group, named.NAMED_POOL)

    def _node(self, request: PlanRequest, node_id: str) -> MemoryNode | None:
        """A node as the batch sees it: one it queued or changed, else the stored one."""
        return request.batch_reads.node(node_id) or self.engine.store.get(node_id)

    def _reads(self, text: str) -> bool:
        """Whether the embedder's similarities mean something for ``text`` (its script)."""
        return reads_cjk(self.engine.embedder) or cjk_share(text) <= 0.5

    def _pair_model(self) -> pair_embed.PairModel | None:
        """The pair model shipped for this embedder when ``pair_links`` is on, else None."""
        if not self.config.pair_links:
            return None
        return pair_embed.model_for(*self._embedder_shape())

    def _live(self, request: PlanRequest, group: str) -> list[MemoryNode]:
        """The group's deciding and newest settled members, once each, as the batch sees them."""
        seen = {m.id: m for m in self._group_members(request, group)}
        seen.update((m.id, m) for m in self._settled(request, group) if m.id not in seen)
        return list(seen.values())


def passing(draft: _Draft) -> bool:
    """Whether the newcomer was said in passing (``core.evolution_marks.said_in_passing``,
    read from its plan by the same definition as a stored node)."""
    return passing_marks(draft.metadata.get(MARKS_KEY, {}), draft.metadata)


def own_group(group: str, agent_id: str | None) -> str:
    """A slot group as the writing agent owns it: the user's own (no agent) keeps its name,
    an agent's values of a slot form that agent's group, so one agent's statement never
    supersedes another's (issue 33)."""
    return group if agent_id is None else f"{group}@{agent_id}"
