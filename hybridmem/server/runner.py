"""``hybridmem serve``: check the bind and the tokens, open the store, run uvicorn."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from hybridmem.server.app import LOOPBACK_HOSTS, create_app
from hybridmem.server.auth import AuthConfig, check_bind, is_loopback

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8420

log = logging.getLogger("hybridmem.server")


def run(
    db: str | Path,
    *,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    embedder: str | None = None,
    auth: AuthConfig | None = None,
    log_level: str = "info",
) -> None:
    """Serve the store at ``db`` until interrupted (SIGINT/SIGTERM close the store cleanly).

    ``auth`` defaults to the tokens in ``$HYBRIDMEM_TOKEN`` / ``$HYBRIDMEM_TOKENS``. A host
    beyond loopback without any token is refused (:class:`~hybridmem.errors.ServerConfigError`)
    before the store is opened.
    """
    import uvicorn

    auth = AuthConfig.from_env() if auth is None else auth
    check_bind(host, auth)
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    # On loopback, accept only loopback Host headers (a DNS-rebinding page cannot get in).
    trusted = [*LOOPBACK_HOSTS] if is_loopback(host) else None
    app = create_app(Path(db), auth=auth, trusted_hosts=trusted, embedder=embedder)
    mode = "tokens required" if auth.required else "no token (loopback only)"
    log.warning("hybridmem serving %s on http://%s:%d (%s)", db, host, port, mode)
    uvicorn.run(app, host=host, port=port, workers=1, log_level=log_level, server_header=False)
