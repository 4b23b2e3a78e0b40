"""``hybridmem bench``: the benchmark suites of a checkout of the repository.

The suites live in the repository's top-level ``benchmarks/`` folder (``python -m benchmarks``
runs the same app); the wheel ships the library only. So ``bench`` looks for a checkout: the
one this ``hybridmem`` was loaded from (an editable install, or a checkout on ``PYTHONPATH``),
else the current directory or one above it. Taking the package's own checkout first keeps the
suites and the library they measure the same version. Without a checkout it says so and exits
with :attr:`ExitCode.NOT_FOUND`.

The suites' own app is imported only when ``bench`` runs: every other command starts without
it. Arguments after ``bench`` are handed to it untouched (``hybridmem bench --help`` lists the
suites).
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import typer
import typer.main

SUITES = Path("benchmarks") / "cli.py"
"""What marks a checkout: the suites' app, beside the ``hybridmem`` package folder."""

PACKAGE = Path(__file__).resolve().parent.parent
"""The ``hybridmem`` folder this command runs from (in a checkout: beside ``benchmarks/``)."""

NOT_A_CHECKOUT = (
    "hybridmem bench runs from a checkout of the repository: no benchmarks/ folder beside "
    "the installed package ({package}) nor in {cwd} or above; clone the repository and run "
    "'hybridmem bench' (or 'python -m benchmarks') inside it"
)


def is_checkout(path: Path) -> bool:
    """True when ``path`` holds the benchmark suites and the ``hybridmem`` package."""
    return (path / SUITES).is_file() and (path / "hybridmem" / "__init__.py").is_file()


def find_checkout(cwd: Path | None = None) -> Path | None:
    """The checkout whose ``benchmarks/`` to run (see the module docstring), or None."""
    here = (cwd or Path.cwd()).resolve()
    for candidate in (PACKAGE.parent, here, *here.parents):
        if is_checkout(candidate):
            return candidate
    return None


def bench(ctx: typer.Context) -> None:
    """Run a benchmark suite from a checkout of the repository (hybridmem bench --help lists
    them)."""
    checkout = find_checkout()
    if checkout is None:
        # FileNotFoundError: the CLI's one error handler prints one line, exit NOT_FOUND.
        raise FileNotFoundError(NOT_A_CHECKOUT.format(package=PACKAGE, cwd=Path.cwd()))
    if str(checkout) not in sys.path:
        # First on the path: another folder named ``benchmarks`` must not answer instead.
        sys.path.insert(0, str(checkout))
    # Some suites start workers (``python -m benchmarks.backends``) from wherever bench was
    # run: they find the suites through the environment, as this process does.
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if str(checkout) not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(checkout), *filter(None, paths)])
    bench_app = importlib.import_module("benchmarks.cli").app
    # Not standalone: usage errors reach hybridmem's own handler (one line, its exit codes)
    # instead of the suites' framed messages.
    command = typer.main.get_command(bench_app)
    command.main(args=list(ctx.args), prog_name="hybridmem bench", standalone_mode=False)


def register(app: typer.Typer) -> None:
    """Add ``hybridmem bench`` (also without a checkout, to say where it runs)."""
    app.command(
        "bench",
        context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
        add_help_option=False,
    )(bench)
