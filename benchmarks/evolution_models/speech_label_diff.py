"""What a change of the speech-act rules changes: the labelled lines and every benchmark text.

A rule written as a cue (a regular expression in a cue family) cannot be switched off at run
time, so the comparison is between two dumps made on two commits:

``python -m benchmarks.evolution_models.speech_label_diff --dump OUT`` classifies every line
of ``data/speech_acts.jsonl`` and every benchmark text (the strings of
``benchmarks/data/*.json`` and the string constants of ``benchmarks/first_day*.py`` and
``benchmarks/scenarios*.py``, each with its clause pieces, as the writer's commitment reading
cuts them) and writes the acts as JSON; ``--compare BEFORE AFTER`` prints the differences:
labelled lines of the dev batches one by one (fixed: a quiet line no longer assertive; lost:
an assertive line no longer assertive), lines of the batches still blind counted only;
benchmark texts printed for readable files, counted for every file still blind
(:data:`~benchmarks.evolution_models.speech_appraisal_scan.READABLE`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.speech_appraisal_scan import (
    BLIND_SCENARIOS,
    READABLE,
    ROOT,
    _texts,
)
from benchmarks.evolution_models.speech_batches import BATCHES
from benchmarks.evolution_models.speech_eval import load_examples
from hybridmem import lexical
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS
from hybridmem.evolution.speech.rules import RuleBasedSpeechActClassifier

STILL_BLIND = frozenset({"blind 33"})
"""Speech batches still blind (counted, never printed); batches 1-31 are dev since mood25."""
_ASSERTIVE = frozenset(a.value for a in ASSERTIVE_ACTS)
_PIECE = "\x00"


def dump() -> dict[str, Any]:
    """The act of every labelled line and of every benchmark text and clause piece."""
    classifier = RuleBasedSpeechActClassifier()
    lines = [classifier.classify(e.text).act.value for e in load_examples()]
    files = [
        *sorted((ROOT / "data").glob("*.json")),
        *sorted(ROOT.glob("first_day*.py")),
        *sorted(ROOT.glob("scenarios*.py")),
    ]
    texts: dict[str, dict[str, str]] = {}
    for path in files:
        acts: dict[str, str] = {}
        for text in sorted(_texts(path)):
            acts[text] = classifier.classify(text).act.value
            for piece in lexical.clause_pieces(text):
                if len(piece.strip()) > 3 and piece != text:
                    acts[_PIECE + piece] = classifier.classify(piece).act.value
        texts[path.name] = acts
    return {"lines": lines, "texts": texts}


def compare(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """Print and return the differences (the module docstring)."""
    examples = load_examples()
    blind_lines = {
        n for name, first, last in BATCHES if name in STILL_BLIND for n in range(first - 1, last)
    }
    out: dict[str, Any] = {"dev": {"fixed": 0, "lost": 0, "other": 0}, "blind": {}, "texts": {}}
    for n, (e, old, new) in enumerate(zip(examples, before["lines"], after["lines"], strict=True)):
        if old == new:
            continue
        gold = e.act.value
        kind = (
            "fixed"
            if gold not in _ASSERTIVE and old in _ASSERTIVE and new not in _ASSERTIVE
            else "lost"
            if gold in _ASSERTIVE and old in _ASSERTIVE and new not in _ASSERTIVE
            else "other"
        )
        if n in blind_lines:
            out["blind"][kind] = out["blind"].get(kind, 0) + 1
            continue
        out["dev"][kind] += 1
        print(f"line {n + 1} [{e.lang}] {gold}: {old} -> {new} ({kind}): {e.text}")
    for name, acts in before["texts"].items():
        stem = name.rsplit(".", 1)[0]
        blind = stem in BLIND_SCENARIOS or ("blind" in stem and stem not in READABLE)
        changed = [t for t, act in acts.items() if after["texts"][name].get(t, act) != act]
        if not changed:
            continue
        out["texts"][name] = {
            "texts": sum(not t.startswith(_PIECE) for t in changed),
            "pieces": sum(t.startswith(_PIECE) for t in changed),
        }
        print(f"{name}: {out['texts'][name]}")
        if not blind:
            for t in changed:
                label = "piece" if t.startswith(_PIECE) else "text"
                print(f"    {label} {acts[t]} -> {after['texts'][name][t]}: {t.lstrip(_PIECE)}")
    print(f"dev lines {out['dev']}; blind lines {out['blind']}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.speech_label_diff")
    parser.add_argument("--dump", type=Path, help="write the acts of this commit here")
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--json", type=Path, dest="json_out", help="the comparison as JSON")
    args = parser.parse_args(argv)
    if args.dump is not None:
        args.dump.write_text(json.dumps(dump(), ensure_ascii=False), "utf-8")
    if args.compare is not None:
        before, after = (json.loads(p.read_text("utf-8")) for p in args.compare)
        result = compare(before, after)
        if args.json_out is not None:
            args.json_out.write_text(json.dumps(result, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
