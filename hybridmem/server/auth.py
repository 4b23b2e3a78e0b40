"""Who may call the memory server: bearer tokens, optionally limited to one user.

Two sources, both read by :meth:`AuthConfig.from_env`:

- ``HYBRIDMEM_TOKEN``: one token with access to every user (an operator's token).
- ``HYBRIDMEM_TOKENS``: the path of a token file, one token per line::

      # token                              [agent=<agent id>] user (* = every user)
      3q2-8FvX1nq0cW4sYk2u9bQz6rT1pLmA      alice
      Yx7Qv0aH2mJr5tN8cK3wE6uP9sD4fG1z      bob
      Qm4Lp8Zr1Tx6Vb3Nc7Hs2Jd9Kf5Wg0Ya      agent=planner alice
      Zb9Rt2kW6nL3vX8cQ1mJ5pH7sY4dF0gA      *

  The token comes first because a user id may contain spaces: everything after the first run
  of whitespace is the user id, unless that run starts with ``agent=``: then the token is
  bound to that agent (an id without whitespace) of the user that follows (not ``*``). Blank
  lines and lines starting with ``#`` are ignored. Tokens are at least 16 characters without
  whitespace; a duplicate token is refused.

An agent-bound token acts as that agent through its scoped view (issue 33): it reads its own,
the user's shared and its granted memories, changes only what it may; the agent comes from the
token, never from a request body (a body naming another agent is a ``ScopeError``), and
user-level operations (the tree view, the active node, maintenance) need a user's token.

With no token configured the server is open, which :func:`check_bind` allows only on a
loopback address. With any token configured every request except ``GET /v1/health`` must carry
one: API clients send ``Authorization: Bearer <token>``; the inspector also accepts the cookie
set by its login form (HttpOnly, SameSite=Strict, so other sites' pages cannot use it).
A user-limited token sees only its user: other users' nodes are reported as missing, naming
another user explicitly is a :class:`~hybridmem.errors.ScopeError`.
"""

from __future__ import annotations

import hmac
import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from hybridmem.errors import AuthError, ScopeError, ServerConfigError
from hybridmem.memory import DEFAULT_USER

TOKEN_ENV = "HYBRIDMEM_TOKEN"
TOKENS_FILE_ENV = "HYBRIDMEM_TOKENS"
ALL_USERS = "*"
AGENT_PREFIX = "agent="
MIN_TOKEN_CHARS = 16
COOKIE = "hybridmem_token"


@dataclass(frozen=True, slots=True)
class Principal:
    """The caller of one request: limited to ``user_id``, or every user when it is None;
    bound to one agent of that user when ``agent_id`` is set."""

    user_id: str | None
    agent_id: str | None = None

    def agent_for(self, requested: str | None) -> str | None:
        """The agent a request acts as: the token's (a body naming another is refused), else
        the one the request names."""
        if self.agent_id is None:
            return requested
        if requested is not None and requested != self.agent_id:
            raise ScopeError(f"this token is bound to agent {self.agent_id!r}")
        return self.agent_id

    def require_user_level(self, what: str) -> None:
        """Refuse a user-level operation to an agent-bound caller."""
        if self.agent_id is not None:
            raise ScopeError(
                f"{what} needs a user's token; this one is bound to agent {self.agent_id!r}"
            )

    @property
    def is_admin(self) -> bool:
        """Whether this caller may see every user and the store as a whole."""
        return self.user_id is None

    def user_for(self, requested: str | None) -> str:
        """The user a request acts for: the one it names, else the token's, else the default.

        A user-limited caller naming another user gets a :class:`ScopeError`.
        """
        if self.user_id is None:
            return requested if requested is not None else DEFAULT_USER
        if requested is not None and requested != self.user_id:
            raise ScopeError(f"this token is limited to user {self.user_id!r}")
        return self.user_id

    def scope(self) -> str | None:
        """``user_id=`` to pass to node reads: None (any user) for an admin."""
        return self.user_id

    def require_admin(self, what: str) -> None:
        """Refuse a store-wide operation to a user-limited caller."""
        if self.user_id is not None:
            raise ScopeError(
                f"{what} needs a token for every user; this one is limited to user {self.user_id!r}"
            )


OPEN = Principal(user_id=None)
"""The caller when no token is configured (loopback only, see :func:`check_bind`)."""


@dataclass(frozen=True, slots=True)
class AuthConfig:
    """The tokens a server accepts: token -> the user it is limited to (None: every user);
    ``agents``: token -> the agent it is bound to (only agent-bound tokens)."""

    tokens: Mapping[str, str | None] = field(default_factory=dict)
    agents: Mapping[str, str] = field(default_factory=dict)

    @property
    def required(self) -> bool:
        """Whether requests must carry a token."""
        return bool(self.tokens)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> AuthConfig:
        """Read ``HYBRIDMEM_TOKEN`` and the file named by ``HYBRIDMEM_TOKENS``."""
        env = os.environ if environ is None else environ
        tokens: dict[str, str | None] = {}
        agents: dict[str, str] = {}
        single = env.get(TOKEN_ENV, "").strip()
        if single:
            _check_token(single, TOKEN_ENV)
            tokens[single] = None
        path = env.get(TOKENS_FILE_ENV, "").strip()
        if path:
            bound: dict[str, str] = {}
            for token, user in parse_token_file(Path(path), agents=bound).items():
                if token in tokens:
                    raise ServerConfigError(f"{path}: a token appears twice")
                tokens[token] = user
            agents.update(bound)
        return cls(tokens, agents)

    def authenticate(self, presented: str | None) -> Principal:
        """The principal a presented token stands for; :class:`AuthError` if there is none."""
        if not self.required:
            return OPEN
        if not presented:
            raise AuthError("this server requires a token: send 'Authorization: Bearer <token>'")
        found: Principal | None = None
        given = presented.encode("utf-8", "surrogateescape")
        for token, user in self.tokens.items():
            # Compare with every token in constant time; no early exit on a match.
            if hmac.compare_digest(token.encode("utf-8"), given):
                found = Principal(user_id=user, agent_id=self.agents.get(token))
        if found is None:
            raise AuthError("unknown token")
        return found


def parse_token_file(path: Path, *, agents: dict[str, str] | None = None) -> dict[str, str | None]:
    """Parse a token file (format in the module docstring); agent-bound tokens' agents go
    into ``agents`` when given."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ServerConfigError(f"cannot read the token file {path}: {exc}") from exc
    tokens: dict[str, str | None] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(maxsplit=1)
        if len(parts) != 2:
            raise ServerConfigError(
                f"{path}:{number}: expected '<token> <user id or *>', got one field"
            )
        token, user = parts[0], parts[1].strip()
        _check_token(token, f"{path}:{number}")
        if token in tokens:
            raise ServerConfigError(f"{path}:{number}: this token appears twice")
        if user.startswith(AGENT_PREFIX):
            bound = user.split(maxsplit=1)
            agent = bound[0][len(AGENT_PREFIX) :]
            if len(bound) != 2 or not agent or bound[1].strip() == ALL_USERS:
                raise ServerConfigError(
                    f"{path}:{number}: expected '<token> agent=<agent id> <user id>' (an "
                    "agent-bound token names one user)"
                )
            if agents is not None:
                agents[token] = agent
            user = bound[1].strip()
        tokens[token] = None if user == ALL_USERS else user
    return tokens


def _check_token(token: str, where: str) -> None:
    if len(token) < MIN_TOKEN_CHARS or any(c.isspace() for c in token):
        raise ServerConfigError(
            f"{where}: a token must be at least {MIN_TOKEN_CHARS} characters without "
            "whitespace (e.g. python -c 'import secrets; print(secrets.token_urlsafe(32))')"
        )


def is_loopback(host: str) -> bool:
    """Whether ``host`` is a loopback address (``localhost``, 127.0.0.0/8, ``::1``)."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_bind(host: str, auth: AuthConfig) -> None:
    """Refuse to listen beyond loopback without a token."""
    if not is_loopback(host) and not auth.required:
        raise ServerConfigError(
            f"refusing to listen on {host!r} without a token: anyone who can reach it could "
            f"read and change every memory. Set {TOKEN_ENV} (a token for every user) or "
            f"{TOKENS_FILE_ENV} (a file of per-user tokens), or bind 127.0.0.1"
        )


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if any."""
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()
