"""An MCP server over one memory, for one user: ``hybridmem mcp --db PATH [--user U]``.

Built on the official SDK's high-level server (``mcp.server.mcpserver.MCPServer``, SDK 2.x).
Its tools are :data:`hybridmem.integrations.tools.TOOLS`, registered with the same input
schemas the OpenAI front end publishes; its one resource, ``hybridmem://tree``, is the user's
memory tree as nested JSON (active memories, the active path marked; a sensitive memory's text
withheld unless the server was built with ``include_sensitive``, a sealed one masked without
the key: :mod:`hybridmem.privacy.disclosure`).

Each tool call runs in a worker thread (embedding and SQLite writes never block the server's
event loop). A refused call (bad argument, missing node, a limit) comes back as an MCP tool
error carrying the engine's message (``is_error``), and the server keeps serving. Transports:
stdio (what desktop clients launch) and streamable HTTP (``--http 127.0.0.1:8765``; loopback
only unless explicitly allowed, since the MCP endpoint carries no authentication here).
"""

from __future__ import annotations

import contextlib
import inspect
import ipaddress
import json
from typing import Annotated, Any

import anyio.to_thread
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations

from hybridmem.errors import HybridMemError, ServerConfigError
from hybridmem.integrations.tools import TOOLS, Tool, ToolBox, node_view
from hybridmem.memory import DEFAULT_USER, HybridMemory
from hybridmem.models import MemoryNode
from hybridmem.privacy.disclosure import withhold
from hybridmem.version import __version__

TREE_URI = "hybridmem://tree"

INSTRUCTIONS = (
    "Long-term memory for this user, organised as a tree of tasks. Call search_memory before "
    "answering anything that may depend on what the user said earlier; call add_memory for "
    "each new fact, preference, decision or event worth keeping; switch tasks with "
    "set_active_task (list_tasks shows them)."
)


def _tool_function(box: ToolBox, tool: Tool) -> Any:
    """An async function whose signature is the tool's input fields (the SDK derives the
    input schema from it) and whose body runs the tool in a worker thread."""

    async def run(**arguments: Any) -> dict[str, Any]:
        try:
            return await anyio.to_thread.run_sync(lambda: box.call(tool.name, arguments))
        except HybridMemError as exc:
            raise ToolError(f"{type(exc).__name__}: {exc}") from exc

    params = [
        inspect.Parameter(
            name,
            inspect.Parameter.KEYWORD_ONLY,
            annotation=Annotated[field.annotation, field],
            default=inspect.Parameter.empty if field.is_required() else field.default,
        )
        for name, field in tool.input.model_fields.items()
    ]
    # inspect.signature() honours __signature__; set through __dict__ (a plain attribute
    # of the function object) since typing does not know the attribute.
    run.__dict__["__signature__"] = inspect.Signature(params, return_annotation=dict[str, Any])
    run.__name__ = tool.name
    run.__doc__ = tool.description
    return run


def tree_document(
    memory: HybridMemory,
    user_id: str,
    agent_id: str | None = None,
    *,
    include_sensitive: bool = False,
) -> dict[str, Any]:
    """The user's active memories as a nested tree, with the active task path marked; with
    ``agent_id``, only what that agent may read (a hidden node's subtree is left out). A
    sensitive memory's text is withheld unless ``include_sensitive``; without the key a sealed
    one reads masked (the rest of the tree is still served)."""
    with memory.sealed_masked():
        return _tree_document(memory, user_id, agent_id, include_sensitive)


def _tree_document(
    memory: HybridMemory, user_id: str, agent_id: str | None, include_sensitive: bool
) -> dict[str, Any]:
    scope = memory.scoped(user_id=user_id, agent_id=agent_id) if agent_id is not None else None
    root = memory.root(user_id=user_id)
    active = scope.active_node() if scope is not None else memory.active_node(user_id=user_id)
    on_path = set(active.path) | {active.id} if active is not None else set()
    if root is None:
        return {"user_id": user_id, "active_id": None, "tree": None}
    every = scope.all_nodes() if scope is not None else memory.subtree(root.id, user_id=user_id)
    nodes: list[MemoryNode] = [n for n in every if n.status == "active"]
    views: dict[str, dict[str, Any]] = {}
    for node in nodes:  # parents come before children
        view = {
            **node_view(withhold(node, include_sensitive, seals_all=memory.encrypts_all)),
            "on_active_path": node.id in on_path,
            "children": [],
        }
        views[node.id] = view
        parent = views.get(node.parent_id or "")
        if parent is not None:
            parent["children"].append(view)
    return {
        "user_id": user_id,
        "active_id": active.id if active is not None else None,
        "tree": views[root.id],
    }


def build_server(
    memory: HybridMemory,
    *,
    user_id: str = DEFAULT_USER,
    agent_id: str | None = None,
    include_sensitive: bool = False,
) -> MCPServer:
    """The MCP server exposing ``memory`` to one user (tools and the tree resource), as one
    agent of it when ``agent_id`` is given (its own, shared and granted memories only);
    ``include_sensitive``: see :class:`~hybridmem.integrations.tools.ToolBox`."""
    box = ToolBox(memory, user_id=user_id, agent_id=agent_id, include_sensitive=include_sensitive)
    server: MCPServer = MCPServer(
        name="hybridmem",
        title="hybridmem memory",
        instructions=INSTRUCTIONS,
        version=__version__,
        log_level="WARNING",
    )
    for tool in TOOLS:
        server.add_tool(
            _tool_function(box, tool),
            name=tool.name,
            description=tool.description,
            annotations=ToolAnnotations(
                read_only_hint=tool.read_only,
                destructive_hint=tool.destructive,
                idempotent_hint=tool.read_only,
                open_world_hint=False,
            ),
        )

    @server.resource(
        TREE_URI,
        name="memory-tree",
        description=f"The memory tree of user {user_id!r}: tasks and what is under them.",
        mime_type="application/json",
    )
    async def tree() -> str:
        document = await anyio.to_thread.run_sync(
            lambda: tree_document(memory, user_id, agent_id, include_sensitive=include_sensitive)
        )
        return json.dumps(document, ensure_ascii=False)

    return server


def parse_bind(value: str, *, allow_remote: bool = False) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:PORT`` for IPv6) checked: a port, and loopback unless allowed."""
    host, sep, port_text = value.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ServerConfigError(f"--http takes HOST:PORT (e.g. 127.0.0.1:8765), got {value!r}")
    loopback = host == "localhost"
    with contextlib.suppress(ValueError):  # a host name: only "localhost" counts as loopback
        loopback = loopback or ipaddress.ip_address(host).is_loopback
    if not loopback and not allow_remote:
        raise ServerConfigError(
            f"refusing to serve MCP on {host}: the endpoint has no authentication, so it binds "
            "to loopback only (127.0.0.1, ::1, localhost) unless --allow-remote is given"
        )
    return host, int(port_text)


def serve(
    memory: HybridMemory,
    *,
    user_id: str = DEFAULT_USER,
    http: tuple[str, int] | None = None,
    agent_id: str | None = None,
    include_sensitive: bool = False,
) -> None:
    """Serve until the client disconnects (stdio) or the process is stopped (HTTP)."""
    server = build_server(
        memory, user_id=user_id, agent_id=agent_id, include_sensitive=include_sensitive
    )
    if http is None:
        server.run("stdio")
    else:
        server.run("streamable-http", host=http[0], port=http[1])
