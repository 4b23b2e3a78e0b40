"""CLI command of the server app: ``hybridmem serve``.

Registered on the main ``hybridmem`` app by :func:`register`. The server extra is imported only
when the command runs, so a slim install keeps every other command.
"""

from __future__ import annotations

from typing import Annotated

import typer

from hybridmem.cli.support import DEFAULT_DB, DbOption, EmbedderOption, memory_args
from hybridmem.errors import ServerConfigError


def serve(
    db: DbOption = DEFAULT_DB,
    host: Annotated[
        str, typer.Option(help="Address to bind; beyond loopback needs a token.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8420,
    embedder: EmbedderOption = None,
    log_level: Annotated[
        str, typer.Option(help="uvicorn log level (warning: no access log).")
    ] = "info",
) -> None:
    """Serve the REST API (/v1, /openapi.json) and the web inspector (/) over the store."""
    try:
        from hybridmem.server import run
    except ImportError as exc:
        raise ServerConfigError(
            f"hybridmem serve needs the server extra ({exc.name} is "
            "missing): pip install 'hybridmem[server]'"
        ) from None
    target, kwargs = memory_args(db)
    run(target, host=host, port=port, embedder=embedder, log_level=log_level, **kwargs)


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""
    app.command()(serve)
