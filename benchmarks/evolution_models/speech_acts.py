"""Evaluate the rule-based speech-act classifier on the labelled set (development tool).

``python -m benchmarks.evolution_models.speech_acts [--data PATH] [--split dev|test|all]
[--json OUT] [--errors] [--throughput]`` prints the report on ``data/speech_acts.jsonl``
(see ``data/README.md`` for the splits and the blind-set discipline).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.evolution_models.speech_eval import SPLITS, SpeechActReport, evaluate, load_examples
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.speech.labels import SpeechActClassifier


def measure_throughput(
    classifier: SpeechActClassifier, texts: Sequence[str], *, min_seconds: float = 0.5
) -> float:
    """Utterances per CPU second, repeating ``texts`` for at least ``min_seconds`` of CPU time.

    CPU time of this process, not wall time: on a shared machine other processes would
    otherwise be counted against the classifier.
    """
    if not texts:
        raise InvalidArgumentError("measure_throughput() needs at least one text")
    done, start = 0, time.process_time()
    while True:
        for text in texts:
            classifier.classify(text)
        done += len(texts)
        elapsed = time.process_time() - start
        if elapsed >= min_seconds:
            return done / elapsed


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_acts",
        description="Evaluate the rule-based speech-act classifier on a labelled JSONL set.",
    )
    parser.add_argument("--data", type=Path, help="labelled JSONL (default: the bundled set)")
    parser.add_argument(
        "--split",
        choices=[*SPLITS, "all"],
        default=None,
        help="one split (default: every split, then all together)",
    )
    parser.add_argument("--json", type=Path, dest="json_out", help="also write the reports here")
    parser.add_argument("--errors", action="store_true", help="list every misclassification")
    parser.add_argument(
        "--throughput", action="store_true", help="measure utterances per second over the set"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the evaluation report(s); return the process exit status."""
    args = _parse_args(argv)
    examples = load_examples(args.data)
    classifier = default_classifier()
    wanted = [args.split] if args.split else [*SPLITS, "all"]
    reports: dict[str, SpeechActReport] = {}
    for split in wanted:
        subset = [e for e in examples if split == "all" or e.split == split]
        if subset:
            reports[split] = evaluate(classifier, subset, name=f"split={split}")
    for report in reports.values():
        print(report.format_table())
        if args.errors:
            for err in report.errors:
                print(
                    f"  [{err.lang}] {err.gold.value} -> {err.predicted.value}: {err.text}"
                    f"  {list(err.cues)}"
                )
        print()
    if args.throughput:
        rate = measure_throughput(classifier, [e.text for e in examples])
        print(f"throughput: {rate:,.0f} utterances per CPU second ({classifier.name}, one thread)")
    if args.json_out:
        payload = {split: report.to_dict() for split, report in reports.items()}
        args.json_out.write_text(json.dumps(payload, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
