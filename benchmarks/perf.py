"""``python -m benchmarks.perf``: ingest throughput and retrieve p50/p95 at 1k/10k/100k nodes,
beside bare embed + Chroma upsert and bare Chroma query measured in the same run.

The same as ``hybridmem bench perf`` (implemented in :mod:`benchmarks.suite_perf`); options
such as ``--sizes 1000,10000`` and ``--embedder hash`` pass through.
"""

from __future__ import annotations

import sys

from benchmarks.cli import app


def main(argv: list[str] | None = None) -> None:
    """Run the perf suite with ``argv`` (default: the command line)."""
    app(["perf", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    main()
