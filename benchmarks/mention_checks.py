"""Regression checks of the mention check in ``newer_first`` (issue 38, helper mention17),
with a count of where it changed a ranking.

The check (:func:`hybridmem.retrieval.value_mentions.only_mentions`, asked in
:func:`hybridmem.retrieval.newer_values._successor` of the nearest named newer statement)
changes a query's ranking only where it holds: there the older statement gets no successor.
This runs the first-day sets and the probing sets as their own programs do, in one process
(the model loads once), writes each set's JSON as they do, and counts per set the queries
where the check held. A set with no such query ranks every query as before, by construction::

    python -m benchmarks.mention_checks --out benchmarks/results/mention17
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from contextlib import redirect_stdout
from pathlib import Path

from benchmarks import first_day, probing
from hybridmem.retrieval import newer_values

PROBING = ("dev", "blind", *(f"blind{i}" for i in range(2, 10)))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.mention_checks")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--only", choices=("first_day", "probing"), default=None)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    held: list[tuple[str, str]] = []
    original = newer_values.only_mentions

    def spy(newer: str, older: str) -> bool:
        found = original(newer, older)
        if found:
            held.append((newer, older))
        return found

    newer_values.only_mentions = spy
    counts: dict[str, list[list[str]]] = {}
    runs: list[tuple[str, list[str]]] = []
    if args.only != "probing":
        for name in ("dev", *first_day.SETS):
            flag = [] if name == "dev" else [f"--{name}"]
            runs.append((f"first_day_{name}", [*flag, "--json"]))
    if args.only != "first_day":
        for name in PROBING:
            runs.append((f"probing_{name}", ["--data", f"benchmarks/data/probing_{name}.json"]))
    try:
        for label, argv_ in runs:
            held.clear()
            target = args.out / f"{label}.json"
            with (
                (args.out / f"{label}.txt").open("w", encoding="utf-8") as out,
                redirect_stdout(out),
            ):
                if label.startswith("first_day"):
                    first_day.main([*argv_, str(target)])
                else:
                    probing.main([*argv_, "--json", str(target)])
            counts[label] = [list(pair) for pair in held]
            print(label, "check held", len(held), flush=True)
    finally:
        newer_values.only_mentions = original
    (args.out / f"mention_checks_{args.only or 'all'}.json").write_text(
        json.dumps(counts, indent=1, ensure_ascii=False), encoding="utf-8"
    )


if __name__ == "__main__":
    main()
