"""What the standing-statement-with-its-feeling reading keeps on ``HybridMemory.add``: labelled
lines and benchmark texts (issue 38, helper hold27).

``python -m benchmarks.evolution_models.speech_feeling_scan [--json OUT]`` reads every text as
the writer of a ``fact`` reads it (the rules' act, the passing-state reading, the committed
change, the standing line beside a mood, someone else's feeling) and counts the texts that were
held back and that :func:`hybridmem.evolution.write.feeling_beside.standing_clause` now keeps:

* per batch of ``data/speech_acts.jsonl`` and language: assertive lines now kept (gained) and
  quiet lines now kept (leaked); read batches are printed, a still-blind batch counted;
* per benchmark file (``speech_appraisal_scan.scan_texts``: the strings of
  ``benchmarks/data/*.json`` and the constants of ``benchmarks/first_day*.py`` and
  ``benchmarks/scenarios*.py``): printed for readable sets, counted for blind ones. A scenario
  or a newcomer with no such text plays as before by construction.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.speech_appraisal_scan import (
    print_counts,
    print_tallies,
    scan_texts,
    tally_moved,
)
from hybridmem.evolution.slots import others
from hybridmem.evolution.speech.rules import RuleBasedSpeechActClassifier
from hybridmem.evolution.speech.sensation import passing_state
from hybridmem.evolution.write import beside_mood, commitments, feeling_beside

_CLASSIFIER = RuleBasedSpeechActClassifier()


def kept_now(text: str) -> str | None:
    """The standing clause the reading finds in ``text`` when the other readings of the writer
    hold it back (None: the writer's decision is as before)."""
    result = passing_state(text, _CLASSIFIER.classify(text))
    if result.is_assertive or commitments.committed_change(text, result, _CLASSIFIER):
        return None
    if others.held_by_other(text, result):
        return None
    if beside_mood.standing_line(text, result, _CLASSIFIER) is not None:
        return None
    return feeling_beside.standing_clause(text, result, _CLASSIFIER)


def labelled() -> dict[str, dict[str, dict[str, int]]]:
    """Per batch and language: quiet lines now kept ("quiet_fixed" is the leak here), assertive
    lines now kept ("lost" is the gain: the shared tally's names)."""

    def kept(text: str) -> str | None:
        clause = kept_now(text)
        return None if clause is None else f"{text} | {clause}"

    return tally_moved(kept)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_feeling_scan"
    )
    parser.add_argument("--json", type=Path, dest="json_out")
    args = parser.parse_args(argv)
    print("labelled lines now kept (quiet leaked / assertive gained):")
    lines = labelled()
    print_tallies(lines)
    print("benchmark texts now kept:")
    read, changed = scan_texts(lambda text: "" if kept_now(text) else None)
    print_counts(read, changed)
    if args.json_out is not None:
        payload: dict[str, Any] = {"labelled": lines, "texts_read": read, "texts_changed": changed}
        args.json_out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
