"""The agent policy against a plain-Python model (issue 33), on both stores.

A hypothesis state machine drives one user's agents (and a second user) through adds, grants,
revokes, reads, updates and retrievals, reopening the store and restoring it from a snapshot
(the op log replayed) on the way: every node read or retrieved is one the model allows at that
point, every change succeeds exactly when the model gives write permission, and the grants the
store holds are the model's after every step.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from hybridmem.embedding import HashEmbedder
from hybridmem.errors import NodeNotFoundError, PermissionDeniedError
from tests.backends import OpenMem, both_backends  # noqa: F401 (the backend fixture)

AGENTS = (None, "a1", "a2", "a3")
WORDS = ("museum", "ticket", "budget", "train", "dinner", "report")
_names = itertools.count()


class Model:
    """The policy in plain Python: nodes as (user, agent, parent), grants as tuples."""

    def __init__(self) -> None:
        self.nodes: dict[str, tuple[str, str | None, str | None]] = {}
        self.grants: dict[str, tuple[str, str, str, str | None, str | None, bool]] = {}
        # id -> (user, to_agent, perms, from_agent, subtree, shared)

    def ancestors(self, node_id: str) -> list[str]:
        out, parent = [node_id], self.nodes[node_id][2]
        while parent is not None and parent in self.nodes:
            out.append(parent)
            parent = self.nodes[parent][2]
        return out

    def held(
        self, user: str, agent: str
    ) -> list[tuple[str, str, str, str | None, str | None, bool]]:
        return [g for g in self.grants.values() if g[0] == user and g[1] == agent]

    def can(self, user: str, agent: str | None, node_id: str, *, write: bool) -> bool:
        owner, node_agent, _ = self.nodes[node_id]
        if owner != user:
            return False
        if agent is None or node_agent == agent:
            return True
        if node_agent is None and not write:
            return True
        line = set(self.ancestors(node_id))
        for _, _, perms, from_agent, subtree, shared in self.held(user, agent):
            if write and perms != "write":
                continue
            if from_agent is not None and from_agent == node_agent:
                return True
            if shared and node_agent is None:
                return True
            if subtree is not None and subtree in line:
                return True
        return False


class Agents(RuleBasedStateMachine):
    def __init__(self, open_mem: OpenMem) -> None:
        super().__init__()
        self.open_mem = open_mem
        self.name = f"m{next(_names)}"
        self.mem = open_mem(self.name, embedder=HashEmbedder(32))
        self.model = Model()
        self.start = self.mem.checkpoint()
        self.counter = 0

    def teardown(self) -> None:
        self.mem.close()

    def _scope(self, user: str, agent: str | None):
        return self.mem.scoped(user_id=user, agent_id=agent)

    def _pick(self, pick: int) -> str | None:
        ids = sorted(self.model.nodes)
        return ids[pick % len(ids)] if ids else None

    @rule(
        user=st.sampled_from(("u1", "u1", "u2")),
        agent=st.sampled_from(AGENTS),
        words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=3),
        pick=st.integers(-3, 10_000),
    )
    def add(self, user, agent, words, pick) -> None:
        parent = self._pick(pick) if pick >= 0 else None
        self.counter += 1
        node_id = f"n{self.counter}"
        text = " ".join(words) + f" by {agent}"
        scope = self._scope(user, agent)
        if parent is not None and not self.model.can(user, agent, parent, write=False):
            with pytest.raises(NodeNotFoundError, match="no node with id"):
                scope.add(text, parent_id=parent, id=node_id)
            return
        node = scope.add(text, parent_id=parent, id=node_id, node_type="task")
        if node.parent_id is not None and node.parent_id not in self.model.nodes:
            self.model.nodes[node.parent_id] = (user, None, None)  # the user's root
        self.model.nodes[node.id] = (user, agent, node.parent_id)

    @precondition(lambda self: self.model.nodes)
    @rule(
        user=st.sampled_from(("u1", "u1", "u2")),
        to=st.sampled_from(AGENTS[1:]),
        other=st.sampled_from(AGENTS[1:]),
        kind=st.sampled_from(("agent", "subtree", "shared")),
        perms=st.sampled_from(("read", "write")),
        pick=st.integers(0, 10_000),
    )
    def grant(self, user, to, other, kind, perms, pick) -> None:
        subtree = self._pick(pick) if kind == "subtree" else None
        if kind == "agent" and other == to:
            return
        if subtree is not None and self.model.nodes[subtree][0] != user:
            with pytest.raises(NodeNotFoundError):
                self.mem.grant(user_id=user, to_agent=to, subtree=subtree)
            return
        made = self.mem.grant(
            user_id=user,
            to_agent=to,
            perms=perms,
            from_agent=other if kind == "agent" else None,
            subtree=subtree,
            shared=kind == "shared",
        )
        self.model.grants[made.id] = (
            user,
            to,
            perms,
            made.from_agent,
            made.subtree,
            made.shared,
        )

    @precondition(lambda self: self.model.grants)
    @rule(pick=st.integers(0, 10_000))
    def revoke(self, pick) -> None:
        ids = sorted(self.model.grants)
        grant_id = ids[pick % len(ids)]
        self.mem.revoke(grant_id, user_id=self.model.grants.pop(grant_id)[0])

    @precondition(lambda self: self.model.nodes)
    @rule(
        user=st.sampled_from(("u1", "u2")),
        agent=st.sampled_from(AGENTS),
        pick=st.integers(0, 10_000),
    )
    def read(self, user, agent, pick) -> None:
        target = self._pick(pick)
        assert target is not None
        scope = self._scope(user, agent)
        if not self.model.can(user, agent, target, write=False):
            with pytest.raises(NodeNotFoundError, match="no node with id"):
                scope.get(target)
            return
        assert scope.get(target).id == target
        for node in scope.subtree(target):
            assert self.model.can(user, agent, node.id, write=False), node.id

    @precondition(lambda self: self.model.nodes)
    @rule(
        user=st.sampled_from(("u1", "u2")),
        agent=st.sampled_from(AGENTS),
        pick=st.integers(0, 10_000),
    )
    def update(self, user, agent, pick) -> None:
        target = self._pick(pick)
        assert target is not None
        scope = self._scope(user, agent)
        if not self.model.can(user, agent, target, write=False):
            with pytest.raises(NodeNotFoundError):
                scope.update(target, importance=0.25)
        elif not self.model.can(user, agent, target, write=True):
            with pytest.raises(PermissionDeniedError):
                scope.update(target, importance=0.25)
        else:
            assert scope.update(target, importance=0.25).importance == 0.25

    @rule(
        user=st.sampled_from(("u1", "u2")),
        agent=st.sampled_from(AGENTS),
        words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=2),
        scope_name=st.sampled_from(("user", "task")),
    )
    def retrieve(self, user, agent, words, scope_name) -> None:
        result = self._scope(user, agent).retrieve(" ".join(words), top_k=20, scope=scope_name)
        for node in [*result.nodes, *result.path]:
            assert self.model.can(user, agent, node.id, write=False), node.id

    @rule()
    def reopen(self) -> None:
        self.mem.close()
        self.mem = self.open_mem(self.name, embedder=HashEmbedder(32))

    @rule()
    def replay(self) -> None:
        """Back to the empty snapshot and the whole op log replayed: the same grants."""
        self.mem.restore(self.start)

    @invariant()
    def grants_match_the_model(self) -> None:
        for user in ("u1", "u2"):
            got = {
                g.id: (g.user_id, g.to_agent, g.perms, g.from_agent, g.subtree, g.shared)
                for g in self.mem.grants(user_id=user)
            }
            assert got == {k: v for k, v in self.model.grants.items() if v[0] == user}


def test_agents_policy_holds_against_the_model(open_mem: OpenMem, backend: str) -> None:
    run_state_machine_as_test(
        lambda: Agents(open_mem),
        settings=settings(
            max_examples=6 if backend == "postgres" else 12,
            stateful_step_count=18,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
