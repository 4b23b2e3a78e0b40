"""The pair model refitted with one-off and mention remarks as negatives and unworded changes
as positives: does it tell an unworded change from a remark about the same thing well enough
to drop the writer's change-word gate? A measurement (issue 38, stale16).

stale15 (``link_trace``, ``link_margin``) found that the writer compares a statement said with
no change word with nothing (``pairs.states_change`` gates ``evolution.write.similar_group``)
and that the shipped pair model, past that gate, reads most unworded changes as two
attributes while reading the controls' remarks as near their habits. The shipped model was
fitted on attribute groups only (``data/attribute_pairs.jsonl``): restatements and changes of
one attribute against other attributes; it never saw a remark about one day or a remark that
only mentions a value's subject. ``data/link_pairs.jsonl`` (written for this, 14 items a
language of each kind, never a blind set's line) adds them:

- ``change``: an older value and a newer one said with no change word -> ``same_attribute``;
- ``repeat``: the value said again in other words -> ``same_value``;
- ``oneoff`` / ``mention``: a habit or value and a remark about one day or about its subject
  -> ``different``.

Two refits, the features unchanged (``pairs.FEATURES``): ``added`` (the link pairs added to
the attribute groups' pairs) and ``balanced`` (the link pairs repeated until they weigh as
much as the attribute pairs: knob-free, each source half the loss). The regularisation
(``C`` of the logistic regression) is chosen for each by 7-fold cross-validation over the
link items (folds by the older statement, so a habit's change and its one-off never sit on
both sides), by the held-out link pairs' log-likelihood.

Each model is then read on ``link_margin``'s rows (the dev colloquial change pairs and their
one-off / mention controls, each newer statement against the value it replaces and a pool of
~130 other facts): (1) the model's own reading of the pair (linked: one attribute holds a
majority), (2) the writer's search with the gate dropped (the nearest fact by cosine, linked
when it shares a naming word and the model links it), (3) whether the two share a naming word
(``pairs.shares_anchor``, which the writer and the query-time rule both ask), (4) the margin
of the replaced value
over the pool's best other fact by the model's probability, chosen on one half of the files
(smallest at which no control links) and read on the other, and leave-one-file-out::

    python -m benchmarks.link_refit --json FILE

Development analysis only (it reads the pairs): never run it on a blind set.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks import link_margin
from benchmarks.evolution_models.fitting import LABELLED, fit_linear
from benchmarks.evolution_models.pair_embed_eval import centres_of, load_statements, pairs
from hybridmem.embedding import make_embedder
from hybridmem.evolution.slots import pairs as pair_embed
from hybridmem.evolution.slots.pairs import DIFFERENT, SAME_ATTRIBUTE, SAME_VALUE, PairModel

LINK_PAIRS = LABELLED / "link_pairs.jsonl"
LABEL = {"change": SAME_ATTRIBUTE, "repeat": SAME_VALUE, "oneoff": DIFFERENT, "mention": DIFFERENT}
GRID = (0.01, 0.1, 1.0, 10.0, 100.0)
FOLDS = 7
LABELS = ("missed", "gated", "worded", "control")


def load_link_pairs(path: Path = LINK_PAIRS) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


class Vectors:
    """e5 vectors of every text asked for, embedded once."""

    def __init__(self) -> None:
        self.embedder = make_embedder(None)
        self.vec: dict[str, np.ndarray] = {}

    def add(self, texts: Sequence[str]) -> None:
        new = sorted({t for t in texts if t not in self.vec})
        if new:
            for t, v in zip(new, self.embedder.embed(new), strict=True):
                self.vec[t] = np.asarray(v, dtype=np.float64)


def _fit(
    base_x: np.ndarray,
    base_y: list[str],
    link: list[dict[str, Any]],
    vs: Vectors,
    centres: dict[str, np.ndarray],
    c: float,
    balanced: bool,
) -> PairModel:
    lx = [
        pair_embed.features(vs.vec[r["new"]], r["new"], vs.vec[r["old"]], r["old"], centres)
        for r in link
    ]
    ly = [LABEL[r["kind"]] for r in link]
    times = max(1, round(len(base_y) / len(link))) if balanced and link else 1
    x = np.vstack([base_x, *([np.stack(lx)] * times)]) if link else base_x
    y = base_y + ly * times
    linear = fit_linear(x, y, embedder=vs.embedder.name, trained_on=f"C={c}", c=c)
    return PairModel(linear, centres)


def _loglik(model: PairModel, link: list[dict[str, Any]], vs: Vectors) -> float:
    out = 0.0
    for r in link:
        x = pair_embed.features(
            vs.vec[r["new"]], r["new"], vs.vec[r["old"]], r["old"], model.centres
        )
        probs = dict(zip(model.linear.labels, model.linear.probabilities(x), strict=True))
        out += math.log(max(float(probs[LABEL[r["kind"]]]), 1e-9))
    return out / max(len(link), 1)


def choose_c(
    base_x: np.ndarray,
    base_y: list[str],
    link: list[dict[str, Any]],
    vs: Vectors,
    centres: dict[str, np.ndarray],
    balanced: bool,
) -> tuple[float, dict[str, float]]:
    """``C`` by cross-validation over the link items, folds by the older statement."""
    olds = sorted({r["old"] for r in link})
    fold = {o: k % FOLDS for k, o in enumerate(olds)}
    scores: dict[str, float] = {}
    for c in GRID:
        total = 0.0
        for f in range(FOLDS):
            train = [r for r in link if fold[r["old"]] != f]
            test = [r for r in link if fold[r["old"]] == f]
            model = _fit(base_x, base_y, train, vs, centres, c, balanced)
            total += _loglik(model, test, vs) * len(test)
        scores[str(c)] = round(total / len(link), 4)
    best = max(GRID, key=lambda c: scores[str(c)])
    return best, scores


def readings(
    model: PairModel,
    rows: list[dict[str, Any]],
    pool: dict[str, list[tuple[str, str]]],
    vs: Vectors,
) -> None:
    """Per row (in place, under the model's name): its reading of the pair, the gate-dropped
    search's pick and the probability margin over the pool's best other fact."""
    for r in rows:
        new = r["new"]
        others = [t for i, t in pool[r["lang"]] if i != r["id"] and t != r["old"]]

        def prob(t: str, new: str = new) -> float:
            x = pair_embed.read(model, vs.vec[new], new, vs.vec[t], t)
            return x.same_value + x.same_attribute

        own = prob(r["old"])
        facts = sorted([r["old"], *others], key=lambda t: -float(vs.vec[new] @ vs.vec[t]))
        top = facts[0]
        picked = prob(top) > 0.5 and pair_embed.shares_anchor(new, top)
        r["p"] = round(own, 4)
        r["anchor"] = pair_embed.shares_anchor(new, r["old"])
        r["margin"] = round(own - max(prob(t) for t in others), 4)
        r["search"] = "right" if picked and top == r["old"] else ("wrong" if picked else "none")


def _count(rows: list[dict[str, Any]], test: Any) -> dict[str, str]:
    out = {}
    for label in LABELS:
        sel = [r for r in rows if r["label"] == label]
        out[label] = f"{sum(bool(test(r)) for r in sel)}/{len(sel)}"
    return out


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The model's links, the search's, and the margin fitted by halves and by file."""
    out: dict[str, Any] = {
        "linked (p > 0.5)": _count(rows, lambda r: r["p"] > 0.5),
        "search right": _count(rows, lambda r: r["search"] == "right"),
        "search wrong": _count(rows, lambda r: r["search"] == "wrong"),
        "shares a naming word": _count(rows, lambda r: r["anchor"]),
    }
    for fit in (0, 1):
        t = link_margin.fitted([r for r in rows if r["half"] == fit], "margin")
        read = [r for r in rows if r["half"] == 1 - fit]
        out[f"margin fit half {fit} ({t:+.3f}), read half {1 - fit}"] = _count(
            read, lambda r, t=t: r["margin"] > t
        )
    files = sorted({r["file"] for r in rows})
    loo: list[dict[str, Any]] = []
    for f in files:
        t = link_margin.fitted([r for r in rows if r["file"] != f], "margin")
        loo.extend({**r, "linked": r["margin"] > t} for r in rows if r["file"] == f)
    out["margin leave-one-file-out"] = _count(loo, lambda r: r["linked"])
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.link_refit")
    parser.add_argument("--json", type=Path, required=True)
    parser.add_argument("--out", type=Path, help="write the balanced refit here (a model file)")
    args = parser.parse_args(argv)
    vs = Vectors()
    statements = [s for s in load_statements() if s.split == "dev"]
    link = load_link_pairs()
    halves = [link_margin._pairs_of(h) for h in (0, 1)]
    pool = {lang: [p for _, f in halves for p in f[lang]] for lang in ("en", "zh")}
    rows = [r for half, _ in halves for r in half]
    vs.add([s.text for s in statements])
    vs.add([t for r in link for t in (r["new"], r["old"])])
    vs.add([t for r in rows for t in (r["new"], r["old"])])
    vs.add([t for f in pool.values() for _, t in f])
    svecs = np.stack([vs.vec[s.text] for s in statements])
    centres = centres_of(statements, svecs)
    ps = pairs(statements, svecs)
    base_x = np.stack(
        [
            pair_embed.features(svecs[i], statements[i].text, svecs[j], statements[j].text, centres)
            for i, j, _ in ps
        ]
    )
    base_y = [label for _, _, label in ps]
    shipped = pair_embed.model_for(vs.embedder.name, vs.embedder.dimension)
    assert shipped is not None
    models: dict[str, PairModel] = {"shipped": shipped}
    result: dict[str, Any] = {"cv": {}, "models": {}}
    print(f"attribute pairs {len(base_y)}, link pairs {len(link)}")
    print("shipped on the link pairs (mean log-lik):", round(_loglik(shipped, link, vs), 4))
    for name, balanced in (("added", False), ("balanced", True)):
        c, scores = choose_c(base_x, base_y, link, vs, centres, balanced)
        result["cv"][name] = {"C": c, "loglik": scores}
        print(f"{name}: C={c} (held-out log-lik by C {scores})")
        models[name] = _fit(base_x, base_y, link, vs, centres, c, balanced)
    for name, model in models.items():
        readings(model, rows, pool, vs)
        s = summary(rows)
        result["models"][name] = {"summary": s, "rows": [dict(r) for r in rows]}
        print(f"\n== {name}")
        for k, v in s.items():
            print(f"  {k:48} " + "  ".join(f"{lab} {v[lab]}" for lab in LABELS))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if args.out is not None:
        args.out.write_text(models["balanced"].to_json(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
