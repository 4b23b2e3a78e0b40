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

from collections.abc import Sequence

from benchmarks import value_remarks_play
from hybridmem.evolution.write import others_at_value


def main(argv: Sequence[str] | None = None) -> int:
    """The modes of :func:`value_remarks_play.play_reading` for the reading named above."""
    return value_remarks_play.play_reading(
        argv, "others_at_value_play", others_at_value, "act_at_value_on"
    )


if __name__ == "__main__":
    raise SystemExit(main())
