"""Cold start of the ``hybridmem`` command: how long a newcomer waits for each command.

Each command runs in a fresh interpreter (``python -m hybridmem.cli ...``), ``--repeats`` times,
alternating commands so machine load hits them alike. Reported per command: the median wall
time and the median CPU time of the child (user + system; what the command costs when the
machine is shared), plus whether torch / sentence-transformers / chromadb were imported (a
``-X importtime`` run). Targets from issue 37: ``add`` <= 1.5 s and the read commands
(``stats``, ``tree``, ``show``, ``history``, ``users``) <= 0.5 s wall on an idle machine;
``search`` loads the embedder and opens Chroma (issue 17: <= 3 s).

"Cold" means a fresh interpreter, not an uncompiled package: an installed wheel ships (or
compiles on first run) its bytecode, so every command runs once untimed first with
``PYTHONDONTWRITEBYTECODE`` cleared; a session that sets it would otherwise time compiling
the whole package on every run (~0.15 s of CPU here) instead of the command.

    python -m benchmarks.cli_cold [--repeats 5] [--embedder default] [--out PATH]
                                  [--baseline DIR]

``--baseline DIR`` (a checkout whose ``hybridmem`` package is an older version, e.g. from
``git archive REV hybridmem | tar -x -C DIR``) runs every command under both versions in the
same rounds, alternating, on the same store: the before/after figures of one run.

Writes ``benchmarks/results/cli_cold.json`` and prints a table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import hybridmem

HEAVY = ("torch", "sentence_transformers", "chromadb", "transformers", "pandas")
RESULTS = Path(__file__).resolve().parent / "results" / "cli_cold.json"


def _run(
    args: list[str], env: dict[str, str]
) -> tuple[float, float, subprocess.CompletedProcess[str]]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    # cwd: "python -m" puts the working directory first on sys.path, before PYTHONPATH, so
    # run from a neutral one (the store's temp dir) or a checkout there would shadow both.
    proc = subprocess.run(
        [sys.executable, "-m", "hybridmem.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=env["HYBRIDMEM_COLD_CWD"],
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode != 0:
        raise SystemExit(f"hybridmem {' '.join(args)} failed: {proc.stderr.strip()}")
    return wall, cpu, proc


def _imported(args: list[str], env: dict[str, str]) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "hybridmem.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=env["HYBRIDMEM_COLD_CWD"],
    )
    names = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines()}
    return [m for m in HEAVY if m in names]


_BUILD = """
import sys
from hybridmem import HybridMemory
db, embedder = sys.argv[1], sys.argv[2]
with HybridMemory(db, embedder=None if embedder == "default" else embedder) as mem:
    task = mem.add("Expense claim #7", node_type="task", user_id="u1")
    mem.add_many(
        [{"content": f"note {i}: finance asked for the invoice again"} for i in range(20)],
        user_id="u1",
    )
print(task.id)
"""


def _commands(db: Path, opts: argparse.Namespace, env: dict[str, str]) -> dict[str, list[str]]:
    """Build a store at ``db`` with the hybridmem of ``env``; the commands measured on it."""
    built = subprocess.run(
        [sys.executable, "-c", _BUILD, str(db), opts.embedder],
        capture_output=True,
        text=True,
        env=env,
        cwd=env["HYBRIDMEM_COLD_CWD"],
    )
    if built.returncode != 0:
        raise SystemExit(f"building the store failed: {built.stderr.strip()[-2000:]}")
    task_id = built.stdout.split()[-1]
    common = ["--db", str(db), "--user", "u1"]
    commands = {
        "--version": ["--version"],
        "stats": ["stats", "--db", str(db)],
        "tree": ["tree", *common],
        "show": ["show", task_id[-8:], "--db", str(db)],
        "history": ["history", task_id[-8:], *common],
        "users": ["users", "--db", str(db)],
        "search": ["search", "why was the claim returned?", *common],
        # one more node per run: the store grows by repeats * versions, alike for both
        "add": ["add", "the courier brought the signed invoice back", *common],
    }
    if opts.compat:
        del commands["--version"]
        commands["show"] = ["show", task_id, *common]
    return commands


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--embedder", default="default", help="the store's embedder")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument(
        "--compat",
        action="store_true",
        help="commands an older hybridmem understands too (full ids, no --version): for a "
        "baseline run with PYTHONPATH pointing at an older checkout",
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="directory holding an older hybridmem package, run in the same rounds",
    )
    opts = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="hybridmem-cold-") as tmp:
        env = {**os.environ, "TOKENIZERS_PARALLELISM": "false", "HYBRIDMEM_COLD_CWD": tmp}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # see the module docstring
        # "now" = the hybridmem this script imported, whatever the editable install points at.
        here = str(Path(hybridmem.__file__).resolve().parents[1])
        envs = {"now": {**env, "PYTHONPATH": here}}
        if opts.baseline is not None:
            envs["baseline"] = {**env, "PYTHONPATH": str(opts.baseline.resolve())}
        # One store per version, built by that version (an older one cannot read a store a
        # newer one has migrated); only the measured commands are timed.
        per_version = {
            version: _commands(Path(tmp) / version, opts, version_env)
            for version, version_env in envs.items()
        }
        commands = per_version["now"]
        for version, version_env in envs.items():  # untimed: bytecode and file cache
            for name in commands:
                _run(per_version[version][name], version_env)
        walls: dict[tuple[str, str], list[float]] = {}
        cpus: dict[tuple[str, str], list[float]] = {}
        for round_no in range(opts.repeats):
            for name in commands:
                order = list(envs.items())
                for version, version_env in order[:: 1 if round_no % 2 == 0 else -1]:
                    wall, cpu, _ = _run(per_version[version][name], version_env)
                    walls.setdefault((version, name), []).append(wall)
                    cpus.setdefault((version, name), []).append(cpu)
        versions: dict[str, dict[str, dict[str, Any]]] = {
            version: {
                name: {
                    "wall_median_s": round(statistics.median(walls[version, name]), 3),
                    "cpu_median_s": round(statistics.median(cpus[version, name]), 3),
                    "wall_min_s": round(min(walls[version, name]), 3),
                    "heavy_imports": _imported(per_version[version][name], version_env),
                }
                for name in commands
            }
            for version, version_env in envs.items()
        }
    rows = versions["now"]
    result = {
        "command": "python -m benchmarks.cli_cold " + " ".join(argv or sys.argv[1:]),
        "embedder": opts.embedder,
        "repeats": opts.repeats,
        "load_average": os.getloadavg(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "commands": rows,
    }
    if "baseline" in versions:
        result["baseline"] = {"path": str(opts.baseline), "commands": versions["baseline"]}
    opts.out.parent.mkdir(parents=True, exist_ok=True)
    opts.out.write_text(json.dumps(result, indent=2) + "\n")
    print(
        f"{'version':<9} {'command':<10} {'wall p50':>9} {'cpu p50':>8} {'wall min':>9}  "
        "heavy imports"
    )
    for name in rows:
        for version, version_rows in versions.items():
            row = version_rows[name]
            print(
                f"{version:<9} {name:<10} {row['wall_median_s']:>8.2f}s "
                f"{row['cpu_median_s']:>7.2f}s {row['wall_min_s']:>8.2f}s  "
                f"{', '.join(row['heavy_imports']) or '-'}"
            )
    print(f"load average during the run: {result['load_average']}; written to {opts.out}")
    return result


if __name__ == "__main__":
    main()
