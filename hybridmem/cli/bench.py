"""``hybridmem bench``: the benchmark suites, mounted when the ``benchmarks`` package is there."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Mount the benchmark app as ``hybridmem bench`` (optional in a slim install)."""
    try:
        from benchmarks.cli import app as bench_app
    except ImportError:
        return
    app.add_typer(bench_app, name="bench", help="Run a benchmark suite.")
