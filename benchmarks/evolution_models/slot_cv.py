"""How the slot model generalises to attributes it has no slot for: cross-validation on dev data.

The shipped slot model (:mod:`hybridmem.evolution.slots.embed`) learned ``none`` from ordinary
chat (the speech-act ``dev`` lines); statements of a personal attribute that has no slot (a
phone, a bank, an illness) look like slot statements to it, and it names a slot with
confidence. The attribute groups of ``data/attribute_pairs.jsonl`` (``dev`` split only) are
such statements, written for the pair model: labelled here by the slot their attribute is (the
user's city, car and tea) or ``none`` (everything else: a gym day, a dentist, a bank, a phone,
an allergy...); three attributes that could be read either way (a commute, a delivery address,
a time zone) are left out.

``python -m benchmarks.evolution_models.slot_cv [--folds 5]`` compares, on out-of-fold
predictions (folds keep an attribute group's statements together, so a held-out attribute is
unseen), the model fitted on

- ``base``: the shipped training set (slot dev lines + slotless speech-act dev lines);
- ``+attributes``: the same plus the attribute groups;
- ``+roles`` (with ``--roles roles``, or ``trades``): the shipped set plus the role lines of
  ``data/slot_roles.jsonl`` (and the trade lines of ``data/slot_trade_lines.jsonl``); ``base``
  scores those lines as unseen;

for each inverse regularisation of ``--cs`` (default scikit-learn's 1.0) and fold assignment
(``--seeds``), and, for each, the abstention margin ``m`` (name a slot only when its
probability beats every other label's, ``none`` included, by ``m``) that maximises
out-of-fold accuracy, from a fixed grid (margin 0 only with ``--roles``). Only dev data is
read; the blind sets are not.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from benchmarks.evolution_models.fitting import LABELLED, fit_linear
from benchmarks.evolution_models.slot_embed_eval import ROLES, TRADES, training_set
from benchmarks.evolution_models.slot_eval import load
from hybridmem.evolution.slots.embed import NONE
from hybridmem.evolution.slots.rules import infer

ATTRIBUTE_SLOTS = {
    "user.city": "user.residence",
    "user.car": "user.vehicle",
    "user.tea": "pref.tea",
}
"""Attribute groups that are one of the slots; every other group is ``none``."""
AMBIGUOUS = frozenset({"user.commute", "user.delivery_address", "user.timezone"})
"""Groups that could be read as a slot or not: left out of training and scoring."""
_CJK = re.compile(r"[\u3400-\u9fff]")
MARGINS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    label: str
    group: str
    source: str  # "base", "attributes" or "roles"


def attribute_lines() -> list[Line]:
    """Every statement of the ``dev`` attribute groups, labelled by its attribute's slot."""
    out = []
    raw = (LABELLED / "attribute_pairs.jsonl").read_text(encoding="utf-8")
    for number, line in enumerate(raw.splitlines()):
        rec = json.loads(line)
        if rec["split"] != "dev" or rec["attribute"] in AMBIGUOUS:
            continue
        label = ATTRIBUTE_SLOTS.get(rec["attribute"], NONE)
        for pair in rec["values"]:
            for text in pair:
                out.append(Line(text, label, f"a{number}", "attributes"))
    return out


def base_lines() -> list[Line]:
    texts, labels = training_set()
    return [
        Line(t, lab, f"b{i}", "base") for i, (t, lab) in enumerate(zip(texts, labels, strict=True))
    ]


def role_lines(*, trades: bool = False) -> list[Line]:
    """The role (and trade) lines, each its own group (none is a restatement of another)."""
    rows = [e for p in ((ROLES, TRADES) if trades else (ROLES,)) for e in load(p)]
    return [Line(e.text, e.slot or NONE, f"r{i}", "roles") for i, e in enumerate(rows)]


def choose(probs: np.ndarray, labels: Sequence[str], margin: float) -> str:
    """The label named: a slot only when it beats every other label by ``margin``."""
    order = np.argsort(-probs)
    best, runner = int(order[0]), int(order[1])
    if labels[best] == NONE or probs[best] <= 0.5 or probs[best] - probs[runner] < margin:
        return NONE
    return labels[best]


def out_of_fold(
    lines: Sequence[Line],
    train_mask: np.ndarray,
    vectors: np.ndarray,
    folds: int,
    c: float = 1.0,
    seed: int = 0,
) -> tuple[np.ndarray, tuple[str, ...]]:
    """Out-of-fold probabilities for every line; a fold holds whole groups, and lines outside
    ``train_mask`` are never trained on (scored by every fold's model, averaged)."""
    groups = sorted({ln.group for ln in lines})
    rng = np.random.default_rng(seed)
    fold_of = dict(zip(groups, rng.permutation(len(groups)) % folds, strict=True))
    labels = np.array([ln.label for ln in lines])
    classes = tuple(sorted(set(labels[train_mask])))
    probs = np.zeros((len(lines), len(classes)))
    fold = np.array([fold_of[ln.group] for ln in lines])
    for k in range(folds):
        fit = train_mask & (fold != k)
        model = fit_linear(vectors[fit], list(labels[fit]), embedder="cv", c=c)
        assert model.labels == classes
        held = (fold == k) | ~train_mask
        for i in np.flatnonzero(held):
            weight = 1.0 if train_mask[i] else 1.0 / folds
            probs[i] += weight * model.probabilities(vectors[i])
    return probs, classes


def scores(lines: Sequence[Line], named: Sequence[str], asked: np.ndarray) -> dict[str, float]:
    """Accuracy, slot recall and false-slot rate over the lines the model is asked about."""
    rows = [(ln, n) for ln, n, a in zip(lines, named, asked, strict=True) if a]
    slotted = [(ln, n) for ln, n in rows if ln.label != NONE]
    nones = [(ln, n) for ln, n in rows if ln.label == NONE]
    return {
        "n": len(rows),
        "accuracy": round(sum(ln.label == n for ln, n in rows) / len(rows), 3),
        "recall": round(sum(ln.label == n for ln, n in slotted) / max(len(slotted), 1), 3),
        "false_slot_rate": round(sum(n != NONE for _, n in nones) / max(len(nones), 1), 3),
        "wrong_slot": sum(n not in (NONE, ln.label) for ln, n in slotted),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.slot_cv")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("--roles", choices=["", "roles", "trades"], default="")
    parser.add_argument("--cs", default="1.0", help="inverse regularisations, comma-separated")
    parser.add_argument("--seeds", type=int, default=1, help="fold assignments")
    args = parser.parse_args(argv)
    from hybridmem.embedding import make_embedder

    extra = role_lines(trades=args.roles == "trades") if args.roles else attribute_lines()
    lines = [*base_lines(), *extra]
    embedder = make_embedder(None if args.embedder in ("e5", "default") else args.embedder)
    vectors = np.asarray(embedder.embed([ln.text for ln in lines]), dtype=np.float64)
    # The write path asks the model only about a first-person statement no rule placed.
    asked = np.array([infer(ln.text).open for ln in lines])
    is_extra = np.array([ln.source != "base" for ln in lines])
    is_zh = np.array([bool(_CJK.search(ln.text)) for ln in lines])
    name = "+roles" if args.roles else "+attributes"
    for c in (float(x) for x in args.cs.split(",")):
        for variant, train_mask in (("base", ~is_extra), (name, np.ones(len(lines), bool))):
            for seed in range(args.seeds):
                probs, classes = out_of_fold(lines, train_mask, vectors, args.folds, c, seed)
                for margin in MARGINS if not args.roles else (0.0,):
                    named = [choose(p, classes, margin) for p in probs]
                    parts = {
                        "all": scores(lines, named, asked),
                        "base lines": scores(lines, named, asked & ~is_extra),
                        f"{name[1:]} lines": scores(lines, named, asked & is_extra),
                        "base en": scores(lines, named, asked & ~is_extra & ~is_zh),
                        "base zh": scores(lines, named, asked & ~is_extra & is_zh),
                        f"{name[1:]} en": scores(lines, named, asked & is_extra & ~is_zh),
                        f"{name[1:]} zh": scores(lines, named, asked & is_extra & is_zh),
                    }
                    print(variant, f"C {c:g} seed {seed} margin {margin:.1f}", json.dumps(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
