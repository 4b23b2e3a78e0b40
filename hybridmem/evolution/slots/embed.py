"""Slot inference from the statement's embedding, for what the structural rules leave open.

Structure (:mod:`~hybridmem.evolution.slots`) finds who the statement is about and names a
slot by category vocabulary and forms; Chinese states changes in more ways than a vocabulary
holds ("我提了一辆新的比亚迪", "我现在过午不食", "我们复合了"). A linear model
(:mod:`~hybridmem.evolution.embed_models`) over the vector the engine already computed names
the slot of a first-person statement no rule placed, when it puts more than half of its
probability on one slot (a majority, no tuned threshold). It is trained with a ``none`` class
fed by ordinary statements, so "I take the 7:50 bus" stays slotless.

Training data: the ``dev`` lines of ``data/slot_changes.jsonl`` (labelled slots and ``null``)
plus, as ``none``, the ``dev`` lines of ``data/speech_acts.jsonl`` that the rules give no slot
(ordinary statements, questions, feelings; a few of them do state a slot value the rules
missed, so ``none`` is slightly noisy, which errs toward no slot). Shipped for the default
embedder (multilingual e5) only; MiniLM does not read Chinese and English recall is high
without it.

``python -m hybridmem.evolution.slot_embed fit|evaluate [--embedder e5]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from hybridmem.evolution.embed_models import (
    E5_NAME,
    LinearModel,
    fit_linear,
    shipped,
    write_model,
)

NONE = "none"
MODEL_FILES: dict[str, str] = {E5_NAME: "slot_embed_e5.json"}


def model_for(embedder_name: str, dimension: int) -> LinearModel | None:
    """The slot model shipped for this embedder, or None."""
    filename = MODEL_FILES.get(embedder_name)
    return None if filename is None else shipped(filename, embedder_name, dimension)


def predict(model: LinearModel, vector: object) -> str | None:
    """The slot holding a majority of the probability, or None (``none`` or no majority)."""
    if not model.reads(vector):
        return None
    assert isinstance(vector, np.ndarray)
    probs = model.probabilities(vector)
    best = int(np.argmax(probs))
    label = model.labels[best]
    return None if label == NONE or probs[best] <= 0.5 else label


def training_set() -> tuple[list[str], list[str]]:
    """Texts and labels: slot dev lines, plus speech-act dev lines the rules leave slotless."""
    from hybridmem.evolution.slot_eval import load
    from hybridmem.evolution.slots import infer
    from hybridmem.evolution.speech_eval import load_examples

    slot_rows = [e for e in load() if e.split == "dev"]
    texts = [e.text for e in slot_rows]
    labels = [e.slot or NONE for e in slot_rows]
    seen = set(texts)
    for e in load_examples(split="dev"):
        if e.text not in seen and infer(e.text).slot is None:
            texts.append(e.text)
            labels.append(NONE)
            seen.add(e.text)
    return texts, labels


def _embed(spec: str, texts: Sequence[str]) -> tuple[str, np.ndarray]:
    from hybridmem.embedding import make_embedder

    embedder = make_embedder(None if spec in ("e5", "default") else spec)
    return embedder.name, np.asarray(embedder.embed(list(texts)), dtype=np.float64)


def fit_command(spec: str, out: Path | None) -> int:
    texts, labels = training_set()
    name, vectors = _embed(spec, texts)
    model = fit_linear(
        vectors,
        labels,
        embedder=name,
        trained_on=f"{len(texts)} lines: slot dev lines + slotless speech-act dev lines",
    )
    out = write_model(model, MODEL_FILES, out)
    print(f"wrote {out} ({name}, {len(texts)} lines)")
    return 0


def evaluate_command(spec: str, json_out: Path | None) -> int:
    """Rules vs rules + model on every test batch of the slot set (model fitted on dev)."""
    from hybridmem.evolution.slot_eval import evaluate, format_report, load
    from hybridmem.evolution.slots import infer

    texts, labels = training_set()
    rows = [e for e in load() if e.split == "test"]
    name, vectors = _embed(spec, [*texts, *(e.text for e in rows)])
    model = fit_linear(vectors[: len(texts)], labels, embedder=name)
    by_text = {e.text: vectors[len(texts) + i] for i, e in enumerate(rows)}

    def with_model(text: str) -> str | None:
        guess = infer(text)
        if guess.slot is not None or not guess.about_user:
            return guess.slot
        return predict(model, by_text.get(text))

    payload: dict[str, Any] = {"embedder": name}
    for batch, subset in test_batches(rows).items():
        for method, run in (("rules", None), ("rules+model", with_model)):
            report = evaluate(subset, run or (lambda t: infer(t).slot))
            payload[f"{batch}/{method}"] = report
            print(format_report(f"{batch} {method}", report))
    if json_out is not None:
        json_out.write_text(json.dumps(payload, ensure_ascii=False, indent=2), "utf-8")
    return 0


def test_batches(rows: Sequence[Any]) -> dict[str, list[Any]]:
    """The slot set's test batches in file order: the first 146 test lines, then blind 2."""
    return {"test batch 1": list(rows[:146]), "blind batch 2": list(rows[146:])}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hybridmem.evolution.slot_embed")
    parser.add_argument("command", choices=["fit", "evaluate"])
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--json", type=Path, dest="json_out")
    args = parser.parse_args(argv)
    if args.command == "fit":
        return fit_command(args.embedder, args.out)
    return evaluate_command(args.embedder, args.json_out)


if __name__ == "__main__":
    sys.exit(main())
