"""Soak: SIGKILL a writer process many times at random moments and count what was lost.

Longer version of tests/recovery/test_recovery_faults.py using the same harness
(hybridmem/testing/faultworker.py): a warm zygote forks a writer that keeps adding,
updating, moving, deleting nodes and setting the active node; it is killed with SIGKILL at a
random moment (one round in five while it is still opening and recovering the store); the
store is reopened and checked against everything the writer acknowledged.

Run: ``python -m benchmarks.soak [--rounds 200] [--seed N] [--out benchmarks/results]``.
Prints a table and writes ``soak.json``. Embedder: hash (deterministic fake; the property
under test is durability, not embedding quality).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from hybridmem.memory import HybridMemory
from hybridmem.testing.faultworker import FaultHarness


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--max-delay", type=float, default=2.0)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    path = Path(tempfile.mkdtemp(prefix="hybridmem-soak-")) / "m"
    print(f"soak: {args.rounds} rounds, seed {seed}, store {path}, embedder hash", flush=True)
    harness = FaultHarness(path)
    results = []
    started = time.perf_counter()
    try:
        for i in range(args.rounds):
            before_open = rng.random() < 0.2
            delay = -rng.uniform(0, 1.5) if before_open else rng.uniform(0.02, args.max_delay)
            result = harness.round(rng.randrange(1 << 30), delay)
            results.append(result)
            if result.problems or (i + 1) % 20 == 0:
                print(
                    f"round {i + 1}: acks={result.acks} problems={list(result.problems)[:3]}",
                    flush=True,
                )
    finally:
        harness.close()
    elapsed = time.perf_counter() - started
    with HybridMemory(path, embedder="hash") as mem:
        final = mem.verify()
        ops = len(mem.oplog())
    problems = [p for r in results for p in r.problems]
    lost = [p for p in problems if "missing" in p or "older" in p or "did not persist" in p]
    reopen = [r.reopen_seconds for r in results]
    summary = {
        "seed": seed,
        "kills": sum(r.killed for r in results),
        "rounds": len(results),
        "writes_acknowledged": results[-1].acks if results else 0,
        "writes_lost": len(lost),
        "other_problems": len(problems) - len(lost),
        "final_nodes": final.nodes,
        "final_ops": ops,
        "final_verify_clean": final.clean,
        "seq_gaps": len(final.seq_gaps),
        "reopen_median_s": statistics.median(reopen) if reopen else 0.0,
        "reopen_max_s": max(reopen) if reopen else 0.0,
        "elapsed_s": elapsed,
    }
    print()
    for key, value in summary.items():
        print(f"{key:>22}: {value:.3f}" if isinstance(value, float) else f"{key:>22}: {value}")
    args.out.mkdir(parents=True, exist_ok=True)
    out = args.out / "soak.json"
    out.write_text(json.dumps({"summary": summary, "problems": problems[:100]}, indent=2))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
