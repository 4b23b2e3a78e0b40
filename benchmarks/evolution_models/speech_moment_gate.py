"""The e5 second opinion on evaluations with no feeling word, everywhere or only in a moment.

Issue 38's pollution on the labelled sets comes mostly from the speech-act label: evaluations
and feelings said with no feeling word ("the hotel wifi is a joke", 酒店的网就是个摆设) are read
as assertions by the rules. The embedding second opinion
(:mod:`hybridmem.evolution.speech.embed`) reads them without cue words, but it is off by default
because it also holds back true statements. This measures a narrower use: the second opinion
only on lines the rules place in a moment (a cue of the families ``now:``, ``deixis:``,
``episode:``, ``particular:``: the label definitions' "momentary evaluation"), or only on
lines with a want cue the rules leave a plain assertion (speech23: "I want pizza." beside "I
want a dog."), beside the rules alone and the second opinion everywhere.

``python -m benchmarks.evolution_models.speech_moment_gate [--json OUT]``: 2-fold halves of the
dev lines (fit on one, score the other, seed 7 as ``speech_embed_eval``) and the blind batches
12-23 (fit on all dev lines), per language: quiet lines (question, hypothetical, emotion,
filler) kept assertive, and assertive lines (assertion, negation, preference, instruction)
held back. Aggregates only: a blind batch is never read line by line.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.evolution_models.fitting import fit_linear
from benchmarks.evolution_models.speech_batches import batch
from benchmarks.evolution_models.speech_embed_eval import HALVES_SEED, embed_lines
from benchmarks.evolution_models.speech_eval import LabelledUtterance, load_examples
from hybridmem.evolution.embed_models import LinearModel
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.speech.embed import second_opinion
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS, SpeechActResult

MOMENT_FAMILIES = ("now:", "deixis:", "episode:", "particular:")
BLIND = tuple(f"blind {n}" for n in range(12, 24))
# A want of the speaker's the rules leave a plain assertion (speech23): "I want pizza." and
# "I want a dog." share the grammar; only the thing wanted (consumed now or a goal) tells them.
WANT_FAMILIES = (
    "volition:en-want",
    "volition:en-head",
    "volition:en-need",
    "volition:zh-",
    "want:",
)
Gate = Callable[[SpeechActResult], bool]
GATES: dict[str, Gate | None] = {
    "rules": None,
    "everywhere": lambda r: True,
    "in a moment": lambda r: any(c.startswith(MOMENT_FAMILIES) for c in r.cues),
    "a want": lambda r: any(c.startswith(WANT_FAMILIES) for c in r.cues),
}


def tally(
    items: Sequence[LabelledUtterance],
    vectors: Mapping[str, np.ndarray],
    model: LinearModel,
) -> dict[str, dict[str, dict[str, int]]]:
    """Per variant and language: quiet lines kept assertive, assertive lines held back."""
    rules = default_classifier()
    out: dict[str, dict[str, dict[str, int]]] = {}
    for name, gate in GATES.items():
        per_lang: dict[str, dict[str, int]] = {}
        for e in items:
            result = rules.classify(e.text)
            if gate is not None and gate(result):
                result = second_opinion(model, result, vectors[e.text])
            t = per_lang.setdefault(
                e.lang, {"quiet": 0, "kept_quiet": 0, "assertive": 0, "held": 0}
            )
            if e.act in ASSERTIVE_ACTS:
                t["assertive"] += 1
                t["held"] += not result.is_assertive
            else:
                t["quiet"] += 1
                t["kept_quiet"] += result.is_assertive
        out[name] = per_lang
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_moment_gate"
    )
    parser.add_argument("--json", type=Path, dest="json_out")
    args = parser.parse_args(argv)
    examples = load_examples()
    name, matrix = embed_lines("e5", examples)
    vectors = {e.text: matrix[i] for i, e in enumerate(examples)}
    dev = [i for i, e in enumerate(examples) if e.split == "dev"]
    order = np.random.default_rng(HALVES_SEED).permutation(dev)
    halves = [order[::2], order[1::2]]
    rows: dict[str, Any] = {}
    for k in (0, 1):
        train, test = halves[k], halves[1 - k]
        model = fit_linear(matrix[train], [examples[i].act.value for i in train], embedder=name)
        rows[f"dev half {k + 1}"] = tally([examples[i] for i in test], vectors, model)
    model = fit_linear(matrix[dev], [examples[i].act.value for i in dev], embedder=name)
    for label in BLIND:
        rows[label] = tally(batch(examples, label), vectors, model)
    print(f"{'set':<14}{'lang':<5}" + "".join(f"{g + ' kept/held':>26}" for g in GATES))
    for label, variants in rows.items():
        for lang in ("en", "zh"):
            cells = [variants[g][lang] for g in GATES]
            print(
                f"{label:<14}{lang:<5}"
                + "".join(
                    f"{c['kept_quiet']:>9}/{c['quiet']:<4} {c['held']:>4}/{c['assertive']:<6}"
                    for c in cells
                )
            )
    if args.json_out is not None:
        args.json_out.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
