"""The engine's reading of a move back held back as a mood that says no "again"
(:func:`hybridmem.evolution.write.mood_move_back.named_clause`), played off and on (issue 38,
helper back26).

The writer asks it only of a fact or preference the speech-act filter holds back as an
emotion (the rule classifier's reading, the act model's second opinion and the bodily-state
reading, as the planner reads them; no committed change, no other person's taste), that says
no "again", one of whose clauses, committed and of the speaker, names an older statement of
the user's by a content word; the writer then asks the store for the value it returns to and
a later one it left. :func:`marked` lists the scenarios holding such a pair, read on the texts
and the embedder's vectors alone: a superset of what the writer meets, so every other scenario
plays exactly as before. The modes of :mod:`benchmarks.value_remarks_play`::

    python -m benchmarks.unsaid_move_back_play marked benchmarks/data/colloquial_*.json
    python -m benchmarks.unsaid_move_back_play play --json F benchmarks/data/colloquial_blind26.json

``probing FILES``: the pairs among each probing user's messages and their sentences.
``log MODULE ARGS`` runs another program (``first_day``, ``probing``) with the reading on and
prints each statement it kept: none, and the run is the run without it.
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
from benchmarks.common import load_embedder
from hybridmem.evolution.slots import others
from hybridmem.evolution.slots.pairs import says_again
from hybridmem.evolution.speech import embed as speech_embed
from hybridmem.evolution.speech import sensation
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.speech.labels import SpeechAct, SpeechActResult
from hybridmem.evolution.write import commitments, mood_move_back
from hybridmem.evolution.write.move_back import stems

_READING = mood_move_back.named_clause
"""The reading itself (the play patches the engine's name off while it lists the pairs)."""


@cache
def _embedder() -> Any:
    return load_embedder("multilingual")


@cache
def held(text: str) -> SpeechActResult | None:
    """The act the writer reads ``text`` as, when it asks the store about it: an emotion held
    back (no committed change or other person's taste keeping it) that says no "again"."""
    if says_again(text):
        return None
    classifier = default_classifier()
    result = classifier.classify(text)
    model = speech_embed.model_for(_embedder().name, _embedder().dimension)
    if model is not None:
        result = speech_embed.second_opinion(model, result, _embedder().embed([text])[0])
    result = sensation.passing_state(text, result)
    if result.is_assertive or result.act is not SpeechAct.EMOTION:
        return None
    if commitments.committed_change(text, result, classifier):
        return None
    return None if others.held_by_other(text, result) else result


def holds(new: str, old: str) -> bool:
    """Whether ``new`` is :func:`held` and a committed clause of it names ``old``."""
    if not stems(new) & stems(old):
        return False  # the cheap test first: no clause of it can name ``old``
    result = held(new)
    return result is not None and bool(_READING(new, result, default_classifier(), old))


def probing_pairs(path: Path) -> list[tuple[str, str]]:
    """The (older, newer) pairs :func:`holds` for among each probing user's messages and their
    sentences (a user's statements only meet their own)."""
    from hybridmem.evolution.speech.in_message import sentences

    found: list[tuple[str, str]] = []
    for user in json.loads(path.read_text(encoding="utf-8"))["users"]:
        said: list[str] = []
        for session in user["sessions"]:
            for turn in session["turns"]:
                if turn["role"] == "user":
                    said += [turn["text"], *sentences(turn["text"])]
        found += value_remarks_play.pairs_of(list(dict.fromkeys(said)), holds)
    return found


@contextmanager
def logged() -> Iterator[list[str]]:
    """The engine with the reading on, each statement it keeps printed (stderr) and collected:
    a run where it keeps none is the run without it."""
    original = mood_move_back.returned_with_feeling
    kept: list[str] = []

    def returned_with_feeling(request: Any, *args: Any) -> Any:
        found = original(request, *args)
        if found is not None and found[1] is not None:
            kept.append(request.content)
            print(f"unsaid move back kept: {request.content}", file=sys.stderr, flush=True)
        return found

    with patch.object(mood_move_back, "returned_with_feeling", returned_with_feeling):
        yield kept


def main(argv: Sequence[str] | None = None) -> int:
    """``probing FILES``, ``log MODULE ARGS``, else :func:`value_remarks_play.main`'s modes."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["probing"]:
        for name in args[1:]:
            found = probing_pairs(Path(name))
            print(f"{Path(name).name}: {len(found)} pairs")
            print("\n".join(f"  {o} => {n}" for o, n in found))
        return 0
    if args[:1] == ["log"] and len(args) > 1:
        return value_remarks_play.run_logged(args, logged, "unsaid move back kept {} statements")
    return value_remarks_play.main(
        args, "unsaid_move_back_play", holds, (mood_move_back, "named_clause")
    )


if __name__ == "__main__":
    raise SystemExit(main())
