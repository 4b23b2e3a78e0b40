"""CLI commands of the privacy layer: audit, export, import, erase, rotate-key, keygen.

Registered on the main ``hybridmem`` app by :func:`register`. The encryption key is read from
``$HYBRIDMEM_KEY`` (never from an option, so it stays out of shell history and ``ps``).
"""

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from hybridmem.cli.support import (
    DEFAULT_DB,
    DbOption,
    EmbedderOption,
    JsonOption,
    _open,
    _print_json,
    console,
)
from hybridmem.errors import InvalidArgumentError
from hybridmem.privacy.crypto import generate_key


def register(app: typer.Typer) -> None:
    """Add the privacy commands to ``app``."""

    audit_app = typer.Typer(help="The hash-chained audit log.", no_args_is_help=True)

    @audit_app.command("verify")
    def audit_verify(
        db: DbOption = DEFAULT_DB, embedder: EmbedderOption = None, as_json: JsonOption = False
    ) -> None:
        """Recompute the audit hash chain; exit 1 if it was tampered with."""
        with _open(db, embedder) as mem:
            result = mem.verify_audit()
        if as_json:
            _print_json(result)
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
        with _open(db, embedder) as mem:
            entries = mem.audit_log(
                user_id=user, node_id=node, actor=actor, action=action, limit=limit
            )
        if as_json:
            _print_json(entries)
            return
        for e in entries:
            console.print(
                f"{e.seq:>6} {e.at:%Y-%m-%d %H:%M:%S} {e.actor or '-':<12} {e.action:<10} "
                f"user={e.user_id} node={e.node_id} {e.detail}",
                markup=False,
                highlight=False,
            )

    app.add_typer(audit_app, name="audit")

    @app.command("export")
    def export_cmd(
        user: Annotated[str, typer.Option("--user", "-u", help="Whose memory to export.")],
        db: DbOption = DEFAULT_DB,
        out: Annotated[
            Path | None, typer.Option("--out", "-o", help="File to write (default: stdout).")
        ] = None,
        embedder: EmbedderOption = None,
    ) -> None:
        """Export one user's memory as JSON Lines (sensitive content decrypted: needs the key)."""
        with _open(db, embedder) as mem:
            report = mem.export_user(user, out if out is not None else sys.stdout)
        if out is not None:
            console.print(f"exported {report.nodes} nodes of {report.user_id} to {out}")

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
        embedder: EmbedderOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Import an export into --user; sensitive nodes are encrypted with this store's key."""
        if not source.is_file():
            raise InvalidArgumentError(f"no export file at {source}")
        with _open(db, embedder) as mem:
            report = mem.import_jsonl(source, user_id=user)
        if as_json:
            _print_json(report)
        else:
            console.print(f"imported {report.nodes} nodes as {report.user_id}")

    @app.command("erase")
    def erase_cmd(
        db: DbOption = DEFAULT_DB,
        user: Annotated[
            str | None, typer.Option("--user", "-u", help="Erase this user entirely.")
        ] = None,
        node: Annotated[str | None, typer.Option("--node", help="Erase this subtree.")] = None,
        yes: Annotated[bool, typer.Option("--yes", help="Confirm: this cannot be undone.")] = False,
        embedder: EmbedderOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Erase a user or a subtree for good (SQLite, WAL, lexical index, op log, Chroma)."""
        if user is None and node is None:
            raise InvalidArgumentError("erase needs --user or --node")
        if not yes:
            raise InvalidArgumentError("erase cannot be undone; pass --yes to confirm")
        with _open(db, embedder) as mem:
            report = mem.erase(node, user_id=user)
        if as_json:
            _print_json(report)
        else:
            console.print(f"erased {report.nodes} nodes of {report.user_id}")

    @app.command("rotate-key")
    def rotate_key_cmd(
        db: DbOption = DEFAULT_DB,
        new_key_env: Annotated[
            str, typer.Option(help="Environment variable holding the new key.")
        ] = "HYBRIDMEM_NEW_KEY",
        embedder: EmbedderOption = None,
    ) -> None:
        """Re-encrypt sensitive nodes: current key in $HYBRIDMEM_KEY, new one in --new-key-env."""
        new_key = os.environ.get(new_key_env)
        if not new_key:
            raise InvalidArgumentError(f"set the new key in ${new_key_env}")
        with _open(db, embedder) as mem:
            report = mem.rotate_key(new_key)
        console.print(
            f"re-encrypted {report.nodes} nodes: key {report.old_key_id} -> {report.new_key_id}; "
            "now set HYBRIDMEM_KEY to the new key"
        )

    @app.command("keygen")
    def keygen() -> None:
        """Print a new random encryption key (for $HYBRIDMEM_KEY)."""
        sys.stdout.write(generate_key() + "\n")
