"""The colloquial sets file by file under a condition on the newer-first step's shared-word path
(issue 38, helper shown24): ``python -m benchmarks.shown_colloquial [--condition shown] --json F
FILES``.

:mod:`benchmarks.colloquial_report` runs every variant of each file (its table prints the
baseline and ``evolution`` rows); a check of the newer-first step needs ``evolution`` alone,
whose store and reading are the shipped default's, and a count per file as each one ends (a
long run under load keeps what it found). Each file is run with that variant only, under
``--condition`` (one of :data:`benchmarks.first_day_steps.CONDITIONS`, patched in as that
program patches it). With ``engine`` (the default: nothing patched) the step's readings are
counted as :mod:`benchmarks.first_day_steps`' ``with engine`` mode counts them: the readings
each condition would change (0: the file's figures are the same under it); with a condition,
the figures under it.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks import colloquial_report, evolution_scenarios, first_day_steps

REPORTED = "evolution"
"""The variant :func:`benchmarks.colloquial_report.emit` prints beside the baseline: the
shipped default (no daily maintenance, no confirmation)."""


@contextmanager
def reported_only() -> Iterator[None]:
    """:func:`benchmarks.evolution_scenarios.run` with the reported variant only."""
    saved = evolution_scenarios.variants

    def reported(pair_links: bool = False) -> tuple[evolution_scenarios.Variant, ...]:
        return tuple(v for v in saved(pair_links) if v.name == REPORTED)

    evolution_scenarios.variants = reported
    try:
        yield
    finally:
        evolution_scenarios.variants = saved


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--embedder", default="multilingual")
    parser.add_argument("--condition", default="engine", choices=list(first_day_steps.CONDITIONS))
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args(argv)
    found: dict[str, Any] = {}
    condition = first_day_steps.CONDITIONS[args.condition]
    with reported_only(), first_day_steps.patched(condition):
        for path in args.files:
            start = len(first_day_steps._firings)
            rows = colloquial_report.report([path], args.embedder)
            firings = first_day_steps._firings[start:]
            refused = Counter(n for f in firings for n, ok in f.items() if not ok)
            found[str(path)] = {"readings": len(firings), "refused": dict(refused), "rows": rows}
            print(f"{path}: newer-first readings {len(firings)}, refused {dict(refused)}")
            for r in rows:
                if r["metric"] != "hit@3":
                    print(f"   {r['lang']} {r['kind']!s:9} {r['metric']!s:15} {r['value']:.3f}")
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(found, indent=1, ensure_ascii=False), "utf-8")


if __name__ == "__main__":
    main()
