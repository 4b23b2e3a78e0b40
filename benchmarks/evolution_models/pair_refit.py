"""Refitting the pair model with features that carry "one attribute" without a shared word.

The shipped features (:data:`hybridmem.evolution.slots.pairs.FEATURES`: two cosines and the
shared words) read two values of one attribute only when they share a word; changes said with
none ("I always fly Lufthansa" / "Book me on KLM from now on") are read as two attributes.
Two knob-free readings of the e5 geometry are measured beside them, each learnt from the
training groups only (one half on the dev halves):

* ``wccn``: the cosine after within-group covariance normalisation: the vectors are whitened
  by the covariance of the statements of one attribute around their group's mean (Ledoit-Wolf
  shrinkage, no knob), so the directions along which values of one attribute vary (names,
  days, places, numbers) weigh less and those that tell attributes apart weigh more;
* ``profile``: the correlation of the two statements' similarity profiles over the training
  groups' centroids (a second-order similarity: two statements about one unseen attribute sit
  near the same training attributes).

Feature sets: ``shipped`` (the five features, refitted with the fixed Chinese word reading),
``+wccn``, ``+profile``, ``+both``. Each is scored on the two dev halves (fit on one half's
groups, score the other's, both ways), on the held-out batches of ``attribute_pairs.jsonl``
and on ``pair_blind.jsonl`` (fitted on all dev), model alone and behind the writer's
shared-naming-word gate.

Run: ``python -m benchmarks.evolution_models.pair_refit --json out.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.evolution_models import pair_blind
from benchmarks.evolution_models.fitting import fit_linear
from benchmarks.evolution_models.pair_embed_eval import (
    FOLDS,
    Linker,
    Statement,
    centres_of,
    link_report,
    load_statements,
    pair_report,
    pairs,
    whitening,
)
from hybridmem.embedding import make_embedder
from hybridmem.evolution.embed_models import LinearModel
from hybridmem.evolution.slots.pairs import DIFFERENT, SAME_VALUE, features, shares_anchor

EXTRAS = {"shipped": (), "+wccn": ("wccn",), "+profile": ("profile",), "+both": ("wccn", "profile")}


@dataclass(frozen=True)
class Geometry:
    """What the extra features learn from the training statements."""

    centres: dict[str, np.ndarray]
    whiten: np.ndarray
    prototypes: np.ndarray


def _centred(v: np.ndarray, centre: np.ndarray) -> np.ndarray:
    out = v - centre
    norm = float(np.linalg.norm(out))
    return out / norm if norm > 0 else out


def geometry_of(
    rows: Sequence[Statement], vecs: np.ndarray, centres: dict[str, np.ndarray] | None = None
) -> Geometry:
    """The whitening (``pair_embed_eval.whitening``, pooled) and the groups' prototypes."""
    centres = centres_of(rows, vecs) if centres is None else centres
    protos = []
    for g in sorted({r.group for r in rows}):
        idx = [i for i, r in enumerate(rows) if r.group == g]
        lang = rows[idx[0]].lang
        mean = np.stack([_centred(vecs[i], centres[lang]) for i in idx]).mean(axis=0)
        protos.append(mean / max(float(np.linalg.norm(mean)), 1e-12))
    return Geometry(centres, whitening(rows, vecs, centres), np.stack(protos))


def extra_features(
    geo: Geometry, extras: Sequence[str], a: np.ndarray, a_lang: str, b: np.ndarray, b_lang: str
) -> list[float]:
    ca, cb = _centred(a, geo.centres[a_lang]), _centred(b, geo.centres[b_lang])
    out: list[float] = []
    for name in extras:
        if name == "wccn":
            u, v = geo.whiten @ ca, geo.whiten @ cb
            out.append(float(u @ v / (np.linalg.norm(u) * np.linalg.norm(v))))
        else:
            pa, pb = geo.prototypes @ ca, geo.prototypes @ cb
            pa, pb = pa - pa.mean(), pb - pb.mean()
            out.append(float(pa @ pb / (np.linalg.norm(pa) * np.linalg.norm(pb))))
    return out


@dataclass(frozen=True)
class Candidate:
    linear: LinearModel
    geo: Geometry
    extras: tuple[str, ...]

    def x(self, a: np.ndarray, a_s: Statement, b: np.ndarray, b_s: Statement) -> np.ndarray:
        base = features(a, a_s.text, b, b_s.text, self.geo.centres)
        extra = extra_features(self.geo, self.extras, a, a_s.lang, b, b_s.lang)
        return np.concatenate([base, np.asarray(extra)])

    def read(
        self, a: np.ndarray, a_s: Statement, b: np.ndarray, b_s: Statement
    ) -> tuple[bool, bool]:
        probs = self.linear.probabilities(self.x(a, a_s, b, b_s))
        by = dict(zip(self.linear.labels, (float(p) for p in probs), strict=True))
        return by[DIFFERENT] < 0.5, by[SAME_VALUE] > 0.5


def fit_candidate(
    rows: Sequence[Statement], vecs: np.ndarray, extras: tuple[str, ...], name: str
) -> Candidate:
    """Fit on ``rows``; the extra features of each training pair come from a geometry learnt
    on groups that hold neither of its statements (cross-fitting over three folds of groups:
    a geometry learnt on a pair's own groups reads them as closer than it ever reads an
    unseen attribute, and the model learns a threshold no unseen pair reaches)."""
    geo = geometry_of(rows, vecs)
    groups = sorted({r.group for r in rows})
    fold = {g: k % FOLDS for k, g in enumerate(groups)}
    geos: dict[frozenset[int], Geometry] = {}
    for keep in range(FOLDS):
        for other in range(FOLDS):
            excluded = frozenset({keep, other})
            if excluded in geos:
                continue
            idx = [i for i, r in enumerate(rows) if fold[r.group] not in excluded]
            geos[excluded] = geometry_of([rows[i] for i in idx], vecs[idx], geo.centres)
    ps = pairs(rows, vecs)
    blank = LinearModel(name, ("x", "y"), np.zeros((2, 1)), np.zeros(2))
    x = np.stack(
        [
            Candidate(blank, geos[frozenset({fold[rows[i].group], fold[rows[j].group]})], extras).x(
                vecs[i], rows[i], vecs[j], rows[j]
            )
            for i, j, _ in ps
        ]
    )
    linear = fit_linear(x, [label for _, _, label in ps], embedder=name)
    return Candidate(linear, geo, extras)


def linker(c: Candidate, rows: Sequence[Statement], vecs: np.ndarray, anchored: bool) -> Linker:
    def decide(i: int, j: int) -> tuple[bool, bool]:
        one, same = c.read(vecs[i], rows[i], vecs[j], rows[j])
        if one and anchored:
            one = shares_anchor(rows[i].text, rows[j].text)
        return one, same

    return decide


def _scores(c: Candidate, rows: Sequence[Statement], vecs: np.ndarray) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for lang in ("en", "zh"):
        idx = [i for i, r in enumerate(rows) if r.lang == lang]
        sub, sv = [rows[i] for i in idx], vecs[idx]
        for gate in (False, True):
            decide = linker(c, sub, sv, gate)
            key = f"{lang}/{'gated' if gate else 'alone'}"
            out[key] = {**pair_report(sub, sv, decide), **link_report(sub, sv, decide, 1)}
            out[key]["false_same"] = _false_same(sub, sv, decide)
    return out


def _false_same(rows: Sequence[Statement], vecs: np.ndarray, decide: Linker) -> float:
    ps = [(i, j) for i, j, label in pairs(rows, vecs) if label == DIFFERENT]
    return round(sum(decide(i, j)[0] for i, j in ps) / len(ps), 3)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.pair_refit")
    parser.add_argument("--json", type=Path, dest="json_out", required=True)
    args = parser.parse_args(argv)
    rows = load_statements()
    blind_rows, meta = pair_blind.load()
    embedder = make_embedder(None)
    name = embedder.name
    vecs = np.asarray(embedder.embed([r.text for r in rows]), dtype=np.float64)
    bvecs = np.asarray(embedder.embed([r.text for r in blind_rows]), dtype=np.float64)
    dev = [i for i, r in enumerate(rows) if r.split == "dev"]
    groups = sorted({rows[i].group for i in dev})
    halves = [set(groups[0::2]), set(groups[1::2])]
    payload: dict[str, Any] = {"embedder": name}
    for label, extras in EXTRAS.items():
        section: dict[str, Any] = {}
        for h, held in enumerate(halves, 1):
            fit_idx = [i for i in dev if rows[i].group not in held]
            ev_idx = [i for i in dev if rows[i].group in held]
            c = fit_candidate([rows[i] for i in fit_idx], vecs[fit_idx], extras, name)
            section[f"dev half {h}"] = _scores(c, [rows[i] for i in ev_idx], vecs[ev_idx])
        c = fit_candidate([rows[i] for i in dev], vecs[dev], extras, name)
        section["weights"] = dict(
            zip(c.linear.labels, np.round(c.linear.weights, 3).tolist(), strict=True)
        )
        for batch in ("test", "blind2", "blind3"):
            idx = [i for i, r in enumerate(rows) if r.batch == batch]
            section[f"held-out {batch}"] = _scores(c, [rows[i] for i in idx], vecs[idx])
        readers = {
            "alone": lambda r, v, c=c: linker(c, r, v, False),
            "gated": lambda r, v, c=c: linker(c, r, v, True),
        }
        section["pair_blind"] = pair_blind.evaluate(blind_rows, meta, bvecs, readers)
        payload[label] = section
        _summary(label, section)
    args.json_out.parent.mkdir(parents=True, exist_ok=True)
    args.json_out.write_text(json.dumps(payload, ensure_ascii=False, indent=2), "utf-8")
    return 0


def _summary(label: str, section: dict[str, Any]) -> None:
    for part, body in section.items():
        if part == "weights":
            continue
        for key, f in body.items():
            if "accuracy" in f:
                print(
                    f"{label:9s} {part:16s} {key:10s} acc {f['accuracy']:.3f} "
                    f"no-word {f['linked']['no_shared_word']:.3f} "
                    f"word {f['linked']['shared_word']:.3f} "
                    f"value {f['linked']['same_value']:.3f} twin {f['false_same']['twin']:.3f} "
                    f"hard {f['false_same']['hard']:.3f} "
                    f"near-false {f['false_link_no_partner']:.3f} "
                    f"change {f['change_linked']:.3f}"
                )
            else:
                print(
                    f"{label:9s} {part:16s} {key:10s} P {f['precision']} R {f['recall']} "
                    f"false-same {f['false_same']} near-false {f['false_link_no_partner']} "
                    f"change {f['change_linked']} wrong {f['change_linked_wrong']}"
                )


if __name__ == "__main__":
    sys.exit(main())
