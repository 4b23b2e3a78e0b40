"""Changes that share no word with the value they replace: labelled pairs and readings (issue 38).

Development analysis. Builds, from the development colloquial files and the first-day
newcomers, every pair (newer statement, older statement of the same user and language) and
labels it:

- ``change``: the newer gives another value of the older's attribute (consecutive values of a
  colloquial change scenario; a first-day newcomer's ``old`` / ``new``);
- ``repeat``: the same value said again (a colloquial ``repeat`` scenario's last two values);
- ``control``: a colloquial control pair that must not join (``both``, ``unrelated``, a one-off
  remark or want after a habit);
- ``other``: statements of two attributes by the same user: a colloquial file's values of two
  scenarios (one language of one file is read as one user's store), and a first-day newcomer's
  facts, each with every fact said before it.

Only pairs that share no naming word (:func:`hybridmem.evolution.slots.pairs.shares_anchor`)
are kept: the ones the shipped writer cannot link. Each pair carries the readings measured:

- ``cos``: the e5 cosine of the two stored (passage) vectors;
- ``masked``: the cosine of the two with their value words (:func:`pairs.words`: names,
  numbers, places) taken out, re-embedded;
- ``pair``: the shipped pair model's one-attribute probability;
- ``nearest``: the older is the newer's nearest older statement of the user (by ``cos``);
- ``margin``: ``cos`` minus the cosine of the newer's second nearest older statement (0 when
  the older is not the nearest).

A reading "links" a pair when its score reaches a threshold; the threshold is chosen by
leave-one-file-out cross-validation: for each held-out file, the threshold that maximises
``changes linked - false links`` over the other files (a false link costs a change's worth:
no knob of its own), then read on the held-out file. Both halves (the colloquial files; the
first-day newcomers, whose 14 standing facts are a real store's shape) and the spread over
folds are printed::

    python -m benchmarks.unworded_pairs --json benchmarks/results/meaning12/unworded_pairs.json
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.common import load_embedder
from benchmarks.first_day import PERSONAS, SETS
from benchmarks.first_day_persona import Persona
from hybridmem.evolution.slots import pairs as pair_embed

DATA = Path("benchmarks/data")
COLLOQUIAL = ("dev", "blind", "blind2", "blind3", "blind4", "blind5", "blind7", "blind8")
"""The development colloquial files (blind6 and blind9 stay blind)."""
CONTROL_SUFFIXES = (("old", "new"), ("habit", "remark"), ("habit", "want"))
SCORES = ("cos", "masked", "pair", "margin")


@dataclass
class Pair:
    fold: str
    lang: str
    label: str
    new: str
    old: str
    cos: float = 0.0
    masked: float = 0.0
    pair: float = 0.0
    nearest: bool = False
    margin: float = 0.0
    anchor: bool = False
    change_word: bool = False


@dataclass
class Store:
    """One user's statements in the order said, with the labelled pairs among them."""

    fold: str
    lang: str
    texts: list[str]
    labels: dict[tuple[int, int], str]
    """(newer index, older index) -> label; unlisted pairs of two scenarios are ``other``."""
    scenario: list[str]


def _colloquial(name: str) -> list[Store]:
    scenarios = json.loads((DATA / f"colloquial_{name}.json").read_text(encoding="utf-8"))
    out: list[Store] = []
    for lang in ("en", "zh"):
        store = Store(name, lang, [], {}, [])
        for sc in scenarios:
            if sc["lang"] != lang:
                continue
            kind = sc["id"].split("-")[1] if sc["id"].startswith("colloq") else sc["family"]
            by_suffix = {
                n["id"].rsplit(".", 1)[1]: n["content"]
                for n in sc["nodes"]
                if n["node_type"] != "event"
            }
            values = sorted(k for k in by_suffix if k[:1] == "v" and k[1:].isdigit())
            start = len(store.texts)
            if values:
                for k in values:
                    store.texts.append(by_suffix[k])
                    store.scenario.append(sc["id"])
                for i in range(1, len(values)):
                    label = "repeat" if kind == "repeat" and i == len(values) - 1 else "change"
                    store.labels[(start + i, start + i - 1)] = label
                    for j in range(i - 1):  # a move back: the first value is the same one
                        store.labels[(start + i, start + j)] = "skip"
                continue
            for a, b in CONTROL_SUFFIXES:
                if a in by_suffix and b in by_suffix:
                    store.texts += [by_suffix[a], by_suffix[b]]
                    store.scenario += [sc["id"], sc["id"]]
                    store.labels[(start + 1, start)] = "control"
        out.append(store)
    return out


def _first_day(name: str, persona: Persona) -> Store:
    texts = [persona.old, *(t for t, _ in persona.facts), persona.new]
    labels = {(len(texts) - 1, 0): "change"}
    return Store(
        f"first_day:{name}", persona.lang, texts, labels, [str(i) for i in range(len(texts))]
    )


def stores() -> list[Store]:
    out = [s for name in COLLOQUIAL for s in _colloquial(name)]
    personas = {"dev": PERSONAS, **SETS}
    out += [_first_day(name, p) for name, ps in personas.items() for p in ps]
    return out


def _masked(text: str) -> str:
    values = {w for w, value in pair_embed.words(text) if value}
    if not values:
        return text
    kept = [t for t in text.split() if pair_embed._stem(t.lower().strip(".,!?")) not in values]
    if pair_embed.language(text) == "zh":
        out = text
        for w in sorted(values, key=len, reverse=True):
            out = out.replace(w, "")
        return out or text
    return " ".join(kept) or text


def read_pairs(embedder_spec: str = "multilingual") -> list[Pair]:
    embedder = load_embedder(embedder_spec)
    model = pair_embed.model_for(embedder.name, embedder.dimension)
    assert model is not None, "the pair model ships for e5 only"
    out: list[Pair] = []
    for store in stores():
        vecs = np.asarray(embedder.embed(store.texts), dtype=np.float64)
        masked = np.asarray(embedder.embed([_masked(t) for t in store.texts]), dtype=np.float64)
        sims = vecs @ vecs.T
        for i in range(1, len(store.texts)):
            older = list(range(i))
            if not store.fold.startswith("first_day"):
                # A colloquial store: every other scenario's statements are the user's too,
                # said before (a scenario's own later values are not).
                older = [
                    j
                    for j in range(len(store.texts))
                    if j != i and (store.scenario[j] != store.scenario[i] or j < i)
                ]
            ranked = sorted(older, key=lambda j: -sims[i, j])
            for j in older:
                label = store.labels.get((i, j))
                if label is None:
                    if store.scenario[j] == store.scenario[i]:
                        continue
                    label = "other"
                if label == "skip":
                    continue
                new, old = store.texts[i], store.texts[j]
                nearest = ranked[0] == j
                anchor = pair_embed.shares_anchor(new, old)
                if anchor and not nearest:
                    continue
                reading = pair_embed.read(model, vecs[i], new, vecs[j], old)
                second = next((sims[i, k] for k in ranked if k != j), sims[i, j])
                out.append(
                    Pair(
                        store.fold,
                        store.lang,
                        label,
                        new,
                        old,
                        float(sims[i, j]),
                        float(masked[i] @ masked[j]),
                        reading.same_value + reading.same_attribute,
                        nearest,
                        float(sims[i, j] - second) if nearest else 0.0,
                        anchor,
                        pair_embed.states_change(new),
                    )
                )
    return out


READINGS: tuple[tuple[str, ...], ...] = (
    ("cos",),
    ("masked",),
    ("pair",),
    ("margin",),
    ("cos", "pair"),
    ("pair", "margin"),
)
"""Each reading links a unit when every score it names reaches its threshold."""
GATES = ("any", "change word")
SUBSETS = ("unlinked", "no shared word")
GRID = 30
"""Candidate thresholds per score: quantiles of the training changes' scores (a grid, so a
two-score reading is searched in GRID**2 steps; a finer grid moved no single-score result)."""


def units(pairs: Iterable[Pair], subset: str = "unlinked") -> list[Pair]:
    """Each newer statement with its nearest older one (the writer's one candidate), when the
    shipped writer does not link them (a stated change, the pair model and a shared naming
    word) and the pair is labelled ``change``, ``other`` or ``control``; ``no shared word``
    keeps only the pairs that share no naming word."""
    return [
        p
        for p in pairs
        if p.nearest
        and p.label in ("change", "other", "control")
        and not (p.change_word and p.anchor and p.pair > 0.5)
        and (subset == "unlinked" or not p.anchor)
    ]


def _links(p: Pair, reading: Sequence[str], gate: str, ts: Sequence[float]) -> bool:
    if gate != "any" and not p.change_word:
        return False
    return all(float(getattr(p, k)) >= t for k, t in zip(reading, ts, strict=True))


def _best(pairs: Sequence[Pair], reading: Sequence[str], gate: str) -> tuple[float, ...]:
    """The thresholds that link most changes net of false links (inf: link none)."""
    changes = [p for p in pairs if p.label == "change"]
    best: tuple[float, ...] = tuple(float("inf") for _ in reading)
    if not changes:
        return best
    grids = [
        sorted(
            {
                float(q)
                for q in np.quantile([getattr(p, k) for p in changes], np.linspace(0, 1, GRID))
            }
        )
        for k in reading
    ]
    best_gain = 0
    for ts in itertools.product(*grids):
        gain = sum(
            (1 if p.label == "change" else -1) for p in pairs if _links(p, reading, gate, ts)
        )
        if gain > best_gain:
            best, best_gain = tuple(ts), gain
    return best


def counts(
    pairs: Iterable[Pair], reading: Sequence[str], gate: str, ts: Sequence[float]
) -> dict[str, int]:
    out = {"change": 0, "change_linked": 0, "false": 0, "false_linked": 0}
    for p in pairs:
        key = "change" if p.label == "change" else "false"
        out[key] += 1
        out[f"{key}_linked"] += _links(p, reading, gate, ts)
    return out


def kept(p: Pair) -> bool:
    """The pairs written to the JSON: every unit a reading is scored on and every labelled
    pair (the ``other`` pairs that are no newer statement's nearest would be 40,000 rows)."""
    return p.nearest or p.label != "other"


def _in_fold(p: Pair, fold: str) -> bool:
    return p.fold == fold or (fold == "first_day" and p.fold.startswith("first_day"))


def _half(fold: str) -> str:
    return "first_day" if fold.startswith("first_day") else "colloquial"


def auc(pairs: Sequence[Pair], score: str) -> float:
    """How often a change's score exceeds a false unit's (ties count half): a reading's
    separation with no threshold."""
    pos = np.array([getattr(p, score) for p in pairs if p.label == "change"])
    neg = np.array([getattr(p, score) for p in pairs if p.label != "change"])
    if not len(pos) or not len(neg):
        return float("nan")
    above = (pos[:, None] > neg[None, :]).mean() + 0.5 * (pos[:, None] == neg[None, :]).mean()
    return float(above)


def cross_validate(pairs: Sequence[Pair]) -> dict[str, Any]:
    """Leave one file out (the first-day newcomers are one fold): each fold read with the
    thresholds chosen on the others; and each score's separation per half."""
    result: dict[str, Any] = {}
    for subset in SUBSETS:
        chosen = units(pairs, subset)
        result[f"{subset}: auc"] = {
            half: {k: auc([p for p in chosen if _half(p.fold) == half], k) for k in SCORES}
            for half in ("colloquial", "first_day")
        }
        for reading in READINGS:
            for gate in GATES:
                rows = []
                for fold in (*COLLOQUIAL, "first_day"):
                    train = [p for p in chosen if not _in_fold(p, fold)]
                    test = [p for p in chosen if _in_fold(p, fold)]
                    ts = _best(train, reading, gate)
                    rows.append({"fold": fold, "thresholds": ts, **counts(test, reading, gate, ts)})
                result[f"{subset}: {' & '.join(reading)} / {gate}"] = rows
    return result


def _print(cv: dict[str, Any]) -> None:
    print("reading / gate: held out, summed over folds (colloquial files; first-day newcomers)")
    for name, rows in cv.items():
        if name.endswith(": auc"):
            print(
                f"{name}: "
                + "; ".join(
                    f"{half} " + " ".join(f"{k} {v:.3f}" for k, v in by.items())
                    for half, by in rows.items()
                )
            )
            continue
        cells = []
        for half in ("colloquial", "first_day"):
            part = [r for r in rows if _half(r["fold"]) == half]
            c = sum(r["change_linked"] for r in part), sum(r["change"] for r in part)
            f = sum(r["false_linked"] for r in part), sum(r["false"] for r in part)
            cells.append(f"{half} change {c[0]}/{c[1]} false {f[0]}/{f[1]}")
        first = [r["thresholds"][0] for r in rows if r["thresholds"][0] != float("inf")]
        spread = f"{min(first):.3f}..{max(first):.3f}" if first else "none"
        print(f"{name}: {'; '.join(cells)}; first threshold {spread}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, required=True)
    parser.add_argument("--embedder", default="multilingual")
    parser.add_argument("--pairs", type=Path, help="read the pairs of an earlier --json run")
    args = parser.parse_args(argv)
    if args.pairs is not None:
        raw = json.loads(args.pairs.read_text(encoding="utf-8"))["pairs"]
        pairs = [Pair(**p) for p in raw]
    else:
        pairs = read_pairs(args.embedder)
    cv = cross_validate(pairs)
    _print(cv)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(
        json.dumps(
            {"pairs": [asdict(p) for p in pairs if kept(p)], "cv": cv}, ensure_ascii=False, indent=1
        ),
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
