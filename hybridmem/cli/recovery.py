"""CLI commands of the recovery layer: checkpoint, snapshots, restore, verify, history.

Registered on the main ``hybridmem`` app by :func:`register`.
"""

from __future__ import annotations

import contextlib
import dataclasses
from typing import Annotated

import typer

from hybridmem.cli import render
from hybridmem.cli.render import col
from hybridmem.cli.support import (
    DEFAULT_DB,
    DbOption,
    EmbedderOption,
    JsonOption,
    console,
    err_console,
    open_memory,
    print_json,
)
from hybridmem.errors import NodeNotFoundError


def checkpoint(
    db: DbOption = DEFAULT_DB, embedder: EmbedderOption = None, as_json: JsonOption = False
) -> None:
    """Write a snapshot of the store now (applies retention)."""
    with open_memory(db, embedder, write=True) as mem:
        info = mem.checkpoint()
    if as_json:
        print_json(info)
    else:
        console.print(f"snapshot {info.name} at seq {info.seq}, {info.nodes} nodes", markup=False)


def snapshots(
    db: DbOption = DEFAULT_DB, embedder: EmbedderOption = None, as_json: JsonOption = False
) -> None:
    """List snapshots, oldest first."""
    with open_memory(db, embedder) as mem:
        snaps = mem.snapshots()
    if as_json:
        print_json(snaps)
        return
    table = render.table(
        f"{len(snaps)} snapshots",
        # the name (needed whole by `restore`) already holds seq and time: the date folds first
        [col("name"), col("seq"), col("created", wrap=True), col("nodes"), col("size")],
    )
    for snap in snaps:
        table.add_row(
            render.cell(snap.name),
            str(snap.seq),
            f"{snap.created_at:%Y-%m-%d %H:%M:%S}",
            str(snap.nodes),
            f"{snap.size_bytes / 1e6:.1f} MB",
        )
    console.print(table)


def restore(
    snapshot: Annotated[
        str | None, typer.Argument(help="Snapshot name (default: the newest).")
    ] = None,
    to_seq: Annotated[
        int | None, typer.Option("--to-seq", help="Replay the op log up to this sequence.")
    ] = None,
    db: DbOption = DEFAULT_DB,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Restore a snapshot and replay the op log after it (the old store is kept aside).

    If the store's SQLite file is damaged, the snapshot alone is put back (its op log is in
    the damaged file) and the damaged file is kept aside.
    """
    from hybridmem.errors import CorruptStoreError
    from hybridmem.recovery.snapshots import restore_damaged

    try:
        with open_memory(db, embedder, write=True) as mem:
            report = mem.restore(snapshot, to_seq=to_seq)
    except CorruptStoreError as exc:
        err_console.print(
            f"the store cannot be opened ({exc}); restoring the snapshot alone",
            markup=False,
            style="yellow",
        )
        report = restore_damaged(db, snapshot)
        # Opening re-indexes every node from the snapshot.
        with open_memory(db, embedder, write=True) as mem:
            report = dataclasses.replace(report, reindexed=mem.open_report.finished_pending)
    if as_json:
        print_json(report)
    else:
        console.print(
            f"restored {report.snapshot} (seq {report.snapshot_seq}) + {report.ops_replayed} "
            f"ops -> seq {report.restored_to_seq}, {report.nodes} nodes; previous store kept "
            + (
                f"as snapshot {report.previous_snapshot}"
                if report.previous_snapshot
                else f"at {report.previous_store}"
            )
        )


def verify(
    db: DbOption = DEFAULT_DB,
    embedder: EmbedderOption = None,
    repair: Annotated[bool, typer.Option("--repair", help="Fix what can be fixed.")] = False,
    full: Annotated[
        bool,
        typer.Option("--full", help="Re-read every index entry, not only changed nodes'."),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Compare SQLite and Chroma; exit 1 when they disagree (after --repair, if given)."""
    with open_memory(db, embedder, write=repair) as mem:
        if repair:
            fixed = mem.repair()
            report = fixed.after
        else:
            fixed = None
            report = mem.verify(full=full)
    if as_json:
        print_json(fixed if fixed is not None else report)
    else:
        if fixed is not None:
            console.print(
                f"repair: removed {fixed.orphans_removed} orphaned vectors, re-indexed "
                f"{fixed.reindexed} nodes"
            )
        console.print(report.summary())
    raise typer.Exit(0 if report.clean else 1)


def history(
    node_id: Annotated[str, typer.Argument(help="Node id.")],
    user: Annotated[
        str, typer.Option("--user", "-u", help="The node's user (others' nodes read as missing).")
    ],
    db: DbOption = DEFAULT_DB,
    embedder: EmbedderOption = None,
    as_json: JsonOption = False,
) -> None:
    """Every op-log entry that changed one of --user's nodes, oldest first."""
    with open_memory(db, embedder) as mem:
        # A deleted node keeps its history; its full id is needed then.
        with contextlib.suppress(NodeNotFoundError):
            node_id = mem.resolve_id(node_id, user_id=user)
        records = mem.history(node_id, user_id=user)
    if as_json:
        print_json(records)
        return
    table = render.table(
        f"history of {render.clean(node_id)}",
        [col("seq"), col("op"), col("at"), col("actor"), col("change", wrap=True)],
    )
    for r in records:
        table.add_row(
            str(r.seq),
            r.op,
            f"{r.at:%Y-%m-%d %H:%M}",
            render.cell(r.actor or "", limit=12),
            render.cell(render.change(r.payload), limit=240),
        )
    console.print(table)


def register(app: typer.Typer) -> None:
    """Add the recovery commands to the ``hybridmem`` app."""
    for fn in (checkpoint, snapshots, restore, verify, history):
        app.command(name=fn.__name__)(fn)
