"""The engine's Chinese reading of a thing's own event about an older value
(:mod:`hybridmem.evolution.write.value_remarks_zh`), played off and on (issue 38, helper
zhremark24).

The modes of :mod:`benchmarks.value_remarks_play` with the Chinese reading (the English one
stays on in both runs): ``marked FILES`` lists the colloquial scenarios holding a pair it holds
for (statements printed for the read sets only), ``play FILES --json F`` plays them off and on,
``first-day NAMES`` lists the pairs among each first-day set's statements (a set holding none
plays as before), and ``probing FILES`` counts the pairs among each probing user's messages and
their sentences::

    python -m benchmarks.value_remarks_zh_play marked benchmarks/data/colloquial_*.json
    python -m benchmarks.value_remarks_zh_play play --json F benchmarks/data/colloquial_blind17.json
    python -m benchmarks.value_remarks_zh_play probing benchmarks/data/probing_dev.json

``log MODULE ARGS`` runs another program (``first_day``, ``probing``) with the reading on and
prints each pair it held for when the engine asked it: none, and the run is the run without it.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path

from benchmarks import value_remarks_play
from hybridmem.evolution.write import value_remarks_zh

_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s*")


def probing_pairs(
    path: Path, holds: value_remarks_play.Holds = value_remarks_zh.remark_on_zh
) -> list[tuple[str, str]]:
    """The pairs the reading ``holds`` for among each probing user's messages and their
    sentences (what the conversation extractor can write; a near superset: it may reword)."""
    found = []
    for user in json.loads(path.read_text(encoding="utf-8"))["users"]:
        said = []
        for session in user["sessions"]:
            for turn in session["turns"]:
                if turn["role"] == "user":
                    said += [turn["text"], *filter(str.strip, _SENTENCE_END.split(turn["text"]))]
        found += value_remarks_play.pairs_of(said, holds)
    return found


def logged() -> AbstractContextManager[list[tuple[str, str]]]:
    """The engine with the reading on, each pair it holds for printed on stderr (and
    collected) when the engine asks it."""
    return value_remarks_play.pair_reading_logged(value_remarks_zh, "remark_on_zh")


def main(argv: Sequence[str] | None = None) -> int:
    """``probing FILES`` (the count per file), else :func:`value_remarks_play.main`'s modes."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["log"] and len(args) > 1:
        return value_remarks_play.run_logged(args, logged, "remark_on_zh held {} times")
    if args[:1] == ["probing"]:
        for name in args[1:]:
            print(f"{Path(name).name}: {len(probing_pairs(Path(name)))} pairs")
        return 0
    return value_remarks_play.main(
        args,
        "value_remarks_zh_play",
        value_remarks_zh.remark_on_zh,
        (value_remarks_zh, "remark_on_zh"),
    )


if __name__ == "__main__":
    raise SystemExit(main())
