"""The engine's reading of a move back said with its reason's feeling
(:mod:`hybridmem.evolution.write.mood_move_back`), played off and on (issue 38, helper style24).

The writer asks it only of a statement the speech-act filter holds back as an emotion (the
rule classifier's reading; no committed change, no other person's taste) one of whose clauses
says a value holds again: :func:`held`, read on the text alone, is a superset of what the
writer meets (which asks the store for the value returned to as well). Each colloquial scenario
is one user, so every scenario with no such statement plays exactly as before; so does every
first-day set and probing user with none. The modes of :mod:`benchmarks.value_remarks_play`::

    python -m benchmarks.mood_move_back_play marked benchmarks/data/colloquial_*.json
    python -m benchmarks.mood_move_back_play first-day dev blind third
    python -m benchmarks.mood_move_back_play play --json F benchmarks/data/colloquial_blind19.json

``probing FILES``: the statements among each probing user's messages and their sentences.
``log MODULE ARGS`` runs another program (``probing``, ``first_day``) with the engine's reading
on and prints each statement it kept: none, and the run is the run without it::

    python -m benchmarks.mood_move_back_play log probing --data benchmarks/data/probing_blind2.json
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any
from unittest.mock import patch

from benchmarks import value_remarks_play
from hybridmem.evolution.slots import others
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.write import commitments, mood_move_back

_READING = mood_move_back.again_clause
"""The reading itself (the play patches the engine's name off while it lists the statements)."""


@cache
def held(text: str) -> bool:
    """Whether the writer asks the store about ``text``: held back as an emotion, no committed
    change or other person's taste keeping it, and a clause of it says a value holds again."""
    classifier = default_classifier()
    result = classifier.classify(text)
    if result.is_assertive or commitments.committed_change(text, result, classifier):
        return False
    if others.held_by_other(text, result):
        return False
    return bool(_READING(text, result, classifier))


def holds(new: str, _old: str) -> bool:
    """The pair reading :mod:`benchmarks.value_remarks_play` lists: ``new`` is :func:`held`
    (a move back needs an older statement; which one, the store decides)."""
    return held(new)


def probing_statements(path: Path) -> int:
    """The user's messages and their sentences in a probing file that are :func:`held`."""
    from hybridmem.evolution.speech.in_message import sentences

    found = 0
    for user in json.loads(path.read_text(encoding="utf-8"))["users"]:
        for session in user["sessions"]:
            for turn in session["turns"]:
                if turn["role"] == "user":
                    said = {turn["text"], *sentences(turn["text"])}
                    found += sum(held(s) for s in said)
    return found


@contextmanager
def logged() -> Iterator[list[str]]:
    """The engine with the reading on, each statement it keeps printed (stderr) and collected:
    a run where it keeps none is the run without it."""
    original = mood_move_back.returned_with_feeling
    kept: list[str] = []

    def returned_with_feeling(request: Any, *args: Any) -> str | None:
        clause = original(request, *args)
        if clause is not None:
            kept.append(request.content)
            print(f"mood_move_back kept: {request.content}", file=sys.stderr, flush=True)
        return clause

    with patch.object(mood_move_back, "returned_with_feeling", returned_with_feeling):
        yield kept


def main(argv: Sequence[str] | None = None) -> int:
    """``probing FILES``, ``log MODULE ARGS``, else :func:`value_remarks_play.main`'s modes."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["log"] and len(args) > 1:
        return value_remarks_play.run_logged(args, logged, "mood_move_back kept {} statements")
    if args[:1] == ["probing"]:
        for name in args[1:]:
            print(f"{Path(name).name}: {probing_statements(Path(name))} statements")
        return 0
    return value_remarks_play.main(
        args, "mood_move_back_play", holds, (mood_move_back, "again_clause")
    )


if __name__ == "__main__":
    raise SystemExit(main())
