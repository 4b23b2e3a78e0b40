"""CLI commands of the evolution layer: ``hybridmem inspect`` and ``hybridmem maintain``."""

# No "from __future__ import annotations": typer reads these annotations at registration.

from datetime import datetime
from typing import Annotated

import typer

from hybridmem.cli import render
from hybridmem.cli.render import col
from hybridmem.cli.support import (
    DEFAULT_DB,
    DEFAULT_USER,
    DbOption,
    EmbedderOption,
    JsonOption,
    UserOption,
    console,
    open_memory,
    print_json,
)
from hybridmem.errors import InvalidArgumentError


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
        from dataclasses import replace

        from hybridmem.cli import sealed

        with open_memory(db, embedder, masked=True) as mem:
            rows = mem.inspect(
                user_id=user,
                statuses=status,
                tiers=tier,
                lifecycles=lifecycle,
                node_types=node_type,
                group=group,
                contains=contains,
            )
            # inspect reads rows as stored: sealed ones opened with the key, else masked
            rows = [replace(r, node=sealed.opened(mem, r.node)) for r in rows]
        masked = sealed.count(r.node for r in rows)
        if as_json:
            print_json(rows)
            sealed.hint(masked)
            return
        table = render.table(
            f"memory of {render.clean(user)}: {len(rows)} nodes",
            [
                col("id"),
                col("type"),
                col("status"),
                col("tier"),
                col("weight"),
                col("content", wrap=True),
                col("why", wrap=True),
            ],
        )
        for row in rows:
            n = row.node
            mark = " *" if n.conflict_group and row.group_current else ""
            table.add_row(
                render.short(n.id),
                n.node_type,
                (render.status_mark(n) or "active") + mark,
                n.tier or "",
                f"{row.weight:.2f}",
                render.cell(("  " * max(n.depth - 1, 0)) + n.content, limit=200),
                render.cell(render.short_ids(row.why), limit=120),
            )
        console.print(table)
        if any(row.group_current for row in rows):
            console.print("* = the current value of its conflict group", style="dim")
        sealed.hint(masked)

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
        title = "maintenance (dry run: nothing written)" if dry_run else "maintenance"
        counts = ", ".join(f"{k} {v}" for k, v in sorted(report.counts.items())) or "no changes"
        console.print(f"{title}: {report.examined} nodes examined; {counts}", markup=False)
        if not report.actions:
            return
        table = render.table(
            "",
            [col("action"), col("node"), col("user"), col("weight"), col("reason", wrap=True)],
        )
        for a in report.actions:
            table.add_row(
                a.action,
                render.short(a.node_id),
                render.cell(a.user_id, limit=16),
                "" if a.weight is None else f"{a.weight:.2f}",
                render.cell(a.reason, limit=200),
            )
        console.print(table)
