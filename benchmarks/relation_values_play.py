"""The engine's reading of a relation's own value
(:mod:`hybridmem.evolution.slots.relation_values`), played off and on (issue 38, helper
relzh22).

The writer asks it of the newcomer and the statement its similarity group would be formed with
(``similar_group``), with e5 only when the newcomer states a change and shares
an attribute's word with it (the pair model's gates; a move back returns before it; MiniLM's
English threshold compares every newcomer: not counted here). Each colloquial scenario is one
user, so every scenario holding no two facts or preferences it holds for plays exactly as
before; so does every first-day set holding none. The modes of
:mod:`benchmarks.value_remarks_play`::

    python -m benchmarks.relation_values_play marked benchmarks/data/colloquial_*.json
    python -m benchmarks.relation_values_play first-day dev blind third
    python -m benchmarks.relation_values_play play --json F benchmarks/data/colloquial_blind19.json

``probing FILES``: the pairs among each probing user's messages and their sentences (none: the
run plays as before, as far as the extractor writes what was said).
``first-day-writes EMBEDDER NAMES``: the first-day sets' statements written (no question), the
pairs the reading held for printed.
``log MODULE ARGS`` runs another program (``first_day``, ``probing``, ``colloquial_report``)
with the engine's reading on and prints each pair it held for: none, and the run is the run
without it (where no superset of the pairs can be listed beforehand, as in conversations)::

    python -m benchmarks.relation_values_play log probing --data benchmarks/data/probing_dev.json
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TextIO

from benchmarks import value_remarks_play
from hybridmem.evolution.slots import pairs, relation_values

_READING = relation_values.relations_own
"""The reading itself (the play patches the engine's name off while it lists the pairs)."""


def holds(new: str, old: str) -> bool:
    """Whether the writer can ask the reading of ``new`` and ``old`` and find it holding: the
    pair model links only a newcomer stating a change to a fact sharing an attribute's word
    (``similar_group._paired``, e5)."""
    if not (pairs.states_change(new) and pairs.shares_anchor(new, old)):
        return False
    return _READING(new, old)


def first_day_writes(names: Sequence[str], embedder: str) -> int:
    """Every persona of the first-day sets ``names`` written as :mod:`benchmarks.first_day`
    writes it (no question asked), the reading :func:`logged`: how often it held. None, and
    the sets' runs are the runs without it (for an embedder whose pool no superset bounds:
    MiniLM compares every English newcomer by its threshold)."""
    from benchmarks.first_day import ALL_SETS, START, first_day
    from hybridmem import FakeClock, HybridMemory
    from hybridmem.embedding import make_embedder
    from hybridmem.privacy import PrivacyConfig, generate_key

    model = make_embedder(embedder)
    held = 0
    for name in names:
        with logged(sys.stdout) as found:
            for persona in ALL_SETS[name]:
                clock = FakeClock(START)
                privacy = PrivacyConfig(key=generate_key())
                with (
                    tempfile.TemporaryDirectory() as tmp,
                    HybridMemory(Path(tmp), embedder=model, clock=clock, privacy=privacy) as mem,
                ):
                    first_day(mem, clock, persona)
        print(f"{name}: held {len(found)} times", flush=True)
        held += len(found)
    return held


def logged(out: TextIO) -> AbstractContextManager[list[tuple[str, str]]]:
    """The engine with the reading on, each pair it holds for when the writer asks it
    written to ``out`` (and collected): a run where it never holds is the run without it.
    ``relations_own(text, other)``: the pair is logged as ``other => text``."""
    return value_remarks_play.pair_reading_logged(relation_values, "relations_own", out)


def main(argv: Sequence[str] | None = None) -> int:
    """``log MODULE ARGS``: ``benchmarks.MODULE``'s command run with :func:`logged` (a count of
    the pairs held at the end, on stderr); else :func:`value_remarks_play.main`'s modes."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["first-day-writes"]:
        first_day_writes(args[2:], args[1])
        return 0
    if args[:1] == ["probing"]:
        for name in args[1:]:
            found = value_remarks_play.probing_pairs(Path(name), holds)
            print(f"{Path(name).name}: {len(found)} pairs")
        return 0
    if args[:1] == ["log"] and len(args) > 1:
        return value_remarks_play.run_logged(
            args, lambda: logged(sys.stderr), "relations_own held {} times"
        )
    return value_remarks_play.main(
        args, "relation_values_play", holds, (relation_values, "relations_own")
    )


if __name__ == "__main__":
    raise SystemExit(main())
