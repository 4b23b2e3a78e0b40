"""The speech-act rules batch by batch: accuracy, leak and assertive recall per language.

``python -m benchmarks.evolution_models.speech_batches [--batch NAME ...] [--json OUT]
[--errors-on-dev]`` prints, for each batch of ``data/speech_acts.jsonl`` (line ranges from
``data/README.md``) and each language: accuracy, the leak rate (questions, hypotheticals and
emotions labelled assertive), the want leak (emotions labelled assertive: the passing mood or
appetite written as a lasting taste) and the assertive recall (assertions, negations,
preferences and instructions still labelled assertive: a standing preference must not be
lost). Errors are listed for ``dev`` batches only, on request: a blind batch is read through
its figures, never its lines, so that no rule is chosen on it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.speech_eval import LabelledUtterance, load_examples
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS, SpeechAct, SpeechActClassifier

BATCHES: tuple[tuple[str, int, int], ...] = (
    ("test written first", 1, 155),
    ("dev 1", 156, 365),
    ("blind 1", 366, 449),
    ("dev 2-3", 450, 701),
    ("blind 2", 702, 799),
    ("dev 4", 800, 863),
    ("blind 3", 864, 919),
    ("dev 5", 920, 995),
    ("blind 4", 996, 1065),
    ("dev 6", 1066, 1126),
    ("blind 5", 1127, 1182),
    ("dev 7", 1183, 1268),
    ("blind 6", 1269, 1350),
    ("dev 8", 1351, 1461),
    ("blind 7", 1462, 1582),
    ("dev 9", 1583, 1650),
    ("blind 8", 1651, 1690),
    ("blind 9", 1691, 1714),
    ("blind 10", 1715, 1754),
    ("dev 10", 1755, 1794),
    ("blind 11", 1795, 1826),
    ("dev 11", 1827, 1858),
    ("blind 12", 1859, 1951),
    ("blind 13", 1952, 2043),
    ("blind 14", 2044, 2131),
    ("dev 12", 2132, 2155),
    ("blind 15", 2156, 2243),
    ("blind 16", 2244, 2348),
    ("blind 17", 2349, 2448),
    ("blind 18", 2449, 2548),
    ("blind 19", 2549, 2648),
    ("blind 20", 2649, 2748),
    ("blind 21", 2749, 2828),
    ("blind 22", 2829, 2908),
    ("blind 23", 2909, 2988),
    ("blind 24", 2989, 3068),
    ("blind 25", 3069, 3148),
    ("blind 26", 3149, 3228),
    ("blind 27", 3229, 3308),
    ("blind 28", 3309, 3388),
    ("blind 29", 3389, 3468),
    ("blind 30", 3469, 3548),
    ("blind 31", 3549, 3628),
    ("blind 32", 3629, 3708),
    ("blind 33", 3709, 3788),
)
"""Line ranges (1-based, inclusive) of the bundled set's batches, in commit order."""


def figures(
    classifier: SpeechActClassifier, items: Sequence[LabelledUtterance]
) -> dict[str, dict[str, Any]]:
    """Per gold language: n, accuracy, leak, want leak, assertive recall."""
    out: dict[str, dict[str, Any]] = {}
    for lang in ("en", "zh"):
        subset = [e for e in items if e.lang == lang]
        if not subset:
            continue
        predicted = [classifier.classify(e.text).act for e in subset]
        pairs = list(zip(subset, predicted, strict=True))
        quiet = [p for e, p in pairs if e.act not in ASSERTIVE_ACTS]
        moods = [p for e, p in pairs if e.act is SpeechAct.EMOTION]
        stating = [p for e, p in pairs if e.act in ASSERTIVE_ACTS]
        out[lang] = {
            "n": len(subset),
            "accuracy": _share(sum(e.act is p for e, p in pairs), len(pairs)),
            "leak": _share(sum(p in ASSERTIVE_ACTS for p in quiet), len(quiet)),
            "emotion_leak": _share(sum(p in ASSERTIVE_ACTS for p in moods), len(moods)),
            "assertive_recall": _share(sum(p in ASSERTIVE_ACTS for p in stating), len(stating)),
        }
    return out


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


def batch(examples: Sequence[LabelledUtterance], name: str) -> list[LabelledUtterance]:
    """The lines of batch ``name`` (checked to be of one split)."""
    for label, first, last in BATCHES:
        if label == name:
            items = list(examples[first - 1 : last])
            if len({e.split for e in items}) != 1 or len(items) != last - first + 1:
                raise InvalidArgumentError(f"{name}: lines {first}-{last} are not one split")
            return items
    raise InvalidArgumentError(f"unknown batch {name!r}; known: {[b[0] for b in BATCHES]}")


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures of the chosen batches (all when none is named)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.speech_batches")
    parser.add_argument("--batch", action="append", help="a batch name (repeatable)")
    parser.add_argument("--json", type=Path, dest="json_out", help="also write the figures here")
    parser.add_argument("--errors-on-dev", action="store_true", help="list dev batches' errors")
    args = parser.parse_args(argv)
    examples = load_examples()
    classifier = default_classifier()
    payload: dict[str, Any] = {}
    print(f"{'batch':<20}{'lang':<5}{'n':>4}   acc    leak  emo-leak  assert-rec")
    for name in args.batch or [b[0] for b in BATCHES]:
        items = batch(examples, name)
        payload[name] = figures(classifier, items)
        for lang, f in payload[name].items():
            print(
                f"{name:<20}{lang:<5}{f['n']:>4}  {f['accuracy']}  {f['leak']}  "
                f"{f['emotion_leak']}  {f['assertive_recall']}"
            )
        if args.errors_on_dev and items[0].split == "dev":
            for e in items:
                got = classifier.classify(e.text)
                if got.act is not e.act:
                    print(f"    [{e.lang}] {e.act.value} -> {got.act.value}: {e.text} {got.cues}")
    if args.json_out is not None:
        args.json_out.write_text(json.dumps(payload, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
