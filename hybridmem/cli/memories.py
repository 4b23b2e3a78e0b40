"""Commands on memories: demo, add, search, tree, show, users, delete, stats, reindex."""

from __future__ import annotations

import io
import shutil
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from hybridmem.cli import render, values
from hybridmem.cli.render import col
from hybridmem.cli.support import (
    DEFAULT_DB,
    DEFAULT_USER,
    DbOption,
    EmbedderOption,
    JsonOption,
    UserOption,
    console,
    err_console,
    memory_args,
    open_memory,
    print_json,
)
from hybridmem.errors import InvalidArgumentError
from hybridmem.models import NodeType

if TYPE_CHECKING:
    from hybridmem.memory import HybridMemory

KNOWN_TYPES = tuple(t.value for t in NodeType if t is not NodeType.ROOT)


def demo(
    path: Annotated[
        Path | None,
        typer.Option(help="Where to build the demo store (default: a temp dir, removed after)."),
    ] = None,
    keep: Annotated[bool, typer.Option("--keep", help="Keep the temp dir and print it.")] = False,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Run the expense-claim story: build, retrieve, SIGKILL a writer, recover."""
    from hybridmem.demo import run

    where = path or Path(tempfile.mkdtemp(prefix="hybridmem-demo-"))
    out = Console(file=io.StringIO()) if as_json else console
    try:
        outcome = run(where, embedder=embedder, console=out)
    finally:
        if path is None and not keep:
            shutil.rmtree(where, ignore_errors=True)
    if as_json:
        print_json({"recovered": outcome.recovered, "path": str(where) if path or keep else None})
    elif path is None and keep:
        console.print(f"demo store kept at {where}", markup=False)
    raise typer.Exit(0 if outcome.recovered else 1)


def add(
    content: Annotated[str, typer.Argument(help="The memory text.")],
    db: DbOption = DEFAULT_DB,
    user: UserOption = DEFAULT_USER,
    parent: Annotated[
        str | None, typer.Option(help="Parent node id (or its unique last characters).")
    ] = None,
    node_type: Annotated[
        str, typer.Option("--type", help=f"One of {', '.join(KNOWN_TYPES)}.")
    ] = "event",
    custom_type: Annotated[
        bool, typer.Option("--custom-type", help="Allow a --type of your own.")
    ] = False,
    importance: Annotated[float | None, typer.Option(help="0..1")] = None,
    confidence: Annotated[float | None, typer.Option(help="0..1")] = None,
    source: Annotated[str | None, typer.Option(help="Source id (provenance).")] = None,
    sensitive: Annotated[
        bool, typer.Option("--sensitive", help="Encrypt the content (key in $HYBRIDMEM_KEY).")
    ] = False,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Add one memory (creates the store if there is none)."""
    if node_type not in KNOWN_TYPES and not custom_type:
        raise InvalidArgumentError(
            f"unknown --type {node_type!r:.40}: use one of {', '.join(KNOWN_TYPES)} "
            "(or --custom-type for a type of your own)"
        )
    with open_memory(db, embedder, write=True, create=True) as mem:
        parent_id = mem.resolve_id(parent, user_id=user) if parent else None
        node = mem.add(
            content,
            parent_id=parent_id,
            node_type=node_type,
            user_id=user,
            importance=importance,
            confidence=confidence,
            source_id=source,
            sensitive=sensitive,
        )
    if as_json:
        print_json(node)
    else:
        console.print(
            f"added {node.id} ({node.node_type}, {node.status}) under "
            f"{render.short(node.parent_id)}",
            markup=False,
        )


def search(
    query: Annotated[str, typer.Argument(help="What to look for.")],
    db: DbOption = DEFAULT_DB,
    user: UserOption = DEFAULT_USER,
    task: Annotated[
        str | None, typer.Option(help="Scope to this task's subtree (id or its last characters).")
    ] = None,
    top_k: Annotated[
        int | None,
        typer.Option(
            "--top-k",
            "-k",
            min=1,
            max=1000,
            help="At most this many hits [default: 8, or as many as --budget holds].",
        ),
    ] = None,
    budget: Annotated[int | None, typer.Option(help="Token budget of the context.", min=1)] = None,
    context: Annotated[
        bool, typer.Option("--context/--no-context", help="Print the packed context too.")
    ] = True,
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
    include_sensitive: Annotated[
        bool,
        typer.Option(
            "--include-sensitive",
            help="Also sensitive memories the query is not about (by default one is shown "
            "only when the query is about it).",
        ),
    ] = False,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Retrieve memories for a query: score, id, type, content and the top parts of the score."""
    from hybridmem.cli import sealed

    with open_memory(db, embedder, write=record_access, masked=True) as mem:
        res = mem.retrieve(
            query,
            user_id=user,
            task_id=mem.resolve_id(task, user_id=user) if task else None,
            top_k=top_k,
            token_budget=budget,
            scope=scope,
            record_access=record_access,
            include_sensitive=include_sensitive,
        )
        hint = "" if res.hits or mem.root(user_id=user) else _other_users(mem, user)
    if hint:  # on stderr, so --json output stays parseable
        err_console.print(hint, markup=False, highlight=False)
    if res.vector_unavailable:  # on stderr, so --json output stays parseable
        err_console.print(
            f"warning: no vector search: {res.vector_unavailable_reason}",
            markup=False,
            highlight=False,
        )
    masked = sealed.count([*(h.node for h in res.hits), *res.path])
    if as_json:
        print_json(res)
        sealed.hint(masked)
        return
    table = render.table(
        f"{len(res.hits)} hits ({res.tokens} tokens in context)",
        [col("score"), col("id"), col("type"), col("content", wrap=True), col("why")],
    )
    for hit in res.hits:
        table.add_row(
            f"{hit.score:.3f}",
            render.short(hit.node.id),
            hit.node.node_type,
            render.cell(hit.node.content, limit=300),
            render.why(hit.breakdown),
        )
    console.print(table)
    if context and res.context:
        console.print()
        console.print(render.clean_block(res.context), markup=False)
    sealed.hint(masked)


def tree(
    db: DbOption = DEFAULT_DB,
    user: UserOption = DEFAULT_USER,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """A user's memory tree: short ids, type, tier, status marks; the active node starred."""
    from hybridmem.cli import sealed

    with open_memory(db, embedder, masked=True) as mem:
        root = mem.root(user_id=user)
        active = mem.active_node(user_id=user)
        nodes = mem.subtree(root.id) if root else []
        marks = {} if as_json else values.value_marks(mem, user, nodes)
        hint = "" if root or as_json else _other_users(mem, user)
    if as_json:
        print_json({"user": user, "active": active.id if active else None, "nodes": nodes})
        sealed.hint(sealed.count(nodes))
        return
    if root is None:
        console.print(hint, markup=False)
        return
    console.print(render.tree_of(user, nodes, active.id if active else None, marks=marks))
    sealed.hint(sealed.count(nodes))


def _other_users(mem: HybridMemory, user: str) -> str:
    """ "user 'x' has no memories", naming the users the store does hold (a mistyped or
    forgotten ``--user`` is the usual reason)."""
    counts = mem.users()
    said = f"user {render.clean(user)!r} has no memories in {mem.location}"
    if not counts:
        return f"{said} (the store holds no memories yet)"
    shown = ", ".join(f"{render.clean(u, limit=40)} ({n})" for u, n in list(counts.items())[:10])
    more = f" and {len(counts) - 10} more (hybridmem users)" if len(counts) > 10 else ""
    return f"{said}; users here (nodes): {shown}{more}; pick one with --user"


def users(
    db: DbOption = DEFAULT_DB,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """The users in the store, with their number of memories (nodes, the root included)."""
    with open_memory(db, embedder) as mem:
        counts = mem.users()
    if as_json:
        print_json({"users": [{"user": u, "nodes": n} for u, n in counts.items()]})
        return
    table = render.table(
        f"{len(counts)} user{'s' * (len(counts) != 1)}", [col("nodes"), col("user", wrap=True)]
    )
    for name, count in counts.items():
        table.add_row(str(count), render.cell(name))
    console.print(table)


def delete(
    node_id: Annotated[
        str, typer.Argument(help="Node id, or its unique last (or first) characters.")
    ],
    db: DbOption = DEFAULT_DB,
    user: Annotated[
        str | None, typer.Option("--user", "-u", help="Only this user's nodes (default: any).")
    ] = None,
    keep_children: Annotated[
        bool,
        typer.Option(
            "--keep-children",
            help="Move the node's children up to its parent instead of deleting them too.",
        ),
    ] = False,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Delete one memory (and its subtree unless --keep-children) from SQLite, the lexical
    index and Chroma. The op log keeps the deletion (hybridmem history)."""
    with open_memory(db, embedder, write=True) as mem:
        full = mem.resolve_id(node_id, user_id=user)
        removed = mem.delete(full, subtree=not keep_children, user_id=user)
    if as_json:
        print_json({"deleted": full, "nodes": removed})
    else:
        console.print(f"deleted {full} ({removed} node{'s' * (removed != 1)})", markup=False)


def show(
    node_id: Annotated[
        str, typer.Argument(help="Node id, or its unique last (or first) characters.")
    ],
    db: DbOption = DEFAULT_DB,
    user: Annotated[
        str | None, typer.Option("--user", "-u", help="Only this user's nodes (default: any).")
    ] = None,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """One node: its fields, its path from the root and its children."""
    from hybridmem.cli import sealed

    with open_memory(db, embedder, masked=True) as mem:
        full = mem.resolve_id(node_id, user_id=user)
        node = mem.get(full, user_id=user)
        path = mem.path_to_root(full, user_id=user)
        children = mem.children(full, user_id=user)
    masked = sealed.count([node, *path, *children])
    if as_json:
        print_json({"node": node, "path": [n.id for n in path], "children": children})
        sealed.hint(masked)
        return
    fields = render.table(
        f"{node.node_type} {node.id}",
        [col("field", style="bold"), col("value", wrap=True)],
    )
    for name, value in render.node_fields(node):
        fields.add_row(name, render.cell(value))
    console.print(fields)
    console.print()
    console.print(render.cell(" > ".join(render.clean(n.content, limit=24) for n in path)))
    if children:
        console.print()
        console.print(render.node_table(children, f"{len(children)} children"))
    sealed.hint(masked)


def stats(
    db: DbOption = DEFAULT_DB,
    vectors: Annotated[
        bool, typer.Option("--vectors", help="Also count vectors in Chroma (opens the index).")
    ] = False,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Counts by type, status and index state; sizes; the embedder the store was built with."""
    with open_memory(db, embedder) as mem:
        result = mem.stats(count_vectors=vectors)
    if as_json:
        # vectors is null when not counted (the index stays closed without --vectors)
        print_json({**asdict(result), "vectors": result.vectors if result.vectors >= 0 else None})
        return
    table = render.table(
        f"hybridmem store {render.clean(result.path)}",
        [col("what", style="bold"), col("value", wrap=True)],
    )
    for name, value in render.stats_rows(result):
        table.add_row(name, render.cell(value))
    console.print(table)


def reindex(
    db: DbOption = DEFAULT_DB,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Re-embed every node (also the way to switch embedding models)."""
    from hybridmem.memory import HybridMemory

    target, kwargs = memory_args(db)
    with HybridMemory(target, embedder=embedder, reindex=True, create=False, **kwargs) as mem:
        count, name = mem.stats().vectors, mem.embedder.name
    if as_json:
        print_json({"vectors": count, "embedder": name})
    else:
        console.print(f"re-indexed {count} nodes with {name}", markup=False)


def register(app: typer.Typer) -> None:
    """Add the memory commands to ``app``."""
    for command in (demo, add, search, tree, show, users, delete, stats, reindex):
        app.command()(command)
