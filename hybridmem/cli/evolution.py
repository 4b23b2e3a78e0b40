"""CLI commands of the evolution layer: ``hybridmem inspect`` and ``hybridmem maintain``."""

# No "from __future__ import annotations": typer reads these annotations at registration.

from datetime import datetime
from typing import Annotated

import typer
from rich.table import Table

from hybridmem.cli.support import (
    DEFAULT_DB,
    DbOption,
    EmbedderOption,
    JsonOption,
    UserOption,
    console,
    open_memory,
    print_json,
)
from hybridmem.errors import InvalidArgumentError

DEFAULT_USER = "default"


def register(app: typer.Typer) -> None:
    """Add ``inspect`` and ``maintain`` to the ``hybridmem`` command."""

    @app.command()
    def inspect(
        db: DbOption = DEFAULT_DB,
        user: UserOption = DEFAULT_USER,
        status: Annotated[list[str] | None, typer.Option(help="active/candidate/archived")] = None,
        tier: Annotated[list[str] | None, typer.Option(help="buffer/working/long_term")] = None,
        lifecycle: Annotated[
            list[str] | None, typer.Option(help="transient/short_term/long_term")
        ] = None,
        node_type: Annotated[list[str] | None, typer.Option("--type", help="Node type.")] = None,
        group: Annotated[str | None, typer.Option(help="Conflict group or slot.")] = None,
        contains: Annotated[str | None, typer.Option(help="Text the content contains.")] = None,
        embedder: EmbedderOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Show a user's memories with tier, status, weight, lifecycle and conflict group."""
        with open_memory(db, embedder) as mem:
            rows = mem.inspect(
                user_id=user,
                statuses=status,
                tiers=tier,
                lifecycles=lifecycle,
                node_types=node_type,
                group=group,
                contains=contains,
            )
        if as_json:
            print_json(rows)
            return
        table = Table(title=f"memory of {user}: {len(rows)} nodes")
        for column in (
            "id",
            "type",
            "status",
            "tier",
            "lifecycle",
            "weight",
            "group",
            "content",
            "why",
        ):
            table.add_column(column, overflow="fold")
        for row in rows:
            n = row.node
            group_cell = ""
            if n.conflict_group:
                group_cell = n.conflict_group + (" *" if row.group_current else "")
            table.add_row(
                n.id[:12],
                n.node_type,
                n.status,
                n.tier or "",
                n.lifecycle or "",
                f"{row.weight:.3f}",
                group_cell,
                ("  " * n.depth) + n.content,
                row.why,
            )
        console.print(table)
        console.print("* = the group's current value", style="dim")

    @app.command()
    def maintain(
        db: DbOption = DEFAULT_DB,
        user: Annotated[str | None, typer.Option("--user", "-u", help="Only this user.")] = None,
        dry_run: Annotated[bool, typer.Option("--dry-run", help="Report, change nothing.")] = False,
        light: Annotated[bool, typer.Option("--light", help="Skip the deep pass.")] = False,
        now: Annotated[
            str | None, typer.Option(help="ISO time to run at (default: the clock).")
        ] = None,
        embedder: EmbedderOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Forget and consolidate: decay, expire buffers, settle conflicts, distil, prune."""
        try:
            at = datetime.fromisoformat(now) if now else None
        except ValueError:
            raise InvalidArgumentError(
                f"--now must be an ISO date/time like 2025-01-31T12:00, got {now!r:.40}"
            ) from None
        with open_memory(db, embedder, write=True) as mem:
            report = mem.maintain(now=at, dry_run=dry_run, deep=not light, user_id=user)
        if as_json:
            print_json(report)
            return
        title = "maintenance (dry run)" if dry_run else "maintenance"
        table = Table(title=f"{title}: {report.examined} nodes examined, {report.counts}")
        for column in ("action", "node", "user", "weight", "reason"):
            table.add_column(column, overflow="fold")
        for a in report.actions:
            table.add_row(
                a.action,
                a.node_id[:16],
                a.user_id,
                "" if a.weight is None else f"{a.weight:.3f}",
                a.reason,
            )
        console.print(table)
