"""The ``hybridmem`` command line: demo, add, search, tree, show, stats, reindex, bench.

Every command takes ``--db PATH`` (default ``$HYBRIDMEM_PATH`` or ``./agent-memory``) and
``--json`` for machine-readable output. Errors from the engine print one clear line and exit 2.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from hybridmem.cli_support import (
    DEFAULT_DB,
    DbOption,
    EmbedderOption,
    JsonOption,
    UserOption,
    _open,
    _print_json,
)
from hybridmem.errors import HybridMemError, ServerConfigError
from hybridmem.memory import DEFAULT_USER, HybridMemory
from hybridmem.models import MemoryNode

app = typer.Typer(
    name="hybridmem",
    help="A crash-safe weighted memory tree for long-running LLM agents.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()
err_console = Console(stderr=True)


def _node_table(nodes: list[MemoryNode], title: str) -> Table:
    table = Table(title=title, show_lines=False)
    for column in ("id", "type", "created", "imp", "conf", "status", "content"):
        table.add_column(column, overflow="fold")
    for n in nodes:
        table.add_row(
            n.id[:12],
            n.node_type,
            f"{n.created_at:%Y-%m-%d %H:%M}",
            f"{n.importance:.2f}",
            f"{n.confidence:.2f}",
            n.status,
            n.content,
        )
    return table


@app.command()
def demo(
    path: Annotated[
        Path | None, typer.Option(help="Where to build the demo store (default: a new temp dir).")
    ] = None,
    embedder: EmbedderOption = None,
) -> None:
    """Run the expense-claim story: build, retrieve, SIGKILL a writer, recover."""
    from hybridmem.demo import run

    outcome = run(path, embedder=embedder, console=console)
    raise typer.Exit(0 if outcome.recovered else 1)


@app.command()
def add(
    content: Annotated[str, typer.Argument(help="The memory text.")],
    db: DbOption = DEFAULT_DB,
    user: UserOption = DEFAULT_USER,
    parent: Annotated[str | None, typer.Option(help="Parent node id.")] = None,
    node_type: Annotated[str, typer.Option("--type", help="Node type.")] = "event",
    importance: Annotated[float | None, typer.Option(help="0..1")] = None,
    confidence: Annotated[float | None, typer.Option(help="0..1")] = None,
    source: Annotated[str | None, typer.Option(help="Source id (provenance).")] = None,
    sensitive: Annotated[
        bool, typer.Option("--sensitive", help="Encrypt the content (key in $HYBRIDMEM_KEY).")
    ] = False,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Add one memory."""
    with _open(db, embedder) as mem:
        node = mem.add(
            content,
            parent_id=parent,
            node_type=node_type,
            user_id=user,
            importance=importance,
            confidence=confidence,
            source_id=source,
            sensitive=sensitive,
        )
    if as_json:
        _print_json(node)
    else:
        console.print(f"added [bold]{node.id}[/bold] ({node.node_type}) under {node.parent_id}")


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="What to look for.")],
    db: DbOption = DEFAULT_DB,
    user: UserOption = DEFAULT_USER,
    task: Annotated[str | None, typer.Option(help="Scope to this task's subtree.")] = None,
    top_k: Annotated[int, typer.Option("--top-k", "-k")] = 8,
    budget: Annotated[int | None, typer.Option(help="Token budget of the context.")] = None,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Retrieve memories for a query, with each score's breakdown."""
    with _open(db, embedder) as mem:
        res = mem.retrieve(query, user_id=user, task_id=task, top_k=top_k, token_budget=budget)
    if as_json:
        _print_json(res)
        return
    table = Table(title=f"{len(res.hits)} hits ({res.tokens} tokens in context)")
    for column in ("score", "id", "type", "content", "why"):
        table.add_column(column, overflow="fold")
    for hit in res.hits:
        table.add_row(
            f"{hit.score:.3f}",
            hit.node.id[:12],
            hit.node.node_type,
            hit.node.content,
            hit.breakdown.explain(),
        )
    console.print(table)
    console.print(res.context, markup=False, highlight=False)


@app.command()
def tree(
    db: DbOption = DEFAULT_DB,
    user: UserOption = DEFAULT_USER,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Print a user's memory tree, the active node starred."""
    from hybridmem.demo import render_tree

    with _open(db, embedder) as mem:
        if as_json:
            root = mem.root(user_id=user)
            active = mem.active_node(user_id=user)
            _print_json(
                {
                    "active": active.id if active else None,
                    "nodes": mem.subtree(root.id) if root else [],
                }
            )
            return
        console.print(render_tree(mem, user))


@app.command()
def show(
    node_id: Annotated[str, typer.Argument(help="Node id.")],
    db: DbOption = DEFAULT_DB,
    user: UserOption = DEFAULT_USER,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show one node of the user, its path from the root and its children."""
    with _open(db, embedder) as mem:
        node = mem.get(node_id, user_id=user)
        path = mem.path_to_root(node_id, user_id=user)
        children = mem.children(node_id, user_id=user)
    if as_json:
        _print_json({"node": node, "path": [n.id for n in path], "children": children})
        return
    console.print(_node_table([node], "node"))
    console.print(" > ".join(n.content[:30] for n in path))
    if children:
        console.print(_node_table(children, "children"))


@app.command()
def stats(
    db: DbOption = DEFAULT_DB,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Counts by type, status and index state."""
    with _open(db, embedder) as mem:
        result = mem.stats()
    if as_json:
        _print_json(result)
        return
    table = Table(title=f"hybridmem store {result.path}")
    table.add_column("what")
    table.add_column("value", overflow="fold")
    for field in dataclasses.fields(result):
        table.add_row(field.name, str(getattr(result, field.name)))
    console.print(table)


@app.command()
def reindex(
    db: DbOption = DEFAULT_DB,
    embedder: EmbedderOption = None,
) -> None:
    """Re-embed every node (also the way to switch embedding models)."""
    with HybridMemory(db, embedder=embedder, reindex=True) as mem:
        console.print(f"re-indexed {mem.stats().vectors} nodes with {mem.embedder.name}")


@app.command()
def serve(
    db: DbOption = DEFAULT_DB,
    host: Annotated[str, typer.Option(help="Address to bind; beyond loopback needs a token.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8420,
    embedder: EmbedderOption = None,
    log_level: Annotated[str, typer.Option(help="uvicorn log level (warning: no access log).")]
    = "info",
) -> None:
    """Serve the REST API (/v1, /openapi.json) and the web inspector (/) over the store."""
    try:
        from hybridmem.server import run
    except ImportError as exc:
        raise ServerConfigError(f"hybridmem serve needs the server extra ({exc.name} is "
                                "missing): pip install 'hybridmem[server]'") from None
    run(db, host=host, port=port, embedder=embedder, log_level=log_level)


def _mount_bench() -> None:
    try:
        from benchmarks.cli import app as bench_app
    except ImportError:  # benchmarks are optional in a slim install
        return
    app.add_typer(bench_app, name="bench", help="Run a benchmark suite.")


_mount_bench()

from hybridmem.privacy.commands import register as _register_privacy  # noqa: E402

_register_privacy(app)
from hybridmem.recovery.commands import register as _register_recovery  # noqa: E402

_register_recovery(app)

from hybridmem.evolution.commands import register as _register_evolution  # noqa: E402

_register_evolution(app)


def main() -> None:
    """Console-script entry point."""
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    try:
        app()
    except HybridMemError as exc:
        err_console.print(f"[red]error:[/red] {type(exc).__name__}: {exc}")
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
