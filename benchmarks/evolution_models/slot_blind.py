"""Slot inference as the write path runs it, on a blind slot set (default ``slot_blind3.jsonl``).

The write path reads a slot by structure (:func:`hybridmem.evolution.slots.rules.infer`) and,
for a first-person statement no rule placed, by the slot model shipped for the embedder
(:mod:`hybridmem.evolution.slots.embed`). This runs exactly that, with the shipped model (not
one refitted here), and reports per language:

- **accuracy**: the slot (or none) given is the labelled one;
- **recall**: of the statements that have a slot, the share given it;
- **false-slot rate**: of the statements that have none, the share given one (a value that
  would overturn an unrelated one);
- **confident-wrong rate**: of all statements, the share given a slot that is not theirs
  (a wrong slot or a false one: the write path acts on every slot it names), split by the
  step that named it (a rule or the model).

``python -m benchmarks.evolution_models.slot_blind [--data FILE] [--embedder e5] [--json OUT]
[--errors]``. The set is blind: print ``--errors`` only after a change is final.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.evolution_models.fitting import LABELLED
from benchmarks.evolution_models.slot_eval import LANGS, SlotExample, load
from hybridmem.evolution.slots import embed as slot_embed
from hybridmem.evolution.slots.rules import infer

BLIND = LABELLED / "slot_blind3.jsonl"


def read_slots(examples: Sequence[SlotExample], spec: str) -> list[tuple[str | None, str]]:
    """``(slot, step)`` per statement as the write path reads it (step: rule, model or '')."""
    from hybridmem.embedding import make_embedder

    embedder = make_embedder(None if spec in ("e5", "default") else spec)
    vectors = np.asarray(embedder.embed([e.text for e in examples]), dtype=np.float64)
    model = slot_embed.model_for(embedder.name, embedder.dimension)
    out: list[tuple[str | None, str]] = []
    for example, vector in zip(examples, vectors, strict=True):
        guess = infer(example.text)
        if guess.slot is not None or not guess.open:
            out.append((guess.slot, "rule" if guess.slot else ""))
            continue
        slot = None if model is None else slot_embed.predict(model, vector)
        out.append((slot, "model" if slot else ""))
    return out


def score(
    examples: Sequence[SlotExample], read: Sequence[tuple[str | None, str]]
) -> dict[str, Any]:
    """The figures of the module docstring, per language."""
    report: dict[str, Any] = {}
    for lang in LANGS:
        rows = [(e, r) for e, r in zip(examples, read, strict=True) if e.lang == lang]
        if not rows:
            continue
        slotted = [(e, r) for e, r in rows if e.slot]
        nones = [(e, r) for e, r in rows if not e.slot]
        wrong = [(e, r) for e, r in rows if r[0] is not None and r[0] != e.slot]
        report[lang] = {
            "n": len(rows),
            "accuracy": round(sum(e.slot == r[0] for e, r in rows) / len(rows), 3),
            "recall": round(sum(e.slot == r[0] for e, r in slotted) / max(len(slotted), 1), 3),
            "false_slot_rate": round(
                sum(r[0] is not None for _, r in nones) / max(len(nones), 1), 3
            ),
            "confident_wrong_rate": round(len(wrong) / len(rows), 3),
            "wrong_by_rule": sum(r[1] == "rule" for _, r in wrong),
            "wrong_by_model": sum(r[1] == "model" for _, r in wrong),
            "errors": [
                {"text": e.text, "gold": e.slot, "given": r[0], "step": r[1]}
                for e, r in rows
                if e.slot != r[0]
            ],
        }
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.slot_blind")
    parser.add_argument("--data", type=Path, default=BLIND)
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("--json", type=Path, dest="json_out")
    parser.add_argument("--errors", action="store_true")
    args = parser.parse_args(argv)
    examples = load(args.data)
    report = score(examples, read_slots(examples, args.embedder))
    for lang, r in report.items():
        print(
            f"{lang}: n={r['n']} accuracy {r['accuracy']:.3f}, recall {r['recall']:.3f}, "
            f"false-slot rate {r['false_slot_rate']:.3f}, confident-wrong rate "
            f"{r['confident_wrong_rate']:.3f} (by rule {r['wrong_by_rule']}, "
            f"by model {r['wrong_by_model']})"
        )
        if args.errors:
            for err in r["errors"]:
                print(f"   {err['gold']} -> {err['given']} [{err['step']}]: {err['text']}")
    if args.json_out:
        args.json_out.write_text(json.dumps(report, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
