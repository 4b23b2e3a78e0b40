"""Keeping the vector index in line with the tree store: the one place that writes vectors.

Rows are committed ``pending`` and become ``indexed`` only after their vector (or metadata)
reached the index, and only if the row did not change meanwhile (version and scope compared), so
a stale vector never masks a newer state. A process that may not write the index (a follower of
an embedded Chroma directory) leaves rows pending for the owner.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Protocol

from hybridmem.core.engine import Engine, WriteUnit
from hybridmem.embedding.base import Vectors
from hybridmem.index.base import Metadata
from hybridmem.models import IndexState, MemoryNode

PENDING_BATCH = 2000


def scope_key(owner: str, status: str) -> str:
    """The combined metadata value for (user or task, status). Statuses contain no '|', so the
    key is unambiguous whatever the owner id holds."""
    return f"{owner}|{status}"


def agent_key(user_id: str, agent_id: str | None, status: str) -> str:
    """The combined metadata value for (user, writing agent, status): one ``$in`` clause on it
    says "these agents' memories of this user, in these statuses" (an agent's read set,
    issue 33). The pair is JSON-encoded, so no id can make two keys equal; ``""`` is the
    user's shared memories (written without an agent; an agent id is never empty)."""
    return scope_key(json.dumps([user_id, agent_id or ""], ensure_ascii=False), status)


class Indexable(Protocol):
    """What a vector entry's metadata is built from (a node, or a light index row)."""

    @property
    def user_id(self) -> str: ...
    @property
    def agent_id(self) -> str | None: ...
    @property
    def task_id(self) -> str: ...
    @property
    def node_type(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def content_hash(self) -> str: ...


def index_metadata(node: Indexable) -> Metadata:
    """The filterable metadata a node's vector carries: only what a query filters on and what
    ``verify()`` compares.

    Retrieval filters on the combined keys: one clause that matches only the scope's entries
    is far cheaper in Chroma than ANDing clauses that each match the whole collection
    (measured at 10k nodes: 12 ms vs 25 ms, and the gap grows with size); ``node_type`` is
    what the standing memories' clause adds to its scope key. ``content_hash`` is how
    ``verify()`` compares an entry with its node: the index holds no text (an encrypted
    node's hash is keyed, so it reveals nothing). Every further key costs every upsert: Chroma
    indexes each one (1,000 entries at ~9k: 0.66 s with seven keys, 0.48 s with three).
    """
    return {
        "node_type": node.node_type,
        "user_status": scope_key(node.user_id, node.status),
        "task_status": scope_key(node.task_id, node.status),
        "agent_status": agent_key(node.user_id, node.agent_id, node.status),
        "content_hash": node.content_hash,
    }


def flush_unit(engine: Engine, unit: WriteUnit) -> None:
    """Run a committed unit's deferred vector work (the engine's ``EngineParts.flush``)."""
    IndexSync(engine).flush(unit)


RETIRED_KEYS = ("user_id", "task_id", "status")
"""Keys entries written before layout 3 carry and nothing reads (each is in a combined key):
:meth:`IndexSync.relabel` removes them."""


class IndexSync:
    """Writes vectors and their metadata for an engine, after its write units commit."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def flush(self, unit: WriteUnit) -> None:
        """Run a committed unit's deferred vector work."""
        if unit.delete:
            self.engine.index.delete(sorted(set(unit.delete)))
        for nodes, vectors in unit.index:
            if self.index(nodes, vectors):
                unit.indexed.update(n.id for n in nodes)
        for node_id, vectors in unit.reindex:
            unit.indexed |= self.reindex_subtree(node_id, vectors, unit.tops.get(node_id))
        if unit.sync:
            self.sync_metadata(list(dict.fromkeys(unit.sync)))
        if unit.finish_pending:
            self.finish_pending()

    def index(self, nodes: Sequence[MemoryNode], vectors: Vectors | None) -> bool:
        """Upsert the vectors of ``nodes`` (embedding them when ``vectors`` is None); whether
        their vectors and indexed mark were recorded (False: they stay pending)."""
        engine = self.engine
        if not nodes or not engine.index.writable:
            return False  # not the index owner: the rows stay pending for the owner (or open)
        if vectors is None or len(vectors) != len(nodes):
            vectors = engine.embed([n.content for n in nodes])
        # Ids, vectors and filter metadata only: the text lives in the store (the source of
        # truth) and nothing reads it from the index. Sending it as Chroma documents cost
        # ~0.55 ms a node (Chroma indexes every document for full-text search: its upsert
        # took 1.2 s per 1,000 entries with documents, 0.65 s without) and kept a second
        # plain copy of every memory in Chroma's files.
        engine.index.upsert([n.id for n in nodes], vectors, [index_metadata(n) for n in nodes])
        # A copy beside the row (small scopes are ranked from it: core/vectors.py) and the
        # indexed mark, in one write.
        engine.store.record_indexed(nodes, vectors, engine.embedder.name)
        if engine.catch_up is not None:
            engine.catch_up.after_write()
        return True

    def sync_metadata(self, ids: Sequence[str]) -> None:
        """Refresh the filterable metadata (status, scope) of nodes changed in the store. A
        change that left a row ``indexed`` (importance, tier, renewal: ``ops.INDEXED_COLUMNS``
        names what an entry is built from) has nothing to send."""
        engine = self.engine
        nodes = [
            n
            for n in engine.store.get_many(ids).values()
            if n.index_state == IndexState.PENDING.value
        ]
        if not nodes or not engine.index.writable:
            return
        self._relabel_entries(nodes)

    def _relabel_entries(self, nodes: Sequence[MemoryNode]) -> set[str]:
        """Bring the entries of pending ``nodes`` (content unchanged) to their new metadata. A
        node whose entry is missing (its own vector write failed earlier and was not caught up
        yet) is indexed instead: Chroma's update skips missing ids silently, and marking such
        a row indexed would hide it from vector search until a repair."""
        engine = self.engine
        present = engine.index.get_ids([n.id for n in nodes])
        found = [n for n in nodes if n.id in present]
        if found:
            engine.index.update_metadata([n.id for n in found], [index_metadata(n) for n in found])
            engine.store.mark_indexed(found)
        missing = [n for n in nodes if n.id not in present]
        done = {n.id for n in found}
        if missing and engine.backlog.owed:
            # Rows a write left to the backlog (core/backlog.py): it indexes them, with the
            # metadata they have by then, instead of this call embedding them now.
            return done
        if missing and self.index(missing, None):
            done.update(n.id for n in missing)
        return done

    def reindex_subtree(
        self, node_id: str, vectors: Vectors | None, top: MemoryNode | None = None
    ) -> set[str]:
        """Index the pending rows of a subtree: the top with ``vectors`` when its content
        changed, the rest by metadata only (their content and vectors are unchanged).
        ``top``: the node as committed by a change that left its subtree as it was (then
        nothing is read back). The ids recorded indexed."""
        engine = self.engine
        alone = top is not None
        top = top or engine.store.get(node_id)
        if top is None or not engine.index.writable:
            return set()
        pending = [top] if alone else [n for n in engine.store.subtree(top)]
        pending = [n for n in pending if n.index_state == IndexState.PENDING.value]
        done: set[str] = set()
        if pending and vectors is not None and pending[0].id == top.id:
            if self.index([pending[0]], vectors):
                done.add(top.id)
            pending = pending[1:]
        if pending:
            done |= self._relabel_entries(pending)
        return done

    def finish_pending(self) -> int:
        """Index every pending row (a crash between commit and vector write, another
        process's rows, a re-scoped subtree); return how many."""
        engine = self.engine
        done = 0
        previous: list[str] = []
        while engine.index.writable:
            ids = engine.store.ids_by_index_state(IndexState.PENDING.value, limit=PENDING_BATCH)
            # The same batch twice: rows keep changing under us; leave them for next time.
            if not ids or ids == previous:
                return done
            previous = ids
            nodes = list(engine.store.get_many(ids).values())
            self.index(nodes, None)
            done += len(nodes)
        return done

    def relabel(self) -> int:
        """Rewrite every indexed entry's metadata to today's :func:`index_metadata` (the
        vectors stay: an older layout's entries need no model call), dropping
        :data:`RETIRED_KEYS`; return how many entries were rewritten. An indexed row whose
        entry is missing is marked pending (the next :meth:`finish_pending` writes it).
        Without the right to write the index, every row is left pending for the owner."""
        engine = self.engine
        with engine.lock:
            return self._relabel()

    def _relabel(self) -> int:
        engine = self.engine
        rows = [r for r in engine.store.index_rows() if r.index_state == IndexState.INDEXED.value]
        if not engine.index.writable:
            engine.store.set_index_state([r.id for r in rows], IndexState.PENDING.value)
            return 0
        present = engine.index.get_ids()
        drop = dict.fromkeys(RETIRED_KEYS)  # a None value removes the key (VectorIndex)
        done = 0
        for start in range(0, len(rows), PENDING_BATCH):
            part = [r for r in rows[start : start + PENDING_BATCH] if r.id in present]
            engine.index.update_metadata(
                [r.id for r in part], [{**drop, **index_metadata(r)} for r in part]
            )
            done += len(part)
        missing = [r.id for r in rows if r.id not in present]
        if missing:
            engine.store.set_index_state(missing, IndexState.PENDING.value)
        return done

    def rebuild(self) -> int:
        """Drop every vector and re-embed all nodes from the store; return how many."""
        engine = self.engine
        with engine.lock:
            engine.index.delete(sorted(engine.index.get_ids()))
            engine.store.set_index_state(engine.store.all_ids(), IndexState.PENDING.value)
            return self.finish_pending()
