"""The engine's English reading of a named thing's own news about an older value
(:mod:`hybridmem.evolution.write.thing_remarks`), played off and on (issue 38, helper remark25).

The modes of :mod:`benchmarks.value_remarks_play` with this reading (the English reading of
someone else's event and the Chinese one stay on in both runs): ``marked FILES`` lists the
colloquial scenarios holding a pair it holds for (statements printed for the read sets only),
``play FILES --json F`` plays them off and on, ``first-day NAMES`` lists the pairs among each
first-day set's statements (a set holding none plays as before), and ``probing FILES`` counts
the pairs among each probing user's messages and their sentences::

    python -m benchmarks.thing_remarks_play marked benchmarks/data/colloquial_*.json
    python -m benchmarks.thing_remarks_play play --json F benchmarks/data/colloquial_blind22.json
    python -m benchmarks.thing_remarks_play probing benchmarks/data/probing_dev.json

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
from hybridmem.evolution.write import thing_remarks


def logged() -> AbstractContextManager[list[tuple[str, str]]]:
    """The engine with the reading on, each pair it holds for printed on stderr (and
    collected) when the engine asks it."""
    return value_remarks_play.pair_reading_logged(thing_remarks, "thing_event_on")


def main(argv: Sequence[str] | None = None) -> int:
    """``probing FILES`` (the count per file), else :func:`value_remarks_play.main`'s modes."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["log"] and len(args) > 1:
        return value_remarks_play.run_logged(args, logged, "thing_event_on held {} times")
    if args[:1] == ["probing"]:
        for name in args[1:]:
            found = probing_pairs(Path(name), thing_remarks.thing_event_on)
            print(f"{Path(name).name}: {len(found)} pairs")
            print("\n".join(f"  {o} => {n}" for o, n in found))
        return 0
    return value_remarks_play.main(
        args,
        "thing_remarks_play",
        thing_remarks.thing_event_on,
        (thing_remarks, "thing_event_on"),
    )


if __name__ == "__main__":
    raise SystemExit(main())
