"""CLI commands of the privacy layer: audit, export, import, erase, rotate-key, keygen.

Registered on the main ``hybridmem`` app by :func:`register`. The encryption key is read from
``$HYBRIDMEM_KEY`` (never from an option, so it stays out of shell history and ``ps``).
"""

import dataclasses
import os
import shutil
import sys
from pathlib import Path
from typing import Annotated

import typer

from hybridmem.cli import render
from hybridmem.cli.render import clean, col
from hybridmem.cli.support import (
    DEFAULT_DB,
    DbOption,
    EmbedderOption,
    JsonOption,
    console,
    open_memory,
    print_json,
    refuse_store_file,
)
from hybridmem.errors import InvalidArgumentError


def register(app: typer.Typer) -> None:
    """Add the privacy commands to ``app``."""

    audit_app = typer.Typer(help="The hash-chained audit log.", no_args_is_help=True)

    @audit_app.command("verify")
    def audit_verify(
        db: DbOption = DEFAULT_DB, embedder: EmbedderOption = None, as_json: JsonOption = False
    ) -> None:
        """Recompute the audit hash chain; exit 1 if it was tampered with."""
        with open_memory(db, embedder) as mem:
            result = mem.verify_audit()
        if as_json:
            print_json(result)
        elif result.ok:
            console.print(f"audit log OK: {result.entries} entries, head {result.head}")
        else:
            console.print(
                f"[red]audit log BROKEN[/red] at entry {result.first_bad_seq}: {result.reason}"
            )
        raise typer.Exit(0 if result.ok else 1)

    @audit_app.command("log")
    def audit_log(
        db: DbOption = DEFAULT_DB,
        user: Annotated[str | None, typer.Option("--user", "-u")] = None,
        node: Annotated[str | None, typer.Option("--node")] = None,
        actor: Annotated[str | None, typer.Option("--actor")] = None,
        action: Annotated[str | None, typer.Option("--action")] = None,
        limit: Annotated[int | None, typer.Option("--limit")] = None,
        embedder: EmbedderOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """List audit entries (who did what, when), oldest first."""
        with open_memory(db, embedder) as mem:
            entries = mem.audit_log(
                user_id=user, node_id=node, actor=actor, action=action, limit=limit
            )
        if as_json:
            print_json(entries)
            return
        table = render.table(
            f"{len(entries)} audit entries",
            [
                col("seq"),
                col("at"),
                col("actor"),
                col("action"),
                col("user"),
                col("node"),
                col("detail", wrap=True),
            ],
        )
        for e in entries:
            table.add_row(
                str(e.seq),
                f"{e.at:%Y-%m-%d %H:%M}",
                render.cell(e.actor or "-", limit=12),
                e.action,
                render.cell(e.user_id or "", limit=12),
                render.short(e.node_id),
                render.cell(render.flat(e.detail), limit=48),
            )
        console.print(table)

    app.add_typer(audit_app, name="audit")

    @app.command("export")
    def export_cmd(
        user: Annotated[str, typer.Option("--user", "-u", help="Whose memory to export.")],
        db: DbOption = DEFAULT_DB,
        out: Annotated[
            Path | None,
            typer.Option("--out", "-o", help="File to write, mode 0600 (default: stdout)."),
        ] = None,
        embedder: EmbedderOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Export one user's memory as JSON Lines (sensitive content decrypted: needs the key)."""
        if out is None:
            with open_memory(db, embedder) as mem:
                mem.export_user(user, sys.stdout)
            return
        refuse_store_file(out)
        with open_memory(db, embedder) as mem:
            report = mem.export_user(user, out)  # atomic, mode 0600
        if as_json:
            print_json({**dataclasses.asdict(report), "path": str(out)})
        else:
            console.print(
                f"exported {report.nodes} nodes of {clean(report.user_id)} to {clean(out)} "
                "(mode 0600: it holds decrypted text)",
                markup=False,
            )

    @app.command("import")
    def import_cmd(
        source: Annotated[Path, typer.Argument(help="A JSON Lines export file.")],
        user: Annotated[
            str,
            typer.Option(
                "--user", "-u", help="The user who receives the memory (the file never decides)."
            ),
        ],
        db: DbOption = DEFAULT_DB,
        existing: Annotated[
            str,
            typer.Option(
                "--existing",
                help="Ids the store already has: 'skip' the user's own (another user's get a "
                "new id), 'remap' all to new ids, or 'error'.",
            ),
        ] = "skip",
        embedder: EmbedderOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Import an export into --user (creates the store if needed); sensitive nodes are
        encrypted with this store's key. All or nothing."""
        # Checked before the store opens: a wrong path must not create an empty store.
        if source.is_dir():
            raise InvalidArgumentError(
                f"{source} is a directory, not an export file (give the .jsonl "
                "file 'hybridmem export --out' wrote)"
            )
        if not source.is_file():
            raise FileNotFoundError(2, "no export file there", str(source))
        if existing not in ("skip", "remap", "error"):
            raise InvalidArgumentError(
                f"--existing must be 'skip', 'remap' or 'error', got {existing!r}"
            )
        # A store this command starts is removed again when the import fails (all or
        # nothing: a mistyped or foreign file must not leave an empty store behind).
        new_dir = None if "://" in db or Path(db).exists() else Path(db)
        try:
            with open_memory(db, embedder, write=True, create=True) as mem:
                report = mem.import_jsonl(source, user_id=user, on_existing=existing)
        except BaseException:
            if new_dir is not None and new_dir.is_dir():
                shutil.rmtree(new_dir, ignore_errors=True)
            raise
        if as_json:
            print_json(report)
            return
        console.print(
            f"imported {report.nodes} nodes as {clean(report.user_id)}; {report.skipped} "
            f"already there (skipped), {report.remapped} given new ids",
            markup=False,
        )

    @app.command("erase")
    def erase_cmd(
        db: DbOption = DEFAULT_DB,
        user: Annotated[
            str | None, typer.Option("--user", "-u", help="Erase this user entirely.")
        ] = None,
        node: Annotated[
            str | None,
            typer.Option("--node", help="Erase this subtree (id or its last characters)."),
        ] = None,
        yes: Annotated[bool, typer.Option("--yes", help="Confirm: this cannot be undone.")] = False,
        embedder: EmbedderOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Erase a user or a subtree for good (SQLite, WAL, lexical index, op log, Chroma)."""
        if user is None and node is None:
            raise InvalidArgumentError("erase needs --user or --node")
        if not yes:
            raise InvalidArgumentError("erase cannot be undone; pass --yes to confirm")
        with open_memory(db, embedder, write=True) as mem:
            node_id = mem.resolve_id(node, user_id=user) if node else None
            report = mem.erase(node_id, user_id=user)
        if as_json:
            print_json(report)
        else:
            console.print(f"erased {report.nodes} nodes of {clean(report.user_id)}", markup=False)
            console.print(f"note: {report.not_reached}", markup=False)

    @app.command("rotate-key")
    def rotate_key_cmd(
        db: DbOption = DEFAULT_DB,
        new_key_env: Annotated[
            str, typer.Option(help="Environment variable holding the new key.")
        ] = "HYBRIDMEM_NEW_KEY",
        embedder: EmbedderOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Re-encrypt sensitive nodes: current key in $HYBRIDMEM_KEY, new one in --new-key-env."""
        new_key = os.environ.get(new_key_env)
        if not new_key:
            raise InvalidArgumentError(
                f"set the new key in the environment variable {new_key_env!r}"
            )
        from hybridmem.config.privacy import parse_key

        try:  # checked before the store opens, and named: the new key, not the current one
            parse_key(new_key)
        except InvalidArgumentError as exc:
            raise InvalidArgumentError(f"${new_key_env} (the new key): {exc}") from None
        with open_memory(db, embedder, write=True) as mem:
            report = mem.rotate_key(new_key)
        if as_json:
            print_json(report)
            return
        console.print(
            f"re-encrypted {report.nodes} nodes: key {report.old_key_id} -> {report.new_key_id}; "
            "now set HYBRIDMEM_KEY to the new key",
            markup=False,
        )

    @app.command("keygen")
    def keygen(as_json: JsonOption = False) -> None:
        """Print a new random encryption key (for $HYBRIDMEM_KEY)."""
        from hybridmem.privacy.crypto import generate_key

        key = generate_key()
        if as_json:
            print_json({"key": key})
        else:
            sys.stdout.write(key + "\n")
