"""``python -m benchmarks``: the same Typer app that ``hybridmem bench`` mounts."""

from benchmarks.cli import app

if __name__ == "__main__":
    app()
