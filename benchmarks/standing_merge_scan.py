"""How often the writer merges a repeat or paraphrase across speech standing.

A repeat or a paraphrase is not written: it reinforces the live node it says again
(``hybridmem.evolution.write.repeats`` / ``paraphrase``). This counts, while any benchmark
runs, the merges whose newcomer and node differ in standing (``said_in_passing``: a passing
mood, question or supposition, or a record of one occasion, against a standing statement):

* ``standing_into_passing``: a standing statement folded into a mood held back (its own text
  is never stored, the preference stays a mood);
* ``passing_into_standing``: a mood counted as one more mention of a standing statement.

``python -m benchmarks.standing_merge_scan [--show] -- MODULE [ARGS...]`` runs ``python -m
MODULE ARGS`` with the count on and prints it at the end (``--show`` lists the texts: never on
a blind set). The newcomer's standing is the planner's own reading of it (``_classify``),
computed only for the writes that merge, as the engine does since the fix.
"""

from __future__ import annotations

import argparse
import runpy
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

from hybridmem.core import PlanRequest, WritePlan
from hybridmem.core.evolution_marks import passing_marks, said_in_passing
from hybridmem.evolution.write.planner import EvolutionWriter
from hybridmem.models import MARKS_KEY, MemoryNode


def install(counts: Counter[str], shown: list[tuple[str, str, str]]) -> None:
    """Wrap the planner's merge so that every merge is counted by its two standings."""
    merge = EvolutionWriter._reinforcement

    def counted(
        self: EvolutionWriter, request: PlanRequest, repeat: MemoryNode, change: Any
    ) -> WritePlan:
        draft = self._classify(request)
        newcomer = passing_marks(draft.metadata.get(MARKS_KEY, {}), draft.metadata)
        node = said_in_passing(repeat)
        counts["merges"] += 1
        if newcomer != node:
            kind = "passing_into_standing" if newcomer else "standing_into_passing"
            counts[kind] += 1
            shown.append((kind, repeat.content, request.content))
        return merge(self, request, repeat, change)

    EvolutionWriter._reinforcement = counted  # type: ignore[method-assign]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.standing_merge_scan")
    parser.add_argument("--show", action="store_true", help="list the texts (read sets only)")
    parser.add_argument("module")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    ns = parser.parse_args(argv)
    counts: Counter[str] = Counter()
    shown: list[tuple[str, str, str]] = []
    install(counts, shown)
    sys.argv = [ns.module, *ns.args]
    try:
        runpy.run_module(ns.module, run_name="__main__", alter_sys=True)
    except SystemExit as done:
        if done.code not in (None, 0):
            raise
    finally:
        print(
            f"standing scan {ns.module} {' '.join(ns.args)}: merges {counts['merges']}, "
            f"standing into passing {counts['standing_into_passing']}, "
            f"passing into standing {counts['passing_into_standing']}"
        )
        if ns.show:
            for kind, old, new in shown:
                print(f"  {kind}: {old!r} <- {new!r}")


if __name__ == "__main__":
    main()
