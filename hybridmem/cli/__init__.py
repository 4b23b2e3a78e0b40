"""The ``hybridmem`` command line.

One module per command group, each with a ``register(app)`` called here; they share only
:mod:`hybridmem.cli.support` (options, opening the store, exit codes, errors, JSON) and
:mod:`hybridmem.cli.render` (safe text, short ids, tables):

- :mod:`~hybridmem.cli.memories`: demo, add, search, tree, show, stats, reindex;
- :mod:`~hybridmem.cli.recovery`: checkpoint, snapshots, restore, verify, history;
- :mod:`~hybridmem.cli.privacy`: audit, export, import, erase, rotate-key, keygen;
- :mod:`~hybridmem.cli.evolution`: inspect, maintain;
- :mod:`~hybridmem.cli.server`: serve (needs the ``server`` extra);
- :mod:`~hybridmem.cli.integrations`: mcp (needs the ``mcp`` extra);
- :mod:`~hybridmem.cli.bench`: the benchmark suites (when ``benchmarks`` is importable).

Every command that opens a store takes ``--db PATH`` (default ``$HYBRIDMEM_PATH`` or
``./agent-memory``), ``--embedder`` (default: the store's own) and ``--json``. Errors print one
line (``error: Type: message``; a JSON object on stdout under ``--json``) and exit with the
documented code of :class:`~hybridmem.cli.support.ExitCode`; never a traceback.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from hybridmem.cli import bench, evolution, integrations, memories, privacy, recovery, server
from hybridmem.cli.support import EXIT_CODES_HELP, ExitCode, GuardedGroup
from hybridmem.version import __version__

app = typer.Typer(
    name="hybridmem",
    help="A crash-safe weighted memory tree for long-running LLM agents.\n\n" + EXIT_CODES_HELP,
    no_args_is_help=True,
    add_completion=False,
    cls=GuardedGroup,
    pretty_exceptions_enable=False,
)


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
) -> None:
    """A crash-safe weighted memory tree for long-running LLM agents."""


for _group in (memories, privacy, recovery, evolution, server, integrations, bench):
    _group.register(app)

__all__ = ["ExitCode", "app", "main"]


def main() -> None:
    """Console-script entry point."""
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    app()
