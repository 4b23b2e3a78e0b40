"""Probing's "first" with a hit's turns in conversation order, not string order (issue 38).

``benchmarks.probing._first_turns`` takes a hit's cited user turns in ``sorted`` (string) order,
so a hit citing ``owen-1-9`` and ``owen-1-11`` counts ``owen-1-11`` first: a turn numbered past
9 goes ahead of its own session's earlier turns. An engine hit seldom cites two user turns (a
raw copy folded with its memory, a summary); a packed pair (:mod:`benchmarks.probing_joined`)
always does, so "first" under a joined reading can fall for the order of the digits alone.
``python -m benchmarks.probing_first_order PROBING_VARIANTS_ARGS...`` runs
:mod:`benchmarks.probing_variants` with the turns of a hit in (session, turn) number order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from unittest import mock

from benchmarks import probing, probing_variants


def turn_order(tid: str) -> tuple[str | int, ...]:
    """``owen-1-11`` -> ``("owen-", 1, "-", 11, "")``: numbers compared as numbers."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", tid))


def first_turns(cited: list[frozenset[str]], users: frozenset[str], n: int) -> set[str]:
    """The first ``n`` distinct user turns the ranked hits cite, in rank order, a hit's own
    turns in conversation order."""
    seen: list[str] = []
    for ids in cited:
        for tid in sorted(ids & users, key=turn_order):
            if tid not in seen:
                seen.append(tid)
    return set(seen[:n])


def main(argv: Sequence[str] | None = None) -> None:
    """``benchmarks.probing_variants``'s arguments."""
    with mock.patch.object(probing, "_first_turns", first_turns):
        probing_variants.main(argv)


if __name__ == "__main__":
    main()
