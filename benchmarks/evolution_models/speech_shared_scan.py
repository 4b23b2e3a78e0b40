"""The speech act of every sentence of the shared evaluation data, dumped for a comparison.

A change of the speech-act rules must not relabel what real users said in LoCoMo and
MADial-Bench. ``python -m benchmarks.evolution_models.speech_shared_scan --dump OUT`` cuts
every string of ``$DATA/locomo/*.json`` and ``$DATA/madial/*.jsonl`` into sentences as the
extractor cuts them (``conversation.extract.sentences``) and writes each sentence's act;
``--compare BEFORE AFTER`` prints the sentences whose act changed, with both acts and whether
the change crosses the assertive line (what the writer keeps). The data is read where it
lives and never copied (``benchmarks/paths.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.speech_appraisal_scan import _strings
from benchmarks.paths import default_data_dir
from hybridmem.conversation.extract import sentences
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS
from hybridmem.evolution.speech.rules import RuleBasedSpeechActClassifier

_ASSERTIVE = frozenset(a.value for a in ASSERTIVE_ACTS)


def _documents(data: Path) -> Iterator[tuple[str, Any]]:
    for path in sorted((data / "locomo").glob("*.json")):
        yield "locomo", json.loads(path.read_text("utf-8"))
    for path in sorted((data / "madial").glob("*.jsonl")):
        for line in path.read_text("utf-8").splitlines():
            if line.strip():
                yield "madial", json.loads(line)


def dump(data: Path) -> dict[str, dict[str, str]]:
    """Per corpus, every distinct sentence and its act."""
    classifier = RuleBasedSpeechActClassifier()
    out: dict[str, dict[str, str]] = {}
    for corpus, document in _documents(data):
        acts = out.setdefault(corpus, {})
        for text in _strings(document):
            if not text.strip():
                continue
            for sentence in sentences(text):
                if sentence not in acts:
                    acts[sentence] = classifier.classify(sentence).act.value
    return out


def compare(before: dict[str, dict[str, str]], after: dict[str, dict[str, str]]) -> list[str]:
    """One line per sentence whose act changed (``*`` when it crosses the assertive line)."""
    lines = []
    for corpus, acts in before.items():
        changed = 0
        for sentence, old in acts.items():
            new = after[corpus][sentence]
            if new != old:
                changed += 1
                crosses = (old in _ASSERTIVE) != (new in _ASSERTIVE)
                lines.append(f"{'*' if crosses else ' '} [{corpus}] {old} -> {new}: {sentence}")
        lines.append(f"{corpus}: {changed} of {len(acts)} sentences changed their act")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_shared_scan"
    )
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder")
    parser.add_argument("--dump", type=Path, help="write the acts of this commit here")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.dump is not None:
        payload = dump(args.data or default_data_dir())
        args.dump.write_text(json.dumps(payload, ensure_ascii=False), "utf-8")
        print({corpus: len(acts) for corpus, acts in payload.items()})
    if args.compare is not None:
        before, after = (json.loads(p.read_text("utf-8")) for p in args.compare)
        print("\n".join(compare(before, after)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
