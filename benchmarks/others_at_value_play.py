"""The engine's reading of someone else's act with the user's value as its place or thing
(:mod:`hybridmem.evolution.write.others_at_value`), played off and on (issue 38, helper
other26).

The modes of :mod:`benchmarks.value_remarks_play` with this reading (the other remark readings
stay on in both runs): ``marked FILES`` lists the colloquial scenarios holding a pair it holds
for (statements printed for the read sets only), ``play FILES --json F`` plays them off and on,
``first-day NAMES`` lists the pairs among each first-day set's statements (a set holding none
plays as before), and ``probing FILES`` counts the pairs among each probing user's messages and
their sentences::

    python -m benchmarks.others_at_value_play marked benchmarks/data/colloquial_*.json
    python -m benchmarks.others_at_value_play play --json F benchmarks/data/colloquial_blind27.json
    python -m benchmarks.others_at_value_play probing benchmarks/data/probing_dev.json

``log MODULE ARGS`` runs another program (``first_day``, ``probing``) with the reading on and
prints each pair it held for when the engine asked it: none, and the run is the run without it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path

from benchmarks import value_remarks_play
from benchmarks.value_remarks_zh_play import probing_pairs
from hybridmem.evolution.write import others_at_value


def logged() -> AbstractContextManager[list[tuple[str, str]]]:
    """The engine with the reading on, each pair it holds for printed on stderr (and
    collected) when the engine asks it."""
    return value_remarks_play.pair_reading_logged(others_at_value, "act_at_value_on")


def main(argv: Sequence[str] | None = None) -> int:
    """``probing FILES`` (the count per file), else :func:`value_remarks_play.main`'s modes."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["log"] and len(args) > 1:
        return value_remarks_play.run_logged(args, logged, "act_at_value_on held {} times")
    if args[:1] == ["probing"]:
        for name in args[1:]:
            found = probing_pairs(Path(name), others_at_value.act_at_value_on)
            print(f"{Path(name).name}: {len(found)} pairs")
            print("\n".join(f"  {o} => {n}" for o, n in found))
        return 0
    return value_remarks_play.main(
        args,
        "others_at_value_play",
        others_at_value.act_at_value_on,
        (others_at_value, "act_at_value_on"),
    )


if __name__ == "__main__":
    raise SystemExit(main())
