"""Two runs of the first-day check side by side (issue 38): ``python -m
benchmarks.first_day_compare BEFORE.json AFTER.json [...pairs]``.

For each newcomer: hit@1, new above old, leaks and "asked about it first" before -> after,
and the questions a run gained or lost (a miss is a (question, task) pair of ``misses`` or
``secret_misses``), so a change is checked for every question it moved, not only the totals.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path


def _missed(user: dict[str, object]) -> set[tuple[str, int]]:
    """The (question, task) pairs missed; a question about a sealed memory has task -1."""
    misses, sealed = user["misses"], user["secret_misses"]
    assert isinstance(misses, list) and isinstance(sealed, list)
    return {(str(m["question"]), int(m.get("task", -1))) for m in [*misses, *sealed]}


def compare(before: Path, after: Path) -> tuple[int, int]:
    """Print one line per newcomer and the questions gained or lost; (gained, lost)."""
    old = json.loads(before.read_text(encoding="utf-8"))["users"]
    new = json.loads(after.read_text(encoding="utf-8"))["users"]
    gained = lost = 0
    print(f"{before.name} -> {after.name}")
    for a, b in zip(old, new, strict=True):
        print(
            f"  {a['lang']}: hit@1 {a['hit_at_1']:.3f} -> {b['hit_at_1']:.3f}, new above old "
            f"{a['new_above_old']} -> {b['new_above_old']}, leaks {a['sensitive_leaks']} -> "
            f"{b['sensitive_leaks']}, about first {a['secret_first']} -> {b['secret_first']}"
        )
        for q in sorted(_missed(a) - _missed(b)):
            gained += 1
            print("     gained:", q)
        for q in sorted(_missed(b) - _missed(a)):
            lost += 1
            print("     LOST:", q)
    return gained, lost


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("runs", nargs="+", type=Path, help="BEFORE AFTER pairs")
    args = parser.parse_args(argv)
    if len(args.runs) % 2:
        parser.error("give the runs in BEFORE AFTER pairs")
    total = [0, 0]
    for before, after in zip(args.runs[::2], args.runs[1::2], strict=True):
        gained, lost = compare(before, after)
        total[0] += gained
        total[1] += lost
    print(f"questions gained {total[0]}, lost {total[1]}")


if __name__ == "__main__":
    main()
