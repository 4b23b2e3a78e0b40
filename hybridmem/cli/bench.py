"""``hybridmem bench``: the benchmark suites, when the ``benchmarks`` package is there.

The suites' own app is imported only when ``bench`` runs: every other command starts without
it. Arguments after ``bench`` are handed to it untouched (``hybridmem bench --help`` lists the
suites).
"""

from __future__ import annotations

import importlib.util

import typer
import typer.main


def bench(ctx: typer.Context) -> None:
    """Run a benchmark suite (hybridmem bench --help lists them)."""
    from benchmarks.cli import app as bench_app

    # Not standalone: usage errors reach hybridmem's own handler (one line, its exit codes)
    # instead of the suites' framed messages.
    command = typer.main.get_command(bench_app)
    command.main(args=list(ctx.args), prog_name="hybridmem bench", standalone_mode=False)


def register(app: typer.Typer) -> None:
    """Add ``hybridmem bench`` (absent in a slim install without the benchmarks package)."""
    try:
        if importlib.util.find_spec("benchmarks.cli") is None:
            return
    except ImportError:
        return
    app.command(
        "bench",
        context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
        add_help_option=False,
    )(bench)
