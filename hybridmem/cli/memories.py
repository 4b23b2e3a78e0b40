"""Commands on memories: demo, add, search, tree, show, stats, reindex."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from hybridmem.cli.support import (
    DEFAULT_DB,
    DbOption,
    EmbedderOption,
    JsonOption,
    UserOption,
    _open,
    _print_json,
    console,
)
from hybridmem.memory import DEFAULT_USER, HybridMemory
from hybridmem.models import MemoryNode


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


def search(
    query: Annotated[str, typer.Argument(help="What to look for.")],
    db: DbOption = DEFAULT_DB,
    user: UserOption = DEFAULT_USER,
    task: Annotated[str | None, typer.Option(help="Scope to this task's subtree.")] = None,
    top_k: Annotated[int, typer.Option("--top-k", "-k")] = 8,
    budget: Annotated[int | None, typer.Option(help="Token budget of the context.")] = None,
    scope: Annotated[
        str,
        typer.Option(
            help="task: the task subtree plus the user's facts, preferences and profiles; "
            "user: the whole tree."
        ),
    ] = "task",
    record_access: Annotated[
        bool,
        typer.Option(
            "--record-access/--read-only",
            help="Renew the hits' access statistics (default) or leave them alone.",
        ),
    ] = True,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Retrieve memories for a query, with each score's breakdown."""
    with _open(db, embedder) as mem:
        res = mem.retrieve(
            query,
            user_id=user,
            task_id=task,
            top_k=top_k,
            token_budget=budget,
            scope=scope,
            record_access=record_access,
        )
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


def reindex(
    db: DbOption = DEFAULT_DB,
    embedder: EmbedderOption = None,
) -> None:
    """Re-embed every node (also the way to switch embedding models)."""
    with HybridMemory(db, embedder=embedder, reindex=True) as mem:
        console.print(f"re-indexed {mem.stats().vectors} nodes with {mem.embedder.name}")


def register(app: typer.Typer) -> None:
    """Add the memory commands to ``app``."""
    for command in (demo, add, search, tree, show, stats, reindex):
        app.command()(command)
