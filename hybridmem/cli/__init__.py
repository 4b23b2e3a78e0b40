"""The ``hybridmem`` command line.

One module per command group, each with a ``register(app)`` called here; they share only
:mod:`hybridmem.cli.support` (options, opening the store, exit codes, errors, JSON) and
:mod:`hybridmem.cli.render` (safe text, short ids, tables):

- :mod:`~hybridmem.cli.memories`: demo, add, search, tree, show, stats, reindex;
- :mod:`~hybridmem.cli.conversation`: ingest (a chat transcript);
- :mod:`~hybridmem.cli.recovery`: checkpoint, snapshots, restore, verify, history;
- :mod:`~hybridmem.cli.privacy`: audit, export, import, erase, rotate-key, keygen;
- :mod:`~hybridmem.cli.evolution`: inspect, maintain;
- :mod:`~hybridmem.cli.server`: serve (needs the ``server`` extra);
- :mod:`~hybridmem.cli.integrations`: mcp (needs the ``mcp`` extra);
- :mod:`~hybridmem.cli.bench`: the benchmark suites (from a checkout of the repository).

Every command that opens a store takes ``--db PATH`` (default ``$HYBRIDMEM_PATH`` or
``./agent-memory``; a ``postgresql://`` URL with ``hybridmem --chroma HOST:PORT`` before the
command puts the tree in PostgreSQL and the vectors in a Chroma server), ``--embedder``
(default: the store's own) and ``--json``. Errors print one line (``error: Type:
message``; a JSON object on stdout under ``--json``) and exit with the documented code of
:class:`~hybridmem.cli.support.ExitCode`; never a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Annotated

import typer
from typer.models import CommandInfo

from hybridmem.cli import (
    bench,
    conversation,
    evolution,
    helpfmt,
    integrations,
    memories,
    privacy,
    recovery,
    server,
    tasks,
)
from hybridmem.cli.support import EXIT_CODES_HELP, VECTORS, ExitCode, GuardedGroup
from hybridmem.version import __version__

helpfmt.apply()


def _new_app() -> typer.Typer:
    return typer.Typer(
        name="hybridmem",
        help="A crash-safe weighted memory tree for long-running LLM agents.\n\n" + EXIT_CODES_HELP,
        no_args_is_help=True,
        add_completion=False,
        cls=GuardedGroup,
        pretty_exceptions_enable=False,
    )


app = _new_app()


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"hybridmem {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
    chroma: Annotated[
        str | None,
        typer.Option(
            "--chroma",
            envvar="HYBRIDMEM_CHROMA",
            help="HOST:PORT of a Chroma server for the vectors (required with a "
            "postgresql:// --db).",
        ),
    ] = None,
    collection: Annotated[
        str | None,
        typer.Option(
            "--collection",
            envvar="HYBRIDMEM_COLLECTION",
            help="Chroma collection on that server (default hybridmem-nodes).",
        ),
    ] = None,
) -> None:
    """A crash-safe weighted memory tree for long-running LLM agents."""
    VECTORS.chroma, VECTORS.collection = chroma, collection


for _group in (
    memories,
    conversation,
    privacy,
    recovery,
    evolution,
    tasks,
    server,
    integrations,
    bench,
):
    _group.register(app)

__all__ = ["ExitCode", "app", "main"]


def _command_name(info: CommandInfo) -> str | None:
    if info.name:
        return info.name
    callback = info.callback
    return callback.__name__.lower().replace("_", "-") if callback is not None else None


_ROOT_VALUE_OPTIONS = {"--chroma", "--collection"}
"""Options of the root command that take a value (``hybridmem --chroma HOST:PORT tree``)."""


def app_for(argv: Sequence[str]) -> typer.Typer:
    """The app with only the command ``argv`` names (the whole app for help or a typo).

    typer turns every registered command into a click command on each run, ~0.15 s of CPU
    for this many commands; a command that answers in a fraction of a second should not pay
    for the others. Usage, help and errors of the one command are the same either way.
    """
    name, args = None, iter(argv)
    for arg in args:
        if arg in _ROOT_VALUE_OPTIONS:
            next(args, None)  # the option's value is not a command name
        elif not arg.startswith("-"):
            name = arg
            break
    commands = [c for c in app.registered_commands if _command_name(c) == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if name is None or not (commands or groups):
        return app
    one = _new_app()
    one.registered_callback = app.registered_callback
    one.registered_commands = commands
    one.registered_groups = groups
    return one


def main() -> None:
    """Console-script entry point."""
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    app_for(sys.argv[1:])()
