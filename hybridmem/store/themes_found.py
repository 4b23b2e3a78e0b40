"""Where distillation keeps the themes it last found for a user, named in the store.

Distillation's theme search (``hybridmem.evolution.maintain.found_themes``) keeps its result in
the store's ``meta`` table under a key per user and owner, beside a digest of the inputs it
read; the words of a theme are the user's. An erasure of any of the user's memories drops the
user's entries, live (``hybridmem.privacy.erasure``) and in every snapshot (``copies.
scrub_copy``, PostgreSQL's ``snapshots.scrub``), so the name lives here, below both.
"""

from __future__ import annotations

THEMES_FOUND = "themes_found:"
"""Meta key prefix of a user's kept theme search."""


def themes_found_prefix(user_id: str) -> str:
    """The prefix of every kept theme search of ``user_id`` (the length first: no user id is
    another's prefix)."""
    return f"{THEMES_FOUND}{len(user_id)}:{user_id}:"


def themes_found_key(user_id: str, agent_id: str | None) -> str:
    """The key of the theme search of ``user_id``'s memories owned by ``agent_id`` (None: the
    user's own)."""
    owner = "" if agent_id is None else f"agent:{agent_id}"
    return themes_found_prefix(user_id) + owner


__all__ = ["THEMES_FOUND", "themes_found_key", "themes_found_prefix"]
