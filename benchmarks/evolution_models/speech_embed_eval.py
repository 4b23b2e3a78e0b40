"""Fitting and evaluating the embedding second opinion on the labelled set.

The second opinion: :mod:`hybridmem.evolution.speech.embed`.

``fit``: embed the ``dev`` lines with the embedder, fit, write the model JSON (by default the
shipped file of that embedder). ``evaluate``: 2-fold halves of ``dev`` (fit on one half, score
the other, both ways) and every test batch with the model fitted on all of ``dev``, each with
and without the second opinion, per language: accuracy, leak rate (non-assertive lines
labelled assertive) and assertive recall (assertions/negations still labelled assertive: the
cost side, a true fact the second opinion would hold back as a candidate).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.evolution_models.fitting import fit_linear, write_model
from benchmarks.evolution_models.speech_eval import LabelledUtterance, evaluate, load_examples
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.embed_models import LinearModel
from hybridmem.evolution.speech.embed import MODEL_FILES, second_opinion
from hybridmem.evolution.speech.labels import (
    ASSERTIVE_ACTS,
    SpeechAct,
    SpeechActClassifier,
    SpeechActResult,
)
from hybridmem.evolution.speech.rules import RuleBasedSpeechActClassifier

TEST_BATCHES: tuple[tuple[str, int, int], ...] = (
    ("written first", 1, 155),
    ("blind 1", 366, 449),
    ("blind 2", 702, 799),
    ("blind 3", 864, 919),
    ("blind 4", 996, 1065),
    ("blind 5", 1127, 1182),
    ("blind 6", 1269, 1350),
    ("blind 7", 1462, 1582),
    ("blind 8", 1651, 1690),
    ("blind 9", 1691, 1714),
    ("blind 10", 1715, 1754),
    ("blind 11", 1795, 1826),
    ("blind 12", 1859, 1951),
    ("blind 13", 1952, 2043),
    ("blind 14", 2044, 2131),
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
"""Line ranges (1-based, inclusive) of the bundled set's test batches (data/README.md)."""
HALVES_SEED = 7


@dataclass(frozen=True)
class WithSecondOpinion:
    """The rules, then the model's second opinion on the line's (precomputed) vector."""

    rules: SpeechActClassifier
    model: LinearModel | None
    vectors: Mapping[str, np.ndarray]

    def classify(self, text: str) -> SpeechActResult:
        result = self.rules.classify(text)
        if self.model is None:
            return result
        return second_opinion(self.model, result, self.vectors.get(text))


def _figures(classifier: SpeechActClassifier, items: Sequence[LabelledUtterance]) -> dict:
    out: dict[str, Any] = {}
    for lang in ("en", "zh"):
        subset = [e for e in items if e.lang == lang]
        if not subset:
            continue
        report = evaluate(classifier, subset)
        labels = report.labels
        stating = [
            i for i, a in enumerate(labels) if a in (SpeechAct.ASSERTION, SpeechAct.NEGATION)
        ]
        kept = [j for j, a in enumerate(labels) if a in ASSERTIVE_ACTS]
        gold = sum(sum(report.confusion[i]) for i in stating)
        held = sum(report.confusion[i][j] for i in stating for j in kept)
        out[lang] = {
            "n": len(subset),
            "accuracy": round(report.accuracy, 3),
            "leak_rate": round(report.leak_rate, 3),
            "assertive_recall": round(held / gold, 3) if gold else None,
        }
    return out


def embed_lines(embedder_spec: str, items: Sequence[LabelledUtterance]) -> tuple[str, np.ndarray]:
    """The embedder's name and the vectors of ``items``' texts, in order."""
    from hybridmem.embedding import make_embedder

    embedder = make_embedder(None if embedder_spec in ("e5", "default") else embedder_spec)
    return embedder.name, np.asarray(embedder.embed([e.text for e in items]), dtype=np.float64)


def fit_command(embedder_spec: str, out: Path | None) -> int:
    dev = load_examples(split="dev")
    name, vectors = embed_lines(embedder_spec, dev)
    model = fit_linear(
        vectors,
        [e.act.value for e in dev],
        embedder=name,
        trained_on=f"{len(dev)} dev lines of data/speech_acts.jsonl",
    )
    out = write_model(model, MODEL_FILES, out)
    print(f"wrote {out} ({name}, {len(dev)} dev lines)")
    return 0


def evaluate_command(embedder_spec: str, json_out: Path | None) -> int:
    examples = load_examples()
    name, matrix = embed_lines(embedder_spec, examples)
    vectors = {e.text: matrix[i] for i, e in enumerate(examples)}
    rules = RuleBasedSpeechActClassifier()
    payload: dict[str, Any] = {"embedder": name, "halves": [], "batches": {}}
    dev_rows = [i for i, e in enumerate(examples) if e.split == "dev"]
    order = np.random.default_rng(HALVES_SEED).permutation(dev_rows)
    halves = [order[::2], order[1::2]]
    for k in (0, 1):
        train, test = halves[k], halves[1 - k]
        model = fit_linear(matrix[train], [examples[i].act.value for i in train], embedder=name)
        items = [examples[i] for i in test]
        payload["halves"].append(
            {
                "rules": _figures(rules, items),
                "with_second_opinion": _figures(WithSecondOpinion(rules, model, vectors), items),
            }
        )
    model = fit_linear(matrix[dev_rows], [examples[i].act.value for i in dev_rows], embedder=name)
    for batch, first, last in TEST_BATCHES:
        items = list(examples[first - 1 : last])
        if any(e.split != "test" for e in items):
            raise InvalidArgumentError(f"{batch}: lines {first}-{last} are not all test lines")
        payload["batches"][batch] = {
            "rules": _figures(rules, items),
            "with_second_opinion": _figures(WithSecondOpinion(rules, model, vectors), items),
        }
    _print(payload)
    if json_out is not None:
        json_out.write_text(json.dumps(payload, ensure_ascii=False, indent=2), "utf-8")
    return 0


def _print(payload: Mapping[str, Any]) -> None:
    print(f"embedder: {payload['embedder']}")
    rows = [(f"dev half {k + 1}", h) for k, h in enumerate(payload["halves"])]
    rows += list(payload["batches"].items())
    print(f"{'set':<16}{'lang':<5}{'n':>4}  rules acc/leak/assert-rec   +embedding (same)")
    for label, pair in rows:
        for lang, base in pair["rules"].items():
            new = pair["with_second_opinion"][lang]
            print(
                f"{label:<16}{lang:<5}{base['n']:>4}  "
                f"{base['accuracy']:.3f} / {base['leak_rate']:.3f} / {base['assertive_recall']}"
                f"      {new['accuracy']:.3f} / {new['leak_rate']:.3f} / {new['assertive_recall']}"
            )


def main(argv: Sequence[str] | None = None) -> int:
    """``fit`` (write the shipped model) or ``evaluate`` (halves and batches, with/without)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.speech_embed_eval")
    parser.add_argument("command", choices=["fit", "evaluate"])
    parser.add_argument("--embedder", default="e5", help="make_embedder spec (default e5)")
    parser.add_argument("--out", type=Path, help="fit: where to write the model JSON")
    parser.add_argument("--json", type=Path, dest="json_out", help="evaluate: also write here")
    args = parser.parse_args(argv)
    if args.command == "fit":
        return fit_command(args.embedder, args.out)
    return evaluate_command(args.embedder, args.json_out)


if __name__ == "__main__":
    sys.exit(main())
