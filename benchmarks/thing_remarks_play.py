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

from collections.abc import Sequence

from benchmarks import value_remarks_play
from hybridmem.evolution.write import thing_remarks


def main(argv: Sequence[str] | None = None) -> int:
    """The modes of :func:`value_remarks_play.play_reading` for the reading named above."""
    return value_remarks_play.play_reading(
        argv, "thing_remarks_play", thing_remarks, "thing_event_on"
    )


if __name__ == "__main__":
    raise SystemExit(main())
