"""CLI command of the agent integrations: ``hybridmem mcp`` (an MCP server over the store).

The ``mcp`` extra is imported only when the command runs, so a slim install keeps every other
command.
"""

from __future__ import annotations

from typing import Annotated

import typer

from hybridmem.cli.support import (
    DEFAULT_DB,
    DEFAULT_USER,
    DbOption,
    EmbedderOption,
    UserOption,
    open_memory,
)
from hybridmem.errors import ServerConfigError


def mcp(
    db: DbOption = DEFAULT_DB,
    user: UserOption = DEFAULT_USER,
    http: Annotated[
        str | None,
        typer.Option(
            "--http",
            metavar="HOST:PORT",
            help="Serve streamable HTTP (at /mcp) instead of stdio, e.g. 127.0.0.1:8765.",
        ),
    ] = None,
    allow_remote: Annotated[
        bool,
        typer.Option(help="Allow --http on a non-loopback address (the endpoint has no auth)."),
    ] = False,
    embedder: EmbedderOption = None,
    agent: Annotated[
        str | None,
        typer.Option(
            "--agent",
            help="Serve as this agent of the user: its own memories, the user's shared ones "
            "and what it was granted (writes stamped with it).",
        ),
    ] = None,
    include_sensitive: Annotated[
        bool,
        typer.Option(
            "--include-sensitive",
            help="search_memory also returns sensitive memories the query is not about (by "
            "default one comes back only when the query is about it), and get_memory, "
            "list_memories and the tree resource show their text (by default withheld).",
        ),
    ] = False,
) -> None:
    """Serve the memory to MCP clients: tools (add/search/get/delete memories, tasks) and the
    tree as a resource, for one user (and one agent with --agent). Stdio by default (what
    desktop clients launch)."""
    try:
        from hybridmem.integrations.mcp_server import parse_bind, serve
    except ImportError as exc:
        raise ServerConfigError(
            f"hybridmem mcp needs the mcp extra ({exc.name} is missing): "
            "pip install 'hybridmem[mcp]'"
        ) from None
    bind = parse_bind(http, allow_remote=allow_remote) if http is not None else None
    with open_memory(db, embedder, write=True, create=True) as mem:
        serve(mem, user_id=user, http=bind, agent_id=agent, include_sensitive=include_sensitive)


def register(app: typer.Typer) -> None:
    """Add ``mcp`` to ``app``."""
    app.command()(mcp)
