"""What the bodily-state reading holds back on ``HybridMemory.add``: labelled lines, benchmark
texts and the shared corpora's strings.

``python -m benchmarks.evolution_models.speech_sensation_scan [--data DIR] [--sample N]
[--json OUT]`` reads every text as the writer of a ``fact`` reads it: the rules' act, then
:func:`hybridmem.evolution.speech.sensation.passing_state`. It counts the texts the reading
turns from a statement into a passing mood (what ``add`` now holds back, before the
committed-change and beside-a-mood readings, which may still keep one):

* per batch of ``data/speech_acts.jsonl`` and language: quiet lines now held back (fixed),
  assertive lines now held back (lost); read batches are printed, a still-blind batch counted;
* per benchmark file (the strings of ``benchmarks/data/*.json`` and the string constants of
  ``benchmarks/first_day*.py`` and ``benchmarks/scenarios*.py``): printed for readable sets,
  counted for every file still blind (the rules of ``speech_appraisal_scan``);
* LoCoMo and MADial strings (``$DATA``, read where they live, never copied): counted, and a
  sample of ``--sample`` of them printed. Their turns are written as events, which the reading
  does not touch: the count is what it would hold back if they were filed as facts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.speech_appraisal_scan import (
    _strings,
    print_counts,
    print_tallies,
    scan_texts,
    tally_moved,
)
from benchmarks.evolution_models.speech_shared_scan import _documents
from benchmarks.paths import default_data_dir
from hybridmem.evolution.speech.rules import RuleBasedSpeechActClassifier
from hybridmem.evolution.speech.sensation import passing_state

_CLASSIFIER = RuleBasedSpeechActClassifier()


def held_back(text: str) -> bool:
    """Whether the reading turns the rules' statement ``text`` into a passing mood."""
    result = _CLASSIFIER.classify(text)
    return passing_state(text, result) is not result


def labelled() -> dict[str, dict[str, dict[str, int]]]:
    """Per batch and language: quiet lines fixed, assertive lines lost."""
    return tally_moved(lambda text: text if held_back(text) else None)


def benchmark_texts() -> tuple[int, dict[str, int]]:
    """How many texts were read, and per file how many the reading holds back."""
    return scan_texts(lambda text: "" if held_back(text) else None)


def shared(data: Path, sample: int) -> dict[str, dict[str, int]]:
    """Per corpus: distinct strings read and held back, with a printed sample."""
    out: dict[str, dict[str, int]] = {}
    found: dict[str, list[str]] = {}
    for corpus, document in _documents(data):
        seen = found.setdefault(corpus, [])
        tally = out.setdefault(corpus, {"read": 0, "held_back": 0})
        for text in dict.fromkeys(_strings(document)):
            if not text.strip() or len(text) > 400:
                continue
            tally["read"] += 1
            if held_back(text):
                tally["held_back"] += 1
                seen.append(text)
    for corpus, texts in found.items():
        for text in random.Random(24).sample(texts, min(sample, len(texts))):
            print(f"    [{corpus}] {text[:160]}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_sensation_scan"
    )
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder")
    parser.add_argument("--sample", type=int, default=20, help="shared strings printed")
    parser.add_argument("--json", type=Path, dest="json_out")
    args = parser.parse_args(argv)
    print("labelled lines held back (quiet fixed / assertive lost):")
    lines = labelled()
    print_tallies(lines)
    print("benchmark texts held back:")
    read, changed = benchmark_texts()
    print_counts(read, changed)
    print("shared strings held back if filed as facts:")
    corpora = shared(args.data or default_data_dir(), args.sample)
    for corpus, t in corpora.items():
        print(f"  {corpus}: {t['held_back']} of {t['read']}")
    if args.json_out is not None:
        payload: dict[str, Any] = {
            "labelled": lines,
            "texts_read": read,
            "texts_changed": changed,
            "shared": corpora,
        }
        args.json_out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
