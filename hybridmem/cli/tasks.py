"""CLI commands for finished work: ``hybridmem task finish`` and ``hybridmem task decompress``."""

# No "from __future__ import annotations": typer reads these annotations at registration.

from typing import Annotated

import typer

from hybridmem.cli import render
from hybridmem.cli.support import (
    DEFAULT_DB,
    DbOption,
    EmbedderOption,
    JsonOption,
    console,
    open_memory,
    print_json,
)

UserFilter = Annotated[
    str | None, typer.Option("--user", "-u", help="Only this user's nodes (default: any).")
]


def register(app: typer.Typer) -> None:
    """Add the ``task`` group to ``app``."""
    task_app = typer.Typer(help="Finish tasks; bring compressed work back.", no_args_is_help=True)

    @task_app.command("finish")
    def finish(
        task_id: Annotated[str, typer.Argument(help="Task id, or its unique last characters.")],
        outcome: Annotated[
            str | None, typer.Option(help="How it ended (kept as an outcome node).")
        ] = None,
        db: DbOption = DEFAULT_DB,
        user: UserFilter = None,
        embedder: EmbedderOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Mark a task finished; the next deep maintenance folds it into a summary."""
        with open_memory(db, embedder, write=True) as mem:
            full = mem.resolve_id(task_id, user_id=user)
            task = mem.finish_task(full, user_id=user, outcome=outcome)
        if as_json:
            print_json(task)
            return
        console.print(
            f"finished {task.node_type} {render.short(task.id)}: "
            f"{render.clean(task.content, limit=80)}",
            markup=False,
        )

    @task_app.command("decompress")
    def decompress(
        summary_id: Annotated[
            str, typer.Argument(help="Summary id, or its unique last characters.")
        ],
        db: DbOption = DEFAULT_DB,
        user: UserFilter = None,
        embedder: EmbedderOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Restore the archived sources of a summary (the summary is archived)."""
        with open_memory(db, embedder, write=True) as mem:
            full = mem.resolve_id(summary_id, user_id=user)
            restored = mem.decompress(full, user_id=user)
        if as_json:
            print_json(restored)
            return
        console.print(render.node_table(restored, f"{len(restored)} sources restored"))

    app.add_typer(task_app, name="task")
