"""Many agents, one memory (issue 33): the permission policy, and grants as ops.

The policy, for one user:

- an agent's memories are private to it: it reads and changes them;
- the user's shared memories (written without an agent: the root, anything the unscoped
  handle wrote) are readable by every agent of the user, and changeable only through the
  unscoped handle or with a write grant on the shared space (``shared=True``);
- another agent's memories are readable with a read grant and changeable with a write grant,
  on that agent (``from_agent``) or on a subtree holding them (``subtree``: a node and
  everything below it, whoever wrote it);
- a node the agent may not read behaves exactly like a missing one
  (:class:`~hybridmem.errors.NodeNotFoundError`, the message of a missing id); a change it may
  read but not make raises :class:`~hybridmem.errors.PermissionDeniedError`.

Grants never cross users: a subtree of another user's tree is refused like a missing node.
``grant`` and ``revoke`` are ops (logged, audited, replayed by the one applier here, in
snapshots with the grants table). :func:`load_access` reads an agent's grants from the store
on every call, so a revoke written by any process holds on the next call of every other.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from hybridmem.core.engine import Engine
from hybridmem.core.ids import new_node_id
from hybridmem.core.ops import ApplyContext, OpRegistry
from hybridmem.errors import (
    GrantNotFoundError,
    InvalidArgumentError,
    NodeNotFoundError,
    ReplayError,
)
from hybridmem.models import Grant, MemoryNode, OpRecord
from hybridmem.store import Readers, TreeStore
from hybridmem.validation import check_node_id, check_user_id

PERMS = ("read", "write")


@dataclass(frozen=True, slots=True)
class Access:
    """What one scope (user, agent, session) may read and change, with the grants it holds
    at the moment it was loaded (:func:`load_access`). ``agent_id`` None: the unscoped
    handle (every memory of the user, subject to the session only)."""

    user_id: str
    agent_id: str | None = None
    session_id: str | None = None
    grants: tuple[Grant, ...] = ()
    subtree_prefixes: dict[str, str] = field(default_factory=dict)
    """Each granted subtree node of this user that exists: its children's path prefix."""

    @property
    def restricted(self) -> bool:
        """Whether this scope sees less than the user's whole tree."""
        return self.agent_id is not None or self.session_id is not None

    @property
    def read_agents(self) -> tuple[str, ...]:
        """The agents whose memories this scope reads whole: itself and the granted ones."""
        if self.agent_id is None:
            return ()
        granted = [g.from_agent for g in self.grants if g.from_agent is not None]
        return tuple(dict.fromkeys([self.agent_id, *granted]))

    def readers(self) -> Readers | None:
        """The read set in the store's terms (None: no agent, every agent's memories)."""
        if self.agent_id is None:
            return None
        subtrees = tuple(
            (g.subtree, self.subtree_prefixes[g.subtree])
            for g in self.grants
            if g.subtree is not None and g.subtree in self.subtree_prefixes
        )
        return Readers(self.read_agents, tuple(dict.fromkeys(subtrees)), shared=True)

    def _session_ok(self, node: MemoryNode) -> bool:
        return self.session_id is None or node.session_id in (None, self.session_id)

    def _in_granted_subtree(self, node: MemoryNode, *, write: bool) -> bool:
        return any(
            g.subtree is not None
            and (g.writes or not write)
            and (node.id == g.subtree or g.subtree in node.path)
            for g in self.grants
        )

    def can_read(self, node: MemoryNode) -> bool:
        """Whether this scope may see ``node``."""
        if node.user_id != self.user_id or not self._session_ok(node):
            return False
        agent = self.agent_id
        if agent is None or node.agent_id is None or node.agent_id == agent:
            return True
        if node.agent_id in self.read_agents:
            return True
        return self._in_granted_subtree(node, write=False)

    def can_write(self, node: MemoryNode) -> bool:
        """Whether this scope may change (update, move, delete, erase) ``node``."""
        if not self.can_read(node):
            return False
        agent = self.agent_id
        if agent is None or node.agent_id == agent:
            return True
        if node.agent_id is None:
            if any(g.shared and g.writes for g in self.grants):
                return True
        elif any(g.from_agent == node.agent_id and g.writes for g in self.grants):
            return True
        return self._in_granted_subtree(node, write=True)


def load_access(
    store: TreeStore, user_id: str, agent_id: str | None, session_id: str | None = None
) -> Access:
    """The scope's access as the store says now (one indexed read, and one for the granted
    subtrees' paths): no cache, so another process's revoke holds on this call."""
    if agent_id is None:
        return Access(user_id, None, session_id)
    grants = tuple(store.grants_to(user_id, agent_id))
    wanted = [g.subtree for g in grants if g.subtree is not None]
    prefixes: dict[str, str] = {}
    if wanted:
        for node in store.get_many(wanted).values():
            if node.user_id == user_id:  # never across users, even if a row said so
                prefixes[node.id] = node.path_prefix_for_children()
    return Access(user_id, agent_id, session_id, grants, prefixes)


def not_found(node_id: str, user_id: str) -> NodeNotFoundError:
    """The error of a node the caller may not see: word for word a missing id's
    (:func:`hybridmem.core.tree.get_scoped`), so it tells nothing about existence."""
    return NodeNotFoundError(f"no node with id {node_id!r} for user {user_id!r}")


# -- grant and revoke as ops ----------------------------------------------------------------
def check_perms(perms: object) -> str:
    """``perms`` if it names a permission, else a clear error."""
    if perms not in PERMS:
        raise InvalidArgumentError(f"perms must be one of {PERMS}, got {perms!r}")
    return str(perms)


def grant(
    engine: Engine,
    *,
    user_id: str,
    to_agent: str,
    perms: str = "read",
    from_agent: str | None = None,
    subtree: str | None = None,
    shared: bool = False,
    by_agent: str | None = None,
) -> Grant:
    """Give ``to_agent`` read or write permission on ``from_agent``'s memories, a subtree or
    the user's shared memories (exactly one); logged and applied as a ``grant`` op."""
    user_id = check_user_id(user_id)
    to_agent = check_user_id(to_agent, name="to_agent")
    perms = check_perms(perms)
    if not isinstance(shared, bool):
        raise InvalidArgumentError("shared must be True or False")
    named = [from_agent is not None, subtree is not None, shared]
    if sum(named) != 1:
        raise InvalidArgumentError(
            "a grant names exactly one of from_agent=, subtree= or shared=True"
        )
    if from_agent is not None:
        from_agent = check_user_id(from_agent, name="from_agent")
        if from_agent == to_agent:
            raise InvalidArgumentError(f"agent {to_agent!r} already owns its own memories")
    if subtree is not None:
        subtree = check_node_id(subtree, name="subtree")
    with engine.write():
        if subtree is not None:
            node = engine.store.get(subtree)
            if node is None or node.user_id != user_id:
                raise not_found(subtree, user_id)  # another user's node: as a missing one
        made = Grant(
            id=new_node_id(),
            user_id=user_id,
            to_agent=to_agent,
            perms=perms,
            from_agent=from_agent,
            subtree=subtree,
            shared=shared,
            by_agent=by_agent,
        )
        record, _ = engine.commit(
            "grant", node_id=subtree, user_id=user_id, payload=grant_payload(made)
        )
    return dataclasses.replace(made, created_at=record.at)


def revoke(engine: Engine, grant_id: str, *, user_id: str) -> Grant:
    """Withdraw a grant of ``user_id`` (a ``revoke`` op); returns it."""
    user_id = check_user_id(user_id)
    grant_id = check_node_id(grant_id, name="grant_id")  # grant ids are made like node ids
    with engine.write():
        found = engine.store.get_grant(grant_id)
        if found is None or found.user_id != user_id:
            raise GrantNotFoundError(f"no grant with id {grant_id!r} for user {user_id!r}")
        engine.commit(
            "revoke",
            node_id=found.subtree,
            user_id=user_id,
            payload={"grant_id": grant_id, "to_agent": found.to_agent},
        )
    return found


def grants(store: TreeStore, *, user_id: str, agent_id: str | None = None) -> list[Grant]:
    """The user's grants (held by or concerning ``agent_id`` when named), oldest first."""
    user_id = check_user_id(user_id)
    if agent_id is not None:
        agent_id = check_user_id(agent_id, name="agent_id")
    return store.grants_of(user_id, agent_id)


def grant_fields(g: Grant) -> dict[str, object]:
    return {
        "id": g.id,
        "user_id": g.user_id,
        "to_agent": g.to_agent,
        "perms": g.perms,
        "from_agent": g.from_agent,
        "subtree": g.subtree,
        "shared": g.shared,
        "by_agent": g.by_agent,
    }


def grant_payload(g: Grant) -> dict[str, object]:
    """A ``grant`` op's payload: everything its applier needs (no content: ids and names)."""
    out = grant_fields(g)
    del out["user_id"]  # the op row carries it
    out["grant_id"] = out.pop("id")
    return out


def apply_grant(ctx: ApplyContext, rec: OpRecord) -> None:
    """Store the grant a ``grant`` op names (live and on replay)."""
    p = rec.payload
    if rec.user_id is None:
        raise ReplayError(f"op #{rec.seq} 'grant' names no user")
    made = Grant(
        id=p["grant_id"],
        user_id=rec.user_id,
        to_agent=p["to_agent"],
        perms=check_perms(p["perms"]),
        from_agent=p.get("from_agent"),
        subtree=p.get("subtree"),
        shared=bool(p.get("shared")),
        by_agent=p.get("by_agent"),
    )
    ctx.store.insert_grant(made, rec.seq, rec.at)


def apply_revoke(ctx: ApplyContext, rec: OpRecord) -> None:
    """Drop the grant a ``revoke`` op names (live and on replay)."""
    if rec.user_id is None:
        raise ReplayError(f"op #{rec.seq} 'revoke' names no user")
    ctx.store.delete_grant(rec.payload["grant_id"], rec.user_id)


def register(registry: OpRegistry) -> None:
    """Make the grant ops known to ``registry`` (live writes and replay)."""
    registry.register("grant", apply_grant)
    registry.register("revoke", apply_revoke)
