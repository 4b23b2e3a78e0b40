"""The facade's part of "many agents, one memory" (issue 33): grants and an agent's access.

:class:`Sharing` is mixed into :class:`~hybridmem.memory.HybridMemory`; the policy and the
grant ops live in :mod:`hybridmem.core.grants`, the read set applied before ranking in
:mod:`hybridmem.retrieval.permissions`, the per-agent view in :mod:`hybridmem.scoped`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from hybridmem.core import grants as core_grants
from hybridmem.core.grants import Access, load_access
from hybridmem.models import Grant, RetrievalResult
from hybridmem.validation import check_optional_user, check_user_id

if TYPE_CHECKING:
    from hybridmem.core import Core


class Sharing:
    """Grants between a user's agents; needs ``_core`` and ``_check_open`` of the facade."""

    if TYPE_CHECKING:
        _core: Core

        def _check_open(self) -> None: ...

    def grant(
        self,
        *,
        user_id: str,
        to_agent: str,
        perms: str = "read",
        from_agent: str | None = None,
        subtree: str | None = None,
        shared: bool = False,
        by_agent: str | None = None,
    ) -> Grant:
        """Let ``to_agent`` read (``perms="read"``) or also change (``"write"``) memories of
        ``user_id`` it does not own: every memory of ``from_agent``, a ``subtree`` (a node and
        everything below it) or the user's shared memories (``shared=True``); exactly one.
        A logged, audited, replayed op; returns the grant (``.id`` revokes it). A subtree of
        another user is refused like a missing node. ``by_agent``: the agent giving it,
        recorded (an agent's scoped view sets it)."""
        self._check_open()
        return core_grants.grant(
            self._core.engine,
            user_id=user_id,
            to_agent=to_agent,
            perms=perms,
            from_agent=from_agent,
            subtree=subtree,
            shared=shared,
            by_agent=check_optional_user(by_agent, name="by_agent"),
        )

    def revoke(self, grant_id: str, *, user_id: str) -> Grant:
        """Withdraw a grant of ``user_id`` (an op); every process sees it on its next call."""
        self._check_open()
        return core_grants.revoke(self._core.engine, grant_id, user_id=user_id)

    def grants(self, *, user_id: str, agent_id: str | None = None) -> list[Grant]:
        """The user's grants, oldest first; with ``agent_id`` only those it holds, gives or
        whose memories they open."""
        self._check_open()
        return core_grants.grants(self._core.engine.store, user_id=user_id, agent_id=agent_id)

    def access(
        self, *, user_id: str, agent_id: str | None = None, session_id: str | None = None
    ) -> Access:
        """What a scope may read and change right now (read from the store on each call)."""
        self._check_open()
        return load_access(
            self._core.engine.store,
            check_user_id(user_id),
            check_optional_user(agent_id, name="agent_id"),
            check_optional_user(session_id, name="session_id"),
        )

    def _within_access(
        self,
        search: Callable[..., RetrievalResult],
        user_id: str,
        agent_id: str | None,
        session_id: str | None,
    ) -> Callable[[], RetrievalResult]:
        """A checked retrieval (``arguments.checked_search``) narrowed to what ``agent_id``
        may read, before any ranking; the read set is read now, so a revoke made elsewhere
        holds on this call. Unchanged without an agent."""
        if agent_id is None:
            return search
        access = self.access(user_id=user_id, agent_id=agent_id, session_id=session_id)
        return partial(search, access=access)
