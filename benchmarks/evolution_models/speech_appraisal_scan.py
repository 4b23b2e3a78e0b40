"""What a one-occasion reading changes: labelled lines and every benchmark text.

``python -m benchmarks.evolution_models.speech_appraisal_scan [--reading R] [--json OUT]
[--show-dev]`` classifies each text twice, with the reading ``R`` (``appraisal``, the default:
:mod:`hybridmem.evolution.speech.appraisal`; ``incapacity``:
:mod:`hybridmem.evolution.speech.incapacity`) and with it switched off, and counts the texts
whose act changes:

* per batch of ``data/speech_acts.jsonl`` and language: quiet lines (question, hypothetical,
  emotion, filler) no longer labelled assertive, assertive lines that are (``--show-dev``
  prints the dev lines; a blind batch is counted, never printed);
* per benchmark file (every string of ``benchmarks/data/*.json`` and the string constants of
  ``benchmarks/first_day*.py`` and ``benchmarks/scenarios*.py``): the changed texts, printed
  for dev sets and the colloquial blind sets made dev (blind..blind5, blind7, blind8), counted
  only for every other file named blind and the blind colloquial sets' scenario modules.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.speech_batches import BATCHES, batch
from benchmarks.evolution_models.speech_eval import load_examples
from hybridmem.evolution.speech import appraisal, incapacity
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS, SpeechAct
from hybridmem.evolution.speech.rules import RuleBasedSpeechActClassifier

ROOT = Path(__file__).resolve().parents[1]
# Sets whose texts may be read (dev, or blind sets made dev); any other file named blind, and
# the scenario modules of the blind colloquial sets, are counted only.
READABLE = frozenset(
    f"colloquial_{n}" for n in ("blind", "blind2", "blind3", "blind4", "blind5", "blind7", "blind8")
)
BLIND_SCENARIOS = tuple(f"scenarios_colloquial{n}" for n in (6, 9, 10, 11))
_CLASSIFIER = RuleBasedSpeechActClassifier()
# Speech batches still blind (counted, never printed); batches 1-31 are dev since mood25.
STILL_BLIND = frozenset({"blind 33"})


# Each reading: its module and the name of the function the rules call.
READINGS: dict[str, tuple[Any, str]] = {
    "appraisal": (appraisal, "occasion_appraisal"),
    "incapacity": (incapacity, "occasion_incapacity"),
}
_READING = ["appraisal"]


def _reads(text: str) -> bool:
    module, name = READINGS[_READING[0]]
    return bool(getattr(module, name)(text))


@contextmanager
def _reading_off() -> Iterator[None]:
    module, name = READINGS[_READING[0]]
    real = getattr(module, name)
    setattr(module, name, lambda text: False)
    try:
        yield
    finally:
        setattr(module, name, real)


def acts(text: str) -> tuple[SpeechAct, SpeechAct]:
    """The act without the reading and with it."""
    with _reading_off():
        before = _CLASSIFIER.classify(text).act
    return before, _CLASSIFIER.classify(text).act


def tally_moved(
    moved: Callable[[str], str | None], show: bool = True
) -> dict[str, dict[str, dict[str, int]]]:
    """Per batch and language, the labelled lines a reading moves (``moved`` gives a note to
    print, None for a line it leaves): quiet lines ("quiet_fixed") and assertive lines ("lost").
    A blind batch's lines are counted, never printed; ``show`` prints the read ones."""
    examples = load_examples()
    out: dict[str, dict[str, dict[str, int]]] = {}
    for name, _first, _last in BATCHES:
        for e in batch(examples, name):
            note = moved(e.text)
            if note is None:
                continue
            quiet = e.act not in ASSERTIVE_ACTS
            tally = out.setdefault(name, {}).setdefault(e.lang, {"quiet_fixed": 0, "lost": 0})
            tally["quiet_fixed" if quiet else "lost"] += 1
            if show and name not in STILL_BLIND:
                print(f"    {name} [{e.lang}] {e.act.value}: {note}")
    return out


def labelled(show_dev: bool) -> dict[str, dict[str, dict[str, int]]]:
    """Per batch and language: quiet lines fixed, assertive lines lost."""

    def change(text: str) -> str | None:
        before, after = acts(text)
        return None if before is after else f"{before.value} -> {after.value}: {text}"

    return tally_moved(change, show_dev)


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


def _texts(path: Path) -> set[str]:
    if path.suffix == ".json":
        found = set(_strings(json.loads(path.read_text(encoding="utf-8"))))
    else:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = {
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
        }
    return {t for t in found if 3 < len(t) < 400 and t.strip()}


def benchmark_texts() -> tuple[int, dict[str, int]]:
    """How many texts were read, and per file how many change their act."""

    def change(text: str) -> str | None:
        if not _reads(text):
            return None
        before, after = acts(text)
        return f"{before.value} -> {after.value}: " if before is not after else None

    return scan_texts(change)


def scan_texts(change: Callable[[str], str | None]) -> tuple[int, dict[str, int]]:
    """Every benchmark text through ``change`` (what to print before a changed text, None when
    unchanged): how many were read, and per file how many changed; printed for readable files,
    counted for every file still blind."""
    files = [
        *sorted((ROOT / "data").glob("*.json")),
        *sorted(ROOT.glob("first_day*.py")),
        *sorted(ROOT.glob("scenarios*.py")),
    ]
    read = 0
    changed: dict[str, int] = {}
    for path in files:
        blind = path.stem in BLIND_SCENARIOS or ("blind" in path.stem and path.stem not in READABLE)
        for text in sorted(_texts(path)):
            read += 1
            said = change(text)
            if said is None:
                continue
            changed[path.name] = changed.get(path.name, 0) + 1
            if not blind:
                print(f"    {path.name}: {said}{text[:150]}")
    return read, changed


def print_tallies(lines: dict[str, dict[str, dict[str, int]]]) -> None:
    """One line per batch and language: quiet lines fixed / assertive lines lost."""
    for name, langs in lines.items():
        for lang, t in langs.items():
            print(f"  {name:<20}{lang:<4}{t['quiet_fixed']:>4} / {t['lost']}")


def print_counts(read: int, changed: dict[str, int]) -> None:
    """One line per benchmark file that changed, and how many texts were read."""
    for name, count in sorted(changed.items()):
        print(f"  {name:<44}{count:>4}")
    print(f"  ({read} texts read)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_appraisal_scan"
    )
    parser.add_argument("--reading", choices=sorted(READINGS), default="appraisal")
    parser.add_argument("--json", type=Path, dest="json_out")
    parser.add_argument("--show-dev", action="store_true", help="print changed dev lines")
    args = parser.parse_args(argv)
    _READING[0] = args.reading
    print("labelled lines whose act changes (quiet fixed / assertive lost):")
    lines = labelled(args.show_dev)
    print_tallies(lines)
    print("benchmark texts whose act changes:")
    read, changed = benchmark_texts()
    print_counts(read, changed)
    if args.json_out is not None:
        payload = {"labelled": lines, "texts_read": read, "texts_changed": changed}
        args.json_out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
