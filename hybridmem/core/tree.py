"""Tree writes: add, update, move, delete, set_active and evolution changes.

Each public operation here checks what it needs against the store, then commits its ops with
:meth:`Engine.commit` inside one write unit; the appliers in :mod:`hybridmem.core.ops` make the
table changes. Arguments arrive validated by the facade (``hybridmem/memory.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import replace
from datetime import datetime
from typing import Any

from hybridmem.clock import ensure_utc, to_iso
from hybridmem.core.add_run import AddRun
from hybridmem.core.engine import Engine, WriteUnit
from hybridmem.core.feed import EmbedFeed
from hybridmem.core.hooks import BatchReads, KnownVectors, NodeChange, PlanRequest, WritePlan
from hybridmem.core.ids import new_node_id
from hybridmem.core.inputs import NodeInput, content_hash
from hybridmem.embedding.base import Vectors
from hybridmem.errors import (
    ConflictError,
    CycleError,
    InvalidArgumentError,
    LimitExceededError,
    NodeNotFoundError,
    ScopeError,
)
from hybridmem.models import IndexState, MemoryNode, NodeStatus


def get_scoped(engine: Engine, node_id: str, user_id: str | None) -> MemoryNode:
    """The node, if it exists and (when ``user_id`` is given) belongs to that user.

    Another user's node is reported exactly like a missing one: ids do not leak.
    """
    node = engine.store.get(node_id)
    if node is None or (user_id is not None and node.user_id != user_id):
        suffix = f" for user {user_id!r}" if user_id is not None else ""
        raise NodeNotFoundError(f"no node with id {node_id!r}{suffix}")
    return node


def as_written(adds: AddRun, unit: WriteUnit) -> dict[str, MemoryNode]:
    """The nodes an ``add_many`` wrote, as the store holds them once its unit committed and
    flushed, without reading them back: the rows its applier wrote (no later op of the unit
    touches them: an ancestors' bump skips the batch, and a node an item changed afterwards
    is left out), marked indexed where the flush recorded their vectors."""
    changed = set(adds.evolved)
    return {
        node_id: replace(node, index_state=IndexState.INDEXED.value)
        if node_id in unit.indexed
        else node
        for node_id, node in adds.batch.items()
        if node_id not in changed
    }


def writer_of(engine: Engine, node_id: str, user_id: str | None) -> str | None:
    """The user a write of ``node_id`` locks (``Engine.write``): the caller's scope, else the
    node's owner (a node never changes users); None for a node that does not exist (the
    unit then spans users and reports it missing)."""
    return user_id if user_id is not None else engine.store.owner(node_id)


class TreeWriter:
    """The live write path of the tree. Holds no state between calls."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- add ------------------------------------------------------------------------------
    def add_many(
        self,
        inputs: Sequence[NodeInput],
        user_id: str,
        *,
        embed_now: Callable[[NodeInput], bool] | None = None,
    ) -> list[MemoryNode]:
        """Write validated inputs in one unit: either every item is written or none is. An
        item the planner finds to repeat a live node reinforces that node instead of being
        written; the returned list then holds that node in its place.

        ``embed_now``: the write's index entries are left to the engine's backlog
        (``core/backlog.py``) and only the items it picks are embedded before the write
        (their plan reads the vector; it is kept beside the row, so the backlog does not
        embed them again). The others are planned without a vector: an exact repeat still
        merges (by hash), a near-duplicate or a paraphrase does not. None: every item is
        embedded and indexed in the call."""
        ids = [item.id or new_node_id() for item in inputs]
        if len(set(ids)) != len(ids):
            raise InvalidArgumentError("add_many: two items share the same id")
        picked = [k for k, item in enumerate(inputs) if embed_now is None or embed_now(item)]
        rows: list[int | None] = [None] * len(inputs)
        for row, k in enumerate(picked):
            rows[k] = row
        # Embedded outside any lock, but for the last ``embed_ahead`` chunks: a background
        # thread embeds them while the earlier items are planned (the unit commits only once
        # every vector is known, and the vectors are the same either way: core/feed.py).
        texts = [inputs[k].content for k in picked]
        later = embed_now is not None
        with (
            self.engine.backlog.deferring() if later else nullcontext(),
            self.engine.embed_feed(texts, ahead=self.engine.config.embed_ahead) as feed,
        ):
            return self._add_all(inputs, ids, user_id, _Vectors(feed, rows, later))

    def _add_all(
        self, inputs: Sequence[NodeInput], ids: list[str], user_id: str, feed: _Vectors
    ) -> list[MemoryNode]:
        engine = self.engine
        # The vectors known in this write (each item's as it is planned); the planner adds the
        # stored ones it fetches, so a batch of facts reads their conflict pool's vectors from
        # the index once. A plan reads only older or queued nodes' vectors.
        known = KnownVectors()
        digests = [
            engine.sealer.digest(
                item.content, sensitive=item.sensitive, plain_hash=content_hash(item.content)
            )
            for item in inputs
        ]
        # The batch's reads are closed when the unit ends: they hold the planner's grow
        # functions, which hold the requests, which hold the reads (and the writer's queue
        # holds them too). Left to Python's cycle collector, each batch's graph (its nodes,
        # answers, pool matrices: ~9,500 objects a 1,000-node batch) waits for a full
        # collection, which in a process holding a model walks ~500k objects (0.4-0.6 s).
        with BatchReads(digests) as batch_reads, engine.write(user_id) as unit:
            # Only ids the caller chose can collide (generated ones are fresh uuids).
            chosen = [node_id for item, node_id in zip(inputs, ids, strict=True) if item.id]
            existing = engine.store.all_ids_among(chosen) if chosen else []
            if existing:
                raise InvalidArgumentError(f"node id {existing[0]!r} already exists")
            self._check_user_quota(user_id, len(inputs))
            adds = AddRun(self, user_id, engine.now(), batch_reads, unit)
            resolved: dict[str, str] = {}
            activate_id: str | None = None
            for k, (item, node_id, digest) in enumerate(zip(inputs, ids, digests, strict=True)):
                if feed.rows[k] is not None:
                    known[node_id] = feed.vector(k)
                parent = adds.parent_for(item)
                # Planning a type the planner reads the tree for (facts: their conflict pool)
                # must see every earlier item of the batch in the store; so must an item that
                # repeats a queued one (the planner merges repeats).
                key = (item.node_type, parent.id, digest)
                reads = engine.planner is not None and engine.planner.reads_tree(item.node_type)
                if reads or adds.holds(key):
                    adds.flush()
                plan = self._plan(item, node_id, user_id, parent, adds, known, digest)
                if plan.duplicate_of is not None:
                    # A repeat reinforces the node it repeats (the plan's changes): no copy.
                    adds.changes(plan.changes)
                    resolved[node_id] = plan.duplicate_of
                    activate_id = plan.duplicate_of if item.activate else activate_id
                    continue
                resolved[node_id] = node_id
                payload = self._add_payload(item, node_id, parent, adds.now, plan)
                adds.queue(node_id, payload, key, parent, item.content)
                if reads:
                    adds.flush()
                if plan.changes:
                    adds.changes(plan.changes)
                wants = item.activate
                if wants or (wants is None and item.node_type in engine.config.activate_on_add):
                    activate_id = node_id
            adds.flush()
            self._finish_adds(adds, ids, activate_id, feed)
        fresh = as_written(adds, unit)
        wanted = set(resolved.values()) - fresh.keys()
        if wanted:  # repeats reinforced instead of written, nodes changed after their add
            fresh.update(engine.store.get_many(wanted))
        return [fresh[resolved[node_id]] for node_id in ids]

    def _finish_adds(
        self, adds: AddRun, ids: list[str], activate_id: str | None, feed: _Vectors
    ) -> None:
        """The end of an ``add_many``'s write unit, once every item is written: the ancestors'
        bump and the active node (ops, so replay reproduces them), and the vector work."""
        engine, unit, user_id = self.engine, adds.unit, adds.user_id
        created, batch = adds.created, adds.batch
        bumped = sorted(adds.touched - set(batch) - {n.id for n in created})
        if bumped:
            # Logged so that replay (restore) reproduces the ancestors' activity exactly.
            engine.commit(
                "bump",
                node_id=None,
                user_id=user_id,
                payload={"ids": bumped, "by": engine.config.ancestor_bump},
                at=adds.now,
            )
        if activate_id is not None:
            engine.commit(
                "set_active", node_id=activate_id, user_id=user_id, payload={}, at=adds.now
            )
        # The new items' vectors were computed above; a new root is embedded on its own.
        rows = [i for i, node_id in enumerate(ids) if node_id in batch]
        if rows and feed.later:
            # Committed pending for the backlog; the vectors computed for planning are kept
            # beside their rows (same transaction) for it to reuse.
            have = [i for i in rows if feed.rows[i] is not None]
            if have:
                engine.store.store_vectors(
                    [batch[ids[i]] for i in have], feed.table(have), engine.embedder.name
                )
            unit.later = True
        elif rows:
            unit.index.append(([batch[ids[i]] for i in rows], feed.table(rows)))
        roots = [n for n in created if n.id not in batch]
        if roots:
            unit.index.append((roots, None))
        unit.sync.extend(i for i in dict.fromkeys(adds.evolved) if i not in batch)

    def _check_user_quota(self, user_id: str, adding: int) -> None:
        limit = self.engine.config.max_nodes_per_user
        if limit is None:
            return
        have = self.engine.store.node_count(user_id)
        total = have + adding + (0 if have else 1)  # a first write also creates the root
        if total > limit:
            raise LimitExceededError(
                f"user {user_id!r} would hold {total} nodes; the maximum is {limit} "
                "(MemoryConfig.max_nodes_per_user)"
            )

    def _resolve_parent(
        self,
        parent_id: str | None,
        user_id: str,
        batch: Mapping[str, MemoryNode],
        seen: dict[str | None, MemoryNode | None] | None = None,
    ) -> MemoryNode | None:
        """The parent of a new item: ``parent_id`` (from the batch or the store), or the
        user's active node when None. ``seen`` remembers stored parents within one batch
        (their path and scope cannot change while the batch holds the write lock)."""
        store = self.engine.store
        if seen is not None and parent_id in seen and parent_id not in batch:
            return seen[parent_id]
        if parent_id is None:
            active_id = store.get_active(user_id)
            found = store.get(active_id) if active_id else None
            if seen is not None:
                seen[None] = found
            return found
        parent = batch.get(parent_id) or store.get(parent_id)
        if parent is None or parent.user_id != user_id:
            # Another user's node answers exactly like a missing one: a caller acting for one
            # user (a user-limited REST token, a tool call) must not learn which ids exist.
            raise NodeNotFoundError(f"parent node {parent_id!r} does not exist")
        if seen is not None and parent_id not in batch:
            seen[parent_id] = parent
        return parent

    def _create_root(self, user_id: str, now: datetime) -> MemoryNode:
        item = NodeInput(
            content=f"Memory of {user_id}", node_type="root", importance=1.0, confidence=1.0
        )
        return self._insert(item, f"root-{new_node_id()}", user_id, None, now, None)

    def _plan(
        self,
        item: NodeInput,
        node_id: str,
        user_id: str,
        parent: MemoryNode,
        adds: AddRun,
        vectors: KnownVectors,
        digest: str,
    ) -> WritePlan:
        cfg = self.engine.config
        importance = item.importance
        if importance is None:
            importance = cfg.type_importance.get(item.node_type, cfg.default_importance)
        confidence = item.confidence
        if confidence is None:
            confidence = cfg.source_confidence.get(item.source or "", cfg.default_confidence)
        planner = self.engine.planner
        if planner is None:
            return WritePlan(
                lifecycle=item.lifecycle,
                tier=item.tier,
                status=NodeStatus.ACTIVE.value,
                importance=importance,
                confidence=confidence,
                conflict_group=None,
                metadata={},
                decision=None,
            )
        return planner.plan(
            PlanRequest(
                content=item.content,
                node_type=item.node_type,
                user_id=user_id,
                node_id=node_id,
                parent_id=parent.id,
                importance=importance,
                confidence=confidence,
                lifecycle_arg=item.lifecycle,
                tier_arg=item.tier,
                slot=item.slot,
                vector=vectors.get(node_id),
                batch_vectors=vectors,
                content_hash=digest,
                created_at=ensure_utc(item.created_at) if item.created_at else adds.now,
                # A caller that names the id (imports, probes, profiles) means that node.
                may_merge=item.id is None and not (item.metadata or {}).get("probe"),
                source_id=item.source_id,
                session_id=item.session_id,
                batch_reads=adds.reads,
                agent_id=item.agent_id,
                # The digest is keyed (not the plain hash) exactly when the text is sealed.
                sealed=item.sensitive or digest != content_hash(item.content),
            )
        )

    def _insert(
        self,
        item: NodeInput,
        node_id: str,
        user_id: str,
        parent: MemoryNode | None,
        now: datetime,
        plan: WritePlan | None,
    ) -> MemoryNode:
        payload = self._add_payload(item, node_id, parent, now, plan)
        engine = self.engine
        _, node = engine.commit("add", node_id=node_id, user_id=user_id, payload=payload, at=now)
        assert node is not None
        return node

    def _add_payload(
        self,
        item: NodeInput,
        node_id: str,
        parent: MemoryNode | None,
        now: datetime,
        plan: WritePlan | None,
    ) -> dict[str, Any]:
        """The logged payload of one new node (its depth checked against the limit)."""
        engine = self.engine
        depth = len(parent.path) + 1 if parent else 0
        if depth > engine.config.max_depth:
            raise LimitExceededError(
                f"node would be at depth {depth}; the maximum is {engine.config.max_depth} "
                "(MemoryConfig.max_depth)"
            )
        stored = engine.sealer.stored(
            node_id, item.content, sensitive=item.sensitive, plain_hash=content_hash(item.content)
        )
        metadata = dict(item.metadata or {})
        if item.source is not None:
            metadata.setdefault("source_kind", item.source)  # why its confidence is what it is
        importance, confidence = item.importance, item.confidence
        status = NodeStatus.ACTIVE.value
        if plan is not None:
            importance, confidence, status = plan.importance, plan.confidence, plan.status
            metadata = {**plan.metadata, **metadata}
        if item.status is not None:
            status = item.status
        payload: dict[str, Any] = {
            "parent_id": parent.id if parent else None,
            "node_type": item.node_type,
            "content": stored.logged,
            "importance": importance,
            "confidence": confidence,
            "metadata": metadata,
            "created_at": to_iso(ensure_utc(item.created_at) if item.created_at else now),
            "source_id": item.source_id,
            "agent_id": item.agent_id,
            "session_id": item.session_id,
            "status": status,
            "lifecycle": plan.lifecycle if plan else None,
            "tier": plan.tier if plan else None,
            "conflict_group": plan.conflict_group if plan else None,
            "decision": plan.decision if plan else None,
        }
        if stored.sensitive:
            # Encrypted nodes: the op log keeps the ciphertext (replayable), never the text.
            payload.update(sensitive=True, sealed=stored.content, sealed_hash=stored.content_hash)
        return payload

    # -- update / move / delete / set_active ------------------------------------------------
    def update(
        self,
        node_id: str,
        changes: dict[str, Any],
        *,
        user_id: str | None,
        expected_version: int | None,
    ) -> MemoryNode:
        """Change validated columns of a node; content is re-embedded only when its hash
        changed. ``expected_version`` makes the update conditional (ConflictError)."""
        engine = self.engine
        current = get_scoped(engine, node_id, user_id)
        vectors: Vectors | None = None
        if "content" in changes:
            new_hash = engine.sealer.digest(
                changes["content"],
                sensitive=current.sensitive,
                plain_hash=content_hash(changes["content"]),
            )
            if new_hash != current.content_hash:
                vectors = engine.embed([changes["content"]])  # outside any lock
        with engine.write(writer_of(engine, node_id, user_id)) as unit:
            node = get_scoped(engine, node_id, user_id)
            if expected_version is not None and node.version != expected_version:
                raise ConflictError(
                    f"node {node_id!r} is at version {node.version}, not {expected_version}: "
                    "another writer changed it; re-read and retry"
                )
            if node.node_type == "root" and ("node_type" in changes or "status" in changes):
                raise InvalidArgumentError("the root node's type and status cannot change")
            payload = self._update_payload(node, changes)
            if not payload:
                return node
            if "content" not in payload and "sealed" not in payload:
                vectors = None
            _, updated = engine.commit(
                "update", node_id=node.id, user_id=node.user_id, payload=payload, read=node
            )
            unit.reindex.append((node.id, vectors))
            if updated is not None and "node_type" not in payload:
                unit.tops[node.id] = updated  # no re-scope: the subtree below is as it was
        if updated is None or "node_type" in payload:
            return get_scoped(engine, node_id, None)
        # As the store holds it after the flush, without reading it back.
        state = IndexState.INDEXED.value if node.id in unit.indexed else updated.index_state
        return replace(updated, index_state=state)

    def _update_payload(self, node: MemoryNode, changes: dict[str, Any]) -> dict[str, Any]:
        """The logged form of an update: only columns whose value changes; content as text,
        or as ciphertext for an encrypted node."""
        payload: dict[str, Any] = {}
        for key, value in changes.items():
            if key == "content":
                stored = self.engine.sealer.stored(
                    node.id, value, sensitive=node.sensitive, plain_hash=content_hash(value)
                )
                if stored.content_hash == node.content_hash:
                    continue
                if stored.sensitive:
                    payload.update(sealed=stored.content, sealed_hash=stored.content_hash)
                else:
                    payload["content"] = value
            elif value != getattr(node, key):
                payload[key] = value
        return payload

    def move(self, node_id: str, new_parent_id: str, *, user_id: str | None) -> MemoryNode:
        """Re-attach a node (and its subtree) under another node of the same user."""
        engine = self.engine
        with engine.write(writer_of(engine, node_id, user_id)) as unit:
            node = get_scoped(engine, node_id, user_id)
            parent = get_scoped(engine, new_parent_id, user_id)
            if parent.user_id != node.user_id:
                raise ScopeError("cannot move a node under another user's tree")
            if parent.id == node.id or node.id in parent.path:
                raise CycleError(
                    f"cannot move {node_id!r} under {new_parent_id!r}: it is that node "
                    "or one of its ancestors"
                )
            if node.parent_id is None:
                raise InvalidArgumentError("the root node cannot be moved")
            if node.parent_id == parent.id:
                return node
            deepest = engine.store.max_depth_below(node) + len(parent.path) + 1 - node.depth
            if deepest > engine.config.max_depth:
                raise LimitExceededError(
                    f"the move would put nodes at depth {deepest}; the maximum is "
                    f"{engine.config.max_depth} (MemoryConfig.max_depth)"
                )
            engine.commit(
                "move",
                node_id=node.id,
                user_id=node.user_id,
                payload={"from": node.parent_id, "to": parent.id},
            )
            unit.reindex.append((node.id, None))
        return get_scoped(engine, node_id, None)

    def delete(self, node_id: str, *, subtree: bool, user_id: str | None) -> int:
        """Delete a node (and its subtree, or re-attach its children to its parent)."""
        engine = self.engine
        with engine.write(writer_of(engine, node_id, user_id)) as unit:
            node = get_scoped(engine, node_id, user_id)
            if subtree:
                doomed = [n.id for n in engine.store.subtree(node)]
            else:
                if node.parent_id is None and engine.store.children(node.id):
                    raise InvalidArgumentError(
                        "the root node has children; delete it with subtree=True"
                    )
                doomed = [node.id]
            engine.commit(
                "delete",
                node_id=node.id,
                user_id=node.user_id,
                payload={"ids": doomed, "subtree": subtree},
            )
            active = engine.store.get_active(node.user_id)
            if active in set(doomed):
                survivor = node.path[-1] if node.path else None
                engine.commit(
                    "set_active",
                    node_id=survivor,
                    user_id=node.user_id,
                    payload={"reason": "active node deleted"},
                )
            unit.delete.extend(doomed)
            # Re-attached children were re-scoped: their vector metadata follows.
            unit.finish_pending = unit.finish_pending or not subtree
        return len(doomed)

    def set_active(self, node_id: str, *, user_id: str | None) -> MemoryNode:
        """Make ``node_id`` its user's active node (persisted: survives a crash)."""
        engine = self.engine
        with engine.write(writer_of(engine, node_id, user_id)):
            node = get_scoped(engine, node_id, user_id)
            engine.commit("set_active", node_id=node.id, user_id=node.user_id, payload={})
        return node

    def finish_task(self, task_id: str, *, user_id: str | None, outcome: str | None) -> MemoryNode:
        """Mark a task finished in one unit: the outcome (if given) as an ``outcome`` node
        under it, sealed when the task is, then the ``finish`` op; a finished task is no
        longer the active one (the active node moves to the task's parent task, or to none)."""
        engine = self.engine
        with engine.write(writer_of(engine, task_id, user_id)):
            task = get_scoped(engine, task_id, user_id)
            if task.node_type not in engine.config.scope_types or task.parent_id is None:
                raise InvalidArgumentError(
                    f"node {task_id!r} is a {task.node_type!r}, not a task; only a task "
                    f"(one of {', '.join(t for t in engine.config.scope_types if t != 'root')}) "
                    "can be finished"
                )
            if task.metadata.get("finished_at"):
                raise InvalidArgumentError(
                    f"task {task_id!r} was already finished at {task.metadata['finished_at']}"
                )
            outcome_id: str | None = None
            if outcome is not None:
                item = NodeInput(
                    content=outcome,
                    parent_id=task.id,
                    node_type="outcome",
                    activate=False,
                    sensitive=task.sensitive,
                    metadata={"outcome_of": task.id},
                )
                outcome_id = self.add_many([item], task.user_id)[0].id
            engine.commit(
                "finish",
                node_id=task.id,
                user_id=task.user_id,
                payload={"outcome_id": outcome_id},
            )
            active = engine.store.get_active(task.user_id)
            node = engine.store.get(active) if active else None
            if node is not None and (node.id == task.id or task.id in node.path):
                parent = engine.store.get(task.parent_id)
                # Under the root: no task is active (the root as active node would make the
                # newest step anywhere, the finished task's last state, its "next step").
                engine.commit(
                    "set_active",
                    node_id=task.parent_id if parent and parent.parent_id else None,
                    user_id=task.user_id,
                    payload={"reason": "active task finished"},
                )
        return get_scoped(engine, task.id, None)

    # -- evolution changes ----------------------------------------------------------------
    def apply_changes(
        self,
        changes: Sequence[NodeChange],
        *,
        user_id: str,
        now: datetime,
        op: str = "evolve",
        expected_versions: Mapping[str, int] | None = None,
    ) -> list[str]:
        """Commit what a write or maintenance does to existing nodes; return the ids changed.

        Each change is one op (``evolve``, ``maintain`` or ``restore``) with its action and
        reason. With ``expected_versions`` a node changed by another writer since it was read
        is skipped (maintenance runs safely beside writers). The caller's unit syncs the
        changed nodes' vector metadata.
        """
        changed = self._commit_changes(
            changes, user_id=user_id, now=now, op=op, expected_versions=expected_versions
        )
        return [node.id for node in changed]

    def _commit_changes(
        self,
        changes: Sequence[NodeChange],
        *,
        user_id: str,
        now: datetime,
        op: str = "evolve",
        expected_versions: Mapping[str, int] | None = None,
    ) -> list[MemoryNode]:
        """:meth:`apply_changes`, returning each changed node as it was before its change."""
        engine = self.engine
        changed: list[MemoryNode] = []
        with engine.write(user_id) as unit:
            for change in changes:
                node = engine.store.get(change.node_id)
                if node is None or node.user_id != user_id:
                    continue
                if expected_versions is not None and expected_versions.get(node.id) != node.version:
                    continue
                values = {k: v for k, v in change.values.items() if k != "renew"}
                engine.commit(
                    op,
                    node_id=node.id,
                    user_id=user_id,
                    payload={"action": change.action, "reason": change.reason, "values": values},
                    at=now,
                )
                if "renew" in change.values:
                    # Passive renewal is an access statistic: not logged, like reads.
                    engine.store.touch([node.id], now, count=False)
                changed.append(node)
            unit.sync.extend(node.id for node in changed)
        return changed


class _Vectors:
    """An ``add_many``'s vectors by item: ``rows[k]`` is item ``k``'s row of the feed (None:
    not embedded in the call); ``later``: the index entries are the backlog's."""

    def __init__(self, feed: EmbedFeed, rows: list[int | None], later: bool) -> None:
        self.feed, self.rows, self.later = feed, rows, later

    def vector(self, k: int) -> Any:
        row = self.rows[k]
        assert row is not None
        return self.feed.vector(row)

    def table(self, items: Sequence[int]) -> Vectors:
        """The vectors of these items (each embedded), in order."""
        rows = [self.rows[k] for k in items]
        return self.feed.all()[[r for r in rows if r is not None]]
