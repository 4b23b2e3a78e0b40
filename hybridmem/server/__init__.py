"""The memory server: a versioned JSON API and a web inspector over one ``HybridMemory``.

``hybridmem serve --db PATH`` runs it (:func:`run`); :func:`create_app` builds the ASGI app for
tests or your own server. Needs the ``server`` extra (``pip install 'hybridmem[server]'``).

Modules: ``app`` (factory, security headers), ``api`` (``/v1`` routes), ``auth`` (tokens, bind
check), ``errors`` (engine errors -> JSON), ``schemas`` (pydantic bodies), ``views`` (what the
API and the pages both show), ``ui`` (inspector pages), ``runner`` (``run``).
"""

from __future__ import annotations

from hybridmem.server.app import create_app
from hybridmem.server.auth import AuthConfig, Principal
from hybridmem.server.runner import DEFAULT_HOST, DEFAULT_PORT, run

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "AuthConfig", "Principal", "create_app", "run"]
