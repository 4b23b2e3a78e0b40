"""Fitting and evaluating the slot model (:mod:`hybridmem.evolution.slots.embed`).

``python -m benchmarks.evolution_models.slot_embed_eval fit|evaluate [--embedder e5]``: ``fit``
writes the shipped model of the embedder (fitted on the slot set's ``dev`` lines plus the
speech-act ``dev`` lines the rules leave slotless, as ``none``; ``--roles`` adds the lines of
``data/slot_roles.jsonl``, ``--c`` sets the inverse regularisation: both measured, not
shipped, docs/benchmarks.md "Refitting the slot model"); ``evaluate`` prints rules vs rules +
model on every test batch of the slot set, the model fitted on ``dev``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.evolution_models.fitting import LABELLED, fit_linear, write_model
from benchmarks.evolution_models.slot_eval import evaluate, format_report, load
from benchmarks.evolution_models.speech_eval import load_examples
from hybridmem.evolution.slots.embed import MODEL_FILES, NONE, predict
from hybridmem.evolution.slots.rules import infer

ROLES = LABELLED / "slot_roles.jsonl"
"""Self-descriptions after "I'm a" / 我是: jobs said by a bare role noun, and the look-alikes
that are none (a fan, a family position, a sign, a faith): kinds the slot set's dev lines lack.
Measured, not in the shipped model (``--roles``)."""
TRADES = LABELLED / "slot_trade_lines.jsonl"
"""Jobs said by a trade verb with an employer or a workplace, and hobbies and habits said in
the same grammar (none). Measured with ``--roles trades``, not in the shipped model."""
NONES = LABELLED / "slot_none_lines.jsonl"
"""Statements no slot holds that the refit with role and trade lines read as the job: an
illness, a conviction, a past event, an everyday activity at a place (``--roles nones``: the
role, trade and these lines). Measured, not in the shipped model."""
STATES = LABELLED / "slot_state_lines.jsonl"
"""States of the person said with a copula (a condition, a blood group, a temperament, a
disability with its cause: "I'm an insomniac", 我是路痴), none: the refit that adds only these
(``--roles states``, docs/benchmarks.md "A state of the person is no job")."""
C = 1.0
"""The shipped model's inverse regularisation (scikit-learn's default)."""


def training_set(*, roles: str = "") -> tuple[list[str], list[str]]:
    """Texts and labels: slot dev lines, and speech-act dev lines the rules leave slotless;
    ``roles`` adds the role lines ("roles"), the role and trade lines ("trades"), or those and
    the none lines ("nones"); "states" adds the state lines only."""
    slot_rows = [e for e in load() if e.split == "dev"]
    if roles == "states":
        slot_rows += [e for e in load(STATES) if e.split == "dev"]
    order = ("roles", "trades", "nones")
    for name, path in zip(order, (ROLES, TRADES, NONES), strict=True):
        if roles in order and order.index(name) <= order.index(roles):
            slot_rows += [e for e in load(path) if e.split == "dev"]
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


def fit_command(spec: str, out: Path | None, c: float = C, roles: str = "") -> int:
    texts, labels = training_set(roles=roles)
    name, vectors = _embed(spec, texts)
    model = fit_linear(
        vectors,
        labels,
        embedder=name,
        trained_on=(
            f"{len(texts)} lines: slot dev lines + slotless speech-act dev lines"
            + (f" + {roles} lines" if roles else "")
            + (f" (C={c})" if c != C else "")
        ),
        c=c,
    )
    out = write_model(model, MODEL_FILES, out)
    print(f"wrote {out} ({name}, {len(texts)} lines)")
    return 0


def evaluate_command(spec: str, json_out: Path | None) -> int:
    """Rules vs rules + model on every test batch of the slot set (model fitted on dev)."""
    texts, labels = training_set()
    rows = [e for e in load() if e.split == "test"]
    name, vectors = _embed(spec, [*texts, *(e.text for e in rows)])
    model = fit_linear(vectors[: len(texts)], labels, embedder=name, c=C)
    by_text = {e.text: vectors[len(texts) + i] for i, e in enumerate(rows)}

    def with_model(text: str) -> str | None:
        guess = infer(text)
        if not guess.open:  # as the write path: a slot, someone else's, or settled slotless
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
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.slot_embed_eval")
    parser.add_argument("command", choices=["fit", "evaluate"])
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--json", type=Path, dest="json_out")
    parser.add_argument("--c", type=float, default=C, help="inverse regularisation (slot_cv)")
    parser.add_argument("--roles", choices=["", "roles", "trades", "nones", "states"], default="")
    args = parser.parse_args(argv)
    if args.command == "fit":
        return fit_command(args.embedder, args.out, args.c, args.roles)
    return evaluate_command(args.embedder, args.json_out)


if __name__ == "__main__":
    sys.exit(main())
