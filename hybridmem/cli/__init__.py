"""The ``hybridmem`` command line.

One module per command group, each with a ``register(app)`` called here; they share only
:mod:`hybridmem.cli.support` (options, consoles, JSON output, opening the store):

- :mod:`~hybridmem.cli.memories`: demo, add, search, tree, show, stats, reindex;
- :mod:`~hybridmem.cli.recovery`: checkpoint, snapshots, restore, verify, history;
- :mod:`~hybridmem.cli.privacy`: audit, export, import, erase, rotate-key, keygen;
- :mod:`~hybridmem.cli.evolution`: inspect, maintain;
- :mod:`~hybridmem.cli.server`: serve (needs the ``server`` extra);
- :mod:`~hybridmem.cli.integrations`: mcp (needs the ``mcp`` extra);
- :mod:`~hybridmem.cli.bench`: the benchmark suites (when ``benchmarks`` is importable).

Every command takes ``--db PATH`` (default ``$HYBRIDMEM_PATH`` or ``./agent-memory``) and
``--json`` for machine-readable output. Errors from the engine print one clear line and exit 2.
"""

from __future__ import annotations

import os

import typer

from hybridmem.cli import bench, evolution, integrations, memories, privacy, recovery, server
from hybridmem.cli.support import err_console
from hybridmem.errors import HybridMemError

app = typer.Typer(
    name="hybridmem",
    help="A crash-safe weighted memory tree for long-running LLM agents.",
    no_args_is_help=True,
    add_completion=False,
)
for _group in (memories, privacy, recovery, evolution, server, integrations, bench):
    _group.register(app)


def main() -> None:
    """Console-script entry point."""
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    try:
        app()
    except HybridMemError as exc:
        err_console.print(f"[red]error:[/red] {type(exc).__name__}: {exc}")
        raise SystemExit(2) from None
