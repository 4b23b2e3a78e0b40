"""The colloquial sets file by file under the newer-first step's ``shown`` condition (issue 38,
helper shown24): ``python -m benchmarks.shown_colloquial [--before] --json F FILES``.

:mod:`benchmarks.colloquial_report` runs every variant of each file (its table prints the
baseline and ``evolution`` rows); a check of the newer-first step needs ``evolution`` alone,
whose store and reading are the shipped default's, and a count per file as each one ends (a
long run under load keeps what it found). Each file is run with that variant only, and the
step's readings are counted as :mod:`benchmarks.first_day_steps`' ``with engine`` mode counts
them: the readings in which a newer statement that shares a naming word with a shown one
(:func:`~hybridmem.evolution.slots.naming.one_attribute`) and is admitted by nothing else is
below the hits shown. ``--before``: the engine as before the condition (every newer hit may
take a shown one's place by a shared word), so its figures are the before of the change and
its count says how many readings the change makes differently (0: the file's figures are the
same after it). Without it, the engine as it is.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks import colloquial_report, evolution_scenarios, first_day_steps
from hybridmem.retrieval import newer_values

REPORTED = "evolution"
"""The variant :func:`benchmarks.colloquial_report.emit` prints beside the baseline: the
shipped default (no daily maintenance, no confirmation)."""


class _Everything:
    """Every id: the newer-first step before the condition (each newer hit counts as found)."""

    def __contains__(self, _id: object) -> bool:
        return True


@contextmanager
def engine(before: bool) -> Iterator[None]:
    """The reported variant only; with ``before``, the step's shared-word path for every newer
    hit, as before the condition."""
    saved_variants = evolution_scenarios.variants
    saved_successor: Callable[..., Any] = newer_values._successor

    def reported(pair_links: bool = False) -> tuple[evolution_scenarios.Variant, ...]:
        return tuple(v for v in saved_variants(pair_links) if v.name == REPORTED)

    def as_before(*args: Any) -> Any:
        # (old, after, scale, kinds, model, vectors, cosine, nearest, found, store)
        return saved_successor(*args[:8], _Everything(), *args[9:])

    evolution_scenarios.variants = reported
    if before:
        newer_values._successor = as_before  # type: ignore[assignment]
    try:
        yield
    finally:
        evolution_scenarios.variants = saved_variants
        newer_values._successor = saved_successor


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--embedder", default="multilingual")
    parser.add_argument("--before", action="store_true")
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args(argv)
    found: dict[str, Any] = {}
    # ``engine`` sets the engine's successor; ``patched`` wraps that one to count its readings.
    with engine(args.before), first_day_steps.patched(None):
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
