"""How often write-time paraphrase merging (:mod:`hybridmem.evolution.write.paraphrase`) merges
a restatement, and how often it would merge two different memories.

Pairs of the labelled attribute groups (``data/attribute_pairs.jsonl``, built as in
:mod:`pair_embed_eval`): ``same_value`` (two phrasings of one value: should merge),
``same_attribute`` (two values of one attribute, "I live in Leeds" / "Home is Bristol now":
must not), ``different`` (another attribute, the hardest negatives by cosine and random
ones: must not). Each pair is read both ways (either text may be the newcomer).

Rules compared, each with and without the guard (the newcomer states no change and says no
value holds again, ``slots.pairs.announces_value``, and names no value the other does not,
``values_agree``):

* ``pair model``: the shipped rule, ``same_value`` holds the majority of the pair model's
  calibrated probability. On the dev groups the model is fitted on one half and scored on
  the other (both ways); on the blind groups the model fitted on all of dev (the shipped one);
* ``cosine t*``: an absolute cosine threshold, chosen on one dev half (best F1 of merging
  restatements) and scored on the other and on the blind groups: the baseline a single
  similarity threshold gives.

Run: ``python -m benchmarks.evolution_models.paraphrase_eval [--json out.json] [--whiten pooled]``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.evolution_models.pair_embed_eval import (
    Statement,
    _embed,
    fit,
    load_statements,
    pairs,
)
from hybridmem.evolution.slots.pairs import (
    DIFFERENT,
    SAME_ATTRIBUTE,
    SAME_VALUE,
    PairModel,
    announces_value,
    read,
)
from hybridmem.evolution.write.paraphrase import values_agree

Merge = Callable[[int, int], bool]
"""(newcomer i, live node j) -> merged?"""


def _rates(rows: Sequence[Statement], vecs: np.ndarray, merge: Merge) -> dict[str, Any]:
    merged = {SAME_VALUE: [0, 0], SAME_ATTRIBUTE: [0, 0], DIFFERENT: [0, 0]}
    for a, b, label in pairs(rows, vecs):
        for i, j in ((a, b), (b, a)):
            merged[label][0] += merge(i, j)
            merged[label][1] += 1
    return {
        "restatements_merged": round(merged[SAME_VALUE][0] / max(merged[SAME_VALUE][1], 1), 3),
        "two_values_merged": round(
            merged[SAME_ATTRIBUTE][0] / max(merged[SAME_ATTRIBUTE][1], 1), 3
        ),
        "unrelated_merged": round(merged[DIFFERENT][0] / max(merged[DIFFERENT][1], 1), 4),
        "pairs": {k: v[1] for k, v in merged.items()},
    }


def _model_rule(
    model: PairModel, rows: Sequence[Statement], vecs: np.ndarray, guard: bool
) -> Merge:
    def merge(i: int, j: int) -> bool:
        if guard and (
            announces_value(rows[i].text) or not values_agree(rows[i].text, rows[j].text)
        ):
            return False
        return read(model, vecs[i], rows[i].text, vecs[j], rows[j].text).restates

    return merge


def _cosine_rule(t: float, rows: Sequence[Statement], vecs: np.ndarray, guard: bool) -> Merge:
    def merge(i: int, j: int) -> bool:
        if guard and (
            announces_value(rows[i].text) or not values_agree(rows[i].text, rows[j].text)
        ):
            return False
        return float(vecs[i] @ vecs[j]) >= t

    return merge


def _best_cosine(rows: Sequence[Statement], vecs: np.ndarray) -> float:
    """The cosine threshold with the best F1 of merging restatements (guard on)."""
    ps = pairs(rows, vecs)
    best = (-1.0, 1.0)
    for t in np.arange(0.80, 0.995, 0.005):
        tp = fp = fn = 0
        for a, b, label in ps:
            for i, j in ((a, b), (b, a)):
                m = (
                    not announces_value(rows[i].text)
                    and values_agree(rows[i].text, rows[j].text)
                    and float(vecs[i] @ vecs[j]) >= t
                )
                tp += m and label == SAME_VALUE
                fp += m and label != SAME_VALUE
                fn += (not m) and label == SAME_VALUE
        f1 = 2 * tp / max(2 * tp + fp + fn, 1)
        if f1 > best[0]:
            best = (f1, float(t))
    return round(best[1], 3)


def _subset(
    rows: Sequence[Statement], vecs: np.ndarray, keep: Callable[[Statement], bool]
) -> tuple[list[Statement], np.ndarray]:
    idx = [i for i, r in enumerate(rows) if keep(r)]
    return [rows[i] for i in idx], vecs[idx]


def evaluate(spec: str = "e5", whiten: str = "none") -> dict[str, Any]:
    """``whiten``: the pair model's features (``pair_embed_eval.WHITENINGS``)."""
    rows = load_statements()
    name, vecs = _embed(spec, [r.text for r in rows])
    out: dict[str, Any] = {"embedder": name}
    dev_rows, dev_vecs = _subset(rows, vecs, lambda r: r.split == "dev")
    groups = sorted({r.group for r in dev_rows})
    halves = [set(groups[0::2]), set(groups[1::2])]
    for h, held in enumerate(halves, 1):
        fit_rows, fit_vecs = _subset(dev_rows, dev_vecs, lambda r, g=held: r.group not in g)
        ev_rows, ev_vecs = _subset(dev_rows, dev_vecs, lambda r, g=held: r.group in g)
        model = fit(fit_rows, fit_vecs, name, whiten)
        t = _best_cosine(fit_rows, fit_vecs)
        for lang in ("en", "zh"):
            lr, lv = _subset(ev_rows, ev_vecs, lambda r, x=lang: r.lang == x)
            out[f"dev half {h}/{lang}"] = {
                "pair model + guard": _rates(lr, lv, _model_rule(model, lr, lv, True)),
                "pair model alone": _rates(lr, lv, _model_rule(model, lr, lv, False)),
                f"cosine {t} + guard": _rates(lr, lv, _cosine_rule(t, lr, lv, True)),
            }
    model = fit(dev_rows, dev_vecs, name, whiten)
    t = _best_cosine(dev_rows, dev_vecs)
    for lang in ("en", "zh"):
        lr, lv = _subset(rows, vecs, lambda r, x=lang: r.split == "test" and r.lang == x)
        out[f"blind/{lang}"] = {
            "pair model + guard": _rates(lr, lv, _model_rule(model, lr, lv, True)),
            "pair model alone": _rates(lr, lv, _model_rule(model, lr, lv, False)),
            f"cosine {t} + guard": _rates(lr, lv, _cosine_rule(t, lr, lv, True)),
        }
    return out


def main(argv: Sequence[str]) -> int:
    result = evaluate(
        argv[argv.index("--embedder") + 1] if "--embedder" in argv else "e5",
        argv[argv.index("--whiten") + 1] if "--whiten" in argv else "none",
    )
    text = json.dumps(result, ensure_ascii=False, indent=2)
    print(text)
    if "--json" in argv:
        Path(argv[argv.index("--json") + 1]).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
