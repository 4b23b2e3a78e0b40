"""The speech-act filter: what a user *did* with an utterance, before any of it is remembered.

Public API (everything a caller needs is importable from here)::

    from hybridmem.evolution.speech_acts import RuleBasedSpeechActClassifier, SpeechAct

    result = RuleBasedSpeechActClassifier().classify("如果我搬到成都呢？")
    result.act            # SpeechAct.HYPOTHETICAL
    result.is_assertive   # False: never write "lives in Chengdu" as a fact

Label definitions live in :mod:`hybridmem.evolution.speech_types`, the rules in
:mod:`~hybridmem.evolution.speech_rules`, the cue lexicons in
:mod:`~hybridmem.evolution.speech_lexicon`, the evaluation in
:mod:`~hybridmem.evolution.speech_eval`.

Run ``python -m hybridmem.evolution.speech_acts [--data PATH] [--split dev|test|all]
[--json OUT] [--errors] [--throughput]`` to print the report on the bundled labelled set.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path

from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.speech_eval import (
    SPLITS,
    ClassMetrics,
    LabelledUtterance,
    LanguageMetrics,
    Misclassification,
    SpeechActReport,
    evaluate,
    load_examples,
)
from hybridmem.evolution.speech_rules import RuleBasedSpeechActClassifier
from hybridmem.evolution.speech_types import (
    ASSERTIVE_ACTS,
    SpeechAct,
    SpeechActClassifier,
    SpeechActResult,
    detect_language,
)

__all__ = [
    "ASSERTIVE_ACTS",
    "ClassMetrics",
    "LabelledUtterance",
    "LanguageMetrics",
    "Misclassification",
    "RuleBasedSpeechActClassifier",
    "SpeechAct",
    "SpeechActClassifier",
    "SpeechActReport",
    "SpeechActResult",
    "classify",
    "classify_many",
    "default_classifier",
    "detect_language",
    "evaluate",
    "load_examples",
    "main",
    "measure_throughput",
]


@lru_cache(maxsize=1)
def default_classifier() -> RuleBasedSpeechActClassifier:
    """The process-wide rule-based classifier (stateless, so sharing it is safe)."""
    return RuleBasedSpeechActClassifier()


def classify(text: str, classifier: SpeechActClassifier | None = None) -> SpeechActResult:
    """Label one utterance with ``classifier`` (the rule-based default when None)."""
    return (classifier or default_classifier()).classify(text)


def classify_many(
    texts: Iterable[str], classifier: SpeechActClassifier | None = None
) -> list[SpeechActResult]:
    """Label every utterance, in order; the first invalid one raises and nothing is returned."""
    chosen = classifier or default_classifier()
    return [chosen.classify(text) for text in texts]


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
        prog="python -m hybridmem.evolution.speech_acts",
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
