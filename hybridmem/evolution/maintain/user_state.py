"""One user's nodes as one maintenance call sees them: read once, read again only after a write.

A deep maintenance call has five steps over the same user (compression, folding, the forgetting
plan, distillation, probe readings), and each needs every node of the user and the active
node. Each step used to read them itself: five scans of the user's nodes a call, every day, for
a user who runs for months. :class:`UserState` is that read done once and handed from step to
step. A step that wrote (a summary, an archived member, a profile) moved the op log: the next
step asks :meth:`UserState.current` and gets the nodes read again, exactly what it read before,
so what maintenance decides is unchanged; a step after one that wrote nothing gets the same
objects (``MemoryNode`` is frozen) and pays one read of the op log's head instead of the scan.
Every engine write appends an op (``Engine.commit``); use statistics deferred by retrieval are
not ops, but every read of the store already shows them (``NodeTable.touch``).

A read after a write fetches every row of the user again but builds a node only for a row that
differs from the one the state holds (``user_nodes_again``): building the nodes is over half
of a scan's CPU (0.10 of 0.18 s at ten thousand rows), and a step writes a few dozen of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from hybridmem.core import Core
from hybridmem.models import MemoryNode
from hybridmem.store.records import NodeRows


@dataclass(frozen=True, slots=True)
class UserState:
    """The user's nodes (content as stored, parents before children) and active node id, as
    of op-log position ``seq``."""

    core: Core
    user_id: str
    nodes: list[MemoryNode]
    active_id: str | None
    seq: int
    rows: NodeRows
    """The rows ``nodes`` were built from (what the next read compares its rows with)."""

    @classmethod
    def read(cls, core: Core, user_id: str, known: NodeRows | None = None) -> UserState:
        """The user's nodes and active node as stored now (a node whose row is unchanged
        since ``known`` is not built again)."""
        store = core.engine.store
        # The op log's head first: a write landing between the reads makes the next
        # ``current`` read again rather than trust a state newer than its mark.
        seq = store.last_seq()
        nodes, rows = store.user_nodes_again(user_id, known)
        return cls(core, user_id, nodes, store.get_active(user_id), seq, rows)

    def active_now(self) -> str | None:
        """The user's active node now: the one read when nothing was written since."""
        store = self.core.engine.store
        return self.active_id if store.last_seq() == self.seq else store.get_active(self.user_id)

    def current(self) -> UserState:
        """This state when nothing was written since it was read, else the store's now."""
        if self.core.engine.store.last_seq() == self.seq:
            return self
        return UserState.read(self.core, self.user_id, self.rows)
