"""The colloquial scenarios an additive reading can reach, written as subset files (issue 38,
helper style26).

A statement with an additive focus (:func:`hybridmem.evolution.slots.pairs.adds_to`: also, as
well, a clause-final too; 也, 顺便) is one the writer no longer groups as a change and the
query-time newer-first step no longer puts in an older statement's place. Only a scenario that
holds such a statement can play differently, so these are the ones to play before and after;
every other scenario plays as before by construction. Text only, so the same for every
embedder. Writes one file per input that has any, named as the input, and prints the counts
(totals only: the item ids of a totals-only set are not printed)::

    python -m benchmarks.additive_marked --out benchmarks/results/style26/marked \\
        benchmarks/data/colloquial_*.json
    python -m benchmarks.colloquial_report --embedder multilingual --json F \\
        benchmarks/results/style26/marked/*.json
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from benchmarks.scenario_files import dump_scenarios, load_scenarios
from benchmarks.scenarios import Scenario
from hybridmem.evolution.slots.pairs import adds_to


def marked(scenarios: Sequence[Scenario]) -> list[Scenario]:
    """The scenarios with a fact or preference that :func:`adds_to` reads as additive."""
    return [sc for sc in scenarios if any(adds_to(n.content) for n in sc.nodes)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.additive_marked")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for path in args.files:
        scenarios = load_scenarios(path)
        found = marked(scenarios)
        print(f"{path.name}: {len(found)} of {len(scenarios)}")
        if found:
            dump_scenarios(found, args.out / path.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
