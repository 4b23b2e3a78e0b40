"""The labelled value-change set and the evaluation of slot inference.

``benchmarks/evolution_models/data/slot_changes.jsonl``: one JSON object per line,
``{"text", "lang": "zh"|"en", "slot": "<slot>"|null, "split": "dev"|"test"}``; ``null`` marks a
statement that gives no value of the speaker's single-valued attributes (someone else's move,
an event). ``dev`` was written before the rules and tuned on; ``test`` was written after them,
committed before it was first evaluated, and never tuned on.

Run ``python -m benchmarks.evolution_models.slot_eval [--split dev|test|all] [--embedder SPEC]
[--json OUT] [--errors]``: per language, each slot's recall (its utterances given that slot),
the precision of what was given, and the false-slot rate (utterances of no slot that got one:
the dangerous error, a value that overturns an unrelated one).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.fitting import LABELLED
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.slots.rules import SlotPrototypes, infer

SPLITS = ("dev", "test")
LANGS = ("en", "zh")


@dataclass(frozen=True, slots=True)
class SlotExample:
    text: str
    lang: str
    slot: str | None
    split: str


def load(path: str | Path | None = None) -> list[SlotExample]:
    """The labelled set (the bundled one when ``path`` is None)."""
    if path is None:
        raw = (LABELLED / "slot_changes.jsonl").read_text(encoding="utf-8")
    else:
        raw = Path(path).read_text(encoding="utf-8")
    out = []
    for number, line in enumerate(raw.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidArgumentError(f"line {number}: not valid JSON ({exc.msg})") from exc
        if not isinstance(rec, dict) or set(rec) != {"text", "lang", "slot", "split"}:
            raise InvalidArgumentError(f"line {number}: expected keys text, lang, slot, split")
        if rec["lang"] not in LANGS or rec["split"] not in SPLITS:
            raise InvalidArgumentError(f"line {number}: bad lang or split")
        out.append(SlotExample(rec["text"], rec["lang"], rec["slot"], rec["split"]))
    return out


Inferrer = Callable[[str], str | None]


def rules_only(text: str) -> str | None:
    """Structure only (no embedder, no extractor)."""
    return infer(text).slot


def with_embedder(embed: Callable[[list[str]], Any], threshold: float, margin: float) -> Inferrer:
    """Structure, then the embedder for a first-person statement no rule placed."""
    import numpy as np

    prototypes = SlotPrototypes.build(embed)
    print(f"embedder passes the prototype self-check for: {prototypes.languages()}")

    def run(text: str) -> str | None:
        guess = infer(text)
        if guess.slot is not None or not guess.about_user:
            return guess.slot
        vector = np.asarray(embed([text]), dtype=np.float32)[0]
        return prototypes.nearest(vector, threshold, margin, text)

    return run


def evaluate(examples: Sequence[SlotExample], inferrer: Inferrer) -> dict[str, Any]:
    """Per language: per-slot recall/precision, false-slot rate, accuracy, errors."""
    report: dict[str, Any] = {}
    for lang in LANGS:
        rows = [e for e in examples if e.lang == lang]
        if not rows:
            continue
        predicted = [inferrer(e.text) for e in rows]
        slots = sorted({e.slot for e in rows if e.slot})
        per_slot = {}
        for slot in slots:
            gold = [p for e, p in zip(rows, predicted, strict=True) if e.slot == slot]
            given = [e for e, p in zip(rows, predicted, strict=True) if p == slot]
            per_slot[slot] = {
                "support": len(gold),
                "recall": round(sum(p == slot for p in gold) / len(gold), 3),
                "precision": round(sum(e.slot == slot for e in given) / len(given), 3)
                if given
                else None,
            }
        nones = [p for e, p in zip(rows, predicted, strict=True) if e.slot is None]
        slotted = [(e, p) for e, p in zip(rows, predicted, strict=True) if e.slot]
        report[lang] = {
            "n": len(rows),
            "accuracy": round(
                sum(e.slot == p for e, p in zip(rows, predicted, strict=True)) / len(rows), 3
            ),
            "recall": round(sum(e.slot == p for e, p in slotted) / len(slotted), 3),
            "wrong_slot": sum(p is not None and p != e.slot for e, p in slotted),
            "false_slot_rate": round(sum(p is not None for p in nones) / len(nones), 3)
            if nones
            else 0.0,
            "per_slot": per_slot,
            "errors": [
                {"text": e.text, "gold": e.slot, "predicted": p}
                for e, p in zip(rows, predicted, strict=True)
                if e.slot != p
            ],
        }
    return report


def format_report(name: str, report: dict[str, Any]) -> str:
    lines = [f"== {name}"]
    for lang, r in report.items():
        lines.append(
            f"{lang}: n={r['n']} accuracy {r['accuracy']:.3f}, recall {r['recall']:.3f}, "
            f"wrong slot {r['wrong_slot']}, false-slot rate {r['false_slot_rate']:.3f}"
        )
        for slot, m in r["per_slot"].items():
            prec = "-" if m["precision"] is None else f"{m['precision']:.3f}"
            lines.append(
                f"   {slot:18s} support {m['support']:3d}  recall {m['recall']:.3f}  "
                f"precision {prec}"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.slot_eval")
    parser.add_argument("--data", type=Path)
    parser.add_argument("--split", choices=[*SPLITS, "all"], default=None)
    parser.add_argument("--embedder", help="also run the embedder fallback (make_embedder spec)")
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--margin", type=float, default=0.05)
    parser.add_argument("--json", type=Path, dest="json_out")
    parser.add_argument("--errors", action="store_true")
    args = parser.parse_args(argv)
    examples = load(args.data)
    methods: dict[str, Inferrer] = {"rules": rules_only}
    if args.embedder:
        from hybridmem.embedding import make_embedder

        spec = None if args.embedder == "default" else args.embedder
        embedder = make_embedder(spec)
        methods[f"rules+embedder({embedder.name})"] = with_embedder(
            embedder.embed, args.threshold, args.margin
        )
    payload: dict[str, Any] = {}
    for split in [args.split] if args.split else [*SPLITS, "all"]:
        subset = [e for e in examples if split == "all" or e.split == split]
        for method, inferrer in methods.items():
            report = evaluate(subset, inferrer)
            payload[f"{split}/{method}"] = report
            print(format_report(f"split={split} method={method}", report))
            if args.errors:
                for r in report.values():
                    for err in r["errors"]:
                        print(f"   {err['gold']} -> {err['predicted']}: {err['text']}")
    if args.json_out:
        args.json_out.write_text(json.dumps(payload, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
